/**
 * Codex's command approval in a 60-column pane wraps its "don't ask again" row before the command's
 * opening quote. The screen below is as Codex 0.171.0 drew the scenario's approval at 60x24
 * (test/live/terminal-widths.test.ts, where it is approved and the command runs): the row is read
 * as one text and proven by re-wrapping to exactly its drawn lines, and the command is the `$`
 * line it repeats. A row drawn any other way leaves the approval to the terminal.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recognize } from '../../../src/adapters/recognize';

const PLAIN = readFileSync(join(__dirname, 'screens', 'codex-0.171.0-60x24', 'approval.txt'), 'utf8')
  .split('\n')
  .slice(0, 24);
const ROW = "  2. Yes, and don't ask again for commands that start with";
const CONTINUED = '     `touch ../approved.txt` (p)';

const at60 = (plain: string[]) => recognize('codex', '0.171.0', { plain, cols: 60, rows: 24 });
const replaced = (from: string, to: string[]): string[] => {
  const i = PLAIN.indexOf(from);
  assert.ok(i >= 0, `the screen has no line ${JSON.stringify(from)}`);
  return [...PLAIN.slice(0, i), ...to, ...PLAIN.slice(i + 1)];
};

describe('a Codex command approval at 60 columns, its "don\'t ask again" row wrapped', () => {
  it('is the exact command, offered once or rejected, never always', () => {
    assert.ok(PLAIN.includes(ROW) && PLAIN.includes(CONTINUED));
    const r = at60(PLAIN);
    assert.ok(r.kind === 'permission', JSON.stringify(r));
    assert.equal(r.subject, 'touch ../approved.txt');
    assert.deepEqual([...r.decisions].sort(), ['approve_once', 'reject']);
  });

  it('is manual when the row does not wrap as Codex wraps it at this width', () => {
    const moved = replaced(ROW, ["  2. Yes, and don't ask again for commands that start"]).map((l) =>
      l === CONTINUED ? '     with `touch ../approved.txt` (p)' : l,
    );
    assert.equal(at60(moved).kind, 'manual_required');
  });

  it('is manual when the row names another command than the `$` line', () => {
    const other = PLAIN.map((l) => (l === CONTINUED ? '     `touch ../elsewhere.txt` (p)' : l));
    assert.equal(at60(other).kind, 'manual_required');
  });

  it('is manual when the continuation is not at the row text column', () => {
    const shifted = PLAIN.map((l) => (l === CONTINUED ? `  ${l}` : l));
    assert.equal(at60(shifted).kind, 'manual_required');
  });

  it('is manual when drawn for another width', () => {
    assert.equal(recognize('codex', '0.171.0', { plain: PLAIN, cols: 70, rows: 24 }).kind, 'manual_required');
  });
});
