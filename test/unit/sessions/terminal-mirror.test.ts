/**
 * The screen mirror's proof (when its screen may stand for the real terminal's) and the bytes an
 * editor terminal is sent for each key. The expectations are the terminal's own rules: xterm's
 * escape sequences for keys in normal and application cursor mode, and what each erase covers.
 */
import { strict as assert } from 'node:assert';
import { ScreenMirror } from '../../../src/server/sessions/terminal/mirror';
import { keyBytes } from '../../../src/server/sessions/terminal/keys';
import { AkkError } from '../../../src/shared/errors';

const ESC = '\x1b';

async function mirrorAfter(...chunks: string[]): Promise<ScreenMirror> {
  const m = new ScreenMirror(20, 4, 'not yet seen');
  for (const c of chunks) await m.write(c);
  return m;
}

describe('sessions: the terminal mirror proves itself only from a full redraw', () => {
  it('stays unproven while the program only writes text', async () => {
    const m = await mirrorAfter('hello\r\nworld');
    assert.equal(m.unproven, 'not yet seen');
    m.dispose();
  });

  it('a full clear alone is not enough: the cursor must be placed absolutely as well', async () => {
    const m = await mirrorAfter('junk', `${ESC}[2J`);
    assert.notEqual(m.unproven, null);
    await m.write(`${ESC}[H`);
    assert.equal(m.unproven, null);
    m.dispose();
  });

  it('the alternate screen (cleared as it is entered) and a home position prove it', async () => {
    const m = await mirrorAfter(`${ESC}[?1049h${ESC}[1;1H`);
    assert.equal(m.unproven, null);
    m.dispose();
  });

  it('an erase from the home position proves it (Codex: CUP 1;1 then ED 0)', async () => {
    const m = await mirrorAfter(`${ESC}[1;1H${ESC}[J`);
    assert.equal(m.unproven, null);
    m.dispose();
  });

  it('erasing each row in turn proves it only when every row was erased (Claude Code after a resize)', async () => {
    const some = await mirrorAfter(`${ESC}[1;1H`, `${ESC}[2K${ESC}[1B${ESC}[2K${ESC}[1B${ESC}[2K`);
    assert.notEqual(some.unproven, null, 'three of four rows erased');
    await some.write(`${ESC}[1B${ESC}[2K`);
    assert.equal(some.unproven, null);
    some.dispose();
  });

  it('erases before the cursor is placed absolutely prove nothing: it may be below the shell’s lines', async () => {
    // The real cursor may be on row 3 while the mirror's is on row 1: ED 0 there leaves rows 1-2 as
    // they were, and each EL 2 erases a row the mirror does not know.
    const fromOrigin = await mirrorAfter(`${ESC}[J`, `${ESC}[H`);
    assert.notEqual(fromOrigin.unproven, null, 'ED 0 at the mirror’s origin');
    fromOrigin.dispose();
    const rowByRow = await mirrorAfter(`${ESC}[2K${ESC}[1B`.repeat(4), `${ESC}[H`);
    assert.notEqual(rowByRow.unproven, null, 'EL 2 on each row before CUP');
    rowByRow.dispose();
  });

  it('an erase that starts below the top leaves the rows above unknown', async () => {
    const m = await mirrorAfter(`${ESC}[3;1H${ESC}[J${ESC}[H`);
    assert.notEqual(m.unproven, null);
    m.dispose();
  });

  it('rows erased before a scroll are counted where the scroll moved them', async () => {
    // Rows 1-3 erased, then a line feed on the last row scrolls: the unerased row 4 is now row 3.
    const m = await mirrorAfter(`${ESC}[1;1H${ESC}[2K${ESC}[2;1H${ESC}[2K${ESC}[3;1H${ESC}[2K`, `${ESC}[4;1H\n`);
    await m.write(`${ESC}[2K`);
    assert.notEqual(m.unproven, null, 'row 3 holds what row 4 held: never erased');
    await m.write(`${ESC}[3;1H${ESC}[2K`);
    assert.equal(m.unproven, null);
    m.dispose();
  });

  it('a scroll region, inserted lines or a reverse scroll forget the rows erased so far', async () => {
    for (const move of [`${ESC}[2;3r${ESC}[3;1H\n${ESC}[r`, `${ESC}[2;1H${ESC}[L`, `${ESC}[1;1H${ESC}M`]) {
      const m = await mirrorAfter(`${ESC}[1;1H${ESC}[2K${ESC}[2;1H${ESC}[2K${ESC}[3;1H${ESC}[2K`, move);
      await m.write(`${ESC}[4;1H${ESC}[2K`);
      assert.notEqual(m.unproven, null, JSON.stringify(move));
      m.dispose();
    }
  });

  it('a new doubt (resize, lost output) needs a new redraw', async () => {
    const m = await mirrorAfter(`${ESC}[2J${ESC}[H`);
    assert.equal(m.unproven, null);
    m.resize(30, 5, 'resized');
    await m.write('more text');
    assert.equal(m.unproven, 'resized');
    await m.write(`${ESC}[2J${ESC}[H`);
    assert.equal(m.unproven, null);
    m.dispose();
  });

  it('answers nothing on the terminal’s behalf and follows the cursor keys mode and bracketed paste', async () => {
    const m = await mirrorAfter(`${ESC}[6n${ESC}[c`);
    assert.equal(m.applicationCursorKeys, false);
    await m.write(`${ESC}[?1h${ESC}[?2004h`);
    assert.equal(m.applicationCursorKeys, true);
    assert.equal(m.bracketedPaste, true);
    m.dispose();
  });

  it('reads wide characters as the terminal places them (Unicode 11 widths)', async () => {
    const m = await mirrorAfter(`${ESC}[2J${ESC}[H`, '⌚x\r\n中文y');
    const rows = m.screen().text.split('\n');
    assert.equal(rows[0], '⌚x');
    assert.equal(rows[1], '中文y');
    await m.write(`${ESC}[1;3HZ`);
    assert.equal(m.screen().text.split('\n')[0], '⌚Z', 'the watch takes two cells');
    m.dispose();
  });
});

