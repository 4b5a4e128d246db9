/** The interaction lifecycle, one rule at a time: every typed rejection, slot, revision, fence. */
import { strict as assert } from 'node:assert';
import initSqlJs from 'sql.js';
import { INTERACTION_STATUSES, TERMINAL_STATUSES, TRANSITIONS, type Store } from '../../../src/server/store';
import { canonicalJson, sha256 } from '../../../src/server/store/canonical';
import type { TerminalInteraction } from '../../../src/shared/contract';
import {
  Clock,
  OTHER_OWNER,
  OWNER,
  checkInvariants,
  diskStore,
  fingerprint,
  memoryStore,
  newInteraction,
  openTestSession,
  questionnairePayload,
  rejects,
  removeDir,
  tempDir,
} from './helpers';

const S = 's1';

async function ready(store: Store, id: string): Promise<void> {
  await store.createOffer(id, OWNER, 60_000);
}

function yes(id: string, revision = 1) {
  return {
    interactionId: id,
    owner: OWNER,
    expectedRevision: revision,
    answers: [{ questionId: 'q1', optionId: 'yes' }],
  };
}

describe('store: status machine table', () => {
  it('has exactly the eight statuses and terminal ones have no way out', () => {
    assert.deepEqual([...INTERACTION_STATUSES].sort(), [
      'active',
      'declined',
      'dismissed',
      'expired',
      'failed',
      'invalidated',
      'resolved',
      'resolving',
    ]);
    for (const t of TERMINAL_STATUSES) assert.deepEqual(TRANSITIONS[t], []);
    assert.deepEqual([...TRANSITIONS.resolving].sort(), ['active', 'declined', 'failed', 'resolved']);
    // Declined only through a proven native reject; nothing sets an expiry, so no edge leads there.
    assert.deepEqual([...TRANSITIONS.active].sort(), ['dismissed', 'invalidated', 'resolving']);
  });
});

