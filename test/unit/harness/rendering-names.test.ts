/**
 * A rendering condition's short name is the key of a qualification record's entry and of the folder
 * its screens are kept in, so every condition a capture can set must have a name the record accepts
 * and that reads back as the same condition: a theme (Claude Code), a terminal background (Codex,
 * which has no theme setting and adapts to the background it asks the terminal for), or both.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AGENTS, AGENT_DESCRIPTORS, themeConditionName } from '../../../src/shared/agents';
import { HARNESS_AGENTS } from '../../../src/qualify/agents';
import { parseRendering, renderingName, type Rendering } from '../../../src/shared/rendering';
import { renderingFolder } from '../../../src/qualify/runner/renderings';

const RECORD_KEY = /^[a-z-]+\/(256|truecolor)$/;

const CASES: Array<[Rendering, string]> = [
  [{}, 'dark/256'],
  [{ theme: 'light', depth: 'truecolor' }, 'light/truecolor'],
  [{ theme: 'dark-daltonized', depth: '256' }, 'dark-daltonized/256'],
  [{ theme: 'light-ansi', depth: 'truecolor' }, 'light-ansi/truecolor'],
  [{ background: 'light', depth: 'truecolor' }, 'light-background/truecolor'],
  [{ background: 'dark', depth: '256' }, 'dark-background/256'],
  [{ theme: 'dark', background: 'light', depth: '256' }, 'dark-on-light-background/256'],
  [{ theme: 'default-light', depth: 'truecolor' }, 'default-light/truecolor'],
  [
    { theme: 'github-dark-colorblind', background: 'light', depth: '256' },
    'github-dark-colorblind-on-light-background/256',
  ],
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

  // A qualification on the person's machine names the theme their client's setting holds; the run
  // must capture exactly that theme, written back into a scratch config as the client spells it.
  for (const agent of AGENTS) {
    const choice = AGENT_DESCRIPTORS[agent].rendering;
    if (!('themeSetting' in choice)) continue;
    const setting = choice.themeSetting;
    it(`${agent}: each theme its setting offers is a condition the harness captures, written as spelt`, async () => {
      for (const value of setting.offered) {
        const name = `${themeConditionName(value)}/truecolor`;
        assert.match(name, RECORD_KEY, value);
        const theme = parseRendering(name).theme ?? '';
        assert.ok(HARNESS_AGENTS[agent].themes?.includes(theme), `${value}: ${theme} is not a harness theme`);
        const home = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-theme-'));
        try {
          const run = { bin: '', version: '', home, workDir: home, modelUrl: 'http://127.0.0.1:9', config: [] };
          await HARNESS_AGENTS[agent].prepare({ ...run, mcpServers: [], startup: [], rendering: { theme } });
          const written = setting.key
            .split('.')
            .reduce<unknown>(
              (o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
              JSON.parse(fs.readFileSync(path.join(home, setting.file), 'utf8')),
            );
          assert.equal(written, value);
        } finally {
          fs.rmSync(home, { recursive: true, force: true });
        }
      }
    });
  }

  it('a name without a known colour depth is refused, naming the form', () => {
    assert.throws(() => parseRendering('light'), /THEME\/DEPTH/);
    assert.throws(() => parseRendering('light-background/16'), /THEME\/DEPTH/);
  });
});
