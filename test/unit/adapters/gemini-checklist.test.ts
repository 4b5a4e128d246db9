/**
 * Gemini CLI's `ask_user` question that takes several options (0.61.0, the corpus's
 * `gemini-question-checklist` scenario at 80x24, 120x40 and 200x60): a checklist of which three
 * rows are in sight, so each screen is a window of it. The scenario took the cursor down every row
 * to Done (as AKK reads the rows), checked Lint and then Unit tests by their digits, took the cursor
 * up from the first row round to Done and pressed Enter. What each screen must say comes from the
 * scenario (question-scenarios.ts) and those keys, never from the captured files.
 */
import { strict as assert } from 'node:assert';
import { assembleList } from '../../../src/adapters/list-window';
import { recognize } from '../../../src/adapters/recognize';
import type { ListWindow, QuestionnaireRecognition, Recognition, ScreenSnapshot } from '../../../src/adapters/types';
import { GEMINI_ASK } from '../../../src/agents/gemini/qualify/question-scenarios';
import { loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { editedRow } from '../../support/screen-edits';

const VERSION = '0.61.0';
const { checks } = GEMINI_ASK;
const [UNIT, LINT] = checks.options.map((o) => o.label) as [string, string];

/**
 * The scenario's screens in order: where its keys left the cursor and the boxes, and the first of
 * the three rows in sight (the client scrolls only as far as the cursor needs).
 */
const STATES: Array<[state: string, cursor: number, checked: string[], firstInSight: number]> = [
  ['checklist', 1, [], 1],
  ['checklist-second-row', 2, [], 1],
  ['checklist-all-row', 3, [], 1],
  ['checklist-free-text-row', 4, [], 2],
  ['checklist-done-row', 5, [], 3],
  ['checklist-one-checked', 2, [LINT], 2],
  ['checklist-two-checked', 1, [UNIT, LINT], 1],
  ['checklist-done-checked', 5, [UNIT, LINT], 3],
];
/** The rows: the two options, All of the above, the free-text row, Done. */
const ROWS = [UNIT, LINT, 'All of the above', 'Enter a custom value', 'Done'];

const corpus = loadCorpus().filter((f) => f.agent === 'gemini' && f.version === VERSION);

function screen(size: string, state: string): ScreenSnapshot {
  const f = corpus.find((x) => x.dir.endsWith(`/${size}`) && x.state === state);
  assert.ok(f, `no ${state} screen at ${size}`);
  return f.screen;
}

const see = (s: ScreenSnapshot): Recognition => recognize('gemini', VERSION, s);

function windowOf(r: Recognition): ListWindow {
  assert.ok(r.kind === 'manual_required' && r.window, `no window: ${JSON.stringify(r).slice(0, 300)}`);
  return r.window;
}

function step(r: Recognition): QuestionnaireRecognition {
  assert.ok(r.kind === 'questionnaire', JSON.stringify(r).slice(0, 300));
  return r;
}

for (const size of ['80x24', '120x40', '200x60']) {
  describe(`Gemini CLI's ask_user checklist at ${size} (${VERSION})`, () => {
    const windows = STATES.map(([state]) => windowOf(see(screen(size, state))));
    const read = windows.slice(0, 5);

    it('reads each screen as a window of one checklist: the cursor and the boxes where the keys left them', () => {
      assert.deepEqual(
        windows.map((w) => [
          w.cursor,
          w.rows.map((r) => r.number),
          w.rows.filter((r) => r.checked).map((r) => r.label),
        ]),
        STATES.map(([, cursor, checked, first]) => {
          const inSight = [first, first + 1, first + 2];
          // All of the above shows checked by itself once every option is.
          const boxes = checked.length === 2 ? [...checked, 'All of the above'] : checked;
          return [cursor, inSight, boxes.filter((l) => inSight.includes(ROWS.indexOf(l) + 1))];
        }),
      );
      for (const w of windows) {
        assert.ok(w.rows.every((r) => r.label === ROWS[r.number - 1]));
        assert.equal(w.rows.length, 3);
        assert.equal(w.question.prompt, checks.question);
      }
      // Its editor open only with the cursor on the free-text row; the last row known once Done is in sight.
      assert.deepEqual(
        windows.map((w) => [w.editing, w.total]),
        [
          [false, null],
          [false, null],
          [false, null],
          [true, 5],
          [false, 5],
          [false, null],
          [false, null],
          [false, 5],
        ],
      );
    });

    it('offers the options with their boxes once every row has been in sight, not before', () => {
      const early = assembleList(windows[0] as ListWindow, read.slice(0, 3));
      assert.equal(early.kind, 'manual_required');
      const whole = step(assembleList(windows[0] as ListWindow, read));
      assert.equal(whole.question.responseKind, 'multi_select');
      assert.deepEqual(
        whole.question.options.map((o) => [o.label, o.description, o.checked]),
        checks.options.map((o) => [o.label, o.description, false]),
      );
      assert.equal(whole.focusedKey, 'o1');
      assert.equal(whole.shape, 'ask-user-checklist');
      // Each box as the window that showed it last drew it.
      const after = windows.slice(0, 7);
      const both = step(assembleList(windows[6] as ListWindow, after));
      assert.deepEqual(
        both.question.options.map((o) => o.checked),
        [true, true],
      );
      const one = step(assembleList(windows[5] as ListWindow, windows.slice(0, 6)));
      assert.deepEqual(
        one.question.options.map((o) => o.checked),
        [false, true],
      );
    });

    it("AKK's keys for Lint then Unit tests from the Done row are the scenario's: 2, 1, Up, Enter", () => {
      const done = step(assembleList(windows[4] as ListWindow, read));
      const plan = done.plan;
      assert.equal(plan.advanceFrom?.at, 'done');
      const keys = [plan.toggle?.o2, plan.toggle?.o1].map((k) => (k && 'keys' in k ? k.keys : []));
      // The last toggle leaves the cursor on its row: the answer finishes from there.
      const finish = plan.advanceFrom?.from.o1 ?? [];
      assert.deepEqual(
        [...keys.flat(), ...finish.flatMap((s) => ('keys' in s.action ? s.action.keys : []))],
        ['2', '1', 'Up', 'Enter'],
      );
      assert.deepEqual(
        finish.map((s) => s.expect),
        [{ kind: 'cursor_on', optionKey: 'done' }, { kind: 'prompt_changed' }],
      );
      // From the second option: up to the first, round to Done, Enter.
      assert.deepEqual(
        (plan.advanceFrom?.from.o2 ?? []).map((s) => s.expect),
        [{ kind: 'cursor_on', optionKey: 'o1' }, { kind: 'cursor_on', optionKey: 'done' }, { kind: 'prompt_changed' }],
      );
    });

    describe('a checklist not drawn as the client draws it, or in the person’s hands, is not offered', () => {
      const cases: Array<[string, string, string, (l: string) => string]> = [
        ['the free-text row checked', 'checklist-done-row', '4. [ ]', (l) => l.replace('4. [ ]', '4. [x]')],
        [
          'typed text in the free-text row',
          'checklist-done-row',
          'Enter a custom value',
          (l) => l.replace('Enter a', 'Entered a'),
        ],
        ['All of the above checked alone', 'checklist-done-row', '3. [ ]', (l) => l.replace('3. [ ]', '3. [x]')],
        ['Done worded otherwise', 'checklist-done-row', 'Done', (l) => l.replace('Done', 'Fine')],
      ];
      for (const [what, state, find, change] of cases)
        it(what, () => {
          const r = see(editedRow(screen(size, state), find, change));
          const home = r.kind === 'manual_required' ? r.window : undefined;
          const whole = home ? assembleList(home, [...read.slice(0, 4), home]) : r;
          assert.equal(whole.kind, 'manual_required', JSON.stringify(whole).slice(0, 300));
        });

      it('the cursor on the free-text row, its editor open', () => {
        const r = assembleList(windows[3] as ListWindow, read);
        assert.ok(r.kind === 'manual_required' && /free-text row/.test(r.reason), JSON.stringify(r).slice(0, 300));
      });

      it('an option label that wraps, a box out of its column: no window at all', () => {
        for (const [find, change] of [
          ['Seconds, no network', (l: string) => l.replace('         Seconds', '        Seconds!')],
          ['[ ] Lint', (l: string) => l.replace('[ ] Lint', '[ ]  Lint')],
        ] as const) {
          const r = see(editedRow(screen(size, 'checklist'), find, change));
          assert.ok(r.kind === 'manual_required' && !r.window, JSON.stringify(r).slice(0, 300));
        }
      });
    });
  });
}
