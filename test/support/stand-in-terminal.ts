/**
 * A stand-in terminal for the answer path's unit tests: it shows the real captures of Claude Code's
 * scenario (the newest release at 120x40) in order, a key moving it to the screen the client drew
 * next, and a session over it. What a test expects comes from the capture's own record: the keys
 * the harness pressed at that step.
 */
import { join } from 'node:path';
import { InteractionTracker } from '../../src/server/observe/interaction-tracker';
import { DispatchLocks } from '../../src/server/respond/locks';
import { DEFAULT_RESPONDER_OPTIONS } from '../../src/server/respond/responder';
import type { ResponderDeps } from '../../src/server/respond/responder-deps';
import type { Session, SettledCapture } from '../../src/server/sessions';
import { openStore, type Store } from '../../src/server/store';
import { ScrolledLists } from '../../src/server/step/scrolled-lists';
import { AkkError } from '../../src/shared/errors';
import { NEWEST } from '../../src/qualify/versions';
import { readCorpusFile } from '../../src/qualify/corpus/corpus-store';
import { FIXTURES } from '../../src/qualify/harness-data';

export const SIZE = { cols: 120, rows: 40 };
const DIR = join(FIXTURES, 'claude', NEWEST.claude, '120x40');
export const CALLER = { holder: 'panel', echoesRevision: false };
export const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The stable code of what a call rejected with (undefined for anything but an AkkError). */
/** A store in memory and the tracker over it, as a test of the answer path starts from. */
export async function storeAndTracker(): Promise<{ store: Store; tracker: InteractionTracker }> {
  const store = await openStore({ dir: null, maintenanceIntervalMs: 0 });
  const tracker = new InteractionTracker({
    store,
    log: quiet,
    send: () => Promise.resolve(),
    lists: new ScrolledLists(),
  });
  return { store, tracker };
}

export const codeOf = (e: unknown): string | undefined => (e instanceof AkkError ? e.code : undefined);

/** A stored screen of the scenario, and the keys the harness pressed on it (its record's `next`). */
export function screen(name: string): { text: string; styled: string; next: string[] } {
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
export class Terminal {
  keys: string[] = [];
  /** The binding generation its captures carry (a resize moves it), and why a capture is unproven. */
  generation = 1;
  unproven: string | undefined;
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
      generation: this.generation,
      outputSeq: this.seq,
      ...(this.unproven !== undefined ? { unproven: this.unproven } : {}),
    };
  }

  get outputSeq(): number {
    return this.seq;
  }
}

export function sessionOn(term: Terminal): Session & { uncertainSet: boolean[] } {
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

/** What the answer path is given over `session`: the store and tracker, real locks, no follow-ups. */
export function depsOver(
  session: Session,
  store: Store,
  tracker: InteractionTracker,
  options: Partial<ResponderDeps['options']> = {},
): ResponderDeps {
  return {
    store,
    registry: { get: (id: string) => (id === session.id ? session : undefined) },
    tracker,
    locks: new DispatchLocks(),
    log: quiet,
    options: { ...DEFAULT_RESPONDER_OPTIONS, proofTimeoutMs: 1500, ...options },
    followUps: {
      queue: () => Promise.resolve(undefined),
      deliverSoon: () => undefined,
      drop: () => Promise.resolve(),
    },
  } as unknown as ResponderDeps;
}
