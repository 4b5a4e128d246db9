/**
 * A rendering condition's short name is the key of a qualification record's entry and of the folder
 * its screens are kept in, so every condition a capture can set must have a name the record accepts
 * and that reads back as the same condition: a theme (Claude Code), a terminal background (Codex,
 * which has no theme setting and adapts to the background it asks the terminal for), or both.
 */
import { strict as assert } from 'node:assert';
import { parseRendering, renderingName, type Rendering } from '../../harness/rendering';
import { renderingFolder } from '../../harness/qualify/renderings';

const RECORD_KEY = /^[a-z-]+\/(256|truecolor)$/;

const CASES: Array<[Rendering, string]> = [
  [{}, 'dark/256'],
  [{ theme: 'light', depth: 'truecolor' }, 'light/truecolor'],
  [{ theme: 'dark-daltonized', depth: '256' }, 'dark-daltonized/256'],
  [{ theme: 'light-ansi', depth: 'truecolor' }, 'light-ansi/truecolor'],
  [{ background: 'light', depth: 'truecolor' }, 'light-background/truecolor'],
  [{ background: 'dark', depth: '256' }, 'dark-background/256'],
  [{ theme: 'dark', background: 'light', depth: '256' }, 'dark-on-light-background/256'],
];

describe('rendering condition names', () => {
  for (const [rendering, name] of CASES) {
    it(`${JSON.stringify(rendering)} is named ${name}, a record key, and reads back`, () => {
      assert.equal(renderingName(rendering), name);
      assert.match(name, RECORD_KEY);
      const back = parseRendering(name);
      assert.equal(renderingName(back), name);
      assert.equal(back.background, rendering.background);
      if (rendering.theme !== undefined) assert.equal(back.theme, rendering.theme);
    });
  }

  it('a background condition is kept in its own folder beside the sizes', () => {
    assert.equal(
      renderingFolder('80x24', { background: 'light', depth: 'truecolor' }),
      '80x24-light-background-truecolor',
    );
    assert.equal(renderingFolder('120x40', { theme: 'light', depth: '256' }), '120x40-light-256');
  });

  it('a name without a known colour depth is refused, naming the form', () => {
    assert.throws(() => parseRendering('light'), /THEME\/DEPTH/);
    assert.throws(() => parseRendering('light-background/16'), /THEME\/DEPTH/);
  });
});
