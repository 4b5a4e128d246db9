/**
 * Claude Code multi-select rows that wrap (2.1.332 and 2.1.263 at 80x24 and 120x40): after its
 * `[ ]` box a long label continues under itself, and a long description under the label at the same
 * indent (2.1.332), or at column 2 (2.1.263). The rows are read whole (label and description told
 * apart by their colours where they share a column, by their columns otherwise; accepted only if
 * re-wrapping at the pane's width gives the lines drawn), or not at all; such a screen answers only
 * on versions qualified with the `multi-select-wrapped` shape.
 */
import { strict as assert } from 'node:assert';
import { recognize, recognizeForQualification } from '../../../src/adapters/recognize';
import type { ScreenSnapshot } from '../../../src/adapters/types';
import { Q_CHECKS } from '../../../src/agents/claude/qualify/questions';
import { inStandardRendering, loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';

const VERSION = '2.1.332';
const screens = loadCorpus().filter(
  (f) =>
    f.agent === 'claude' && f.version === VERSION && f.state.startsWith('multi-select-wrapped') && f.screen.cols <= 120,
);
const [LONG_LABEL, , LICENCE] = Q_CHECKS.options;

/** The screen with one line changed in both captures (`styled` given: that styled line instead). */
function changed(s: ScreenSnapshot, index: number, plain: string, styled?: string): ScreenSnapshot {
  const p = [...s.plain];
  const st = [...(s.styled ?? [])];
  const before = p[index] ?? '';
  p[index] = plain;
  st[index] = styled ?? (st[index] ?? '').replace(before.trim(), plain.trim());
  return { ...s, plain: p, styled: st };
}

describe('Claude Code multi-select rows that wrap (2.1.332)', () => {
  it('has the wrapped screens at 80x24 and 120x40', () => {
    assert.deepEqual(
      screens
        .filter(inStandardRendering)
        .map((f) => `${f.screen.cols}x${f.screen.rows} ${f.state}`)
        .sort(),
      ['120x40', '80x24'].flatMap((size) =>
        ['multi-select-wrapped', 'multi-select-wrapped-toggled', 'multi-select-wrapped-toggled-2'].map(
          (s) => `${size} ${s}`,
        ),
      ),
    );
  });

  for (const f of screens) {
    const plain = f.screen.plain.map((l) => l.trimEnd());
    const row1 = plain.findIndex((l) => /^[❯ ] 1\. \[[ ✔]\] Run the integration suite/.test(l));
    const row3 = plain.findIndex((l) => /^[❯ ] 3\. \[[ ✔]\] Licence check$/.test(l));

    it(`${f.id}: the wrapped label and the wrapped description are read whole, with their boxes`, () => {
      const r = recognize('claude', VERSION, f.screen);
      assert.ok(r.kind === 'questionnaire', JSON.stringify(r).slice(0, 300));
      assert.equal(r.shape, 'multi-select-wrapped');
      assert.equal(r.question.responseKind, 'multi_select');
      assert.deepEqual(
        r.question.options.map((o) => [o.label, o.description]),
        Q_CHECKS.options.map((o) => [o.label, o.description]),
      );
      const checked = r.question.options.filter((o) => o.checked).map((o) => o.label);
      const expected = {
        'multi-select-wrapped': [],
        'multi-select-wrapped-toggled': [LICENCE?.label],
        'multi-select-wrapped-toggled-2': [LONG_LABEL?.label, LICENCE?.label],
      }[f.state];
      assert.deepEqual(checked, expected);
      assert.deepEqual(r.plan.toggle?.o1, { keys: ['1'] });
      assert.deepEqual(r.plan.toggle?.o3, { keys: ['3'] });
    });

    it(`${f.id}: the generation whose descriptions sit left of the label does not read it`, () => {
      const r = recognizeForQualification('claude', '2.1.263', VERSION, f.screen);
      assert.equal(r.kind, 'manual_required');
    });

    it(`${f.id}: a label line drawn in the description's colour is not proven`, () => {
      const line = plain[row1 + 1] ?? '';
      const other = changed(f.screen, row1 + 1, line, `         \u001b[38;5;246m${line.trim()}`);
      assert.equal(recognize('claude', VERSION, other).kind, 'manual_required');
    });

    it(`${f.id}: a description line drawn in the label's colour is not proven`, () => {
      const line = plain[row3 + 2] ?? '';
      const other = changed(f.screen, row3 + 2, line, `         \u001b[39m${line.trim()}`);
      assert.equal(recognize('claude', VERSION, other).kind, 'manual_required');
    });

    it(`${f.id}: a label that would not wrap there is not proven`, () => {
      const first = plain[row1] ?? '';
      const last = first.slice(first.lastIndexOf(' ') + 1);
      const moved = changed(f.screen, row1, first.slice(0, first.lastIndexOf(' ')));
      const next = plain[row1 + 1] ?? '';
      const both = changed(moved, row1 + 1, next.replace(/^( +)/, `$1${last} `));
      assert.equal(recognize('claude', VERSION, both).kind, 'manual_required');
    });

    it(`${f.id}: a description that would not wrap there is not proven`, () => {
      const first = plain[row3 + 1] ?? '';
      const last = first.slice(first.lastIndexOf(' ') + 1);
      const moved = changed(f.screen, row3 + 1, first.slice(0, first.lastIndexOf(' ')));
      const next = plain[row3 + 2] ?? '';
      const both = changed(moved, row3 + 2, next.replace(/^( +)/, `$1${last} `));
      assert.equal(recognize('claude', VERSION, both).kind, 'manual_required');
    });

    it(`${f.id}: a wrapped row without its box is not proven`, () => {
      const other = changed(f.screen, row1, (plain[row1] ?? '').replace(/\[[ ✔]\] /, ''));
      assert.equal(recognize('claude', VERSION, other).kind, 'manual_required');
    });
  }
});

describe('Claude Code multi-select rows that wrap, descriptions at column 2 (2.1.263)', () => {
  const OLD = '2.1.263';
  const old = loadCorpus().filter(
    (f) =>
      f.agent === 'claude' && f.version === OLD && f.state.startsWith('multi-select-wrapped') && f.screen.cols <= 120,
  );

  it('has the wrapped screens at 80x24 and 120x40, and at 80x24 under truecolor and the light theme', () => {
    assert.equal(old.filter(inStandardRendering).length, 6);
    const renderings = new Set(old.filter((f) => !inStandardRendering(f)).map((f) => f.rendering));
    for (const r of ['dark/truecolor', 'light/truecolor']) assert.ok(renderings.has(r), `none under ${r}`);
  });

  for (const f of old) {
    const plain = f.screen.plain.map((l) => l.trimEnd());
    const row1 = plain.findIndex((l) => /^[❯ ] 1\. \[[ ✔]\] Run the integration suite/.test(l));
    const row3 = plain.findIndex((l) => /^[❯ ] 3\. \[[ ✔]\] Licence check$/.test(l));

    it(`${f.id}: the wrapped label (at column 9) and the wrapped description (at column 2) are read whole`, () => {
      const r = recognize('claude', OLD, f.screen);
      assert.ok(r.kind === 'questionnaire', JSON.stringify(r).slice(0, 300));
      assert.equal(r.shape, 'multi-select-wrapped');
      assert.deepEqual(
        r.question.options.map((o) => [o.label, o.description]),
        Q_CHECKS.options.map((o) => [o.label, o.description]),
      );
    });

    it(`${f.id}: a wrapped label line moved to the description column is not proven`, () => {
      const other = changed(f.screen, row1 + 1, `  ${(plain[row1 + 1] ?? '').trim()}`);
      assert.equal(recognize('claude', OLD, other).kind, 'manual_required');
    });

    it(`${f.id}: a description line moved under the label is not proven`, () => {
      const other = changed(f.screen, row3 + 2, `         ${(plain[row3 + 2] ?? '').trim()}`);
      assert.equal(recognize('claude', OLD, other).kind, 'manual_required');
    });

    it(`${f.id}: a description that would not wrap there is not proven`, () => {
      const first = plain[row3 + 1] ?? '';
      const last = first.slice(first.lastIndexOf(' ') + 1);
      const moved = changed(f.screen, row3 + 1, first.slice(0, first.lastIndexOf(' ')));
      const next = plain[row3 + 2] ?? '';
      const both = changed(moved, row3 + 2, next.replace(/^( +)/, `$1${last} `));
      assert.equal(recognize('claude', OLD, both).kind, 'manual_required');
    });
  }
});
