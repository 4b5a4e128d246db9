/**
 * Gemini CLI's `ask_user` dialog (0.61.0, the corpus's `gemini-question*` scenarios at 80x24,
 * 120x40 and 200x60). The client shows three rows at a time: a question with three options and the
 * free-text row scrolls, and each of its screens is a window of one list, read exactly as far as it
 * is in sight. The last row is known only once the cursor has been on it (the hints then say "Enter
 * to submit"). Once every row has been in sight the step is assembled and answered by row number;
 * with the free-text row's editor open it takes the text. Several questions are a tab each, the
 * current one told by its underline, and then the review; a free-text question is its field. What
 * each screen must say comes from the scenario (question-scenarios.ts), never from the captured files.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleList } from '../../../src/adapters/list-window';
import { adapterOf } from '../../../src/adapters/registry';
import { recognize } from '../../../src/adapters/recognize';
import type { ListWindow, Recognition, ScreenSnapshot } from '../../../src/adapters/types';
import {
  GEMINI_ASK,
  GEMINI_ASK_LATER,
  GEMINI_ASK_NAME,
  GEMINI_ASK_TYPED,
} from '../../../src/agents/gemini/qualify/question-scenarios';
import { listMovesDir } from '../../../scripts/qualify/capture-list-moves';
import { loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { editedRow } from '../../support/screen-edits';

const VERSION = '0.61.0';
const FREE_TEXT = 'Enter a custom value';
const { database, rollout, release } = GEMINI_ASK;

const corpus = loadCorpus().filter((f) => f.agent === 'gemini' && f.version === VERSION);

function screen(size: string, state: string): ScreenSnapshot {
  const f = corpus.find((x) => x.dir.endsWith(`/${size}`) && x.state === state);
  assert.ok(f, `no ${state} screen at ${size}`);
  return f.screen;
}

function windowOf(r: Recognition): ListWindow {
  assert.ok(r.kind === 'manual_required' && r.window, `no window: ${JSON.stringify(r).slice(0, 300)}`);
  return r.window;
}

const see = (s: ScreenSnapshot): Recognition => recognize('gemini', VERSION, s);

for (const size of ['80x24', '120x40', '200x60']) {
  describe(`Gemini CLI's ask_user question at ${size} (${VERSION})`, () => {
    const home = windowOf(see(screen(size, 'question')));
    const last = windowOf(see(screen(size, 'question-last-row')));
    const back = windowOf(see(screen(size, 'question-window')));

    it('reads each screen of the scrolled list as a window of it, the cursor where the keys put it', () => {
      assert.deepEqual(
        [home, last, back].map((w) => [w.cursor, w.editing, w.rows.map((r) => r.number)]),
        [
          [1, false, [1, 2, 3]],
          [4, true, [2, 3, 4]],
          [3, false, [2, 3, 4]],
        ],
      );
      assert.ok(home.identity === last.identity && last.identity === back.identity, 'one list');
    });

    it('knows the last row only from the screen whose cursor is on it', () => {
      assert.deepEqual([home.total, last.total, back.total], [null, 4, null]);
      assert.match(
        (assembleList(home, [back]) as { reason: string }).reason,
        /last row of the scrolled list was never in sight/,
      );
    });

    it('assembles the step from the windows: the model options, then the free-text row, by digit', () => {
      const r = assembleList(home, [last, back]);
      assert.equal(r.kind, 'questionnaire', JSON.stringify(r));
      if (r.kind !== 'questionnaire') return;
      assert.equal(r.question.prompt, database.question);
      assert.equal(r.question.responseKind, 'single_select');
      assert.deepEqual(
        r.question.options.map((o) => [o.label, o.description, o.role]),
        [...database.options.map((o) => [o.label, o.description, 'choice']), [FREE_TEXT, undefined, 'free_text']],
      );
      assert.equal(r.focusedKey, 'o1');
      assert.equal(r.shape, 'ask-user');
      assert.deepEqual(r.plan.choose.o2?.[0]?.action, { keys: ['2'] });
      assert.deepEqual(r.plan.choose.o4?.[0]?.expect, { kind: 'free_text_editing', optionKey: 'o4', text: '' });
    });

    it("with the free-text row's editor open, the assembled step takes the text and Enter", () => {
      const r = assembleList(last, [home, back]);
      assert.ok(r.kind === 'questionnaire' && r.question.responseKind === 'free_text', JSON.stringify(r));
      assert.deepEqual(r.plan.freeText?.optionKey, 'o4');
      assert.deepEqual(r.plan.freeText?.submit, { keys: ['Enter'] });
    });

    it('reads a whole list of two options and the free-text row, and its open editor', () => {
      const r = see(screen(size, 'question-two-options'));
      assert.ok(r.kind === 'questionnaire', JSON.stringify(r));
      assert.deepEqual(
        r.question.options.map((o) => o.label),
        [...rollout.options.map((o) => o.label), FREE_TEXT],
      );
      const adapter = adapterOf('gemini')?.forVersion(VERSION);
      assert.deepEqual(adapter?.readEditor(screen(size, 'question-editing')), { text: '', optionKey: 'o3' });
      assert.deepEqual(adapter?.readEditor(screen(size, 'question-typed')), {
        text: GEMINI_ASK_TYPED,
        optionKey: 'o3',
      });
      assert.equal(adapter?.readEditor(screen(size, 'question-two-options')), undefined);
    });

    it('reads two questions as a tab each, the current one by its underline, then the review', () => {
      const first = see(screen(size, 'question-first-tab'));
      assert.ok(first.kind === 'questionnaire', JSON.stringify(first));
      assert.deepEqual(
        [first.step, first.question.header, first.question.prompt],
        [{ index: 1, total: 3 }, rollout.header, rollout.question],
      );
      const second = see(screen(size, 'question-second-tab'));
      assert.ok(second.kind === 'questionnaire', JSON.stringify(second));
      assert.deepEqual([second.step, second.question.header], [{ index: 2, total: 3 }, release.header]);
      assert.deepEqual(
        second.question.options.map((o) => o.label),
        ['Yes', 'No', FREE_TEXT],
      );
      const review = see(screen(size, 'question-review'));
      assert.ok(review.kind === 'questionnaire', JSON.stringify(review));
      assert.deepEqual(review.step, { index: 3, total: 3 });
      assert.deepEqual(
        review.question.options.map((o) => [o.role, o.key]),
        [
          ['submit', 'submit'],
          ['cancel', 'cancel'],
        ],
      );
      assert.deepEqual(review.plan.choose.submit?.[0]?.action, { keys: ['Enter'] });
      assert.equal(
        review.question.context,
        `${rollout.header} → ${rollout.options[1].label}\n${release.header} → ${GEMINI_ASK_LATER}`,
      );
    });

    it('without styles the current tab cannot be told, and the dialog is left to the terminal', () => {
      const { styled: _styled, ...plainOnly } = screen(size, 'question-first-tab');
      const r = see(plainOnly);
      assert.ok(r.kind === 'manual_required', JSON.stringify(r));
      assert.match(r.reason, /which question is current/);
    });

    it('reads a free-text question as its field, and the text typed into it', () => {
      const r = see(screen(size, 'question-text'));
      assert.ok(r.kind === 'questionnaire' && r.question.responseKind === 'free_text', JSON.stringify(r));
      assert.equal(r.question.prompt, GEMINI_ASK.name.question);
      const adapter = adapterOf('gemini')?.forVersion(VERSION);
      assert.deepEqual(adapter?.readEditor(screen(size, 'question-text')), { text: '', optionKey: 'field' });
      assert.deepEqual(adapter?.readEditor(screen(size, 'question-text-typed')), {
        text: GEMINI_ASK_NAME,
        optionKey: 'field',
      });
    });

    // gemini-checklist.test.ts reads the checklist whole.
    it("reads a multi-select's first screen as a window of its checklist", () => {
      const w = windowOf(see(screen(size, 'question-multi-select')));
      assert.ok(w.checklist, JSON.stringify(w));
      assert.deepEqual(
        [w.cursor, w.rows.map((r) => [r.label, r.checked])],
        [
          1,
          [
            [GEMINI_ASK.checks.options[0].label, false],
            [GEMINI_ASK.checks.options[1].label, false],
            ['All of the above', false],
          ],
        ],
      );
    });

    describe('a screen that is not drawn exactly as this version draws it is manual and gives no window', () => {
      const cases: Array<[string, string, (l: string) => string]> = [
        ['a description out of its column', 'Embedded, single file', (l) => l.replace('      Emb', '       Em')],
        ['a label that wraps', 'Embedded, single file', (l) => l.replace('      Embedded', '     Embedded!')],
        ['the hints changed', 'Enter to select', (l) => l.replace('Enter to select', 'Enter to choose')],
        ['a second cursor', '  2.  SQLite', (l) => l.replace('  2.  SQLite', '● 2.  SQLite')],
        ['a row out of order', '3.  Redis', (l) => l.replace('3.  Redis', '5.  Redis')],
        ['the lower scroll mark gone', '▼', (l) => l.replace('▼', ' ')],
      ];
      for (const [what, find, change] of cases)
        it(what, () => {
          const r = see(editedRow(screen(size, 'question'), find, change));
          assert.ok(r.kind === 'manual_required' && !r.window, JSON.stringify(r).slice(0, 300));
        });
    });
  });
}

describe(`Gemini CLI's ask_user hints a frame late (${VERSION}, 80x24)`, () => {
  // The client moves the cursor in one frame and draws the hints in the next. With one row in sight
  // at a time (a short terminal), the cursor just taken up off the free-text row is on the last
  // row in sight under the open editor's hints: that row is the model's option, not the list's last.
  const lines = (ext: string): string[] =>
    readFileSync(join(listMovesDir(VERSION), `02-down${ext}`), 'utf8')
      .replace(/\n$/, '')
      .split('\n');
  const plain = lines('.txt');
  const onRedis: ScreenSnapshot = { plain, styled: lines('.ansi.txt'), cols: 80, rows: plain.length };
  const select = 'Enter to select · ↑/↓ to navigate · Esc to cancel';
  const submit = 'Enter to submit · Esc to cancel';

  it('the real frame: the cursor on the last row in sight, a model option, and no last row known', () => {
    const w = windowOf(see(onRedis));
    assert.deepEqual(
      [w.cursor, w.rows.map((r) => r.label), w.editing, w.total],
      [3, ['PostgreSQL', 'SQLite', 'Redis'], false, null],
    );
  });

  it("under the editor's hints the option is still not the free-text row: no last row, no editor", () => {
    const late = editedRow(onRedis, select, (l) => l.replace(select, submit.padEnd(select.length)));
    const w = windowOf(see(late));
    assert.deepEqual([w.cursor, w.editing, w.total], [3, false, null]);
  });
});