describe('sessions: the bytes an editor terminal is sent for each key', () => {
  it('spells keys as xterm sends them, arrows in the program’s cursor mode', () => {
    assert.equal(keyBytes('Enter', false), '\r');
    assert.equal(keyBytes('Escape', false), ESC);
    assert.equal(keyBytes('Tab', false), '\t');
    assert.equal(keyBytes('BTab', false), `${ESC}[Z`);
    assert.equal(keyBytes('BSpace', false), '\x7f');
    assert.equal(keyBytes('Up', false), `${ESC}[A`);
    assert.equal(keyBytes('Up', true), `${ESC}OA`);
    assert.equal(keyBytes('Down', true), `${ESC}OB`);
    assert.equal(keyBytes('S-Up', true), `${ESC}[1;2A`);
    assert.equal(keyBytes('C-c', false), '\x03');
    assert.equal(keyBytes('3', false), '3');
    assert.equal(keyBytes('F1', false), `${ESC}OP`);
  });

  it('refuses anything that is not a key name', () => {
    for (const bad of ['Enter;rm', 'ls -la', '', 'C-', '\x1b[A']) {
      assert.throws(
        () => keyBytes(bad, false),
        (e: unknown) => e instanceof AkkError && e.code === 'invalid_params',
      );
    }
  });
});

