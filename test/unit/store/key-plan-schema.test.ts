/**
 * The key plan read back from disk: a multi-select plan that finishes from the cursor's row is kept
 * whole, and one whose steps are not steps is refused (the row is then `store_corrupt`).
 */
import { strict as assert } from 'node:assert';
import { keyPlanSchema } from '../../../src/server/store/stored-shapes';

const enter = { action: { keys: ['Enter'] }, expect: { kind: 'prompt_changed' } };

function plan(from: unknown): unknown {
  return {
    kind: 'questionnaire',
    responseKind: 'multi_select',
    question: { choose: {}, toggle: { o1: { keys: ['1'] } }, advanceFrom: { at: 'o1', from } },
  };
}

describe('the stored key plan of a multi-select finished from the cursor’s row', () => {
  it('reads back whole', () => {
    const p = plan({ o1: [{ action: { keys: ['Up'] }, expect: { kind: 'cursor_on', optionKey: 'done' } }, enter] });
    assert.deepEqual(keyPlanSchema.parse(p), p);
  });

  it('is refused when a step is not a step, or a row has no steps', () => {
    for (const from of [
      { o1: [{ action: 'Enter' }] },
      { o1: enter },
      { o1: [{ ...enter, expect: { kind: 'typed' } }] },
    ])
      assert.equal(keyPlanSchema.safeParse(plan(from)).success, false, JSON.stringify(from));
  });
});
