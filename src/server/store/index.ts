/**
 * The interaction store: the single owner of all persisted server state. See README.md.
 *
 * Reads are synchronous (the database is in memory). Writes return promises, on disk before they resolve
 * when they are durable transitions; a rejection is an `AkkError` whose code is counted and written to the ledger.
 */
import { AkkError, type ErrorCode } from '../../shared/errors';
import type { NotificationName, NotificationParamsMap } from '../../shared/protocol';
import { readAudit, readCounters, type AuditQuery } from './audit';
import { attempt, type Ctx } from './context';
import { answerDigestIn } from './answer-digest';
import { Engine, type EngineStats } from './engine';
import { createInteraction, dismiss, invalidate, invalidateRevision } from './interactions';
import { enqueueNotification, markDelivered, pendingNotifications } from './outbox';
import {
  dismissedPrompt,
  isFenced,
  listInteractions,
  loadAuthority,
  loadInteraction,
  loadOffers,
  loadSession,
  unsettledUncertain,
  type InteractionFilter,
} from './queries';
import type {
  AttachedSession,
  AuditEntry,
  AuthorityRecord,
  Interaction,
  NewAttachedSession,
  NewInteraction,
  NewSession,
  Offer,
  OutboxEntry,
  Receipt,
  ReserveResult,
  ResponseRequest,
  RevisionSource,
  SessionRecord,
  StoreWarning,
  Turn,
} from './records';
import type { FollowUp, NewFollowUp, NewSend, Send } from './message-records';
import { finishSend, loadSend, releaseSend, reserveSend, sendsInFlight } from './sends';
import { recordListReading, type ListReadingEvent } from './list-readings';
import { finishFollowUp, queueFollowUp, queuedFollowUps } from './follow-ups';
import {
  checkOffer,
  createOffer,
  markFailed,
  markInputSent,
  markResolved,
  markUncertain,
  reserve,
  settleUncertain,
} from './responses';
import { DAY_MS, prune, type PruneReport } from './retention';
import {
  closeSession,
  endTurn,
  listAttachedSessions,
  listSessions,
  openSession,
  removeAttachedSession,
  saveAttachedSession,
  startTurn,
} from './sessions';

export type * from './records';
export type * from './message-records';
export type { EngineStats as StoreStats } from './engine';
export { INTERACTION_STATUSES, TERMINAL_STATUSES, TRANSITIONS, canTransition } from './status-machine';
export { LATEST_SCHEMA_VERSION } from './schema';
export { WORKSPACE_OWNER } from './records';

interface OpenStoreOptions {
  /** The store folder (the extension's workspace storage), or `null` for a memory-only store. */
  dir: string | null;
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  clock?: () => number;
  /** Ledger and finished-history retention; default 30 days. */
  retentionDays?: number;
  /** `fsync` (default) or `none` (tests only: files are written but not flushed). */
  durability?: 'fsync' | 'none';
  /** Journal size that triggers a background compaction; default 8 MiB. */
  compactBytes?: number;
  /**
   * Snapshot size from which compaction runs in a low-priority child process (started at open
   * when the snapshot is already that large); default 16 MiB. Below it the database is exported
   * in place, which holds the event loop under about 8 ms.
   */
  compactionProcessBytes?: number;
  /** How often to prune; default hourly, 0 disables. */
  maintenanceIntervalMs?: number;
  /** Path of `sql-wasm.wasm` when it is not beside the bundle or in node_modules. */
  wasmPath?: string;
  /** Errors of background work (compaction, maintenance). */
  onBackgroundError?: (error: unknown) => void;
}

/** Runs a synchronous store operation as a promise (a throw becomes a rejection). */
function settle<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const now = options.clock ?? Date.now;
  const engine = await Engine.open({
    dir: options.dir,
    fsync: (options.durability ?? 'fsync') === 'fsync',
    compactBytes: options.compactBytes ?? 8 * 1024 * 1024,
    compactionProcessBytes: options.compactionProcessBytes ?? 16 * 1024 * 1024,
    now,
    ...(options.wasmPath !== undefined ? { wasmPath: options.wasmPath } : {}),
    ...(options.onBackgroundError ? { onBackgroundError: options.onBackgroundError } : {}),
  });
  return new Store(engine, now, options);
}

