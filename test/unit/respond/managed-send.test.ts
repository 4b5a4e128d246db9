/**
 * The managed send pastes only onto the screen it proved: a dialog drawn after the proof (while
 * the agent's quiet time passes, while the send is reserved, or between the paste and its Enter)
 * gets no text and no Enter. The screens are Claude Code 2.1.332's own captures, read by the real
 * recognition; the store is real (in memory); the session is a stand-in whose screen changes at
 * the moments a real terminal could draw, which no real client can be made to hit on purpose.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { recognize } from '../../../src/adapters/recognize';
import { AkkError } from '../../../src/shared/errors';
import { managedSend } from '../../../src/server/respond/managed-send';
import { FollowUps } from '../../../src/server/respond/follow-ups';
import { DispatchLocks } from '../../../src/server/respond/locks';
import { DEFAULT_RESPONDER_OPTIONS, type SendDeps } from '../../../src/server/respond/responder-deps';
import type { Session, SessionRegistry, SettledCapture } from '../../../src/server/sessions';
import { snapshotOf } from '../../../src/server/sessions/screen-snapshot';
import type { Store } from '../../../src/server/store';
import { FIXTURES } from '../../../src/qualify/corpus/fixture-corpus';
import { Clock, answeredStep, memoryStore, openTestSession } from '../store/helpers';
import { readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

const SESSION = 's1';
const VERSION = '2.1.332';
const screen = (state: string): string => readCorpusFile(join(FIXTURES, 'claude', VERSION, '80x24', `${state}.txt`));
const IDLE = screen('01-idle');
const PERMISSION = screen('32-permission-bash');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

/** Where in the send the terminal draws a permission dialog. */
type Moment = 'never' | 'quiet-time' | 'reserved' | 'pasted';

interface Terminal {
  text: string;
  seq: number;
  input: string[];
  draw(text: string): void;
}

function terminal(): Terminal {
  const t: Terminal = {
    text: IDLE,
    seq: 1,
    input: [],
    draw(text) {
      t.text = text;
      t.seq++;
    },
  };
  return t;
}

function fakeSession(t: Terminal, at: Moment): { session: Session; uncertain: () => boolean } {
  let uncertain = false;
  let askedQuiet = false;
  const endpoint = {
    paste: (text: string) => {
      t.input.push(`paste:${text}`);
      t.seq++;
      if (at === 'pasted') t.draw(PERMISSION);
      return Promise.resolve();
    },
    sendKeys: (keys: readonly string[]) => {
      t.input.push(`keys:${keys.join(' ')}`);
      return Promise.resolve();
    },
  };
  const session = {
    id: SESSION,
    agent: 'claude',
    version: VERSION,
    profileSource: undefined,
    state: 'idle',
    turnId: null,
    generation: 1,
    endpoint,
    observeOnlyReason: () => null,
    outputSeq: () => t.seq,
    msSinceOutput: () => {
      // The first look at the quiet time is the moment right after the proof.
      if (!askedQuiet && at === 'quiet-time') t.draw(PERMISSION);
      askedQuiet = true;
      return 0;
    },
    nextSettled: (): Promise<SettledCapture> =>
      Promise.resolve({
        text: t.text,
        cols: 80,
        rows: 24,
        cursor: { x: 0, y: 0, visible: true },
        capturedAt: Date.now(),
        generation: 1,
        outputSeq: t.seq,
      }),
    setResponseUncertain: (on: boolean) => {
      uncertain = on;
    },
  };
  return { session: session as unknown as Session, uncertain: () => uncertain };
}

interface Rig {
  store: Store;
  deps: SendDeps;
  t: Terminal;
  session: Session;
  uncertain: () => boolean;
}

