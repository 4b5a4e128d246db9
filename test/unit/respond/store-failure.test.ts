/**
 * A store that cannot write, or an editor that never confirms a write, still settles every answer
 * with a typed outcome: nothing waits without end, and a session that may have received input is
 * held as uncertain. The store is real (in memory) with its one failing write injected, as a full
 * disk would make it fail; the session is a stand-in.
 */
import { strict as assert } from 'node:assert';
import { AkkError } from '../../../src/shared/errors';
import { KeyDispatch } from '../../../src/server/respond/key-dispatch';
import { FollowUps } from '../../../src/server/respond/follow-ups';
import { DispatchLocks } from '../../../src/server/respond/locks';
import { DEFAULT_RESPONDER_OPTIONS, type ResponderDeps } from '../../../src/server/respond/responder-deps';
import { provenPrompt } from '../../../src/server/respond/step-proof';
import { terminalWriter } from '../../../src/server/rpc/terminal-writer';
import type { Session, SessionRegistry } from '../../../src/server/sessions';
import { Clock, answeredStep, fingerprint, memoryStore, openTestSession } from '../store/helpers';

const SESSION = 's1';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
const diskFull = (): Promise<never> => Promise.reject(new AkkError('store_io', 'ENOSPC: no space left on device'));

describe('a failed store write or an unconfirmed terminal write settles the answer', () => {
  it('input sent, then the write that records it uncertain fails: typed response_uncertain, session held', async () => {
    const clock = new Clock();
    const store = await memoryStore(clock);
    await openTestSession(store, SESSION);
    const { ixId, reservationId } = await answeredStep(store, SESSION, 1, 'reserved');
    let uncertain = false;
    const keys: string[] = [];
    const session = {
      id: SESSION,
      agent: 'claude',
      version: '2.1.332',
      state: 'idle',
      generation: 1,
      outputSeq: () => 1,
      msSinceOutput: () => 10_000,
      setResponseUncertain: (on: boolean) => {
        uncertain = on;
      },
      endpoint: {
        agentProcess: () => ({ agent: 'claude' }),
        sendKeys: (k: readonly string[]) => {
          keys.push(...k);
          return Promise.resolve();
        },
      },
    } as unknown as Session;
    store.markUncertain = diskFull;
    const deps = {
      store,
      registry: { get: () => session } as unknown as SessionRegistry,
      tracker: { updated: () => Promise.resolve() },
      locks: new DispatchLocks(),
      log: quiet,
      options: { ...DEFAULT_RESPONDER_OPTIONS, failAfterInput: true },
      followUps: undefined,
    } as unknown as ResponderDeps;
    const dispatch = new KeyDispatch(deps);
    const ix = store.getInteraction(ixId)!;
    const authority = { ...store.getAuthority(ixId)!, bindingGeneration: 1, keyPlan: { kind: 'questionnaire' } };
    await assert.rejects(
      () =>
        dispatch.dispatch(
          {
            ix,
            session,
            authority: authority as never,
            resolved: {
              steps: [{ action: { keys: ['1'] }, expect: { kind: 'prompt_changed' } }],
              optionIds: ['yes'],
              digestParts: ['yes'],
            } as never,
            reservationId,
          },
          provenPrompt(1, { fingerprint: fingerprint(SESSION, 1) }),
          undefined,
        ),
      (e: unknown) => e instanceof AkkError && e.code === 'response_uncertain',
    );
    assert.deepEqual(keys, ['1']);
    assert.equal(uncertain, true, 'the session is held as uncertain even though the store could not say so');
  });

  it('a message whose step is never recorded as answered is dropped at its deadline, not polled for ever', async () => {
    const clock = new Clock();
    const store = await memoryStore(clock);
    await openTestSession(store, SESSION);
    const { ixId } = await answeredStep(store, SESSION, 1, 'resolving');
    assert.equal(store.getInteraction(ixId)?.status, 'resolving');
    const sent: string[] = [];
    const queue = new FollowUps({
      store,
      registry: { get: () => ({ state: 'idle' }) } as unknown as SessionRegistry,
      log: quiet,
      send: (_s, text, id) => {
        sent.push(text);
        return Promise.resolve({ session_id: SESSION, turn_id: null, sent: true, send_id: id, replayed: false });
      },
      maxWaitMs: 60_000,
      pollMs: 5,
      now: clock.now,
    });
    const f = await queue.queue(store.getInteraction(ixId)!, 'after');
    queue.deliverSoon(SESSION);
    await new Promise((res) => setTimeout(res, 30));
    assert.equal(store.queuedFollowUps()[0]?.id, f.id, 'still waiting for its step before the deadline');
    clock.advance(61_000);
    for (let i = 0; i < 200 && store.queuedFollowUps().length > 0; i++) await new Promise((res) => setTimeout(res, 5));
    queue.dispose();
    assert.deepEqual(store.queuedFollowUps(), []);
    assert.deepEqual(sent, []);
  });

  it('a write to an editor terminal that the editor never confirms fails in time, as possibly delivered', async () => {
    const write = terminalWriter({ sendRequest: () => new Promise(() => undefined) } as never, 50);
    await assert.rejects(
      () => write('t1', 'y'),
      (e: unknown) => e instanceof AkkError && e.code === 'endpoint_unavailable' && e.detail?.input_delivered !== false,
    );
  });
});
