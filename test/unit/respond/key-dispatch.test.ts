/**
 * The key dispatch on its own (steps 3 and 6 of the fenced pipeline, design 000): the recapture
 * that proves the stored prompt before anything is reserved, and the keys after the reservation,
 * each going only to the screen last proven and proven by the screen after it. A real memory store
 * and the real tracker; a stand-in terminal showing Claude Code's captured screens. What is
 * expected comes from the capture's record: the keys the harness pressed at that step.
 */
import { strict as assert } from 'node:assert';
import type { InteractionTracker } from '../../../src/server/observe/interaction-tracker';
import { KeyDispatch, type Authority, type Reserved } from '../../../src/server/respond/key-dispatch';
import { answersForStore } from '../../../src/server/respond/request-checks';
import type { Session } from '../../../src/server/sessions';
import { resolveDecision } from '../../../src/server/step/answer-plan';
import { WORKSPACE_OWNER, type Interaction, type Store } from '../../../src/server/store';
import { AkkError } from '../../../src/shared/errors';
import {
  CALLER,
  codeOf,
  depsOver,
  screen,
  sessionOn,
  storeAndTracker,
  Terminal,
} from '../../support/stand-in-terminal';

const ASKED = '32-permission-bash';
const AFTER = '33-after-answer';
const OTHER = '42-permission-write';

