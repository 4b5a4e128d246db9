/**
 * Words in Claude Code's transcript that read like a dialog ("Do you want to …?" in a reply, the
 * footer words of a questionnaire answered earlier) are no dialog: a dialog takes the composer's
 * place, so while the composer is drawn the screen is read as the idle prompt it is. The screens
 * are Claude Code 2.1.332's captures with a reply's words changed, as a model could write them.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import type { ScreenSnapshot } from '../../../src/adapters/types';
import { storedPlainScreen } from '../../../src/qualify/corpus/fixture-corpus';
import { editedRow } from '../../support/screen-edits';

const VERSION = '2.1.332';

const plainScreen = (rel: string): ScreenSnapshot => storedPlainScreen('claude', VERSION, rel);

const REPLY = '● Thanks, noted. Continuing with the plan.';

describe(`Claude Code ${VERSION}: dialog words in the transcript`, () => {
  for (const size of ['80x24', '120x40']) {
    const idle = plainScreen(`${size}/33-after-answer`);
    it(`${size}: the idle screen reads as idle before the change (the control)`, () => {
      assert.deepEqual(recognize('claude', VERSION, idle), { kind: 'activity', state: 'idle' });
    });
    for (const words of [
      '● Do you want to proceed with the migration?',
      '● Esc to cancel · Submit answers · Chat about this',
      '❯ 1. Yes, and do you want to see the diff?',
    ]) {
      it(`${size}: a reply reading "${words}" above the composer is no dialog`, () => {
        const s = editedRow(idle, REPLY, () => words);
        assert.deepEqual(recognize('claude', VERSION, s), { kind: 'activity', state: 'idle' });
      });
    }
  }
});
