/** Shared fixtures for the store tests: clocks, stores, interactions, state dumps, invariants. */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AkkError } from '../../../src/shared/errors';
import {
  TERMINAL_STATUSES,
  canTransition,
  openStore,
  type Interaction,
  type InteractionStatus,
  type NewInteraction,
  type Store,
  type StoredKeyPlan,
} from '../../../src/server/store';
import type { TerminalInteraction } from '../../../src/shared/contract';

export const OWNER = 'owner-a';
export const OTHER_OWNER = 'owner-b';
export const T0 = 1_700_000_000_000;

export class Clock {
  t = T0;
  readonly now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

export function tempDir(label = 'store'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `akk-${label}-`));
}

/** Empties a folder without removing it (cheaper than a new temp folder per run). */
export function clearDir(dir: string): void {
  for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { force: true, recursive: true });
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

export function memoryStore(clock: Clock = new Clock()): Promise<Store> {
  return openStore({ dir: null, clock: clock.now, maintenanceIntervalMs: 0 });
}

/** A store on disk without fsync (tests: reopening reads the same files). */
export function diskStore(
  dir: string,
  clock: Clock = new Clock(),
  extra: { compactBytes?: number } = {},
): Promise<Store> {
  return openStore({ dir, clock: clock.now, durability: 'none', maintenanceIntervalMs: 0, ...extra });
}

export function fingerprint(sessionId: string, n: number): string {
  return `fp:${sessionId}:${n}`;
}

export async function openTestSession(store: Store, id: string, n = 1, generation = 1): Promise<void> {
  await store.openSession({
    id,
    owner: OWNER,
    agent: 'claude',
    revision: { generation, fingerprint: fingerprint(id, n) },
  });
}

export interface InteractionShape {
  blocking?: boolean;
  supersede?: boolean;
  revisionIndependent?: boolean;
  manual?: boolean;
  textPolicy?: NewInteraction['textPolicy'];
  riskClass?: NewInteraction['riskClass'];
  declineOption?: boolean;
  owner?: string;
}

/** The public projection stored with the test interactions (its ids are placeholders). */
export function questionnairePayload(turnId: string): TerminalInteraction {
  return {
    schema: 'agent-knock-knock/terminal-interaction',
    version: 1,
    interaction_id: 'assigned',
    turn_id: turnId,
    agent: 'claude',
    kind: 'questionnaire',
    state: 'pending',
    step: { index: 1, total: 2 },
    questions: [
      {
        question_id: 'q1',
        prompt: 'Proceed?',
        required: true,
        response_kind: 'single_select',
        options: [
          { option_id: 'yes', label: 'Yes' },
          { option_id: 'no', label: 'No', description: 'stop here' },
          { option_id: 'other', label: 'Type something' },
        ],
      },
    ],
    capabilities: { batch_response: false, free_text: true, multi_select: false },
  };
}

const press = (key: string) => [{ action: { keys: [key] }, expect: { kind: 'prompt_changed' as const } }];

/** A key plan of the stored shape (the store never reads its keys; the responder does). */
export const TEST_KEY_PLAN: StoredKeyPlan = {
  kind: 'questionnaire',
  responseKind: 'single_select',
  question: { choose: { yes: press('1'), no: press('2'), other: press('3'), a: press('1'), b: press('2') } },
};

