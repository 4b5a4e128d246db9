/**
 * A release no record qualifies is read only to tell the person whether its agent waits, and what
 * it asks: the nearest qualified version's profile reads the screen, and the result can never be
 * answered. Every screen of each agent's newest release is recognised as if it came from the next,
 * unqualified release (the version string is the only thing changed), and held to its answer key:
 * idle and working stay activity; a question or a permission is manual, naming the version, what it
 * asks and what to do; no screen yields a step, a plan, or a list to scroll.
 */
import { strict as assert } from 'node:assert';
import { recognize, unqualifiedVersionNote } from '../../../src/adapters/recognize';
import { AGENT_DESCRIPTORS } from '../../../src/shared/agents';
import { answerKeys } from '../../../src/qualify/answer-key';
import { inStandardRendering, loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { AGENTS, NEWEST } from '../../../src/qualify/versions';

/** The release after the newest: one patch number on, which no record names. */
const nextRelease = (v: string): string => v.replace(/\d+$/, (n) => String(Number(n) + 1));

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

for (const agent of AGENTS) {
  const newest = NEWEST[agent];
  const unqualified = nextRelease(newest);
  const name = AGENT_DESCRIPTORS[agent].displayName;
  const keys = answerKeys(
    loadCorpus().filter((f) => f.agent === agent && f.version === newest && inStandardRendering(f)),
  );

  describe(`${name} ${unqualified} (never qualified) read with ${newest}'s profile, only to tell`, () => {
    const note = unqualifiedVersionNote(agent, unqualified) ?? '';

    it('is not qualified, and its note names the nearest qualified version', () => {
      assert.ok(note.includes(`${unqualified} is not a qualified version`), note);
      assert.ok(note.includes(`nearest qualified: ${newest}`), note);
    });

    it(`has screens to read (${keys.length})`, () => assert.ok(keys.length > 20));

    for (const k of keys) {
      it(`${k.fixture.id}: ${k.expected.kind}`, () => {
        const r = recognize(agent, unqualified, k.fixture.screen);
        assert.ok(r.kind === 'activity' || r.kind === 'manual_required', `answerable: ${r.kind}`);
        assert.ok(!('plan' in r) && !('window' in r), 'a reading that could lead to a key');
        const e = k.expected;
        if (e.kind === 'activity') {
          assert.deepEqual(r, { kind: 'activity', state: e.state });
          return;
        }
        assert.equal(r.kind, 'manual_required');
        const reason = r.kind === 'manual_required' ? r.reason : '';
        assert.ok(reason.includes(note), reason);
        if (e.kind === 'questionnaire' || e.kind === 'permission') {
          assert.ok(reason.startsWith('It asks: '), reason);
          const asked = e.kind === 'permission' ? e.title : (e.prompt ?? e.header);
          if (asked !== undefined) assert.ok(reason.includes(collapse(asked).slice(0, 40)), `${asked} | ${reason}`);
        }
      });
    }
  });
}
