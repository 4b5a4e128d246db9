/** Read helpers shared by the store modules; each returns domain types. */
import type { Row } from './database';
import type { Tx } from './engine';
import type { AuthorityRecord, Interaction, Offer, RevisionSource, SessionRecord } from './records';
import { toAuthority, toInteraction, toOption, toSession } from './rows';
import { isStatus, type InteractionStatus } from './status-machine';

/** Either a transaction or the database: both can read. */
export type Reader = Pick<Tx, 'get' | 'all'>;

export function loadInteraction(r: Reader, id: string): Interaction | undefined {
  const row = r.get('SELECT * FROM interactions WHERE id = ?', [id]);
  return row ? withOptions(r, row) : undefined;
}

function withOptions(r: Reader, row: Row): Interaction {
  const options = r
    .all('SELECT * FROM options WHERE interaction_id = ? ORDER BY position', [row.id ?? null])
    .map(toOption);
  return toInteraction(row, options);
}

export function loadAuthority(r: Reader, interactionId: string): AuthorityRecord | undefined {
  const row = r.get('SELECT * FROM authority WHERE interaction_id = ?', [interactionId]);
  return row ? toAuthority(row) : undefined;
}

/** The offer `holder` holds on the interaction, whether or not it has lapsed. */
export function loadOffer(r: Reader, interactionId: string, holder: string): Offer | undefined {
  const row = r.get('SELECT expires_at FROM offers WHERE interaction_id = ? AND holder = ?', [interactionId, holder]);
  return row ? { interactionId, owner: holder, expiresAt: Number(row.expires_at) } : undefined;
}

/** Every connection's offer on the interaction. */
export function loadOffers(r: Reader, interactionId: string): Offer[] {
  return r
    .all('SELECT holder, expires_at FROM offers WHERE interaction_id = ? ORDER BY holder', [interactionId])
    .map((row) => ({ interactionId, owner: String(row.holder), expiresAt: Number(row.expires_at) }));
}

export function loadSession(r: Reader, id: string): SessionRecord | undefined {
  const row = r.get('SELECT * FROM sessions WHERE id = ?', [id]);
  return row ? toSession(row) : undefined;
}

export function loadRevisionSource(r: Reader, sessionId: string): RevisionSource | undefined {
  const row = r.get('SELECT binding_generation, prompt_fingerprint FROM sessions WHERE id = ?', [sessionId]);
  if (!row || typeof row.binding_generation !== 'number' || typeof row.prompt_fingerprint !== 'string')
    return undefined;
  return { generation: row.binding_generation, fingerprint: row.prompt_fingerprint };
}

/** The interaction that holds the session's blocking slot, if any. */
export function slotHolder(r: Reader, sessionId: string): { id: string; status: InteractionStatus } | undefined {
  const row = r.get(
    `SELECT id, status FROM interactions WHERE session_id = ? AND blocking = 1 AND status IN ('active', 'resolving')`,
    [sessionId],
  );
  return row && typeof row.id === 'string' && isStatus(row.status) ? { id: row.id, status: row.status } : undefined;
}

export function isFenced(r: Reader, sessionId: string, fingerprint: string): boolean {
  return (
    r.get('SELECT 1 AS hit FROM fences WHERE session_id = ? AND fingerprint = ?', [sessionId, fingerprint]) !==
    undefined
  );
}

/** The dismissed step whose fence holds this exact prompt of the session, if the fence is a dismissal's. */
export function dismissedPrompt(r: Reader, sessionId: string, fingerprint: string): Interaction | undefined {
  const row = r.get(
    `SELECT i.* FROM fences f JOIN interactions i ON i.id = f.interaction_id
     WHERE f.session_id = ? AND f.fingerprint = ? AND i.status = 'dismissed'`,
    [sessionId, fingerprint],
  );
  return row ? withOptions(r, row) : undefined;
}

export interface InteractionFilter {
  sessionId?: string;
  turnId?: string;
  statuses?: readonly InteractionStatus[];
  limit?: number;
}

export function listInteractions(r: Reader, f: InteractionFilter = {}): Interaction[] {
  const where: string[] = [];
  const params: Array<string | number> = [];
  if (f.sessionId !== undefined) {
    where.push('session_id = ?');
    params.push(f.sessionId);
  }
  if (f.turnId !== undefined) {
    where.push('turn_id = ?');
    params.push(f.turnId);
  }
  if (f.statuses && f.statuses.length > 0) {
    where.push(`status IN (${f.statuses.map(() => '?').join(', ')})`);
    params.push(...f.statuses);
  }
  params.push(Math.max(1, Math.min(f.limit ?? 1000, 100_000)));
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const sql = `SELECT * FROM interactions ${filter} ORDER BY created_at, id LIMIT ?`;
  return r.all(sql, params).map((row) => withOptions(r, row));
}

/** Interactions of the session whose uncertain outcome nobody has settled yet, oldest first. */
export function unsettledUncertain(r: Reader, sessionId: string): string[] {
  return r
    .all(
      `SELECT a.interaction_id AS id FROM authority a JOIN interactions i ON i.id = a.interaction_id
       WHERE i.session_id = ? AND a.uncertain = 1 AND a.uncertain_settled_at IS NULL ORDER BY i.created_at, i.id`,
      [sessionId],
    )
    .map((row) => String(row.id));
}
