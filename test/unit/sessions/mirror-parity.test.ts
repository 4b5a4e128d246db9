/**
 * The screen mirror against tmux, from recorded runs of the newest clients (`npm run parity --
 * --save fixtures/streams`): every corpus scenario at 80x24, 120x40 and 200x60, the agent's raw
 * output recorded by tmux's pipe-pane and tmux's own capture at every screen the corpus keeps.
 * Replaying the stream into the mirror must give tmux's text and styles at every one of them, and
 * Claude Code and Codex must have proven the mirror (the agent drew its whole screen) before the
 * first. Claude Code is recorded under truecolor too (`--rendering dark/truecolor`,
 * `light/truecolor`): VS Code's terminal always announces it. The start-up screens are not among the
 * runs: drawn before any full erase of the terminal, the mirror does not prove them.
 *
 * Gemini CLI draws inline, below the shell's lines: the mirror is proven from its start only when
 * every row it could have started on gives the same screen. tmux's own capture says where that
 * cannot hold: while its last row is still blank, a client started lower would show another screen,
 * so the mirror must be unproven; at 80x24 its confirmations fill the terminal and must be proven.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { replay, type RecordedRun } from '../../../scripts/qualify/parity';
import { FIXTURES } from '../../../src/qualify/corpus/fixture-corpus';
import { AGENTS } from '../../../src/qualify/versions';

const ROOT = path.join(FIXTURES, 'streams');

function runs(): Array<{ file: string; run: RecordedRun; stream: Uint8Array }> {
  const out: Array<{ file: string; run: RecordedRun; stream: Uint8Array }> = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.marks.json')) {
        const run = JSON.parse(fs.readFileSync(p, 'utf8')) as RecordedRun;
        const stream = new Uint8Array(fs.readFileSync(p.replace(/\.marks\.json$/, '.stream')));
        out.push({ file: path.relative(ROOT, p), run, stream });
      }
    }
  };
  walk(ROOT);
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

describe('sessions: the screen mirror gives tmux’s screen from the same bytes', () => {
  const all = runs();

  it('covers every scenario of every newest client at the three sizes', () => {
    for (const agent of AGENTS) {
      for (const size of ['80x24', '120x40', '200x60']) {
        const n = all.filter((r) => r.run.agent === agent && r.run.size === size).length;
        assert.ok(n >= 8, `${agent} ${size}: ${n} recorded scenarios`);
      }
    }
  });

  for (const { file, run, stream } of all) {
    const inline = run.agent === 'gemini';
    const proof = inline ? 'proven only once it fills the terminal' : 'mirror proven';
    it(`${file}: ${run.marks.length} screens identical in text and style, ${proof}`, async () => {
      const results = await replay(run, stream);
      for (const [i, r] of results.entries()) {
        const at = `step ${r.step} (${r.state})`;
        assert.deepEqual(r.differences, [], at);
        if (!inline) assert.equal(r.unproven, null, `${at} unproven`);
        else if (run.marks[i]?.tmux.plain.split('\n').at(-1)?.trim() === '') assert.notEqual(r.unproven, null, at);
        else if (run.size === '80x24' && r.state.startsWith('permission')) assert.equal(r.unproven, null, at);
      }
    });
  }
});
