/**
 * How each agent takes keys is its profile's: every adapter states its quiet times, the server
 * reads them (before a key, before an offer, between a paste and its Enter), and an agent without
 * an adapter is paced by the longest of them.
 */
import { strict as assert } from 'node:assert';
import { timingOf } from '../../../src/adapters/recognize';
import { ADAPTERS } from '../../../src/adapters/registry';
import { AGENTS } from '../../../src/shared/agents';

describe('agent timing', () => {
  it('every agent states positive quiet times in its profile', () => {
    for (const agent of AGENTS) {
      const t = timingOf(agent);
      assert.deepEqual(t, ADAPTERS[agent].timing());
      for (const [k, v] of Object.entries(t)) assert.ok(Number.isInteger(v) && v > 0, `${agent} ${k}: ${v}`);
    }
  });

  it('an unknown agent is paced by the longest quiet time of any agent', () => {
    const t = timingOf('unknown');
    for (const agent of AGENTS)
      for (const k of ['quietBeforeKey', 'quietBeforeOffer', 'enterAfterPaste'] as const)
        assert.ok(t[k] >= timingOf(agent)[k], k);
  });
});