export class Store {
  private readonly ctx: Ctx;
  private readonly retentionDays: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly engine: Engine,
    now: () => number,
    options: OpenStoreOptions,
  ) {
    this.ctx = { engine, now };
    this.retentionDays = options.retentionDays ?? 30;
    if (!(this.retentionDays > 0)) throw new AkkError('invalid_params', 'retentionDays must be positive');
    const interval = options.maintenanceIntervalMs ?? 3_600_000;
    if (interval > 0) {
      this.timer = setInterval(() => {
        try {
          this.maintain();
        } catch (error) {
          options.onBackgroundError?.(error);
        }
      }, interval);
      this.timer.unref();
    }
  }

  /** Problems met while opening (a damaged file moved aside, a stale lock recovered) for the user. */
  get warnings(): readonly StoreWarning[] {
    return this.engine.warnings;
  }

  // ---- sessions and turns ----
  openSession(input: NewSession): Promise<SessionRecord> {
    return settle(() => openSession(this.ctx, input));
  }
  getSession(id: string): SessionRecord | undefined {
    return loadSession(this.engine.db, id);
  }
  listSessions(includeClosed = false): SessionRecord[] {
    return listSessions(this.engine.db, includeClosed);
  }
  /** Moves a session to a new revision; returns the interactions this invalidated. */
  invalidateRevision(sessionId: string, next: RevisionSource): Promise<{ revision: number; invalidated: string[] }> {
    return settle(() => invalidateRevision(this.ctx, sessionId, next));
  }
  closeSession(sessionId: string): Promise<string[]> {
    return settle(() => closeSession(this.ctx, sessionId));
  }
  startTurn(sessionId: string, turnId: string): Promise<Turn> {
    return settle(() => startTurn(this.ctx, sessionId, turnId));
  }
  endTurn(turnId: string): Promise<void> {
    return settle(() => endTurn(this.ctx, turnId));
  }

  // ---- interactions ----
  createInteraction(input: NewInteraction): Promise<Interaction> {
    return settle(() => createInteraction(this.ctx, input));
  }
  getInteraction(id: string): Interaction | undefined {
    return loadInteraction(this.engine.db, id);
  }
  listInteractions(filter: InteractionFilter = {}): Interaction[] {
    return listInteractions(this.engine.db, filter);
  }
  /** The private authority record. Server-internal: never send it to a client. */
  getAuthority(interactionId: string): AuthorityRecord | undefined {
    return loadAuthority(this.engine.db, interactionId);
  }
  /** The person will answer the step in the terminal: dismissed, its prompt fenced while it stays on screen. */
  dismiss(id: string, reason: string): Promise<Interaction> {
    return settle(() => dismiss(this.ctx, id, reason));
  }
  /** The step can no longer be answered (its session was detached, its agent exited). */
  invalidate(id: string, reason: string): Promise<Interaction> {
    return settle(() => invalidate(this.ctx, id, reason));
  }
  /** The step the person dismissed, while this exact prompt of the session is still fenced for it. */
  dismissedPrompt(sessionId: string, fingerprint: string): Interaction | undefined {
    return dismissedPrompt(this.engine.db, sessionId, fingerprint);
  }

  // ---- response path ----
  /** An offer of the interaction (owned by `owner`) to the connection `holder` (default: `owner`). */
  createOffer(interactionId: string, owner: string, ttlMs: number, holder?: string): Promise<Offer> {
    return settle(() => createOffer(this.ctx, interactionId, owner, ttlMs, holder));
  }
  checkOffer(interactionId: string, holder: string): Offer {
    return checkOffer(this.ctx, interactionId, holder);
  }
  /** Every connection's standing offer on the interaction (lapsed ones included). */
  offers(interactionId: string): Offer[] {
    return loadOffers(this.engine.db, interactionId);
  }
  /** Durable one-shot reservation before terminal input, or the original receipt. */
  reserve(request: ResponseRequest): Promise<ReserveResult> {
    return settle(() => reserve(this.ctx, request));
  }
  markInputSent(interactionId: string, reservationId: string): Promise<void> {
    return settle(() => markInputSent(this.ctx, interactionId, reservationId));
  }
  markResolved(
    interactionId: string,
    reservationId: string,
    provenStep: string,
    opts: { releaseFence?: boolean } = {},
  ): Promise<Receipt> {
    return settle(() => markResolved(this.ctx, interactionId, reservationId, provenStep, opts));
  }
  markFailed(
    interactionId: string,
    reservationId: string,
    failure: { code: ErrorCode; beforeInput: boolean },
  ): Promise<Interaction> {
    return settle(() => markFailed(this.ctx, interactionId, reservationId, failure));
  }
  markUncertain(interactionId: string, reservationId: string): Promise<Interaction> {
    return settle(() => markUncertain(this.ctx, interactionId, reservationId));
  }
  /** Interactions whose response was in flight; after a restart their outcome is unknown. */
  inFlight(): Interaction[] {
    return listInteractions(this.engine.db, { statuses: ['resolving'], limit: 100_000 });
  }
  /** Stops holding the session as uncertain, for the record; returns the interactions settled. */
  settleUncertain(sessionId: string, how: 'screen_moved_on' | 'acknowledged'): Promise<string[]> {
    return settle(() => settleUncertain(this.ctx, sessionId, how));
  }
  /** Interactions of the session whose uncertain outcome is not settled yet. */
  unsettledUncertain(sessionId: string): string[] {
    return unsettledUncertain(this.engine.db, sessionId);
  }
  isFenced(sessionId: string, fingerprint: string): boolean {
    return isFenced(this.engine.db, sessionId, fingerprint);
  }

  // ---- managed sends ----
  /** Records a managed send durably before its paste, or returns the send already recorded under its id. */
  reserveSend(input: NewSend): Promise<{ kind: 'reserved' | 'existing'; send: Send }> {
    return settle(() => reserveSend(this.ctx, input));
  }
  finishSend(id: string, status: 'sent' | 'uncertain'): Promise<Send> {
    return settle(() => finishSend(this.ctx, id, status));
  }
  /** The ledger's digest of a message's text, keyed with this store's own key (made at first use). */
  messageDigest(text: string): Promise<string> {
    return settle(() => attempt(this.ctx, false, (tx) => answerDigestIn(tx, [text])));
  }
  /** Takes back a send whose text was never pasted; its id may be sent again. */
  releaseSend(id: string): Promise<void> {
    return settle(() => releaseSend(this.ctx, id));
  }
  getSend(id: string): Send | undefined {
    return loadSend(this.engine.db, id);
  }
  /** Sends whose outcome is unknown (the server stopped between paste and Enter). */
  sendsInFlight(): Send[] {
    return sendsInFlight(this.engine.db);
  }

  // ---- messages that follow a step ----
  /** Queues a message to send once its step is done; on disk before it returns. */
  queueFollowUp(input: NewFollowUp): Promise<FollowUp> {
    return settle(() => queueFollowUp(this.ctx, input));
  }
  finishFollowUp(id: string, status: 'sent' | 'uncertain' | 'dropped', reason: string | null): Promise<FollowUp> {
    return settle(() => finishFollowUp(this.ctx, id, status, reason));
  }
  queuedFollowUps(sessionId?: string): FollowUp[] {
    return queuedFollowUps(this.engine.db, sessionId);
  }

  // ---- ledger and counters ----
  recordListReading(sessionId: string, event: ListReadingEvent, code?: ErrorCode): Promise<void> {
    return settle(() => recordListReading(this.ctx, sessionId, event, code));
  }
  counters(): Record<string, number> {
    return readCounters(this.engine.db);
  }
  audit(query: AuditQuery = {}): AuditEntry[] {
    return readAudit(this.engine.db, query);
  }

  // ---- attached terminal sessions ----
  saveAttachedSession(input: NewAttachedSession): Promise<AttachedSession> {
    return settle(() => saveAttachedSession(this.ctx, input));
  }
  listAttachedSessions(): AttachedSession[] {
    return listAttachedSessions(this.engine.db);
  }
  removeAttachedSession(sessionId: string): Promise<boolean> {
    return settle(() => removeAttachedSession(this.ctx, sessionId));
  }

  // ---- outbox ----
  enqueueNotification<K extends NotificationName>(name: K, params: NotificationParamsMap[K]): Promise<OutboxEntry> {
    return settle(() => enqueueNotification(this.ctx, name, params));
  }
  pendingNotifications(limit?: number): OutboxEntry[] {
    return pendingNotifications(this.engine.db, limit);
  }
  markDelivered(ids: readonly number[]): Promise<void> {
    return settle(() => markDelivered(this.ctx, ids));
  }

  // ---- maintenance ----
  /** Prunes history older than the retention window. */
  maintain(): PruneReport {
    return prune(this.ctx, this.retentionDays);
  }
  retentionMs(): number {
    return this.retentionDays * DAY_MS;
  }
  /** Writes a snapshot now and retires the journal it covers (normally automatic). */
  async compact(): Promise<void> {
    await this.engine.compact();
  }
  stats(): EngineStats {
    return this.engine.stats();
  }
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.engine.close();
  }
}
