/**
 * A permission is decided from a notification or a quick pick only where the line shows what it
 * asks whole: a command with more lines, whose first looks harmless, or one longer than the line,
 * is decided in the panel, where it is shown whole.
 */
import { strict as assert } from 'node:assert';
import { linesAfterFirst, shownWhole } from '../../../src/extension/answering/subject-fit';

describe('what a notification or a quick pick line shows of a permission', () => {
  it('a one-line command of ordinary length is shown whole', () => {
    assert.equal(shownWhole('touch notes.txt'), true);
    assert.equal(shownWhole('x'.repeat(120)), true);
  });

  it('a command whose first line looks harmless, with more lines after it, is not', () => {
    const command = 'echo starting\nrm -rf "$HOME"';
    assert.equal(shownWhole(command), false);
    assert.equal(linesAfterFirst(command), 1);
  });

  it('a command longer than the line is not, counted in characters as drawn', () => {
    assert.equal(shownWhole('x'.repeat(121)), false);
    assert.equal(shownWhole('界'.repeat(120)), true);
  });
});
