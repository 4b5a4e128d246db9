/**
 * A random-operation driver for the property tests: generates sequences of create, display
 * (offer), respond, duplicate respond, concurrent respond, input sent, proven step, failure,
 * uncertainty, revision change, time passing (offers lapse), dismiss and restart, runs them
 * against a store, and checks each step's outcome against what the lifecycle says it must be.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { AkkError } from '../../../src/shared/errors';
import type { InteractionStatus, Receipt, ResponseRequest, Store } from '../../../src/server/store';
import type { Clock } from './helpers';
import { OTHER_OWNER, OWNER, checkInvariants, fingerprint, newInteraction, openTestSession } from './helpers';

export type Variant = 'ok' | 'noOffer' | 'stale' | 'foreign' | 'badOption' | 'badQuestion' | 'tooLong' | 'freeform';

export type Op =
  | { t: 'create'; s: number; blocking: boolean; supersede: boolean; independent: boolean; manual: boolean }
  | { t: 'offer'; i: number; foreign: boolean; ttl: number }
  | { t: 'respond'; i: number; variant: Variant; option: 'yes' | 'no' | 'other' }
  | { t: 'duplicate'; i: number }
  | { t: 'concurrent'; i: number; n: number }
  | { t: 'inputSent'; i: number }
  | { t: 'resolve'; i: number }
  | { t: 'fail'; i: number; beforeInput: boolean }
  | { t: 'uncertain'; i: number }
  | { t: 'dismiss'; i: number }
  | { t: 'revision'; s: number; generation: boolean }
  | { t: 'tick'; ms: number }
  | { t: 'restart'; compact: boolean };

const idx = fc.nat({ max: 15 });

export function opArbitrary(withRestart: boolean): fc.Arbitrary<Op> {
  const ops: Array<fc.Arbitrary<Op>> = [
    fc.record({
      t: fc.constant('create' as const),
      s: fc.nat({ max: 1 }),
      blocking: fc.boolean(),
      supersede: fc.boolean(),
      independent: fc.boolean(),
      manual: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
    }),
    fc.record({
      t: fc.constant('offer' as const),
      i: idx,
      foreign: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      ttl: fc.integer({ min: 1, max: 4000 }),
    }),
    fc.record({
      t: fc.constant('respond' as const),
      i: idx,
      variant: fc.constantFrom<Variant>(
        'ok',
        'ok',
        'ok',
        'noOffer',
        'stale',
        'foreign',
        'badOption',
        'badQuestion',
        'tooLong',
        'freeform',
      ),
      option: fc.constantFrom<'yes' | 'no' | 'other'>('yes', 'no', 'other'),
    }),
    fc.record({ t: fc.constant('duplicate' as const), i: idx }),
    fc.record({ t: fc.constant('concurrent' as const), i: idx, n: fc.integer({ min: 2, max: 4 }) }),
    fc.record({ t: fc.constant('inputSent' as const), i: idx }),
    fc.record({ t: fc.constant('resolve' as const), i: idx }),
    fc.record({ t: fc.constant('fail' as const), i: idx, beforeInput: fc.boolean() }),
    fc.record({ t: fc.constant('uncertain' as const), i: idx }),
    fc.record({ t: fc.constant('dismiss' as const), i: idx }),
    fc.record({ t: fc.constant('revision' as const), s: fc.nat({ max: 1 }), generation: fc.boolean() }),
    fc.record({ t: fc.constant('tick' as const), ms: fc.integer({ min: 1, max: 3000 }) }),
  ];
  if (withRestart) ops.push(fc.record({ t: fc.constant('restart' as const), compact: fc.boolean() }));
  // create, respond and resolve come more often so that sequences reach deep states
  const weights = new Map<number, number>([
    [0, 4],
    [2, 4],
    [6, 2],
  ]);
  return fc.oneof(...ops.map((arbitrary, k) => ({ arbitrary, weight: weights.get(k) ?? 1 })));
}

/** Operation sequences of useful length (fast-check's default sizes are short). */
export function opsArbitrary(withRestart: boolean, maxLength: number): fc.Arbitrary<Op[]> {
  return fc.array(opArbitrary(withRestart), { minLength: 1, maxLength, size: 'max' });
}

/** What the driver knows; the store is the system under test. */
export class World {
  readonly ids: string[] = [];
  readonly reservations = new Map<string, string>();
  readonly receipts = new Map<string, Receipt>();
  readonly rejected = new Map<string, number>();
  readonly seen = new Map<string, InteractionStatus>();
  readonly sessions: Array<{ id: string; n: number; generation: number }>;