describe('sessions: a program drawn inline proves the mirror once every start row gives its screen', () => {
  async function fromStart(...chunks: string[]): Promise<ScreenMirror> {
    const m = new ScreenMirror(20, 4, 'not yet seen', { programStart: true });
    for (const c of chunks) await m.write(c);
    return m;
  }

  it('output that has not filled the terminal leaves the shell’s rows around it unknown', async () => {
    const m = await fromStart('a\r\n', 'b\r\nc');
    assert.equal(m.unproven, 'not yet seen');
    m.dispose();
  });

  it('lines written over the shell’s rows without erasing them leave the rest of those rows unknown', async () => {
    const m = await fromStart('a\r\nb\r\n', 'c\r\nd');
    assert.notEqual(m.unproven, null, 'each row holds the shell’s cells right of its letter');
    // Four more lines: every row on screen is one the program scrolled in, blank before it wrote.
    await m.write('\r\ne\r\nf\r\ng\r\nh');
    assert.equal(m.unproven, null);
    assert.equal(m.screen().text, 'e\nf\ng\nh');
    m.dispose();
  });

  it('rows erased then written prove it once they fill the terminal, whatever row the program started on', async () => {
    const line = (t: string) => `${ESC}[2K${t}`;
    const m = await fromStart(`${line('a')}\r\n${line('b')}\r\n`, `${line('c')}\r\n`);
    assert.notEqual(m.unproven, null);
    await m.write(line('d'));
    assert.equal(m.unproven, null);
    assert.equal(m.screen().text, 'a\nb\nc\nd');
    m.dispose();
  });

  it('a frame erased and drawn again in place (as Ink does) proves nothing till output fills it', async () => {
    const frame = (t: string) => `${ESC}[2K${ESC}[1A${ESC}[2K${ESC}[G${t}\r\n${t}`;
    const m = await fromStart('banner\r\n', 'x\r\nx', frame('y'), frame('z'));
    assert.notEqual(m.unproven, null);
    await m.write(`${ESC}[2K${ESC}[1A${ESC}[2K${ESC}[Gmore\r\n1\r\n2\r\n3\r\n4\r\n5\r\n6`);
    assert.equal(m.unproven, null);
    assert.equal(m.screen().text, '3\n4\n5\n6');
    m.dispose();
  });

  it('cursors that agree over screens that do not prove nothing', async () => {
    // Three lines, then up past the top: every cursor is on row 1, but what row 1 holds depends on
    // where the program started (its own first line, or the shell's).
    const m = await fromStart('a\r\nb\r\nc', `${ESC}[9AX`);
    assert.notEqual(m.unproven, null);
    m.dispose();
  });

  it('gives the proof up once a program kept its start rows apart for 8 MB; a whole redraw still proves', async () => {
    // A program that redraws one row in place never tells its start row: every byte is kept.
    const inPlace = 'x'.repeat(15) + '\r';
    // Twice the terminal's height of lines: every row on screen is then one the program scrolled in.
    const lines = '\r\n1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n8';
    const small = await fromStart(inPlace.repeat(64), lines);
    assert.equal(small.unproven, null, 'the same lines prove it below the cap');
    small.dispose();
    const m = await fromStart();
    const chunk = inPlace.repeat(4096);
    for (let sent = 0; sent <= 8 * 1024 * 1024; sent += chunk.length) await m.write(chunk);
    await m.write(lines);
    assert.equal(m.unproven, 'not yet seen');
    await m.write(`${ESC}[2J${ESC}[Hredrawn`);
    assert.equal(m.unproven, null);
    assert.equal(m.screen().text, 'redrawn\n\n\n');
    m.dispose();
  });

  it('only from the program’s start: after lost output the whole screen must be redrawn', async () => {
    const m = new ScreenMirror(20, 4, 'lost output');
    await m.write('a\r\nb\r\nc\r\nd\r\ne');
    assert.equal(m.unproven, 'lost output');
    m.dispose();
    const proven = await fromStart('a\r\nb\r\nc\r\nd');
    proven.doubtWith('lost output');
    await proven.write('e\r\nf\r\ng\r\nh\r\ni');
    assert.equal(proven.unproven, 'lost output');
    proven.dispose();
  });
});

describe('sessions: after a resize, a program drawn inline proves the mirror again from any row', () => {
  /** Ink's redraw of its last `lines` lines: down to its last line, erased upward, then column 1. */
  const inkRedraw = (lines: number, frame: string) =>
    `${ESC}[4B${`${ESC}[2K${ESC}[1A`.repeat(lines - 1)}${ESC}[2K${ESC}[G${frame}`;
  const filling = '\r\n1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n8\r\n9\r\n10';

  async function resized(before: string): Promise<ScreenMirror> {
    const m = new ScreenMirror(20, 4, 'not yet seen', { programStart: true });
    await m.write('a\r\nb\r\nc\r\nd\r\ne\r\nf\r\ng\r\nh');
    assert.equal(m.unproven, null);
    await m.write(before);
    m.resize(24, 5, 'resized');
    return m;
  }

  it('its redraw of the last lines proves nothing; once its output fills the terminal, it is proven', async () => {
    const m = await resized('');
    await m.write(inkRedraw(2, 'g\r\nh'));
    assert.equal(m.unproven, 'resized', 'the rows above its redraw are the reflowed ones');
    await m.write(filling);
    assert.equal(m.unproven, null);
    assert.equal(m.screen().text, '6\n7\n8\n9\n10');
    m.dispose();
  });

  it('a redraw that prints before it sets the column is never proven so, whatever follows', async () => {
    const m = await resized('');
    await m.write(`x${inkRedraw(2, 'g\r\nh')}${filling}`);
    assert.equal(m.unproven, 'resized');
    // Only a whole redraw proves it then.
    await m.write(`${ESC}[2J${ESC}[Hnew`);
    assert.equal(m.unproven, null);
    m.dispose();
  });

  it('after lost output, a resize is proven only by a whole redraw (the pen it left is not known)', async () => {
    const m = await resized('');
    m.doubtWith('lost output');
    await m.write(`${ESC}[2J${ESC}[Hwhole`);
    assert.equal(m.unproven, null);
    m.resize(30, 6, 'resized again');
    await m.write(`${inkRedraw(2, 'g\r\nh')}${filling}`);
    assert.equal(m.unproven, 'resized again');
    m.dispose();
  });

  it('a pen left coloured at the resize (an erase would paint with it) is never proven so', async () => {
    const m = await resized(`${ESC}[41m`);
    await m.write(`${inkRedraw(2, 'g\r\nh')}${filling}`);
    assert.equal(m.unproven, 'resized');
    m.dispose();
  });
});
