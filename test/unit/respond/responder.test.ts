/**
 * The responder on its own: the fenced dispatch of one answer, with a real memory store, the real
 * tracker and locks, and a stand-in terminal that shows the real captures of Claude Code's
 * scenario in order (the permission; after its key, the screen the client drew next). What is
 * expected comes from the capture's own record: the keys the harness pressed at that step.
 */
import { strict as assert } from 'node:assert';
import type { InteractionTracker } from '../../../src/server/observe/interaction-tracker';
import { Responder } from '../../../src/server/respond/responder';
import type { Session } from '../../../src/server/sessions';
import { WORKSPACE_OWNER, type Store } from '../../../src/server/store';
import {
  CALLER,
  codeOf,
  depsOver,
  screen,
  sessionOn,
  storeAndTracker,
  Terminal,
} from '../../support/stand-in-terminal';

describe('the responder: one answer through the fenced dispatch', function () {
  this.timeout(20_000);
  let store: Store;
  let tracker: InteractionTracker;
  beforeEach(async () => ({ store, tracker } = await storeAndTracker()));
  afterEach(() => store.close());

  /** The responder over `session`, its permission on screen stored and offered to the caller. */
  async function offered(session: Session) {
    const deps = depsOver(session, store, tracker);
    const seen = await tracker.observe(session, await session.nextSettled(1000));
    const ix = seen.interaction;
    assert.ok(ix && ix.kind === 'permission', JSON.stringify(seen.recognition));
    await store.createOffer(ix.id, WORKSPACE_OWNER, 60_000, CALLER.holder);
    return { responder: new Responder(deps), ix };
  }

  it('approves once with exactly the keys the client was answered with, proven by the screen after', async () => {
    const asked = screen('32-permission-bash');
    const term = new Terminal('32-permission-bash', { [asked.next.join(' ')]: '33-after-answer' });
    const { responder, ix } = await offered(sessionOn(term));
    const receipt = await responder.approve(
      { interaction_id: ix.id, turn_id: ix.turnId, decision: 'approve_once' },
      CALLER,
    );
    assert.equal(receipt.outcome, 'resolved');
    assert.equal(receipt.replayed, false);
    assert.deepEqual(term.keys, asked.next);
    assert.equal(store.getInteraction(ix.id)?.status, 'resolved');
    const events = store.audit({ interactionId: ix.id }).map((e) => e.event);
    assert.deepEqual(
      events.filter((e) => ['reserved', 'input_sent', 'resolved'].includes(e)),
      ['reserved', 'input_sent', 'resolved'],
    );
    // The same decision again is answered from the receipt: nothing more is typed.
    const again = await responder.approve(
      { interaction_id: ix.id, turn_id: ix.turnId, decision: 'approve_once' },
      CALLER,
    );
    assert.equal(again.replayed, true);
    assert.deepEqual(term.keys, asked.next);
  });

  it('a prompt that changed before the answer: stale_revision, and not one key', async () => {
    const term = new Terminal('32-permission-bash');
    const { responder, ix } = await offered(sessionOn(term));
    term.show('42-permission-write');
    await assert.rejects(
      responder.approve({ interaction_id: ix.id, turn_id: ix.turnId, decision: 'approve_once' }, CALLER),
      (e: unknown) => codeOf(e) === 'stale_revision',
    );
    assert.deepEqual(term.keys, []);
    assert.notEqual(store.getInteraction(ix.id)?.status, 'resolved');
  });

  it('a key whose effect never shows: response_uncertain after that one key, never retried', async () => {
    // The client swallows the key: the permission stays drawn as it was.
    const term = new Terminal('32-permission-bash');
    const session = sessionOn(term);
    const { responder, ix } = await offered(session);
    await assert.rejects(
      responder.approve({ interaction_id: ix.id, turn_id: ix.turnId, decision: 'approve_once' }, CALLER),
      (e: unknown) => codeOf(e) === 'response_uncertain',
    );
    assert.deepEqual(term.keys, screen('32-permission-bash').next);
    assert.deepEqual(session.uncertainSet, [true]);
    assert.equal(store.getAuthority(ix.id)?.uncertain, true);
    // Asked again, it types nothing: the step may already have been answered.
    await assert.rejects(
      responder.approve({ interaction_id: ix.id, turn_id: ix.turnId, decision: 'approve_once' }, CALLER),
      (e: unknown) => ['response_uncertain', 'resolving', 'invalidated'].includes(codeOf(e) ?? ''),
    );
    assert.deepEqual(term.keys, screen('32-permission-bash').next);
  });

  it('a caller without the offer is refused before anything is reserved or typed', async () => {
    const term = new Terminal('32-permission-bash');
    const { responder, ix } = await offered(sessionOn(term));
    await assert.rejects(
      responder.approve(
        { interaction_id: ix.id, turn_id: ix.turnId, decision: 'approve_once' },
        { holder: 'someone-else', echoesRevision: false },
      ),
      (e: unknown) => ['offer_required', 'offer_expired', 'foreign_owner'].includes(codeOf(e) ?? ''),
    );
    assert.deepEqual(term.keys, []);
    assert.equal(store.getInteraction(ix.id)?.status, 'active');
  });
});
