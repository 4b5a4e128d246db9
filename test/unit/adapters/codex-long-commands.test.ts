/**
 * Codex approvals for long commands: the `$ <command>` paragraph and the "don't ask again" row wrap
 * at the pane width. The captured screens (0.171.0 at three sizes; one command holds CJK ideographs,
 * two cells each) must name the exact command the model sent; a screen one cell away from what
 * Codex draws must be manual, with nothing to send.
 * The wrap rules themselves are held to lines the real client drew.
 */
import { strict as assert } from 'node:assert';
import { recognize, recognizeForQualification } from '../../../src/adapters/recognize';
import { wrapParagraph } from '../../../src/agents/codex/recognize/command-paragraph-wrap';
import { wrapOptionRow } from '../../../src/agents/codex/recognize/option-row-wrap';
import { QUALIFIED_SHAPES } from '../../../src/agents/codex/recognize/qualified-versions';
import type { Recognition, ScreenSnapshot } from '../../../src/adapters/types';
import {
  CX_LONG_APPROVED,
  CX_LONG_REJECTED,
  CX_LONG_WIDE,
} from '../../../src/agents/codex/qualify/long-command-scenarios';
import { answerKeys } from '../../../src/qualify/answer-key';
import { runChecks } from '../../../src/qualify/answer-key/checks';
import { plannedInput } from '../../../src/qualify/answer-key/plans';
import { loadCorpus, type Fixture } from '../../../src/qualify/corpus/fixture-corpus';

const VERSION = '0.171.0';
const LONG = /^codex\/0\.171\.0\/\d+x\d+\/(4[3-9])-/;
const screens = loadCorpus().filter((f) => LONG.test(f.id));
const approvals = screens.filter((f) => f.state === 'command-approval');

/** Recognition without the per-version gate: what the profile itself proves. */
const proven = (s: ScreenSnapshot): Recognition => recognizeForQualification('codex', VERSION, VERSION, s);

/** The command each captured approval shows, and whether its `$` paragraph runs over several lines. */
const CASES: Record<string, { command: string; wrapped: boolean }> = {
  '80x24/43': { command: CX_LONG_APPROVED, wrapped: true },
  '120x40/43': { command: CX_LONG_APPROVED, wrapped: false },
  '200x60/43': { command: CX_LONG_APPROVED, wrapped: false },
  '80x24/45': { command: CX_LONG_REJECTED, wrapped: true },
  '120x40/45': { command: CX_LONG_REJECTED, wrapped: true },
  '200x60/45': { command: CX_LONG_REJECTED, wrapped: true },
  '80x24/48': { command: CX_LONG_WIDE, wrapped: true },
  '120x40/48': { command: CX_LONG_WIDE, wrapped: false },
  '200x60/48': { command: CX_LONG_WIDE, wrapped: false },
};
const caseOf = (f: Fixture): { command: string; wrapped: boolean } | undefined =>
  CASES[`${f.screen.cols}x${f.screen.rows}/${f.base.slice(0, 2)}`];

