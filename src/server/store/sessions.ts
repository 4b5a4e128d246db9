/**
 * Sessions (the case an interaction belongs to: one agent terminal), turns, and the attached
 * terminal sessions that are re-attached after a restart.
 */
import { AkkError } from '../../shared/errors';
import { canonicalJson } from './canonical';
import { attempt, reject, type Ctx } from './context';
import { invalidateRevision, transition } from './interactions';
import { loadSession, type Reader } from './queries';
import type { AttachedSession, NewAttachedSession, NewSession, SessionRecord, Turn } from './records';
import { toAttached, toSession, toTurn } from './rows';

/**
 * Creates the session at revision 1, or returns it. For an existing session a different
 * revision source moves it to a new revision (invalidating what was bound to the old one).
 */
export function openSession(ctx: Ctx, input: NewSession): SessionRecord {
  const now = ctx.now();
  const valid = Boolean(input.id && input.owner && input.agent && input.revision.fingerprint);
  const existing = valid ? loadSession(ctx.engine.db, input.id) : undefined;
  if (existing && existing.owner === input.owner && existing.closedAt === null) {
    invalidateRevision(ctx, input.id, input.revision);
    return loadSession(ctx.engine.db, input.id) ?? existing;
  }
  return attempt(ctx, true, (tx) => {
    const where = { sessionId: input.id };
    if (!valid) reject('invalid_params', 'a session needs id, owner, agent and a revision fingerprint', where);
    if (existing && existing.owner !== input.owner)
      reject('foreign_owner', 'the session belongs to another owner', where);
    if (existing) reject('unknown_session', `session ${input.id} was closed`, where);
    tx.run(
      `INSERT INTO sessions (id, owner, agent, binding_generation, prompt_fingerprint, revision, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 1, ?, ?)`,
      [input.id, input.owner, input.agent, input.revision.generation, input.revision.fingerprint, now, now],
    );
    const row = tx.get('SELECT * FROM sessions WHERE id = ?', [input.id]);
    if (!row) throw new AkkError('internal_error', 'session not stored');
    return toSession(row);
  });
}

/** Closes a session: active interactions are invalidated; in-flight ones are left to finish. */
export function closeSession(ctx: Ctx, sessionId: string): string[] {
  const now = ctx.now();
  return attempt(ctx, true, (tx) => {
    const session = loadSession(tx, sessionId);
    if (!session) reject('unknown_session', `no session ${sessionId}`, { sessionId });
    if (session.closedAt !== null) return [];
    tx.run('UPDATE sessions SET closed_at = ?, updated_at = ? WHERE id = ?', [now, now, sessionId]);
    tx.run('UPDATE turns SET ended_at = ? WHERE session_id = ? AND ended_at IS NULL', [now, sessionId]);
    const rows = tx.all(
      `SELECT id FROM interactions WHERE session_id = ? AND status = 'active' ORDER BY created_at, id`,
      [sessionId],
    );
    return rows.map((row) => {
      const id = String(row.id);
      transition(tx, now, { id, sessionId, status: 'active' }, 'invalidated', {
        event: 'invalidated',
        reason: 'session closed',
      });
      return id;
    });
  });
}

export function listSessions(r: Reader, includeClosed = false): SessionRecord[] {
  const sql = includeClosed
    ? 'SELECT * FROM sessions ORDER BY created_at, id'
    : 'SELECT * FROM sessions WHERE closed_at IS NULL ORDER BY created_at, id';
  return r.all(sql).map(toSession);
}

export function startTurn(ctx: Ctx, sessionId: string, turnId: string): Turn {
  const now = ctx.now();
  return attempt(ctx, true, (tx) => {
    const session = loadSession(tx, sessionId);
    if (!session || session.closedAt !== null) reject('unknown_session', `no open session ${sessionId}`, { sessionId });
    tx.run('INSERT OR IGNORE INTO turns (id, session_id, started_at) VALUES (?, ?, ?)', [turnId, sessionId, now]);
    const row = tx.get('SELECT * FROM turns WHERE id = ?', [turnId]);
    const turn = row ? toTurn(row) : undefined;
    if (!turn || turn.sessionId !== sessionId)
      reject('invalid_params', 'the turn belongs to another session', { sessionId });
    return turn;
  });
}

export function endTurn(ctx: Ctx, turnId: string): void {
  const now = ctx.now();
  ctx.engine.write(true, (tx) =>
    tx.run('UPDATE turns SET ended_at = ? WHERE id = ? AND ended_at IS NULL', [now, turnId]),
  );
}

/** Keeps an attached terminal; its last binding generation is stored beside the endpoint. */
export function saveAttachedSession(ctx: Ctx, input: NewAttachedSession): AttachedSession {
  const now = ctx.now();
  const endpoint = canonicalJson({
    ...input.endpoint,
    ...(input.generation !== undefined ? { generation: input.generation } : {}),
  });
  return ctx.engine.write(true, (tx) => {
    tx.run(
      `INSERT INTO attached_sessions (session_id, endpoint, agent, version, attached_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(session_id) DO UPDATE SET endpoint = excluded.endpoint, agent = excluded.agent,
         version = excluded.version, updated_at = excluded.updated_at`,
      [input.sessionId, endpoint, input.agent, input.version, now, now],
    );
    const row = tx.get('SELECT * FROM attached_sessions WHERE session_id = ?', [input.sessionId]);
    if (!row) throw new AkkError('internal_error', 'attached session not stored');
    return toAttached(row);
  });
}

export function listAttachedSessions(r: Reader): AttachedSession[] {
  return r.all('SELECT * FROM attached_sessions ORDER BY attached_at, session_id').map(toAttached);
}

export function removeAttachedSession(ctx: Ctx, sessionId: string): boolean {
  return ctx.engine.write(true, (tx) => {
    tx.run('DELETE FROM attached_sessions WHERE session_id = ?', [sessionId]);
    return tx.changes() > 0;
  });
}
