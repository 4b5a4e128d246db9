/**
 * Properties of the interaction lifecycle over random operation sequences (fast-check, at least
 * 1,000 runs each). The seed's named cases (duplicate click, stale revision, foreign owner, failed
 * command) each have their own property; the general one mixes every operation.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { AkkError, type ErrorCode } from '../../../src/shared/errors';
import type { Store } from '../../../src/server/store';
import {
  Clock,
  OWNER,
  checkInvariants,
  dump,
  fingerprint,
  memoryStore,
  newInteraction,
  openTestSession,
  rejects,
} from './helpers';
import { World, opsArbitrary } from './model';

const RUNS = 1000;

describe('store: lifecycle properties', function () {
  this.timeout(120_000);

  it('random sequences keep every invariant (slot, terminal, one reservation, proven, ledger, counted)', async () => {
    await fc.assert(
      fc.asyncProperty(opsArbitrary(false, 30), async (ops) => {
        const clock = new Clock();
        const world = new World(await memoryStore(clock), clock, 'p');
        try {
          await world.init();
          for (const op of ops) {
            await world.apply(op);
            world.checkStep();
          }
          world.checkEnd(false);
        } finally {
          await world.store.close();
        }
      }),
      { numRuns: RUNS },
    );
  });

  describe('named cases', () => {
    let store: Store;
    let clock: Clock;
    let run = 0;
    before(async () => {
      clock = new Clock();
      store = await memoryStore(clock);
    });
    after(async () => {
      await store.close();
    });

    async function reserved(sessionId: string, opts: { independent?: boolean } = {}) {
      await openTestSession(store, sessionId);
      const ix = await store.createInteraction(
        newInteraction(sessionId, fingerprint(sessionId, 1), { revisionIndependent: opts.independent ?? false }),
      );
      await store.createOffer(ix.id, OWNER, 60_000);
      return ix;
    }

    it('duplicate click: every later response returns the original receipt and executes nothing', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({ option: fc.constantFrom('yes', 'no', 'other'), revision: fc.integer({ min: 0, max: 3 }) }),
            { minLength: 1, maxLength: 5 },
          ),
          fc.boolean(),
          async (clicks, decline) => {
            const sid = `dup-${run++}`;
            const ix = await reserved(sid);
            const r = await store.reserve({
              interactionId: ix.id,
              owner: OWNER,
              expectedRevision: 1,
              answers: [{ questionId: 'q1', optionId: decline ? 'no' : 'yes' }],
            });
            assert.ok(r.kind === 'reserved');
            const receipt = await store.markResolved(ix.id, r.reservation.id, 'proven');
            const before = store.audit({ interactionId: ix.id }).filter((e) => e.event !== 'receipt_replayed');
            for (const c of clicks) {
              const again = await store.reserve({
                interactionId: ix.id,
                owner: OWNER,
                expectedRevision: c.revision,
                answers: [{ questionId: 'q1', optionId: c.option }],
              });
              assert.deepEqual(again, { kind: 'receipt', receipt });
            }
            const after = store.audit({ interactionId: ix.id });
            assert.deepEqual(
              after.filter((e) => e.event !== 'receipt_replayed'),
              before,
              'nothing executed',
            );
            assert.equal(after.filter((e) => e.event === 'receipt_replayed').length, clicks.length);
            assert.equal(store.getInteraction(ix.id)?.status, decline ? 'declined' : 'resolved');
          },
        ),
        { numRuns: RUNS },
      );
    });

    it('stale revision: a mismatched echo or a moved session never reserves', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
          fc.array(fc.boolean(), { maxLength: 3 }),
          fc.boolean(),
          async (delta, moves, independent) => {
            const sid = `stale-${run++}`;
            const ix = await reserved(sid, { independent });
            await rejects(
              () =>
                store.reserve({
                  interactionId: ix.id,
                  owner: OWNER,
                  expectedRevision: 1 + delta,
                  answers: [{ questionId: 'q1', optionId: 'yes' }],
                }),
              'stale_revision',
            );
            let n = 1;
            let generation = 1;
            for (const gen of moves) {
              n++;
              if (gen) generation++;
              await store.invalidateRevision(sid, { generation, fingerprint: fingerprint(sid, n) });
            }
            const generationMoved = generation > 1;
            const request = {
              interactionId: ix.id,
              owner: OWNER,
              expectedRevision: 1,
              answers: [{ questionId: 'q1', optionId: 'yes' }],
            };
            if (moves.length === 0 || (independent && !generationMoved)) {
              assert.equal((await store.reserve(request)).kind, 'reserved');
            } else {
              await rejects(() => store.reserve(request), 'invalidated');
              assert.equal(store.getInteraction(ix.id)?.outcome?.code, 'stale_revision');
            }
            checkInvariants(store, new Map(), sid);
          },
        ),
        { numRuns: RUNS },
      );
    });

    it(
      'foreign owner: another owner can neither display, answer nor learn a receipt, ' + 'and changes nothing',
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.string({ minLength: 1, maxLength: 12 }).filter((o) => o !== OWNER),
            fc.boolean(),
            async (foreign, resolved) => {
              const sid = `foreign-${run++}`;
              const ix = await reserved(sid);
              if (resolved) {
                const r = await store.reserve({
                  interactionId: ix.id,
                  owner: OWNER,
                  expectedRevision: 1,
                  answers: [{ questionId: 'q1', optionId: 'yes' }],
                });
                assert.ok(r.kind === 'reserved');
                await store.markResolved(ix.id, r.reservation.id, 'proven');
              }
              const snapshot = { ix: store.getInteraction(ix.id), a: store.getAuthority(ix.id) };
              await rejects(() => store.createOffer(ix.id, foreign, 60_000), 'foreign_owner');
              await rejects(
                () =>
                  store.reserve({
                    interactionId: ix.id,
                    owner: foreign,
                    expectedRevision: 1,
                    answers: [{ questionId: 'q1', optionId: 'yes' }],
                  }),
                'foreign_owner',
              );
              await rejects(
                () => Promise.resolve(store.checkOffer(ix.id, foreign)),
                resolved ? 'offer_required' : 'offer_required',
              );
              assert.deepEqual({ ix: store.getInteraction(ix.id), a: store.getAuthority(ix.id) }, snapshot);
            },
          ),
          { numRuns: RUNS },
        );
      },
    );

    it('failed command: never a receipt; rejected before input may retry, otherwise terminal failed', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          fc.boolean(),
          fc.constantFrom<ErrorCode>('endpoint_unavailable', 'manual_required', 'internal_error'),
          async (inputSent, beforeInput, code) => {
            const sid = `fail-${run++}`;
            const ix = await reserved(sid);
            const request = {
              interactionId: ix.id,
              owner: OWNER,
              expectedRevision: 1,
              answers: [{ questionId: 'q1', optionId: 'yes' }],
            };
            const r = await store.reserve(request);
            assert.ok(r.kind === 'reserved');
            if (inputSent) await store.markInputSent(ix.id, r.reservation.id);
            const failed = await store.markFailed(ix.id, r.reservation.id, { code, beforeInput });
            assert.equal(failed.outcome?.receipt ?? null, null);
            await rejects(() => store.markResolved(ix.id, r.reservation.id, 'proven'), 'illegal_transition');
            if (beforeInput && !inputSent) {
              assert.equal(failed.status, 'active');
              assert.equal(store.isFenced(sid, fingerprint(sid, 1)), false);
              await store.createOffer(ix.id, OWNER, 60_000);
              assert.equal((await store.reserve(request)).kind, 'reserved');
            } else {
              assert.equal(failed.status, 'failed');
              assert.equal(failed.outcome?.code, code);
              const again = await store.reserve(request).catch((e: unknown) => e);
              assert.ok(again instanceof AkkError && again.code === 'invalidated');
            }
            checkInvariants(store, new Map(), sid);
          },
        ),
        { numRuns: RUNS },
      );
    });

    it('concurrent responses: exactly one reservation however many arrive together', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 2, max: 8 }), async (n) => {
          const sid = `conc-${run++}`;
          const ix = await reserved(sid);
          const results = await Promise.all(
            Array.from({ length: n }, (_, k) =>
              store
                .reserve({
                  interactionId: ix.id,
                  owner: OWNER,
                  expectedRevision: 1,
                  answers: [{ questionId: 'q1', optionId: k % 2 ? 'yes' : 'no' }],
                })
                .catch((e: unknown) => e),
            ),
          );
          const ok = results.filter((r) => !(r instanceof AkkError));
          assert.equal(ok.length, 1);
          assert.ok(
            results.filter((r) => r instanceof AkkError).every((e) => e instanceof AkkError && e.code === 'resolving'),
          );
          assert.equal(store.audit({ interactionId: ix.id }).filter((e) => e.event === 'reserved').length, 1);
        }),
        { numRuns: RUNS },
      );
    });
  });

  it('the public record never carries private authority fields', async () => {
    const store = await memoryStore();
    await openTestSession(store, 'pub');
    const ix = await store.createInteraction(newInteraction('pub', fingerprint('pub', 1)));
    const text = JSON.stringify(ix);
    for (const secret of [fingerprint('pub', 1), 'tmux:test:%1', 'pid:1:start:1', 'keyPlan', 'thread-1'])
      assert.equal(text.includes(secret), false, secret);
    assert.ok(dump(store));
    await store.close();
  });
});