/** The lines of the `$` paragraph and of the "don't ask again" row (its first line included). */
function parts(s: ScreenSnapshot): { paragraph: number[]; row: number[] } {
  const lines = s.plain.map((l) => l.trimEnd());
  const start = lines.findIndex((l) => l.startsWith('  $ '));
  const paragraph: number[] = [];
  for (let i = start; i >= 0 && lines[i] !== ''; i++) paragraph.push(i);
  const first = lines.findIndex((l) => /^[ ›] 2\. Yes, and don't ask again/.test(l));
  const row = [first];
  for (let i = first + 1; lines[i]?.startsWith('     '); i++) row.push(i);
  return { paragraph, row };
}

function edit(s: ScreenSnapshot, i: number | undefined, change: (l: string) => string): ScreenSnapshot | undefined {
  if (i === undefined) return undefined;
  const plain = [...s.plain];
  plain[i] = change((plain[i] ?? '').trimEnd());
  return { ...s, plain, styled: undefined };
}

/** Moves the first word of line `i` to the end of the line above (a break Codex would not draw). */
function pullWordUp(s: ScreenSnapshot, i: number | undefined, indent: number): ScreenSnapshot | undefined {
  if (i === undefined) return undefined;
  const line = (s.plain[i] ?? '').trimEnd();
  const word = /^\S+/.exec(line.slice(indent))?.[0];
  const rest = line.slice(indent + (word?.length ?? 0) + 1);
  if (!word || rest === '') return undefined;
  const plain = [...s.plain];
  plain[i - 1] = `${(plain[i - 1] ?? '').trimEnd()} ${word}`;
  plain[i] = `${' '.repeat(indent)}${rest}`;
  return { ...s, plain, styled: undefined };
}

/** Drops the character in the middle of a line's text (never its indent). */
const dropMiddle = (l: string): string => {
  const at = Math.max(6, Math.floor(l.length / 2));
  return l.slice(0, at) + l.slice(at + 1);
};

describe('Codex approvals of long commands (0.171.0, wrapped lines)', () => {
  it('has the captured approvals of both long-command scenarios at three sizes', () => {
    assert.deepEqual(
      approvals.map((f) => `${f.screen.cols}x${f.screen.rows}/${f.base.slice(0, 2)}`).sort(),
      [...Object.keys(CASES)].sort(),
    );
  });

  for (const f of approvals) {
    const c = caseOf(f);
    it(`${f.id}: the exact command, approve once with y, reject with the No row`, () => {
      assert.ok(c);
      const r = proven(f.screen);
      assert.ok(r.kind === 'permission', JSON.stringify(r));
      assert.equal(r.subject, c.command);
      assert.equal(r.tool, 'command');
      assert.deepEqual(r.decisions, ['approve_once', 'reject']);
      assert.deepEqual(plannedInput('codex', r), [['y'], ['3']]);
      assert.equal(r.shape, c.wrapped ? 'command-approval-wrapped' : undefined);
    });

    it(`${f.id}: answered live only where this version was qualified with wrapped commands`, () => {
      const r = recognize('codex', VERSION, f.screen);
      const qualified = QUALIFIED_SHAPES['command-approval-wrapped']?.includes(VERSION) === true;
      if (!c?.wrapped || qualified) assert.equal(r.kind, 'permission', JSON.stringify(r));
      else assert.ok(r.kind === 'manual_required' && r.reason.includes('has not been qualified'), JSON.stringify(r));
    });

    const { paragraph, row } = parts(f.screen);
    const mutations: Record<string, ScreenSnapshot | undefined> = {
      'a continuation of the command shifted one cell right': edit(f.screen, paragraph[1], (l) => ` ${l}`),
      'a continuation of the command shifted one cell left': edit(f.screen, paragraph[1], (l) => l.slice(1)),
      'a character dropped from a continuation of the command': edit(f.screen, paragraph[1], dropMiddle),
      'a character dropped from the command line': edit(f.screen, paragraph[0], dropMiddle),
      'a word of the command pulled up a line (not re-wrapped as drawn)': pullWordUp(f.screen, paragraph[1], 2),
      'a continuation of the row shifted one cell right': edit(f.screen, row[1], (l) => ` ${l}`),
      'a continuation of the row shifted one cell left': edit(f.screen, row[1], (l) => l.slice(1)),
      'a character dropped from a continuation of the row': edit(f.screen, row[1], dropMiddle),
      'a character dropped from the row': edit(f.screen, row[0], dropMiddle),
      'a word of the row pulled up a line (not re-wrapped as drawn)': pullWordUp(f.screen, row[1], 5),
    };
    for (const [name, mutated] of Object.entries(mutations)) {
      if (!mutated) {
        it(`${f.id}: ${name}: skipped, this screen has no such line`);
        continue;
      }
      it(`${f.id}: ${name}: manual, nothing to send`, () => {
        const r = proven(mutated);
        assert.deepEqual(plannedInput('codex', r), []);
        assert.equal(r.kind, 'manual_required', JSON.stringify(r).slice(0, 300));
      });
    }
  }

  it('every check of the answer key passes on these screens (the scenario, not the recognizer, decides)', () => {
    const keys = answerKeys(screens);
    assert.equal(keys.length, screens.length);
    const failed = runChecks(keys, (k) => proven(k.fixture.screen)).filter((c) => c.status === 'failed');
    assert.deepEqual(failed, []);
  });
});

describe('the wrap rules, held to lines Codex drew (80 columns: paragraph 76 cells, row text 75)', () => {
  const before = "Yes, and don't ask again for commands that start with `";
  const row = (command: string): string => `${before}${command}\` (p)`;
  const HYPHENS = 'echo state-of-the-art-hyphenated-word-chain-for-the-row-probe and-more-words-here';

  it('the paragraph breaks at blanks only, a word wider than a line is cut at the edge', () => {
    const a = 'a'.repeat(71);
    assert.deepEqual(wrapParagraph(`$ echo ${a} tail end`, 76), ['$ echo', `${a} tail`, 'end']);
    const b = 'b'.repeat(100);
    assert.deepEqual(wrapParagraph(`$ echo ${b} tail end`, 76), [
      '$ echo',
      'b'.repeat(76),
      `${'b'.repeat(24)} tail end`,
    ]);
    assert.deepEqual(wrapParagraph(`$ ${HYPHENS}`, 76), [
      '$ echo state-of-the-art-hyphenated-word-chain-for-the-row-probe',
      'and-more-words-here',
    ]);
  });

  it('the paragraph drops two blanks at a break, and keeps them within a line', () => {
    const c60 = 'c'.repeat(60);
    const e20 = 'e'.repeat(20);
    assert.deepEqual(wrapParagraph(`$ echo ${c60} dd  ${e20} end`, 76), [`$ echo ${c60} dd`, `${e20} end`]);
    const c68 = 'c'.repeat(68);
    const e10 = 'e'.repeat(10);
    assert.deepEqual(wrapParagraph(`$ echo ${c68} d  ${e10} end`, 76), [`$ echo ${c68}`, `d  ${e10} end`]);
  });

  it('the row breaks after a slash and after a hyphen between letters, never inside a number', () => {
    assert.deepEqual(wrapOptionRow(row(CX_LONG_APPROVED), 75), [
      `${before}mkdir -p build/`,
      'reports && echo "quarterly release notes" > build/reports/notes.txt` (p)',
    ]);
    assert.deepEqual(wrapOptionRow(row(HYPHENS), 75), [
      `${before}echo state-of-the-`,
      'art-hyphenated-word-chain-for-the-row-probe and-more-words-here` (p)',
    ]);
    const dates = 'echo 12/25/2026/31/12/2027/01/02/2028/03/04/2029 date/paths/go/here/and/there/everywhere/now';
    assert.deepEqual(wrapOptionRow(row(dates), 75), [
      `${before}echo`,
      '12/25/2026/31/12/2027/01/02/2028/03/04/2029 date/paths/go/here/and/there/',
      'everywhere/now` (p)',
    ]);
  });

  it('the row cuts a word wider than a line at the edge, and breaks after an exclamation mark', () => {
    const b = 'b'.repeat(100);
    assert.deepEqual(wrapOptionRow(row(`echo ${b} tail end`), 75), [
      `${before}echo`,
      'b'.repeat(75),
      `${'b'.repeat(25)} tail end\` (p)`,
    ]);
    const marks =
      'echo alpha.beta.gamma,delta;echo epsilon:zeta[theta]{iota}kappa=lambda+mu?nu!' +
      'xi@omicron#pi%rho^sigma~tau.upsilon';
    assert.deepEqual(wrapOptionRow(row(marks), 75), [
      `${before}echo`,
      'alpha.beta.gamma,delta;echo epsilon:zeta[theta]{iota}kappa=lambda+mu?nu!',
      'xi@omicron#pi%rho^sigma~tau.upsilon` (p)',
    ]);
  });

  it('a character whose line breaking is not modelled leaves a wrapping row unproven, not one that fits', () => {
    assert.equal(wrapOptionRow(row(`echo ⌚⌚⌚ ${'t'.repeat(20)}`), 75), undefined);
    assert.deepEqual(wrapOptionRow(row('echo ⌚'), 75), [row('echo ⌚')]);
  });
});
