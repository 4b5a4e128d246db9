/**
 * The append-only audit ledger and the outcome counters. Ledger lines carry statuses, codes and
 * digests; an answer appears only as its digest and length.
 */
import type { ErrorCode } from '../../shared/errors';
import type { SqlDatabase } from './database';
import type { Tx } from './engine';
import type { AuditEntry, AuditEvent } from './records';
import { toAudit } from './rows';
import type { InteractionStatus } from './status-machine';

interface AuditLine {
  event: AuditEvent;
  interactionId?: string | null;
  sessionId?: string | null;
  from?: InteractionStatus | null;
  to?: InteractionStatus | null;
  code?: ErrorCode | null;
  reservationId?: string | null;
  actionDigest?: string | null;
  answerDigest?: string | null;
  answerLength?: number | null;
}

export function writeAudit(tx: Tx, at: number, line: AuditLine): void {
  tx.run(
    `INSERT INTO audit (at, event, interaction_id, session_id, from_status, to_status, code, reservation_id,
       action_digest, answer_digest, answer_length) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      at,
      line.event,
      line.interactionId ?? null,
      line.sessionId ?? null,
      line.from ?? null,
      line.to ?? null,
      line.code ?? null,
      line.reservationId ?? null,
      line.actionDigest ?? null,
      line.answerDigest ?? null,
      line.answerLength ?? null,
    ],
  );
}

export function bump(tx: Tx, name: string, by = 1): void {
  tx.run(
    `INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + excluded.value`,
    [name, by],
  );
}

/** Counter names. Every rejection also counts as `rejected.<code>`. */
const COUNTER = {
  created: 'created',
  reserved: 'reserved',
  resolved: 'resolved',
  declined: 'declined',
  dismissed: 'dismissed',
  invalidated: 'invalidated',
  expired: 'expired',
  released: 'released',
  failed: 'failed',
  uncertain: 'uncertain',
  manual: 'manual',
  stale: 'stale',
  receiptReplayed: 'receipt_replayed',
} as const;

export function rejectionCounter(code: ErrorCode): string {
  return `rejected.${code}`;
}

/** Counters beyond `rejected.<code>` that a rejection code also feeds. */
export function outcomeCounterFor(code: ErrorCode): string | null {
  if (code === 'stale_revision') return COUNTER.stale;
  if (code === 'manual_required') return COUNTER.manual;
  return null;
}

export function readCounters(db: SqlDatabase): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of db.all('SELECT name, value FROM counters ORDER BY name')) {
    if (typeof row.name === 'string' && typeof row.value === 'number') out[row.name] = row.value;
  }
  return out;
}

export interface AuditQuery {
  interactionId?: string;
  sessionId?: string;
  afterSeq?: number;
  limit?: number;
}

export function readAudit(db: SqlDatabase, q: AuditQuery = {}): AuditEntry[] {
  const where: string[] = ['seq > ?'];
  const params: Array<string | number> = [q.afterSeq ?? 0];
  if (q.interactionId !== undefined) {
    where.push('interaction_id = ?');
    params.push(q.interactionId);
  }
  if (q.sessionId !== undefined) {
    where.push('session_id = ?');
    params.push(q.sessionId);
  }
  params.push(Math.max(1, Math.min(q.limit ?? 1000, 100_000)));
  return db.all(`SELECT * FROM audit WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ?`, params).map(toAudit);
}
