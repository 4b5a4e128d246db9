/**
 * Claude's footer hint "← for agents", drawn by timing: a screen with it and the same screen without
 * it have one canonical form (so one digest), and everything else on the footer row still counts.
 * The screens are stored captures; the variants are made by taking the hint out as the client does.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { canonicalLines, digest } from '../../../src/qualify/runner/canonical';
import { FIXTURES } from '../../../src/qualify/runner/records';
import { readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

const HINT = / · ← for agents|← for agents · /g;
const stored = (file: string): string => readCorpusFile(join(FIXTURES, 'claude', '2.1.332', file));
const canonical = (text: string, styled: boolean): string => digest(canonicalLines('claude', text, styled, '2.1.332'));

describe('a span drawn by timing: the footer hint of Claude Code', () => {
  for (const [file, styled] of [
    ['120x40/43-after-answer.txt', false],
    ['120x40/43-after-answer.ansi.txt', true],
  ] as const) {
    const drawn = stored(file);

    it(`${file}: the footer with and without "← for agents" is one screen`, () => {
      assert.ok(drawn.includes('· ← for agents'), 'the stored footer has the hint');
      assert.equal(canonical(drawn.replace(HINT, ''), styled), canonical(drawn, styled));
    });

    it(`${file}: the footer's own words still count`, () => {
      const other = drawn.replace('manual mode on', 'plan mode on');
      assert.notEqual(other, drawn);
      assert.notEqual(canonical(other, styled), canonical(drawn, styled));
    });

    it(`${file}: a row that is not the footer keeps the words`, () => {
      const lines = drawn.split('\n');
      const row = lines.findIndex((l) => l.includes('Thanks, noted.'));
      assert.ok(row > 0, 'the stored screen has the model reply');
      lines[row] = `${lines[row] ?? ''} · ← for agents`;
      assert.notEqual(canonical(lines.join('\n'), styled), canonical(drawn, styled));
    });
  }

  it('the styled footer keeps its colours', () => {
    const drawn = stored('120x40/43-after-answer.ansi.txt');
    const footer = drawn.split('\n').find((l) => l.includes('← for agents')) ?? '';
    const recoloured = footer.replace('\x1b[38;5;246m', '\x1b[38;5;160m');
    assert.notEqual(recoloured, footer, 'the stored footer is drawn in 246');
    assert.notEqual(canonical(drawn.replace(footer, recoloured), true), canonical(drawn, true));
  });
});
