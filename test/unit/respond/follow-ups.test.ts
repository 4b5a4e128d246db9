/**
 * When a message that follows a step is sent, waits or is dropped. The store is real (in memory);
 * the session and the managed send are stand-ins whose answers are the faults to produce: a busy
 * agent, an uncertain paste, a session that ended.
 */
import { strict as assert } from 'node:assert';
import { AkkError } from '../../../src/shared/errors';
import { FollowUps } from '../../../src/server/respond/follow-ups';
import type { Session, SessionRegistry } from '../../../src/server/sessions';
import type { Store } from '../../../src/server/store';
import { Clock, answeredStep, memoryStore, openTestSession } from '../store/helpers';

const SESSION = 's1';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

/** A step answered (resolved), failed before input, or still being typed. */
async function step(store: Store, n: number, end: 'resolved' | 'failed' | 'resolving'): Promise<string> {
  return (await answeredStep(store, SESSION, n, end)).ixId;
}

interface Rig {
  clock: Clock;
  store: Store;
  queue: FollowUps;
  sent: string[];
  answers: Array<() => AkkError | undefined>;
  session: { state: string } | undefined;
}

async function rig(answers: Array<() => AkkError | undefined> = []): Promise<Rig> {
  const clock = new Clock();
  const store = await memoryStore(clock);
  await openTestSession(store, SESSION);
  const r: Rig = { clock, store, queue: undefined as never, sent: [], answers, session: { state: 'idle' } };
  const registry = { get: () => r.session as unknown as Session } as unknown as SessionRegistry;
  r.queue = new FollowUps({
    store,
    registry,
    log: quiet,
    send: (_s, text, id) => {
      const failure = r.answers.shift()?.();
      if (failure) return Promise.reject(failure);
      r.sent.push(text);
      return Promise.resolve({ session_id: SESSION, turn_id: null, sent: true, send_id: id, replayed: false });
    },
    maxWaitMs: 60_000,
    pollMs: 5,
    now: clock.now,
  });
  return r;
}

async function settled(r: Rig, id: string): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const left = r.store.queuedFollowUps().find((f) => f.id === id);
    if (!left) return 'out';
    await new Promise((res) => setTimeout(res, 5));
  }
  return 'still queued';
}

const busy = (): AkkError => new AkkError('manual_required', 'the agent is working, not idle at its composer');

describe('messages that follow a step: when they are sent', () => {
  it('is sent once its step is proven done, after waiting (nothing typed) while the agent is busy', async () => {
    const r = await rig([busy, busy]);
    const ix = await step(r.store, 1, 'resolved');
    const f = await r.queue.queue(r.store.getInteraction(ix)!, 'Use the tmp folder.');
    r.queue.deliverSoon(SESSION);
    assert.equal(await settled(r, f.id), 'out');
    assert.deepEqual(r.sent, ['Use the tmp folder.']);
    assert.equal(r.store.audit().filter((e) => e.reservationId === f.id).length, 1);
  });

  it('is dropped, unsent, when its step failed', async () => {
    const r = await rig();
    const ix = await step(r.store, 1, 'failed');
    const f = await r.queue.queue(r.store.getInteraction(ix)!, 'never');
    r.queue.deliverSoon(SESSION);
    assert.equal(await settled(r, f.id), 'out');
    assert.deepEqual(r.sent, []);
    assert.equal(
      r.store.audit().some((e) => e.event === 'follow_up_dropped' && e.reservationId === f.id),
      true,
    );
  });

  it('waits while its step is still being typed and proven', async () => {
    const r = await rig();
    const ix = await step(r.store, 1, 'resolving');
    const f = await r.queue.queue(r.store.getInteraction(ix)!, 'later');
    r.queue.deliverSoon(SESSION);
    await new Promise((res) => setTimeout(res, 50));
    assert.deepEqual(r.sent, []);
    assert.equal(r.store.queuedFollowUps()[0]?.id, f.id);
    r.queue.dispose();
  });

  it('is never retried once a paste may have happened: uncertain is final', async () => {
    let calls = 0;
    const r = await rig([
      () => {
        calls++;
        return new AkkError('response_uncertain', 'the message may have been pasted without its Enter');
      },
    ]);
    const ix = await step(r.store, 1, 'resolved');
    const f = await r.queue.queue(r.store.getInteraction(ix)!, 'once');
    r.queue.deliverSoon(SESSION);
    assert.equal(await settled(r, f.id), 'out');
    assert.equal(calls, 1);
    assert.deepEqual(r.sent, []);
  });

  it('is dropped, unsent, when the agent does not come back to an empty composer in time', async () => {
    const r = await rig([busy, busy, busy]);
    const ix = await step(r.store, 1, 'resolved');
    const f = await r.queue.queue(r.store.getInteraction(ix)!, 'too late');
    r.clock.advance(61_000);
    r.queue.deliverSoon(SESSION);
    assert.equal(await settled(r, f.id), 'out');
    assert.deepEqual(r.sent, []);
  });

  it('is dropped when the session ended, and refuses an oversized message before anything is queued', async () => {
    const r = await rig();
    const ix = await step(r.store, 1, 'resolved');
    r.session = undefined;
    const f = await r.queue.queue(r.store.getInteraction(ix)!, 'bye');
    r.queue.deliverSoon(SESSION);
    assert.equal(await settled(r, f.id), 'out');
    assert.deepEqual(r.sent, []);
    await assert.rejects(
      () => r.queue.queue(r.store.getInteraction(ix)!, 'x'.repeat(200_000)),
      (e: unknown) => e instanceof AkkError && e.code === 'text_too_long',
    );
  });
});
