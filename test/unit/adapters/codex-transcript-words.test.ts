/**
 * Codex's reply that asks "Would you like to …?" in the transcript is no dialog: a dialog takes
 * the composer's place, so words above the composer's line are the transcript's. Below it, or with
 * no composer drawn, the same words still leave the screen to the person. The screens are Codex
 * 0.171.0's captures with a reply's words changed, as a model could write them.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import type { ScreenSnapshot } from '../../../src/adapters/types';
import { storedPlainScreen } from '../../../src/qualify/corpus/fixture-corpus';
import { editedRow } from '../../support/screen-edits';

const VERSION = '0.171.0';
const REPLY = '• Thanks, noted. Continuing with the plan.';

const plainScreen = (rel: string): ScreenSnapshot => storedPlainScreen('codex', VERSION, rel);

describe(`Codex ${VERSION}: dialog words in the transcript`, () => {
  const idle = plainScreen('80x24/05-after-answer');

  it('the idle screen reads as idle (the control)', () => {
    assert.deepEqual(recognize('codex', VERSION, idle), { kind: 'activity', state: 'idle' });
  });

  it('a reply asking "Would you like to …?" above the composer is no dialog', () => {
    const s = editedRow(idle, REPLY, () => '• Would you like to proceed with the migration?');
    assert.deepEqual(recognize('codex', VERSION, s), { kind: 'activity', state: 'idle' });
  });

  it('the same words with no composer below them leave the screen to the person', () => {
    const asked = editedRow(idle, REPLY, () => '  Would you like to run the following command?');
    const s = editedRow(asked, '› Ask Codex to do anything', () => '');
    assert.equal(recognize('codex', VERSION, s).kind, 'manual_required');
  });
});