describe('the key dispatch: the prompt proven before a reservation, each key proven after it', function () {
  this.timeout(20_000);
  let store: Store;
  let tracker: InteractionTracker;
  beforeEach(async () => ({ store, tracker } = await storeAndTracker()));
  afterEach(() => store.close());

  /** The permission on `term` stored, with its authority and a dispatch over its session. */
  async function stored(term: Terminal, options: Parameters<typeof depsOver>[3] = {}) {
    const session = sessionOn(term);
    const seen = await tracker.observe(session, await session.nextSettled(1000));
    const ix = seen.interaction;
    assert.ok(ix && ix.kind === 'permission', JSON.stringify(seen.recognition));
    const record = store.getAuthority(ix.id);
    assert.ok(record && record.keyPlan !== null);
    const authority: Authority = { ...record, keyPlan: record.keyPlan };
    return { session, ix, authority, keys: new KeyDispatch(depsOver(session, store, tracker, options)) };
  }

  /** Approve once, reserved on disk as the responder reserves it. */
  async function reserved(ix: Interaction, session: Session, authority: Authority): Promise<Reserved> {
    const option = ix.options.find((o) => o.action.semanticId === 'approve_once');
    assert.ok(option);
    const resolved = {
      steps: resolveDecision('approve_once', authority.keyPlan),
      optionIds: [option.optionId],
      digestParts: [option.optionId],
      declines: false,
    };
    await store.createOffer(ix.id, WORKSPACE_OWNER, 60_000, CALLER.holder);
    const r = await store.reserve({
      interactionId: ix.id,
      owner: WORKSPACE_OWNER,
      holder: CALLER.holder,
      expectedRevision: ix.boundRevision,
      answers: answersForStore(ix, resolved, undefined),
    });
    assert.equal(r.kind, 'reserved');
    return { ix, session, authority, resolved, reservationId: r.kind === 'reserved' ? r.reservation.id : '' };
  }

  const events = (ix: Interaction): string[] => store.audit({ interactionId: ix.id }).map((e) => e.event);

  it('proves the stored prompt on a fresh capture of the same screen', async () => {
    const term = new Terminal(ASKED);
    const { session, authority, keys } = await stored(term);
    const proven = await keys.recaptureSamePrompt(session, authority);
    assert.equal(proven.outputSeq, term.outputSeq);
    assert.deepEqual(term.keys, []);
  });

  for (const [what, change] of [
    ['another prompt drawn', (t: Terminal) => t.show(OTHER)],
    ['the terminal resized (another binding generation)', (t: Terminal) => void (t.generation = 2)],
    ['a capture that cannot be proven', (t: Terminal) => void (t.unproven = 'the mirror lost output')],
  ] as const) {
    it(`refuses to prove it with ${what}: stale_revision, and not one key`, async () => {
      const term = new Terminal(ASKED);
      const { session, authority, keys } = await stored(term);
      change(term);
      await assert.rejects(keys.recaptureSamePrompt(session, authority), (e) => codeOf(e) === 'stale_revision');
      assert.deepEqual(term.keys, []);
    });
  }

  it('types the plan key by key, marks input sent before proving it, and proves each on the screen after', async () => {
    const asked = screen(ASKED);
    const term = new Terminal(ASKED, { [asked.next.join(' ')]: AFTER });
    const { session, ix, authority, keys } = await stored(term);
    const proven = await keys.recaptureSamePrompt(session, authority);
    const r = await reserved(ix, session, authority);
    await keys.dispatch(r, proven, undefined);
    assert.deepEqual(term.keys, asked.next);
    assert.ok(events(ix).includes('input_sent'), events(ix).join(', '));
  });

  it('a screen drawn between the proof and the key: nothing typed, released, not uncertain', async () => {
    const term = new Terminal(ASKED);
    const { session, ix, authority, keys } = await stored(term);
    const proven = await keys.recaptureSamePrompt(session, authority);
    const r = await reserved(ix, session, authority);
    term.show(OTHER);
    await assert.rejects(keys.dispatch(r, proven, undefined), (e) => codeOf(e) === 'stale_revision');
    assert.deepEqual(term.keys, []);
    assert.ok(!events(ix).includes('input_sent'), events(ix).join(', '));
    assert.equal(store.getAuthority(ix.id)?.uncertain, false);
  });

  it('a write refused before any byte left: released, not uncertain', async () => {
    const term = new Terminal(ASKED);
    const { session, ix, authority, keys } = await stored(term);
    const proven = await keys.recaptureSamePrompt(session, authority);
    const r = await reserved(ix, session, authority);
    const refused = new AkkError('endpoint_unavailable', 'the pane is gone', { input_delivered: false });
    const endpoint = session.endpoint;
    assert.ok(endpoint);
    endpoint.sendKeys = () => Promise.reject(refused);
    await assert.rejects(keys.dispatch(r, proven, undefined), (e) => codeOf(e) === 'endpoint_unavailable');
    assert.ok(!events(ix).includes('input_sent'), events(ix).join(', '));
    assert.equal(store.getAuthority(ix.id)?.uncertain, false);
    assert.deepEqual(session.uncertainSet, []);
    assert.equal(store.getInteraction(ix.id)?.status, 'active');
  });

  it('a write that failed after its bytes were delivered: response_uncertain, never retried', async () => {
    const term = new Terminal(ASKED);
    const { session, ix, authority, keys } = await stored(term, { failAfterInput: true });
    const proven = await keys.recaptureSamePrompt(session, authority);
    const r = await reserved(ix, session, authority);
    await assert.rejects(keys.dispatch(r, proven, undefined), (e) => codeOf(e) === 'response_uncertain');
    assert.deepEqual(term.keys, screen(ASKED).next.slice(0, 1));
    assert.equal(store.getAuthority(ix.id)?.uncertain, true);
    assert.deepEqual(session.uncertainSet, [true]);
  });

  it('an agent that exited before the key: nothing typed, agent_exited', async () => {
    const term = new Terminal(ASKED);
    const { session, ix, authority, keys } = await stored(term);
    const proven = await keys.recaptureSamePrompt(session, authority);
    const r = await reserved(ix, session, authority);
    (session as { state: string }).state = 'exited';
    await assert.rejects(keys.dispatch(r, proven, undefined), (e) => codeOf(e) === 'agent_exited');
    assert.deepEqual(term.keys, []);
    assert.equal(store.getAuthority(ix.id)?.uncertain, false);
  });
});