/** Two questions: q1 (yes / no / other with free text up to 20), q2 (a / b). */
export function newInteraction(
  sessionId: string,
  promptFingerprint: string,
  shape: InteractionShape = {},
): NewInteraction {
  return {
    owner: shape.owner ?? OWNER,
    sessionId,
    turnId: `${sessionId}-turn`,
    kind: 'questionnaire',
    payload: questionnairePayload(`${sessionId}-turn`),
    title: 'Proceed?',
    blocking: shape.blocking ?? true,
    riskClass: shape.riskClass ?? 'low',
    options: [
      { questionId: 'q1', optionId: 'yes', label: 'Yes', action: { effect: 'accept', semanticId: 'yes' } },
      {
        questionId: 'q1',
        optionId: 'no',
        label: 'No',
        action: { effect: shape.declineOption === false ? 'answer' : 'decline', semanticId: 'no' },
      },
      {
        questionId: 'q1',
        optionId: 'other',
        label: 'Type something',
        action: { effect: 'answer', semanticId: 'other' },
        freeform: { allowed: true, maxLength: 20 },
      },
      { questionId: 'q2', optionId: 'a', label: 'A', action: { effect: 'answer', semanticId: 'a' } },
      { questionId: 'q2', optionId: 'b', label: 'B', action: { effect: 'answer', semanticId: 'b' } },
    ],
    authority: {
      endpoint: 'tmux:test:%1',
      processIncarnation: 'pid:1:start:1',
      nativeThread: 'thread-1',
      transcriptIdentity: null,
      promptFingerprint,
      nativeStep: 'questionnaire:1',
      keyPlan: shape.manual ? null : TEST_KEY_PLAN,
    },
    ...(shape.revisionIndependent !== undefined ? { revisionIndependent: shape.revisionIndependent } : {}),
    ...(shape.supersede !== undefined ? { supersede: shape.supersede } : {}),
    ...(shape.textPolicy !== undefined ? { textPolicy: shape.textPolicy } : {}),
  };
}

/** Runs `fn`, expecting a rejection with `code`. */
/**
 * A step of the session reserved for an answer, and then, as `end` says, left resolving (input
 * sent), answered (resolved), or failed before any input.
 */
export async function answeredStep(
  store: Store,
  sessionId: string,
  n: number,
  end: 'reserved' | 'resolving' | 'resolved' | 'failed',
): Promise<{ ixId: string; reservationId: string }> {
  const ix = await store.createInteraction({
    ...newInteraction(sessionId, fingerprint(sessionId, n)),
    supersede: true,
  });
  await store.createOffer(ix.id, OWNER, 60_000);
  const r = await store.reserve({
    interactionId: ix.id,
    owner: OWNER,
    expectedRevision: ix.boundRevision,
    answers: [{ questionId: 'q1', optionId: 'yes' }],
  });
  assert.equal(r.kind, 'reserved');
  const reservationId = r.kind === 'reserved' ? r.reservation.id : '';
  if (end === 'resolving' || end === 'resolved') await store.markInputSent(ix.id, reservationId);
  if (end === 'resolved') await store.markResolved(ix.id, reservationId, 'test:1');
  if (end === 'failed') await store.markFailed(ix.id, reservationId, { code: 'stale_revision', beforeInput: true });
  return { ixId: ix.id, reservationId };
}

