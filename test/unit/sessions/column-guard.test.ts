/**
 * What a stream may do after a resize before it sets the cursor's column, which the reflowed
 * terminal does not say: read exactly up to the column being set, or to the first thing whose
 * effect depends on the column.
 */
import { strict as assert } from 'node:assert';
import { ColumnGuard, type ColumnVerdict } from '../../../src/server/sessions/terminal/column-guard';

const ESC = '\x1b';
const verdict = (...chunks: string[]): ColumnVerdict => {
  const g = new ColumnGuard();
  for (const c of chunks) g.scan(c);
  return g.result;
};

describe('sessions: the column guard after a resize', () => {
  const cases: Array<[string, string, ColumnVerdict]> = [
    ['Ink’s redraw: down, whole lines erased upward, column 1', `${ESC}[4B${ESC}[2K${ESC}[1A${ESC}[2K${ESC}[G`, 'set'],
    ['a carriage return', '\r', 'set'],
    ['a cursor position', `${ESC}[3;1H`, 'set'],
    ['a next line (NEL)', `${ESC}E`, 'set'],
    ['a scroll region (homes the cursor)', `${ESC}[1;5r`, 'set'],
    ['styles, modes, a title and a line feed first', `${ESC}[0m${ESC}[?25l${ESC}]0;title\x07\n${ESC}[?2026h\r`, 'set'],
    ['a string ended by ESC backslash', `${ESC}P+q544e${ESC}\\\r`, 'set'],
    ['a whole-screen erase', `${ESC}[2J`, 'pending'],
    ['a printed character', 'x\r', 'depends'],
    ['a character of several bytes', 'é\r', 'depends'],
    ['a tab', '\t\r', 'depends'],
    ['a backspace', '\b\r', 'depends'],
    ['a move right', `${ESC}[2C\r`, 'depends'],
    ['an erase to the end of the line', `${ESC}[K\r`, 'depends'],
    ['an erase to the end of the screen', `${ESC}[J\r`, 'depends'],
    ['erased characters', `${ESC}[3X\r`, 'depends'],
    ['a saved cursor', `${ESC}7\r`, 'depends'],
    ['insert mode', `${ESC}[4h\r`, 'depends'],
    ['origin mode', `${ESC}[?6h\r`, 'depends'],
    ['a cursor shape', `${ESC}[2 q\r`, 'set'],
    ['a soft reset', `${ESC}[!p\r`, 'depends'],
  ];
  for (const [what, stream, expected] of cases)
    it(`${what}: ${expected}`, () => assert.equal(verdict(stream), expected, JSON.stringify(stream)));

  it('reads a sequence split across chunks, and nothing after the column is set', () => {
    assert.equal(verdict(`${ESC}[`, '2', 'K', `${ESC}`, '[G'), 'set');
    assert.equal(verdict(`${ESC}[`, '1', 'C'), 'depends');
    assert.equal(verdict('\r', 'anything at all'), 'set');
  });
});
