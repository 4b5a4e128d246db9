/**
 * Claude Code's logo waves: a frame of its animation may draw the art with other block elements,
 * tildes or dots, or not at all on the banner's first row (the art one row down), and a loaded
 * machine makes such a frame likely to be the one captured. A screen in any frame of the wave is
 * the same screen (one canonical form, compared as the same), so an unchanged release is never
 * judged "differs" for it; the banner's words still count. The frame is the one Claude Code drew
 * (seen in the corpus: 2.1.300's working screen), made from the stored idle screen of 2.1.332.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { canonicalLines, digest } from '../../../src/qualify/runner/canonical';
import { FIXTURES } from '../../../src/qualify/runner/records';
import { VOLATILE_PAIRS, isVolatileLine } from '../../../src/qualify/normalise';
import { readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

const VERSION = '2.1.332';
const stored = (file: string): string => readCorpusFile(join(FIXTURES, 'claude', VERSION, file));
const canonical = (text: string, styled: boolean): string => digest(canonicalLines('claude', text, styled, VERSION));

/** The banner's rows 1 to 3 redrawn as a frame of the wave: no art on the first, other marks below. */
function waveFrame(text: string): string {
  const rows = text.split('\n');
  const swap = (row: number, f: (ch: string) => string): void => {
    const line = rows[row] ?? '';
    const cut = line.indexOf('Claude Code') >= 0 ? line.indexOf('Claude Code') : line.search(/Opus|\/tmp/);
    rows[row] = line.slice(0, cut).replace(/[\u2580-\u259f]/g, f) + line.slice(cut);
  };
  swap(1, () => ' ');
  swap(2, (c) => (c === '▛' ? '▂' : c === '▝' ? '~' : c));
  swap(3, (c) => (c === '▝' ? '·' : c));
  return rows.join('\n');
}

describe("a frame of Claude Code's logo wave is the same screen", () => {
  for (const [file, styled] of [
    ['120x40/01-idle.txt', false],
    ['120x40/01-idle.ansi.txt', true],
    ['80x24/01-idle.txt', false],
  ] as const) {
    const drawn = stored(file);
    const wave = waveFrame(drawn);

    it(`${file}: one canonical form, whatever the art`, () => {
      assert.notEqual(wave, drawn, 'the frame differs from the stored screen');
      assert.equal(canonical(wave, styled), canonical(drawn, styled));
    });

    if (!styled)
      it(`${file}: compared row by row, each banner row is set aside as the wave`, () => {
        const [a, b] = [drawn.split('\n'), wave.split('\n')];
        for (let row = 1; row <= 3; row++) {
          const [x, y] = [a[row] ?? '', b[row] ?? ''];
          const setAside =
            (isVolatileLine(x) !== undefined && isVolatileLine(x) === isVolatileLine(y)) ||
            VOLATILE_PAIRS.some((p) => p.test(x, y, row, false));
          assert.ok(setAside, `row ${row}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
        }
      });

    it(`${file}: the banner's words still count`, () => {
      assert.notEqual(canonical(wave.replace('Opus 5.5', 'Opus 6.0'), styled), canonical(drawn, styled));
      assert.notEqual(
        canonical(wave.replace('/tmp/akk-00000000/project', '/tmp/akk-00000000/elsewhere'), styled),
        canonical(drawn, styled),
      );
    });
  }

  it('an indented row below the banner is never taken for its art', () => {
    const row = '           Some reply text indented in the transcript';
    const pair = VOLATILE_PAIRS.find((p) => p.name === 'claude logo art');
    assert.ok(pair);
    assert.equal(pair.test(' ▐▛███▛█   Some reply text indented in the transcript', row, 12, false), false);
  });
});