export async function rejects(fn: () => unknown, code: string): Promise<AkkError> {
  try {
    await fn();
  } catch (error) {
    assert.ok(error instanceof AkkError, `expected AkkError(${code}), got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`expected rejection ${code}`);
}

/** Everything the store holds, as one comparable value (restart and crash checks). */
export function dump(store: Store): unknown {
  const interactions = store.listInteractions({ limit: 100_000 });
  return {
    sessions: store.listSessions(true),
    interactions,
    authority: interactions.map((ix) => store.getAuthority(ix.id)),
    counters: store.counters(),
    audit: store.audit({ limit: 100_000 }),
    outbox: store.pendingNotifications(100_000),
    attached: store.listAttachedSessions(),
  };
}

const TABLES = [
  'sessions',
  'turns',
  'interactions',
  'options',
  'authority',
  'audit',
  'fences',
  'counters',
  'attached_sessions',
  'outbox',
];

/** Every stored row, read straight from SQL (cheap enough to take after every commit). */
export function rawDump(store: Store): string {
  const db = (store as unknown as { engine: { db: { all(sql: string): unknown[] } } }).engine.db;
  return JSON.stringify(TABLES.map((t) => db.all(`SELECT * FROM ${t} ORDER BY 1, 2`)));
}

const isTerminal = (s: InteractionStatus): boolean => TERMINAL_STATUSES.includes(s);

/**
 * The lifecycle invariants, checked against the store's own records. The audit ledger is replayed
 * in order, so each invariant is checked at every point of history, not only at the end:
 *  - every transition is a legal edge of the table (so terminal statuses never come back);
 *  - at most one active-or-resolving blocking interaction per session at any time;
 *  - never more than one outstanding reservation per interaction;
 *  - the ledger is an unbroken chain per interaction ending at its current status;
 *  - resolved/declined only with a proven step; resolving always holds its reservation.
 * `previous` carries statuses seen by earlier calls (terminal ones must not have changed).
 */
export function checkInvariants(store: Store, previous: Map<string, InteractionStatus>, sessionId?: string): void {
  const all = store.listInteractions({ limit: 100_000, ...(sessionId ? { sessionId } : {}) });
  const byId = new Map(all.map((ix) => [ix.id, ix]));
  const state = new Map<string, InteractionStatus>();
  const outstanding = new Map<string, number>();
  const slots = new Map<string, Set<string>>();
  const ledger = sessionId
    ? all.flatMap((ix) => store.audit({ interactionId: ix.id, limit: 100_000 })).sort((a, b) => a.seq - b.seq)
    : store.audit({ limit: 100_000 });
  for (const line of ledger) {
    if (line.interactionId === null || line.to === null) continue;
    const ix = byId.get(line.interactionId);
    if (!ix) continue; // pruned
    const from = state.get(ix.id) ?? null;
    assert.equal(line.from, from, `ledger chain of ${ix.id} broken at ${line.event}`);
    if (from !== null) assert.ok(canTransition(from, line.to), `illegal ${from} -> ${line.to} for ${ix.id}`);
    else assert.equal(line.to, 'active');
    state.set(ix.id, line.to);
    const n = (outstanding.get(ix.id) ?? 0) + (line.event === 'reserved' ? 1 : line.event === 'released' ? -1 : 0);
    assert.ok(n <= 1, `${ix.id} has two reservations`);
    outstanding.set(ix.id, n);
    if (ix.blocking) {
      const held = slots.get(ix.sessionId) ?? new Set<string>();
      if (line.to === 'active' || line.to === 'resolving') held.add(ix.id);
      else held.delete(ix.id);
      slots.set(ix.sessionId, held);
      assert.ok(held.size <= 1, `session ${ix.sessionId} holds ${held.size} blocking interactions`);
    }
  }
  for (const ix of all) {
    const before = previous.get(ix.id);
    if (before !== undefined && isTerminal(before)) assert.equal(ix.status, before, `${ix.id} left terminal ${before}`);
    previous.set(ix.id, ix.status);
    assert.equal(
      state.get(ix.id),
      ix.status,
      `ledger of ${ix.id} ends at ${String(state.get(ix.id))}, record says ${ix.status}`,
    );
    const authority = store.getAuthority(ix.id);
    assert.ok(authority, 'every interaction has an authority record');
    if (ix.status === 'resolving') {
      assert.equal(outstanding.get(ix.id), 1);
      assert.ok(authority.reservation, 'resolving holds a reservation');
    }
    if (ix.status === 'resolved' || ix.status === 'declined') {
      assert.ok(ix.outcome?.receipt?.provenStep, `${ix.id} is ${ix.status} without a proven step`);
      assert.equal(authority.lastProvenStage, 'step_proven');
    }
    assert.ok(!('authority' in (ix as unknown as Record<string, unknown>)), 'public record carries no authority');
  }
}

export function statusOf(store: Store, id: string): InteractionStatus | undefined {
  return store.getInteraction(id)?.status;
}

export type { Interaction };
