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

  it('a new doubt (resize, lost output) needs a new redraw', async () => {
    const m = await mirrorAfter(`${ESC}[2J${ESC}[H`);
    assert.equal(m.unproven, null);
    m.resize(30, 5);
    m.doubtWith('resized');
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
