/**
 * A qualification made on the person's machine grants a version its generation's profile, gated
 * by what that qualification captured. Held on the newest release of each agent with its shipped
 * record withheld (as on the day it lands): with a grant of its own generation, shapes and
 * renderings (from the repository's record of that release), every screen passes its answer key's
 * checks as it does shipped; without one it is only read to tell; a grant naming no generation of
 * the adapter grants nothing, and a grant without a gated shape leaves that shape manual.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import type { LocalGrant } from '../../../src/adapters/agent-adapter';
import { answerKeys } from '../../../src/qualify/answer-key';
import { runChecks } from '../../../src/qualify/answer-key/checks';
import { plannedInput } from '../../../src/qualify/answer-key/plans';
import { inStandardRendering, loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { readRecord, recordPath } from '../../../src/qualify/runner/records';
import { AGENTS, NEWEST } from '../../../src/qualify/versions';
import { adapterOf } from '../../../src/adapters/registry';
import { HARNESS_AGENTS } from '../../../src/qualify/agents';

for (const agent of AGENTS) {
  const version = NEWEST[agent];
  const record = readRecord(recordPath(agent, version));
  const grant: LocalGrant = {
    generation: record.generation ?? '',
    // The newest release's record captured every gated shape (the generated shape tables say so).
    shapes: adapterOf(agent)?.gatedShapes() ?? [],
    renderings: (record.renderings ?? []).filter((r) => r.result === 'qualified').map((r) => r.rendering),
  };
  const withheld = { withholdShipped: true } as const;
  const keys = answerKeys(
    loadCorpus().filter((f) => f.agent === agent && f.version === version && inStandardRendering(f)),
  );

  describe(`${agent} ${version} withheld, then granted on this machine`, () => {
    it('withheld, no screen of it gets input', () => {
      for (const k of keys) {
        const r = recognize(agent, version, k.fixture.screen, withheld);
        assert.deepEqual(plannedInput(agent, r), [], k.fixture.id);
      }
    });

    it(`granted its generation (${grant.generation}), every screen passes its answer key's checks`, () => {
      const results = runChecks(keys, (k) =>
        recognize(agent, version, k.fixture.screen, { ...withheld, local: grant }),
      );
      const failed = results.filter((r) => r.status === 'failed');
      assert.deepEqual(failed.slice(0, 3), []);
      assert.ok(results.filter((r) => r.status === 'passed').length > keys.length);
    });

    it('a grant naming no generation of the adapter grants nothing', () => {
      const none = { ...withheld, local: { ...grant, generation: '0.0.1' } };
      for (const k of keys)
        assert.deepEqual(plannedInput(agent, recognize(agent, version, k.fixture.screen, none)), []);
    });

    it('a grant of the corpus’s rendering alone leaves what is read by another’s styles to the terminal', function () {
      this.timeout(120_000);
      // A run that captured the corpus's own condition only grants no other.
      const bare = { ...withheld, local: { ...grant, renderings: [] } };
      const full = { ...withheld, local: grant };
      const drawn = answerKeys(
        loadCorpus().filter((f) => f.agent === agent && f.version === version && !inStandardRendering(f)),
      );
      const granted = runChecks(drawn, (k) => recognize(agent, version, k.fixture.screen, full));
      assert.deepEqual(granted.filter((r) => r.status === 'failed').slice(0, 3), []);
      let leftToTerminal = 0;
      for (const k of drawn) {
        const withIt = plannedInput(agent, recognize(agent, version, k.fixture.screen, full));
        const without = plannedInput(agent, recognize(agent, version, k.fixture.screen, bare));
        // Nothing is answered without the condition that is not answered, the same, with it.
        if (without.length > 0) assert.deepEqual(without, withIt, k.fixture.id);
        else if (withIt.length > 0) leftToTerminal += 1;
      }
      // A client that tells a wrapped option's description from its label by style leaves those steps
      // to the terminal without the condition; one that proves every step from its text, none.
      if (HARNESS_AGENTS[agent].readsStyles)
        assert.ok(leftToTerminal > 0, `none of ${drawn.length} screens is read by its condition's styles`);
      else assert.equal(leftToTerminal, 0, `${leftToTerminal} screens were read by their condition's styles`);
    });

    if (grant.shapes.length === 0) {
      it('has no gated shape: no screen of it names one', () => {
        for (const k of keys) {
          const r = recognize(agent, version, k.fixture.screen, { ...withheld, local: grant });
          assert.equal('shape' in r ? r.shape : undefined, undefined, k.fixture.id);
        }
      });
      return;
    }

    it('a grant without the gated shapes leaves those shapes to the terminal', () => {
      const bare = { ...withheld, local: { ...grant, shapes: [] } };
      let gatedSeen = 0;
      for (const k of keys) {
        const full = recognize(agent, version, k.fixture.screen, { ...withheld, local: grant });
        if (!('shape' in full) || full.shape === undefined) continue;
        gatedSeen += 1;
        const r = recognize(agent, version, k.fixture.screen, bare);
        assert.equal(r.kind, 'manual_required', k.fixture.id);
        assert.deepEqual(plannedInput(agent, r), []);
      }
      assert.ok(gatedSeen > 0, 'no gated shape on any screen');
    });
  });
}