describe('store: interaction lifecycle', () => {
  let clock: Clock;
  let store: Store;
  beforeEach(async () => {
    clock = new Clock();
    store = await memoryStore(clock);
    await openTestSession(store, S);
  });
  afterEach(async () => {
    checkInvariants(store, new Map());
    await store.close();
  });

  it('creates with an opaque id, canonical payload hash, bound revision and no authority in public', async () => {
    const a = await store.createInteraction(newInteraction(S, fingerprint(S, 1), { blocking: false }));
    const reordered = Object.fromEntries(
      Object.entries(questionnairePayload(`${S}-turn`)).reverse(),
    ) as TerminalInteraction;
    const b = await store.createInteraction({
      ...newInteraction(S, fingerprint(S, 1), { blocking: false }),
      kind: 'questionnaire',
      payload: reordered,
    });
    assert.match(a.id, /^ix_[A-Za-z0-9_-]{22}$/);
    assert.notEqual(a.id, b.id);
    assert.equal(a.payloadHash, b.payloadHash, 'hash is over the canonical encoding');
    assert.equal(
      a.payloadHash,
      sha256(canonicalJson(questionnairePayload(`${S}-turn`))),
      'the title is outside the hash',
    );
    assert.equal(a.title, 'Proceed?');
    assert.deepEqual(store.getInteraction(a.id)?.payload, questionnairePayload(`${S}-turn`));
    assert.equal(a.status, 'active');
    assert.equal(a.boundRevision, 1);
    assert.deepEqual(a.textPolicy, { mode: 'never' });
    assert.equal(JSON.stringify(a).includes('keyPlan'), false);
    assert.equal(store.getAuthority(a.id)?.promptFingerprint, fingerprint(S, 1));
    assert.equal(store.counters().created, 2);
  });

  it('reserves durably once, then resolves with a receipt that a duplicate response returns', async () => {
    const ix = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
    await ready(store, ix.id);
    const r = await store.reserve(yes(ix.id));
    assert.equal(r.kind, 'reserved');
    if (r.kind !== 'reserved') return;
    assert.equal(store.getInteraction(ix.id)?.status, 'resolving');
    await store.markInputSent(ix.id, r.reservation.id);
    const receipt = await store.markResolved(ix.id, r.reservation.id, 'prompt closed');
    assert.equal(receipt.status, 'resolved');
    const again = await store.reserve({ ...yes(ix.id), answers: [{ questionId: 'q1', optionId: 'no' }] });
    assert.deepEqual(again, { kind: 'receipt', receipt });
    assert.equal(store.counters().receipt_replayed, 1);
    const ledger = store.audit({ interactionId: ix.id }).map((e) => e.event);
    assert.deepEqual(ledger, ['created', 'offered', 'reserved', 'input_sent', 'resolved', 'receipt_replayed']);
  });

  it('a proven decline lands on declined', async () => {
    const ix = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
    await ready(store, ix.id);
    const r = await store.reserve({ ...yes(ix.id), answers: [{ questionId: 'q1', optionId: 'no' }] });
    assert.ok(r.kind === 'reserved');
    const receipt = await store.markResolved(ix.id, r.reservation.id, 'rejected natively');
    assert.equal(receipt.status, 'declined');
    assert.equal(store.getInteraction(ix.id)?.status, 'declined');
  });

  it('rejects every invalid response with its own counted code', async () => {
    const ix = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
    await rejects(() => store.reserve(yes('ix_missing')), 'not_found');
    await rejects(() => store.reserve({ ...yes(ix.id), owner: OTHER_OWNER }), 'foreign_owner');
    await rejects(() => store.reserve(yes(ix.id)), 'offer_required');
    await rejects(() => store.createOffer(ix.id, OTHER_OWNER, 1000), 'foreign_owner');
    await store.createOffer(ix.id, OWNER, 1000);
    clock.advance(1000);
    await rejects(() => store.reserve(yes(ix.id)), 'offer_expired');
    await rejects(() => Promise.resolve(store.checkOffer(ix.id, OWNER)), 'offer_expired');
    await ready(store, ix.id);
    await rejects(
      () => store.reserve({ ...yes(ix.id), answers: [{ questionId: 'q9', optionId: 'yes' }] }),
      'question_not_stored',
    );
    await rejects(
      () => store.reserve({ ...yes(ix.id), answers: [{ questionId: 'q1', optionId: 'a' }] }),
      'option_not_stored',
    );
    await rejects(
      () => store.reserve({ ...yes(ix.id), answers: [{ questionId: 'q1', optionId: 'yes', text: 'hi' }] }),
      'freeform_not_allowed',
    );
    await rejects(
      () => store.reserve({ ...yes(ix.id), answers: [{ questionId: 'q1', optionId: 'other', text: 'x'.repeat(21) }] }),
      'text_too_long',
    );
    await rejects(() => store.reserve({ ...yes(ix.id), source: 'text' }), 'freeform_not_allowed');
    await rejects(() => store.reserve(yes(ix.id, 2)), 'stale_revision');
    const ok = await store.reserve({
      ...yes(ix.id),
      answers: [{ questionId: 'q1', optionId: 'other', text: '😀'.repeat(20) }],
    });
    assert.equal(ok.kind, 'reserved');
    await rejects(() => store.reserve(yes(ix.id)), 'resolving');
    const c = store.counters();
    for (const code of [
      'not_found',
      'foreign_owner',
      'offer_required',
      'offer_expired',
      'question_not_stored',
      'option_not_stored',
      'text_too_long',
      'stale_revision',
      'resolving',
    ]) {
      assert.ok((c[`rejected.${code}`] ?? 0) >= 1, `counted ${code}`);
    }
    assert.equal(c['rejected.freeform_not_allowed'], 2);
    assert.equal(c.stale, 1);
    const rejected = store.audit({ interactionId: ix.id }).filter((e) => e.event === 'rejected');
    assert.ok(rejected.length >= 10);
    assert.ok(rejected.every((e) => e.answerDigest === null));
  });

  it('manual-only steps, dismissal, invalidation and uncertain outcomes reject with their codes', async () => {
    const manual = await store.createInteraction(
      newInteraction(S, fingerprint(S, 1), { manual: true, blocking: false }),
    );
    await ready(store, manual.id);
    await rejects(() => store.reserve(yes(manual.id)), 'manual_required');
    assert.equal(store.counters().manual, 1);

    const gone = await store.createInteraction(newInteraction(S, fingerprint(S, 1), { blocking: false }));
    await ready(store, gone.id);
    await store.invalidate(gone.id, 'the agent exited');
    await rejects(() => store.reserve(yes(gone.id)), 'invalidated');
    assert.deepEqual(store.offers(gone.id), [], 'closing a step withdraws its offers');
    const left = await store.createInteraction(newInteraction(S, fingerprint(S, 1), { blocking: false, manual: true }));

    const risky = await store.createInteraction(newInteraction(S, fingerprint(S, 1), { blocking: false }));
    await ready(store, risky.id);
    const r = await store.reserve(yes(risky.id));
    assert.ok(r.kind === 'reserved');
    await store.markInputSent(risky.id, r.reservation.id);
    await store.markUncertain(risky.id, r.reservation.id);
    assert.equal(store.getAuthority(risky.id)?.uncertain, true);
    await rejects(() => store.reserve(yes(risky.id)), 'response_uncertain');
    assert.equal(store.counters().uncertain, 1);

    await store.dismiss(left.id, 'answered in the terminal');
    await rejects(() => store.reserve(yes(left.id)), 'invalidated');
    assert.equal(store.getInteraction(left.id)?.outcome?.reason, 'answered in the terminal');
  });

  it(
    'a dismissed prompt is fenced while it stays on screen; ' + "the next prompt lifts that fence, never an answer's",
    async () => {
      const ix = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
      await ready(store, ix.id);
      const dismissed = await store.dismiss(ix.id, 'answered in the terminal');
      assert.equal(dismissed.status, 'dismissed');
      assert.deepEqual(store.offers(ix.id), []);
      assert.equal(store.isFenced(S, fingerprint(S, 1)), true);
      assert.equal(store.dismissedPrompt(S, fingerprint(S, 1))?.id, ix.id);
      await rejects(() => store.createInteraction(newInteraction(S, fingerprint(S, 1))), 'stale_revision');
      await rejects(() => store.dismiss(ix.id, 'again'), 'illegal_transition');
      // The same exact prompt redrawn under a new binding generation is still the dismissed one.
      await store.invalidateRevision(S, { generation: 2, fingerprint: fingerprint(S, 1) });
      assert.equal(store.isFenced(S, fingerprint(S, 1)), true);
      // The screen moves on: the fence goes, and the same question asked again later is offered.
      await store.invalidateRevision(S, { generation: 2, fingerprint: fingerprint(S, 2) });
      assert.equal(store.isFenced(S, fingerprint(S, 1)), false);
      assert.equal(store.dismissedPrompt(S, fingerprint(S, 1)), undefined);
      await store.invalidateRevision(S, { generation: 2, fingerprint: fingerprint(S, 1) });
      const again = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
      await ready(store, again.id);
      const r = await store.reserve(yes(again.id, 4));
      assert.ok(r.kind === 'reserved');
      await rejects(() => store.dismiss(again.id, 'in flight'), 'illegal_transition');
      await store.markResolved(again.id, r.reservation.id, 'answered');
      assert.equal(store.dismissedPrompt(S, fingerprint(S, 1)), undefined, 'an answered prompt is not a dismissed one');
      await store.invalidateRevision(S, { generation: 2, fingerprint: fingerprint(S, 3) });
      assert.equal(store.isFenced(S, fingerprint(S, 1)), true, 'an answered prompt stays fenced');
      assert.deepEqual(
        store.audit({ interactionId: ix.id }).map((e) => e.event),
        ['created', 'offered', 'dismissed', 'rejected'],
      );
    },
  );

  it('holds one blocking slot per session, also while resolving; supersede invalidates the active one', async () => {
    const first = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
    await rejects(() => store.createInteraction(newInteraction(S, fingerprint(S, 1))), 'blocking_slot_taken');
    const info = await store.createInteraction(newInteraction(S, fingerprint(S, 1), { blocking: false }));
    assert.equal(info.status, 'active');
    const second = await store.createInteraction(newInteraction(S, fingerprint(S, 1), { supersede: true }));
    assert.equal(store.getInteraction(first.id)?.status, 'invalidated');
    await ready(store, second.id);
    const r = await store.reserve(yes(second.id));
    assert.ok(r.kind === 'reserved');
    // The answered prompt changes the screen; the in-flight interaction keeps the slot.
    await store.invalidateRevision(S, { generation: 1, fingerprint: fingerprint(S, 2) });
    assert.equal(store.getInteraction(second.id)?.status, 'resolving');
    await rejects(
      () => store.createInteraction(newInteraction(S, fingerprint(S, 2), { supersede: true })),
      'blocking_slot_taken',
    );
    await store.markResolved(second.id, r.reservation.id, 'done');
    assert.equal((await store.createInteraction(newInteraction(S, fingerprint(S, 2)))).status, 'active');
  });

  it('a consumed prompt fingerprint is fenced against a replayed interaction', async () => {
    const ix = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
    await ready(store, ix.id);
    const r = await store.reserve(yes(ix.id));
    assert.ok(r.kind === 'reserved');
    await store.markInputSent(ix.id, r.reservation.id);
    await store.markFailed(ix.id, r.reservation.id, { code: 'endpoint_unavailable', beforeInput: false });
    assert.equal(store.isFenced(S, fingerprint(S, 1)), true);
    await rejects(() => store.createInteraction(newInteraction(S, fingerprint(S, 1))), 'stale_revision');
  });

  it(
    'a proven step that only navigated lifts its fence, so the same prompt can be offered again; ' +
      'an answer keeps it',
    async () => {
      const nav = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
      await ready(store, nav.id);
      const r = await store.reserve(yes(nav.id));
      assert.ok(r.kind === 'reserved');
      await store.markInputSent(nav.id, r.reservation.id);
      await store.markResolved(nav.id, r.reservation.id, 'opened', { releaseFence: true });
      assert.equal(store.isFenced(S, fingerprint(S, 1)), false);
      const again = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
      assert.equal(again.status, 'active');
      await ready(store, again.id);
      const r2 = await store.reserve(yes(again.id));
      assert.ok(r2.kind === 'reserved');
      await store.markResolved(again.id, r2.reservation.id, 'answered');
      assert.equal(store.isFenced(S, fingerprint(S, 1)), true);
    },
  );

  it('the partial unique index refuses a second blocking row even without the code path', async () => {
    const dir = tempDir('index');
    try {
      const disk = await diskStore(dir, clock);
      await openTestSession(disk, S);
      const ix = await disk.createInteraction(newInteraction(S, fingerprint(S, 1)));
      await disk.compact();
      await disk.close();
      const SQL = await initSqlJs();
      const fs = await import('node:fs');
      const db = new SQL.Database(fs.readFileSync(`${dir}/akk-store.sqlite`));
      const copy = `INSERT INTO interactions
        SELECT 'ix_copy', owner, session_id, turn_id, kind, payload, payload_hash, status, blocking,
          bound_revision, revision_independent, text_policy, risk_class, created_at, resolved_at, outcome, title
        FROM interactions WHERE id = ?`;
      assert.throws(() => db.run(copy, [ix.id]), /UNIQUE constraint failed/);
      db.run(`UPDATE interactions SET status = 'resolving' WHERE id = ?`, [ix.id]);
      assert.throws(() => db.run(copy, [ix.id]), /UNIQUE constraint failed/);
      db.run(`UPDATE interactions SET status = 'resolved' WHERE id = ?`, [ix.id]);
      db.run(copy, [ix.id]);
      db.close();
    } finally {
      removeDir(dir);
    }
  });

  it(
    'a revision change invalidates bound interactions except revision-independent ones; ' +
      'generation changes take all',
    async () => {
      const bound = await store.createInteraction(newInteraction(S, fingerprint(S, 1), { blocking: false }));
      const independent = await store.createInteraction(
        newInteraction(S, fingerprint(S, 1), { blocking: false, revisionIndependent: true }),
      );
      const moved = await store.invalidateRevision(S, { generation: 1, fingerprint: fingerprint(S, 2) });
      assert.deepEqual(moved, { revision: 2, invalidated: [bound.id] });
      assert.equal(store.getInteraction(bound.id)?.outcome?.code, 'stale_revision');
      await rejects(() => store.reserve(yes(bound.id)), 'invalidated');
      await ready(store, independent.id);
      await rejects(() => store.reserve(yes(independent.id, 2)), 'stale_revision');
      const fresh = await store.createInteraction(newInteraction(S, fingerprint(S, 2), { blocking: false }));
      assert.equal(fresh.boundRevision, 2);
      const again = await store.invalidateRevision(S, { generation: 2, fingerprint: fingerprint(S, 2) });
      assert.deepEqual(again.invalidated.sort(), [fresh.id, independent.id].sort());
      assert.deepEqual(await store.invalidateRevision(S, { generation: 2, fingerprint: fingerprint(S, 2) }), {
        revision: 3,
        invalidated: [],
      });
    },
  );

  it('a failure before input returns to active and unfences the prompt; after input it is failed', async () => {
    const ix = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
    await ready(store, ix.id);
    const r1 = await store.reserve(yes(ix.id));
    assert.ok(r1.kind === 'reserved');
    assert.equal(store.isFenced(S, fingerprint(S, 1)), true);
    await store.markFailed(ix.id, r1.reservation.id, { code: 'manual_required', beforeInput: true });
    assert.equal(store.getInteraction(ix.id)?.status, 'active');
    assert.equal(store.isFenced(S, fingerprint(S, 1)), false);
    await rejects(() => store.reserve(yes(ix.id)), 'offer_required');
    await ready(store, ix.id);
    const r2 = await store.reserve(yes(ix.id));
    assert.ok(r2.kind === 'reserved');
    await rejects(() => store.markResolved(ix.id, r1.reservation.id, 'x'), 'illegal_transition');
    await store.markInputSent(ix.id, r2.reservation.id);
    await store.markFailed(ix.id, r2.reservation.id, { code: 'endpoint_unavailable', beforeInput: true });
    assert.equal(store.getInteraction(ix.id)?.status, 'failed', 'input was recorded as sent');
    await rejects(() => store.reserve(yes(ix.id)), 'invalidated');
    await rejects(() => store.dismiss(ix.id, 'x'), 'illegal_transition');
  });

  it('closing a session invalidates its active interactions; unknown sessions are refused', async () => {
    const ix = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
    await rejects(() => store.createInteraction(newInteraction('nope', 'fp')), 'unknown_session');
    await rejects(
      () => store.createInteraction(newInteraction(S, fingerprint(S, 1), { owner: OTHER_OWNER })),
      'foreign_owner',
    );
    assert.deepEqual(await store.closeSession(S), [ix.id]);
    await rejects(() => store.createInteraction(newInteraction(S, fingerprint(S, 1))), 'unknown_session');
  });

  it('keeps the outbox until delivery and the attached sessions until removed', async () => {
    const a = await store.enqueueNotification('interactionUpdated', {
      session_id: S,
      interaction_id: 'ix_1',
      status: 'dismissed',
      outcome: null,
    });
    const b = await store.enqueueNotification('sessionsChanged', { sessions: [] });
    assert.ok(b.id > a.id);
    assert.equal(a.method, 'akk/interactionUpdated');
    await store.markDelivered([a.id]);
    assert.deepEqual(
      store.pendingNotifications().map((n) => [n.id, n.method, n.params]),
      [[b.id, 'akk/sessionsChanged', { sessions: [] }]],
    );
    const pane = (id: string) => ({
      kind: 'tmux' as const,
      socket: 'akk',
      target: id,
      pane_id: id,
      identity: { panePid: 7, paneStartTime: 9 },
    });
    await store.saveAttachedSession({ sessionId: S, endpoint: pane('%1'), agent: 'claude', version: '2.1.263' });
    await store.saveAttachedSession({
      sessionId: S,
      endpoint: pane('%2'),
      generation: 3,
      agent: 'claude',
      version: '2.1.266',
    });
    assert.deepEqual(
      store.listAttachedSessions().map((s) => [s.endpoint, s.generation, s.version]),
      [[pane('%2'), 3, '2.1.266']],
    );
    assert.equal(await store.removeAttachedSession(S), true);
    assert.deepEqual(store.listAttachedSessions(), []);
  });

  it('prunes finished history and old ledger lines after the retention window, never live ones', async () => {
    const done = await store.createInteraction(newInteraction(S, fingerprint(S, 1), { blocking: false }));
    const live = await store.createInteraction(newInteraction(S, fingerprint(S, 1), { blocking: false }));
    await store.dismiss(done.id, 'gone');
    clock.advance(store.retentionMs() + 1);
    const report = store.maintain();
    assert.equal(report.interactions, 1);
    assert.equal(store.getInteraction(done.id), undefined);
    assert.equal(store.getInteraction(live.id)?.status, 'active');
    assert.equal(store.audit({ interactionId: done.id }).length, 0);
  });

  it('a step has no deadline of its own: only its offer lapses', async () => {
    const ix = await store.createInteraction(newInteraction(S, fingerprint(S, 1)));
    await store.createOffer(ix.id, OWNER, 1000);
    clock.advance(store.retentionMs());
    store.maintain();
    assert.equal(store.getInteraction(ix.id)?.status, 'active');
    await rejects(() => store.reserve(yes(ix.id)), 'offer_expired');
    await ready(store, ix.id);
    assert.equal((await store.reserve(yes(ix.id))).kind, 'reserved');
  });
});
