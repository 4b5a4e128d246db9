/**
 * The words after a decision or an answer follow its receipt: a second decision on a step already
 * resolved gets the first receipt back, and the person is told what stands, not the button pressed.
 */
import { strict as assert } from 'node:assert';
import { receiptWords } from '../../../src/extension/answering/receipt-words';
import { DECISION } from '../../../src/shared/decisions';
import { ENGLISH } from './l10n-stand-in';

const approve = { decision: DECISION.approveOnce };
const reject = { decision: DECISION.reject };
const fresh = (outcome: 'resolved' | 'declined') => ({ outcome, replayed: false });
const replay = (outcome: 'resolved' | 'declined') => ({ outcome, replayed: true });

describe('the words after a decision follow its receipt', () => {
  it('a decision carried out says what was done', () => {
    assert.deepEqual(receiptWords(ENGLISH, fresh('resolved'), approve), { text: 'Approved once.', differs: false });
    assert.deepEqual(receiptWords(ENGLISH, fresh('declined'), reject), { text: 'Rejected.', differs: false });
  });

  it('a late Reject on a permission approved earlier never reads "Rejected.": the approval stands', () => {
    const w = receiptWords(ENGLISH, replay('resolved'), reject);
    assert.equal(w.text, 'This permission was already approved earlier; your Reject was not applied.');
    assert.equal(w.differs, true);
    assert.doesNotMatch(w.text, /^Rejected/);
  });

  it('a late Approve on a permission rejected earlier never reads "Approved once.": the rejection stands', () => {
    const w = receiptWords(ENGLISH, replay('declined'), approve);
    assert.equal(w.text, 'This permission was already rejected earlier; your Approve was not applied.');
    assert.equal(w.differs, true);
  });

  it('the same decision repeated says it was already made and nothing more was sent', () => {
    assert.deepEqual(receiptWords(ENGLISH, replay('resolved'), approve), {
      text: 'This permission was already approved earlier; nothing more was sent.',
      differs: false,
    });
    assert.deepEqual(receiptWords(ENGLISH, replay('declined'), reject), {
      text: 'This permission was already rejected earlier; nothing more was sent.',
      differs: false,
    });
  });

  it('the receipt wins over the button even when it is not a replay', () => {
    assert.deepEqual(receiptWords(ENGLISH, fresh('declined'), approve), { text: 'Rejected.', differs: true });
    assert.deepEqual(receiptWords(ENGLISH, fresh('resolved'), reject), { text: 'Approved once.', differs: true });
  });

  it('an answer: done, declined, or a replay of an earlier answer that this one did not replace', () => {
    assert.deepEqual(receiptWords(ENGLISH, fresh('resolved'), 'answer'), { text: 'Answered.', differs: false });
    assert.deepEqual(receiptWords(ENGLISH, fresh('declined'), 'answer'), { text: 'Rejected.', differs: false });
    const again = receiptWords(ENGLISH, replay('resolved'), 'answer');
    assert.equal(again.text, 'This question was already answered earlier; this answer was not applied.');
    assert.equal(again.differs, true);
  });
});
