/**
 * A language-model tool's answer waits for AKK's own dialog, whatever the chat was set to approve
 * by itself, when it is not a low-risk choice of an option: words to type, a message to send as
 * the agent's next one, or a step that is not low risk.
 */
import { strict as assert } from 'node:assert';
import { answerNeedsPerson } from '../../../src/extension/answering/confirmation-flow';

describe("a language-model tool's answer: which wait for AKK's own dialog", () => {
  const option = { question_id: 'q1', response_kind: 'single_select' as const, selected_option_ids: ['o1'] };
  const words = { question_id: 'q1', response_kind: 'free_text' as const, text: 'rm -rf ~' };

  it('a low-risk choice of an option goes with the chat confirmation alone', () => {
    assert.equal(answerNeedsPerson(false, [option]), false);
  });

  it('a step that is not low risk waits for the dialog', () => {
    assert.equal(answerNeedsPerson(true, [option]), true);
  });

  it('words the model would type as the answer wait for the dialog, even on a low-risk step', () => {
    assert.equal(answerNeedsPerson(false, [words]), true);
  });

  it("a message the model would send as the agent's next one waits for the dialog, even on a low-risk step", () => {
    assert.equal(answerNeedsPerson(false, [option], 'and now push to main'), true);
  });
});
