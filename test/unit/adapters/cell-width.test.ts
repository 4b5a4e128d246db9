/**
 * Cell widths against the terminals themselves, not against a copy of their tables: every code point
 * against xterm.js with its Unicode 11 addon (VS Code's terminal and the server's mirror), and strings
 * of the kinds the clients draw against a private tmux server (the panes AKK captures).
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { Terminal } from '@xterm/headless';
import { cellWidth, stringCellWidth } from '../../../src/adapters/cell-width';
import { displayWidth } from '../../../src/adapters/screen';

const LAST_CODE_POINT = 0x10ffff;
const isSurrogate = (cp: number): boolean => cp >= 0xd800 && cp <= 0xdfff;

/**
 * The cells xterm.js gives each code point from 0x20 up, surrogates left out. Each one is written
 * after an `A` at the start of a cleared row of its own, a batch of rows per write: it joins the
 * `A`'s cell (0 cells), takes the next cell or the next two (the cell's width), or is not printed at
 * all (a control: 0 cells). A CAN after it ends any sequence a C1 control began; the first and last
 * rows stay unused so that a control that moves the cursor a line (IND, NEL, RI) cannot scroll.
 */
async function xtermWidths(): Promise<Map<number, number>> {
  const batch = 4096;
  const term = new Terminal({ cols: 8, rows: batch + 2, scrollback: 0, allowProposedApi: true, logLevel: 'off' });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  const cell = term.buffer.active.getNullCell();
  const widths = new Map<number, number>();
  const codePoints: number[] = [];
  for (let cp = 0x20; cp <= LAST_CODE_POINT; cp++) if (!isSurrogate(cp)) codePoints.push(cp);
  try {
    for (let start = 0; start < codePoints.length; start += batch) {
      const chunk = codePoints.slice(start, start + batch);
      const data = chunk.map((cp, i) => `\x1b[${i + 2};1H\x1b[2KA${String.fromCodePoint(cp)}\x18`).join('');
      await new Promise<void>((resolve) => term.write(data, resolve));
      chunk.forEach((cp, i) => {
        const ch = String.fromCodePoint(cp);
        const line = term.buffer.active.getLine(i + 1);
        const first = line?.getCell(0, cell)?.getChars();
        if (first === `A${ch}`) return void widths.set(cp, 0);
        assert.equal(first, 'A', `U+${hex(cp)}: the row starts with ${JSON.stringify(first)}`);
        const second = line?.getCell(1, cell);
        if (second?.getChars() === ch) return void widths.set(cp, second.getWidth());
        assert.equal(second?.getChars(), '', `U+${hex(cp)}: drawn as ${JSON.stringify(second?.getChars())}`);
        widths.set(cp, 0);
      });
    }
  } finally {
    term.dispose();
  }
  return widths;
}

function hex(cp: number): string {
  return cp.toString(16).toUpperCase().padStart(4, '0');
}

describe('adapters: cell widths', () => {
  it('are those of xterm.js with Unicode 11 for every code point from U+0020 to U+10FFFF', async function () {
    this.timeout(120_000);
    const widths = await xtermWidths();
    assert.equal(widths.size, LAST_CODE_POINT + 1 - 0x20 - 0x800);
    const mismatches: string[] = [];
    for (const [cp, w] of widths) {
      if (cellWidth(cp) !== w) mismatches.push(`U+${hex(cp)}: xterm.js ${w}, cellWidth ${cellWidth(cp)}`);
    }
    assert.deepEqual(mismatches.slice(0, 20), [], `${mismatches.length} code points differ`);
  });

  it('of a string are the sum over its code points, controls, VS16 and ZWJ taking none', () => {
    assert.equal(stringCellWidth(''), 0);
    assert.equal(stringCellWidth('Ask the owner ✏️'), 15);
    assert.equal(stringCellWidth('⌚ 中文 ⭐'), 10);
    assert.equal(stringCellWidth('Cafe\u0301'), 4);
    assert.equal(stringCellWidth('👩‍💻'), 4);
    assert.equal(stringCellWidth('a\tb\x7fc\u0085'), 3);
    assert.equal(displayWidth('Deutsch 🇩🇪 日本語'), 17);
  });
});

describe('adapters: cell widths against tmux', function () {
  this.timeout(30_000);
  const server = `akk-width-${randomBytes(5).toString('hex')}`;
  const cols = 40;
  const filler = '.'.repeat(30);
  // Each drawn over a row of dots and ended with a `|`: the dots the `|` leaves give its column.
  const samples = ['a ⌚ watch', 'b ☕ break', 'c ⭐ star', 'd 中文 label', 'Cafe\u0301 e', 'Ask the owner ✏️'];
  let rows: string[] = [];
  let socket = '';

  const tmux = (...args: string[]): string => {
    const r = spawnSync('tmux', ['-u', '-L', server, '-f', '/dev/null', ...args], {
      encoding: 'utf8',
      env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    });
    assert.equal(r.status, 0, `tmux ${args[0] ?? ''}: ${r.stderr}`);
    return r.stdout;
  };

  before(async () => {
    const script = `printf '%s\\r%s|\\n' "$@"; exec sleep 600`;
    const args = samples.flatMap((s) => [filler, s]);
    tmux('new-session', '-d', '-x', String(cols), '-y', String(samples.length + 2), 'sh', '-c', script, 'sh', ...args);
    socket = tmux('display-message', '-p', '#{socket_path}').trim();
    for (let tries = 0; tries < 100; tries++) {
      rows = tmux('capture-pane', '-p', '-t', '0').split('\n');
      if (rows.filter((r) => r.includes('|')).length === samples.length) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail(`tmux did not draw the samples:\n${rows.join('\n')}`);
  });

  after(() => {
    spawnSync('tmux', ['-L', server, 'kill-server']);
    if (socket !== '') fs.rmSync(socket, { force: true });
  });

  samples.forEach((sample, i) => {
    it(`puts the marker after ${JSON.stringify(sample)} where displayWidth says`, () => {
      const row = rows[i] ?? '';
      const bar = row.lastIndexOf('|');
      assert.ok(bar >= 0 && /^\.*$/.test(row.slice(bar + 1)), `row ${i}: ${JSON.stringify(row)}`);
      const column = filler.length - (row.length - bar - 1);
      assert.equal(column, 1 + displayWidth(sample), `row ${i}: ${JSON.stringify(row)}`);
    });
  });
});
