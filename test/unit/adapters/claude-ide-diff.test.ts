/**
 * Claude Code connected to an editor (`/ide`) opens its edit as a diff there, and draws the
 * question in the terminal without the diff. The screen below is as Claude Code 2.1.332 drew it
 * at 120x40, connected to the loopback editor of test/support/fake-ide.ts
 * (test/live/claude-ide-connection.test.ts): a dialog of its own, the person's to answer in the editor or
 * the terminal, named with the file and the editor. Anything else drawn under that header is
 * still an unsupported prompt; and no key plan is ever made for it.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recognize } from '../../../src/adapters/recognize';

const DIR = join(__dirname, 'screens', 'claude-2.1.332-120x40-ide');
const rows = (file: string) => readFileSync(join(DIR, file), 'utf8').split('\n').slice(0, 40);
const PLAIN = rows('edit-opened.txt');
const STYLED = rows('edit-opened.ansi.txt');
const read = (plain: string[], styled: string[] = STYLED) =>
  recognize('claude', '2.1.332', { plain, styled, cols: 120, rows: 40 });
const swapped = (from: string, to: string) => PLAIN.map((l) => (l.trimEnd() === from ? to : l));

describe('a Claude Code edit opened as a diff in the editor it is connected to', () => {
  it('is left to the person, who is told where: the diff in that editor, or the terminal', () => {
    const r = read(PLAIN);
    assert.deepEqual(r, {
      kind: 'manual_required',
      dialog: 'ide-diff',
      reason:
        'Claude Code opened its edit to config.yaml as a diff in Visual Studio Code: ' +
        'accept or reject it there, or answer in the terminal',
    });
  });

  it('names the editor it was opened in', () => {
    const r = read(swapped(' Opened changes in Visual Studio Code ⧉', ' Opened changes in Cursor ⧉'));
    assert.ok(r.kind === 'manual_required' && r.dialog === 'ide-diff', JSON.stringify(r));
    assert.ok(r.reason.includes('as a diff in Cursor:'), r.reason);
  });

  it('is an unsupported prompt when the file under the header is not the one asked about', () => {
    const r = read(swapped(' config.yaml', ' other.yaml'));
    assert.ok(r.kind === 'manual_required' && r.dialog === undefined, JSON.stringify(r));
    assert.match(r.reason, /^an unsupported permission prompt "Opened changes in Visual Studio Code ⧉"/);
  });

  it('is an unsupported prompt when a line stands between the header and the question', () => {
    const i = PLAIN.findIndex((l) => l.startsWith(' config.yaml'));
    const moved = [...PLAIN.slice(1, i + 1), ' (read only)', ...PLAIN.slice(i + 1)];
    const r = read(moved, STYLED.slice(1));
    assert.ok(r.kind === 'manual_required' && r.dialog === undefined, JSON.stringify(r));
  });
});