async function rig(at: Moment, clock = new Clock()): Promise<Rig> {
  const store = await memoryStore(clock);
  await openTestSession(store, SESSION);
  const t = terminal();
  const { session, uncertain } = fakeSession(t, at);
  const tracker = {
    observe: (_s: Session, c: SettledCapture) =>
      Promise.resolve({ recognition: recognize('claude', VERSION, snapshotOf(c)), fingerprint: null }),
    updated: () => Promise.resolve(),
    current: () => undefined,
    words: { held: () => undefined, keep: () => false },
    observeWord: () => Promise.resolve(),
  };
  const originalReserve = store.reserveSend.bind(store);
  if (at === 'reserved')
    store.reserveSend = async (input) => {
      const r = await originalReserve(input);
      t.draw(PERMISSION);
      return r;
    };
  const deps: SendDeps = {
    store,
    registry: { get: () => session } as unknown as SessionRegistry,
    tracker,
    locks: new DispatchLocks(),
    log: quiet,
    options: { ...DEFAULT_RESPONDER_OPTIONS, proofTimeoutMs: 200 },
  };
  return { store, deps, t, session, uncertain };
}

const codeOf = (e: unknown): string => (e instanceof AkkError ? e.code : String(e));

describe('managed send: only onto the screen it proved', () => {
  it('pastes once and presses Enter once on a proven empty composer (the screens read as expected)', async () => {
    assert.equal(
      recognize('claude', VERSION, snapshotOf({ text: IDLE, cols: 80, rows: 24 } as never)).kind,
      'activity',
    );
    assert.equal(
      recognize('claude', VERSION, snapshotOf({ text: PERMISSION, cols: 80, rows: 24 } as never)).kind,
      'permission',
    );
    const r = await rig('never');
    const result = await managedSend(r.deps, r.session, 'Use the tmp folder.', 'req-1');
    assert.equal(result.sent, true);
    assert.deepEqual(r.t.input, ['paste:Use the tmp folder.', 'keys:Enter']);
    assert.equal(r.store.getSend('req-1')?.status, 'sent');
  });

  for (const at of ['quiet-time', 'reserved'] as const) {
    const when = at === 'quiet-time' ? 'while the quiet time passes' : 'while the send is reserved';
    it(`a dialog drawn ${when} gets zero input, and the id may be sent later`, async () => {
      const r = await rig(at);
      await assert.rejects(
        () => managedSend(r.deps, r.session, 'Use the tmp folder.', 'req-1'),
        (e: unknown) => ['manual_required', 'stale_revision'].includes(codeOf(e)),
      );
      assert.deepEqual(r.t.input, []);
      assert.equal(r.uncertain(), false);
      assert.equal(r.store.getSend('req-1'), undefined, 'nothing was pasted, so no send is on record');
    });
  }

  it('a dialog drawn between the paste and its Enter gets no Enter, and the send is uncertain', async () => {
    const r = await rig('pasted');
    await assert.rejects(
      () => managedSend(r.deps, r.session, 'Use the tmp folder.', 'req-1'),
      (e: unknown) => codeOf(e) === 'response_uncertain',
    );
    assert.deepEqual(r.t.input, ['paste:Use the tmp folder.']);
    assert.equal(r.uncertain(), true);
    assert.equal(r.store.getSend('req-1')?.status, 'uncertain');
  });

  it('a message that follows a step, with a dialog drawn while it waits: zero input, kept and not sent', async () => {
    const clock = new Clock();
    const r = await rig('quiet-time', clock);
    const { ixId } = await answeredStep(r.store, SESSION, 1, 'resolved');
    const queue = new FollowUps({
      store: r.store,
      registry: r.deps.registry,
      log: quiet,
      send: (s, text, id) => managedSend(r.deps, s, text, id),
      maxWaitMs: 60_000,
      pollMs: 5,
      now: clock.now,
    });
    const f = await queue.queue(r.store.getInteraction(ixId)!, 'Use the tmp folder.');
    queue.deliverSoon(SESSION);
    await new Promise((res) => setTimeout(res, 1500));
    queue.dispose();
    assert.deepEqual(r.t.input, []);
    assert.equal(r.store.queuedFollowUps()[0]?.id, f.id, 'the message is kept, queued, not sent');
    assert.equal(r.store.getSend(f.id), undefined);
  });
});
