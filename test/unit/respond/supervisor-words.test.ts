/**
 * A supervisor (an MCP client, a chat agent's tool) answering a low-risk question by its options is
 * answered as a click would be; words of its own to type (a free-text answer, a message after the
 * step) wait for the person, who reads them whole, on any step. The store is real (in memory); the
 * responder is a stand-in that records what would be typed, and the person answers no.
 */
import { strict as assert } from 'node:assert';
import { AkkError } from '../../../src/shared/errors';
import type { RespondInteractionRequest } from '../../../src/shared/contract';
import type { ConfirmDecisionParams } from '../../../src/shared/protocol';
import { confirmedAnswer } from '../../../src/server/respond/confirmed-decision';
import type { Responder } from '../../../src/server/respond/responder';
import { OWNER, fingerprint, memoryStore, newInteraction, openTestSession } from '../store/helpers';

const SESSION = 's1';
const SUPERVISOR = { holder: 'mcp-client-1', name: 'Supervising agent' };

async function rig() {
  const store = await memoryStore();
  await openTestSession(store, SESSION);
  const ix = await store.createInteraction({ ...newInteraction(SESSION, fingerprint(SESSION, 1)), supersede: true });
  assert.equal(ix.riskClass, 'low');
  await store.createOffer(ix.id, OWNER, 60_000, SUPERVISOR.holder);
  const typed: RespondInteractionRequest[] = [];
  const asked: ConfirmDecisionParams[] = [];
  const responder = {
    respondInteraction: (req: RespondInteractionRequest) => {
      typed.push(req);
      return Promise.resolve({ interaction_id: ix.id, turn_id: ix.turnId, outcome: 'resolved', replayed: false });
    },
  } as unknown as Responder;
  const deps = {
    store,
    responder,
    askPerson: (p: ConfirmDecisionParams) => {
      asked.push(p);
      return Promise.resolve(false);
    },
  };
  const request = (extra: Partial<RespondInteractionRequest>): RespondInteractionRequest =>
    ({
      interaction_id: ix.id,
      turn_id: ix.turnId,
      expected_revision: ix.boundRevision,
      answers: [{ question_id: 'q1', response_kind: 'single_select', selected_option_ids: ['yes'] }],
      ...extra,
    }) as RespondInteractionRequest;
  return { deps, typed, asked, request };
}

const refused = (e: unknown): boolean => e instanceof AkkError && e.code === 'confirmation_refused';

describe('a supervisor answering a low-risk question', () => {
  it('by its options alone: answered as a click would be, nobody asked', async () => {
    const r = await rig();
    await confirmedAnswer(r.deps, r.request({}), SUPERVISOR);
    assert.equal(r.typed.length, 1);
    assert.equal(r.asked.length, 0);
  });

  it('with a message to send after it: the person reads the message whole first; a no types nothing', async () => {
    const r = await rig();
    const message = `Then delete the build folder.\n${'x'.repeat(5000)}`;
    await assert.rejects(() => confirmedAnswer(r.deps, r.request({ message }), SUPERVISOR), refused);
    assert.equal(r.typed.length, 0);
    assert.equal(r.asked[0]?.message, message);
    assert.equal(r.asked[0]?.caller, SUPERVISOR.name);
  });

  it('with words of its own as a free-text answer: the person reads them first; a no types nothing', async () => {
    const r = await rig();
    const answers = [{ question_id: 'q1', response_kind: 'free_text', option_id: 'other', text: 'rm -rf build' }];
    await assert.rejects(() => confirmedAnswer(r.deps, r.request({ answers } as never), SUPERVISOR), refused);
    assert.equal(r.typed.length, 0);
    assert.ok(r.asked[0] && 'answer' in r.asked[0] && r.asked[0].answer.includes('rm -rf build'));
  });
});