  constructor(
    public store: Store,
    readonly clock: Clock,
    prefix: string,
    private readonly restart: (store: Store, compact: boolean) => Promise<Store> = (s) => Promise.resolve(s),
  ) {
    this.sessions = [0, 1].map((k) => ({ id: `${prefix}-s${k}`, n: 1, generation: 1 }));
  }

  async init(): Promise<void> {
    for (const s of this.sessions) await openTestSession(this.store, s.id, s.n, s.generation);
  }

  private touched: string | undefined;

  private pick(i: number): string | undefined {
    this.touched = this.ids.length === 0 ? undefined : this.ids[i % this.ids.length];
    return this.touched;
  }

  /** Runs `fn`; a typed rejection is tallied (the store must count it the same way). */
  private async call<T>(fn: () => Promise<T>): Promise<T | AkkError> {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof AkkError)) throw error;
      this.rejected.set(error.code, (this.rejected.get(error.code) ?? 0) + 1);
      return error;
    }
  }

  /** Whether a correct response to `id` must be accepted right now. */
  private mustReserve(id: string, owner: string): boolean {
    const ix = this.store.getInteraction(id);
    const a = this.store.getAuthority(id);
    const session = ix && this.store.getSession(ix.sessionId);
    if (!ix || !a || !session) return false;
    const now = this.clock.now();
    return (
      ix.status === 'active' &&
      a.keyPlan !== null &&
      (ix.revisionIndependent || session.revision === ix.boundRevision) &&
      !this.store.isFenced(ix.sessionId, a.promptFingerprint) &&
      this.store.offers(id).some((o) => o.owner === owner && o.expiresAt > now)
    );
  }

  private request(id: string, variant: Variant, option: 'yes' | 'no' | 'other'): ResponseRequest {
    const ix = this.store.getInteraction(id);
    const revision = ix?.boundRevision ?? 1;
    const base: ResponseRequest = {
      interactionId: id,
      owner: OWNER,
      expectedRevision: revision,
      answers: [{ questionId: 'q1', optionId: option, ...(option === 'other' ? { text: 'fine' } : {}) }],
    };
    switch (variant) {
      case 'stale':
        return { ...base, expectedRevision: revision + 1 };
      case 'foreign':
        return { ...base, owner: OTHER_OWNER };
      case 'badOption':
        return { ...base, answers: [{ questionId: 'q1', optionId: 'a' }] };
      case 'badQuestion':
        return { ...base, answers: [{ questionId: 'q7', optionId: 'yes' }] };
      case 'tooLong':
        return { ...base, answers: [{ questionId: 'q1', optionId: 'other', text: 'x'.repeat(21) }] };
      case 'freeform':
        return { ...base, answers: [{ questionId: 'q1', optionId: 'yes', text: 'and more' }] };
      default:
        return base;
    }
  }

  private noteReserve(id: string, r: Awaited<ReturnType<Store['reserve']>> | AkkError): void {
    if (r instanceof AkkError) return;
    if (r.kind === 'reserved') {
      assert.equal(this.reservations.has(id), false, 'a second reservation for one interaction');
      this.reservations.set(id, r.reservation.id);
    } else {
      assert.deepEqual(r.receipt, this.receipts.get(id), 'a duplicate response returns the original receipt');
    }
  }

  async apply(op: Op): Promise<void> {
    const store = this.store;
    switch (op.t) {
      case 'create': {
        const s = this.sessions[op.s] as { id: string; n: number };
        // An answered or dismissed prompt still on screen is never offered again.
        const fenced = store.isFenced(s.id, fingerprint(s.id, s.n));
        const r = await this.call(() =>
          store.createInteraction(
            newInteraction(s.id, fingerprint(s.id, s.n), {
              blocking: op.blocking,
              supersede: op.supersede,
              revisionIndependent: op.independent,
              manual: op.manual,
            }),
          ),
        );
        if (fenced)
          assert.ok(r instanceof AkkError && r.code === 'stale_revision', 'a fenced prompt became an interaction');
        if (!(r instanceof AkkError)) this.ids.push(r.id);
        return;
      }
      case 'offer': {
        const id = this.pick(op.i);
        if (id) await this.call(() => store.createOffer(id, op.foreign ? OTHER_OWNER : OWNER, op.ttl));
        return;
      }
      case 'respond': {
        const id = this.pick(op.i);
        if (!id) return;
        if (op.variant === 'ok') await this.call(() => store.createOffer(id, OWNER, 60_000));
        const must = op.variant === 'ok' && this.mustReserve(id, OWNER);
        const r = await this.call(() => store.reserve(this.request(id, op.variant, op.option)));
        if (must)
          assert.ok(
            !(r instanceof AkkError) && r.kind === 'reserved',
            `a valid response was refused: ${String(r instanceof AkkError ? r.code : '')}`,
          );
        if (op.variant !== 'ok' && op.variant !== 'noOffer')
          assert.ok(r instanceof AkkError || r.kind === 'receipt', 'an invalid response reserved');
        this.noteReserve(id, r);
        return;
      }
      case 'duplicate': {
        const id = this.pick(op.i);
        if (!id) return;
        for (let k = 0; k < 2; k++)
          this.noteReserve(id, await this.call(() => store.reserve(this.request(id, 'ok', 'yes'))));
        return;
      }
      case 'concurrent': {
        const id = this.pick(op.i);
        if (!id) return;
        await this.call(() => store.createOffer(id, OWNER, 60_000));
        const results = await Promise.all(
          Array.from({ length: op.n }, () => this.call(() => store.reserve(this.request(id, 'ok', 'yes')))),
        );
        const reserved = results.filter((r) => !(r instanceof AkkError) && r.kind === 'reserved');
        assert.ok(reserved.length <= 1, 'concurrent responses produced two reservations');
        for (const r of results) this.noteReserve(id, r);
        return;
      }
      case 'inputSent':
      case 'resolve':
      case 'fail':
      case 'uncertain': {
        const id = this.pick(op.i);
        if (!id) return;
        const rv = this.reservations.get(id) ?? 'rv_unknown';
        if (op.t === 'inputSent') await this.call(() => store.markInputSent(id, rv));
        if (op.t === 'resolve') {
          const r = await this.call(() => store.markResolved(id, rv, 'step proven'));
          if (!(r instanceof AkkError)) this.receipts.set(id, r);
        }
        if (op.t === 'fail') {
          const stage = store.getAuthority(id)?.lastProvenStage;
          const r = await this.call(() =>
            store.markFailed(id, rv, { code: 'endpoint_unavailable', beforeInput: op.beforeInput }),
          );
          if (!(r instanceof AkkError)) {
            assert.equal(
              r.status,
              op.beforeInput && stage === 'reserved' ? 'active' : 'failed',
              'back to active only before any input',
            );
            if (r.status === 'active') this.reservations.delete(id);
          }
        }
        if (op.t === 'uncertain') await this.call(() => store.markUncertain(id, rv));
        return;
      }
      case 'dismiss': {
        const id = this.pick(op.i);
        if (!id) return;
        const before = store.getInteraction(id)?.status;
        const r = await this.call(() => store.dismiss(id, 'answered in the terminal'));
        if (before === 'active') {
          assert.ok(!(r instanceof AkkError) && r.status === 'dismissed', 'an active step was not dismissed');
          const fp = store.getAuthority(id)?.promptFingerprint ?? '';
          assert.equal(store.isFenced(r.sessionId, fp), true, 'a dismissed prompt is fenced');
        } else {
          assert.ok(r instanceof AkkError && r.code === 'illegal_transition', `a ${String(before)} step was dismissed`);
        }
        return;
      }
      case 'revision': {
        const s = this.sessions[op.s] as { id: string; n: number; generation: number };
        const old = fingerprint(s.id, s.n);
        const dismissal = store.dismissedPrompt(s.id, old) !== undefined;
        const fenced = store.isFenced(s.id, old);
        s.n++;
        if (op.generation) s.generation++;
        await this.call(() =>
          store.invalidateRevision(s.id, { generation: s.generation, fingerprint: fingerprint(s.id, s.n) }),
        );
        // The screen moved on: a dismissal's fence goes with it, an answer's stays.
        assert.equal(store.isFenced(s.id, old), fenced && !dismissal, 'fence after the prompt changed');
        return;
      }
      case 'tick':
        this.clock.advance(op.ms);
        return;
      case 'restart':
        this.store = await this.restart(store, op.compact);
        return;
    }
  }

  /**
   * After every step: the interaction the step touched left no terminal status. (The full
   * history of every interaction is checked edge by edge from the ledger in `checkEnd`.)
   */
  checkStep(): void {
    const id = this.touched;
    this.touched = undefined;
    if (id) {
      const now = this.store.getInteraction(id)?.status;
      const before = this.seen.get(id);
      if (before && now && before !== now) {
        assert.ok(['active', 'resolving'].includes(before), `${id} left terminal ${before} for ${now}`);
      }
      if (now) this.seen.set(id, now);
    }
  }

  checkEnd(sessionScoped: boolean): void {
    const counters = this.store.counters();
    for (const [code, n] of this.rejected)
      assert.equal(counters[`rejected.${code}`] ?? 0, n, `rejections of ${code} counted`);
    if (sessionScoped) for (const s of this.sessions) checkInvariants(this.store, new Map(), s.id);
    else checkInvariants(this.store, new Map());
  }
}
