/**
 * Claude Code's option list scrolled inside a dialog taller than the terminal (2.1.332, captured
 * at 110x15 and 110x10 by scripts/qualify/capture-scrolled-list.ts, the cursor moved down to the last
 * row and back up, one key per screen). Each screen is read as a window of one list, exactly as far
 * as it is in sight; the step is assembled only once every row has been in sight on the same list,
 * and then answered by row number like the whole list. The answer key is the scenario's question.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleList } from '../../../src/adapters/list-window';
import { keyPlanOf, resolveAnswers } from '../../../src/server/step/answer-plan';
import { projectQuestionnaire } from '../../../src/server/step/projection';
import type { TerminalInteraction } from '../../../src/shared/contract';
import { thrownCode } from '../../support/akk-error';
import { recognize } from '../../../src/adapters/recognize';
import type { ListWindow, Recognition, ScreenSnapshot } from '../../../src/adapters/types';
import { selfContainedRows } from '../../../src/server/sessions/tmux/styled-lines';
import { Q_FOUR } from '../../../src/agents/claude/qualify/questions';
import { SCROLLED_KEYS, scrolledScreensDir } from '../../../scripts/qualify/capture-scrolled-list';
import { moveScreenNames } from '../../../scripts/qualify/capture-moves';
import { editLine } from '../../support/screen-edits';

const VERSION = '2.1.332';
/** Row by row: the scenario's options, then the free-text row. */
const KEY = [
  ...Q_FOUR.options.map((o, i) => ({ number: i + 1, label: o.label, description: o.description })),
  { number: 5, label: 'Type something.', description: undefined },
];
/** Where the cursor is on each screen: on row 1, down to row 5, back to row 1. */
const CURSORS = [1, 2, 3, 4, 5, 4, 3, 2, 1];

function lines(text: string): string[] {
  const l = text.split('\n');
  if (l[l.length - 1] === '') l.pop();
  return l;
}

function screens(rows: number): ScreenSnapshot[] {
  const dir = scrolledScreensDir(VERSION, rows);
  const names = moveScreenNames(SCROLLED_KEYS);
  return names.map((n) => ({
    plain: lines(readFileSync(join(dir, `${n}.txt`), 'utf8')),
    styled: lines(selfContainedRows(readFileSync(join(dir, `${n}.ansi.txt`), 'utf8'))),
    cols: 110,
    rows,
  }));
}

function windowOf(r: Recognition): ListWindow {
  assert.equal(r.kind, 'manual_required', JSON.stringify(r));
  assert.ok(r.kind === 'manual_required' && r.window, `no window: ${r.kind === 'manual_required' ? r.reason : ''}`);
  return r.window;
}

