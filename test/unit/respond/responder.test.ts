/**
 * The responder on its own: the fenced dispatch of one answer, with a real memory store, the real
 * tracker and locks, and a stand-in terminal that shows the real captures of Claude Code's
 * scenario in order (the permission; after its key, the screen the client drew next). What is
 * expected comes from the capture's own record: the keys the harness pressed at that step.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { InteractionTracker } from '../../../src/server/observe/interaction-tracker';
import { DispatchLocks } from '../../../src/server/respond/locks';
import { DEFAULT_RESPONDER_OPTIONS, Responder } from '../../../src/server/respond/responder';
import type { ResponderDeps } from '../../../src/server/respond/responder-deps';
import type { Session, SettledCapture } from '../../../src/server/sessions';
import { AkkError } from '../../../src/shared/errors';
import { openStore, WORKSPACE_OWNER, type Store } from '../../../src/server/store';
import { NEWEST } from '../../../src/qualify/versions';
import { readCorpusFile } from '../../../src/qualify/corpus/corpus-store';
import { FIXTURES } from '../../../src/qualify/harness-data';

const SIZE = { cols: 120, rows: 40 };
const DIR = join(FIXTURES, 'claude', NEWEST.claude, '120x40');
const CALLER = { holder: 'panel', echoesRevision: false };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The stable code of what a call rejected with (undefined for anything but an AkkError). */
const codeOf = (e: unknown): string | undefined => (e instanceof AkkError ? e.code : undefined);

/** A stored screen of the scenario, and the keys the harness pressed on it (its record's `next`). */
function screen(name: string): { text: string; styled: string; next: string[] } {
  const side = JSON.parse(readCorpusFile(join(DIR, `${name}.json`))) as { next: string[] };
  return {
    text: readCorpusFile(join(DIR, `${name}.txt`)),
    styled: readCorpusFile(join(DIR, `${name}.ansi.txt`)),
    ...side,
  };
}

/**
 * The terminal: it shows one screen; a key moves it to the screen `after` names for it (none: the
 * key is swallowed and the screen stays). Every key is kept.
 */
class Terminal {
  keys: string[] = [];
  private seq = 1;
  constructor(
    private shown: string,
    private readonly after: Record<string, string> = {},
  ) {}

  show(name: string): void {
    this.shown = name;
    this.seq += 1;
  }

  press(keys: readonly string[]): void {
    this.keys.push(...keys);
    const next = this.after[keys.join(' ')];
    if (next) this.show(next);
  }

  capture(): SettledCapture {
    const s = screen(this.shown);
    const rows = (t: string): string => t.split('\n').slice(0, SIZE.rows).join('\n');
    return {
      text: rows(s.text),
      styled: rows(s.styled),
      ...SIZE,
      cursor: { x: 0, y: 0, visible: false },
      capturedAt: Date.now(),
      generation: 1,
      outputSeq: this.seq,
    };
  }

  get outputSeq(): number {
    return this.seq;
  }
}

function sessionOn(term: Terminal): Session & { uncertainSet: boolean[] } {
  const uncertainSet: boolean[] = [];
  const proc = { agent: 'claude', version: NEWEST.claude, pid: 4242, startTime: 7, foreground: true };
  return {
    id: 'ses_responder',
    agent: 'claude',
    version: NEWEST.claude,
    profileSource: undefined,
    state: 'waiting_input',
    turnId: undefined,
    uncertain: false,
    generation: 1,
    exitReason: undefined,
    uncertainSet,
    endpoint: {
      agentProcess: () => proc,
      describe: () => ({ kind: 'terminal', target: 'bash' }),
      sendKeys: (keys: string[]) => Promise.resolve(term.press(keys)),
      sendLiteral: () => Promise.reject(new Error('no text is typed for a permission')),
    },
    observeOnlyReason: () => null,
    msSinceOutput: () => 10_000,
    outputSeq: () => term.outputSeq,
    nextSettled: () => Promise.resolve(term.capture()),
    setResponseUncertain: (v: boolean) => void uncertainSet.push(v),
  } as unknown as Session & { uncertainSet: boolean[] };
}

describe('the responder: one answer through the fenced dispatch', function () {
  this.timeout(20_000);
  let store: Store;
  let tracker: InteractionTracker;
  beforeEach(async () => {
    store = await openStore({ dir: null, maintenanceIntervalMs: 0 });
    tracker = new InteractionTracker({ store, log: quiet, send: () => Promise.resolve() });
  });
  afterEach(() => store.close());

  /** The responder over `session`, its permission on screen stored and offered to the caller. */
  async function offered(session: Session) {
    const deps = {
      store,
      registry: { get: (id: string) => (id === session.id ? session : undefined) },
      tracker,
      locks: new DispatchLocks(),
      log: quiet,
      options: { ...DEFAULT_RESPONDER_OPTIONS, proofTimeoutMs: 1500 },
      followUps: {
        queue: () => Promise.resolve(undefined),
        deliverSoon: () => undefined,
        drop: () => Promise.resolve(),
      },
    } as unknown as ResponderDeps;
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