for (const rows of [15, 10]) {
  describe(`Claude Code's scrolled option list at 110x${rows} (${VERSION})`, () => {
    const all = screens(rows);
    const windows = all.map((s) => windowOf(recognize('claude', VERSION, s)));
    const home = windows[0] as ListWindow;

    it('reads every screen as a window of one list, the cursor where the keys put it', () => {
      assert.deepEqual(
        windows.map((w) => w.cursor),
        CURSORS,
      );
      for (const w of windows) {
        assert.equal(w.identity, home.identity);
        assert.equal(w.total, 5);
        assert.deepEqual(w.question, { header: Q_FOUR.header, prompt: Q_FOUR.question });
        for (const r of w.rows) assert.deepEqual({ ...r, description: r.description }, KEY[r.number - 1]);
      }
    });

    it('leaves a window alone to the terminal, naming the rows out of sight, with nothing planned', () => {
      const r = recognize('claude', VERSION, all[0] as ScreenSnapshot);
      assert.ok(r.kind === 'manual_required');
      assert.match(r.reason, new RegExp(`out of sight in this ${rows}-row terminal; make the terminal taller`));
      const alone = assembleList(home, []);
      assert.equal(alone.kind, 'manual_required');
      assert.match(alone.kind === 'manual_required' ? alone.reason : '', /never in sight/);
    });

    it('assembles the whole step from the windows, answered by row number', () => {
      const whole = assembleList(home, windows);
      assert.equal(whole.kind, 'questionnaire', JSON.stringify(whole));
      if (whole.kind !== 'questionnaire') return;
      assert.deepEqual(
        whole.question.options.map((o) => [o.label, o.description]),
        KEY.map((k) => [k.label, k.description]),
      );
      assert.equal(whole.question.responseKind, 'single_select');
      assert.equal(whole.focusedKey, 'o1');
      assert.deepEqual(whole.plan.choose.o4, [{ action: { keys: ['4'] }, expect: { kind: 'prompt_changed' } }]);
      // Its free-text row is listed, and not planned: its editor in a window this short cannot be typed
      // into and proven, so choosing it is refused before the first key, never left half answered.
      assert.equal(whole.plan.choose.o5, undefined);
      const draft = projectQuestionnaire(whole, 'claude', 'turn_1');
      const q = (draft.payload as TerminalInteraction).questions[0];
      const free = q?.options.at(-1);
      assert.equal(free?.label, 'Type something.');
      const choosing = [
        {
          question_id: q?.question_id ?? '',
          response_kind: 'single_select' as const,
          selected_option_ids: [free?.option_id ?? ''],
        },
      ];
      assert.equal(
        thrownCode(() => resolveAnswers(choosing, draft.options, keyPlanOf(whole))),
        'manual_required',
      );
      // Offered on the window on screen: another window of the same list is another revision.
      const elsewhere = assembleList(windows[2] as ListWindow, windows);
      assert.ok(elsewhere.kind === 'questionnaire' && elsewhere.fingerprintSource !== whole.fingerprintSource);
    });

    it('refuses a list whose row reads differently on two screens', () => {
      const at = all.findIndex((s, i) => i > 0 && s.plain.some((l) => l.includes('flexible schemas')));
      const line = all[at]?.plain.findIndex((l) => l.includes('flexible schemas')) ?? -1;
      const edited = editLine(all[at] as ScreenSnapshot, line, (l) => l.replace('flexible', 'rigid'));
      const changed = windowOf(recognize('claude', VERSION, edited));
      const r = assembleList(
        home,
        windows.map((w, i) => (i === at ? changed : w)),
      );
      if (windows.filter((w) => w.rows.some((x) => x.number === 4)).length > 1) {
        assert.equal(r.kind, 'manual_required');
        assert.match(r.kind === 'manual_required' ? r.reason : '', /option 4 read differently/);
      } else assert.ok(r.kind === 'questionnaire' && r.question.options[3]?.description?.includes('rigid'));
    });

    it('reads no window where a marker is missing or a description is in a style no rendering draws', () => {
      const s = all[0] as ScreenSnapshot;
      const marked = s.plain.findIndex((l) => l.startsWith('↓ '));
      if (marked >= 0) {
        const unmarked = editLine(s, marked, (l) => ` ${l.slice(1)}`);
        const r = recognize('claude', VERSION, unmarked);
        assert.ok(r.kind === 'manual_required' && r.window === undefined, JSON.stringify(r));
      }
      const described = s.plain.findIndex((l) => l.includes('Embedded, zero configuration'));
      const styled = [...(s.styled ?? [])];
      styled[described] = `     \x1b[38;5;99m${(s.plain[described] ?? '').trim()}\x1b[39m`;
      const recoloured = recognize('claude', VERSION, { ...s, styled });
      assert.ok(recoloured.kind === 'manual_required' && recoloured.window === undefined);
    });

    it('reads no window on a generation whose scrolling was not measured', () => {
      const r = recognize('claude', '2.1.326', all[0] as ScreenSnapshot);
      assert.ok(r.kind === 'manual_required' && r.window === undefined, JSON.stringify(r));
    });
  });
}
