/**
 * Managed sends (`akk/respond`): a new composer message is recorded durably before it is pasted,
 * keyed by the caller's request id, so a repeated request is answered from the record and never
 * pasted twice. The record keeps the session, a digest and the length, never the text.
 */
import type { Ctx } from './context';
import { attempt, reject } from './context';
import { writeAudit } from './audit';
import type { Reader } from './queries';
import type { NewSend, Send, SendStatus } from './message-records';
import { toSend } from './rows';

export function loadSend(r: Reader, id: string): Send | undefined {
  const row = r.get('SELECT * FROM sends WHERE id = ?', [id]);
  return row ? toSend(row) : undefined;
}

/**
 * Records a send as `sending`, on disk before it returns. A request id already recorded for the
 * same message returns that record instead (nothing new is written); for another message or
 * another session it is refused.
 */
export function reserveSend(ctx: Ctx, input: NewSend): { kind: 'reserved' | 'existing'; send: Send } {
  return attempt(ctx, true, (tx) => {
    const existing = loadSend(tx, input.id);
    if (existing) {
      if (existing.sessionId !== input.sessionId || existing.textDigest !== input.textDigest) {
        reject('invalid_params', 'this request_id was already used for a different message', {
          sessionId: input.sessionId,
        });
      }
      return { kind: 'existing' as const, send: existing };
    }
    const now = ctx.now();
    tx.run(
      `INSERT INTO sends (id, session_id, turn_id, status, text_digest, text_length, created_at, updated_at)
       VALUES (?, ?, ?, 'sending', ?, ?, ?, ?)`,
      [input.id, input.sessionId, input.turnId, input.textDigest, input.textLength, now, now],
    );
    writeAudit(tx, now, {
      event: 'send_reserved',
      sessionId: input.sessionId,
      reservationId: input.id,
      answerDigest: input.textDigest,
      answerLength: input.textLength,
    });
    return { kind: 'reserved' as const, send: loadSend(tx, input.id) as Send };
  });
}

/** `sending` → `sent` or `uncertain`. Durable; a send that already finished is left as it is. */
export function finishSend(ctx: Ctx, id: string, status: Exclude<SendStatus, 'sending'>): Send {
  return attempt(ctx, true, (tx) => {
    const send = loadSend(tx, id);
    if (!send) reject('not_found', `no managed send ${id}`);
    if (send.status !== 'sending') return send;
    const now = ctx.now();
    tx.run('UPDATE sends SET status = ?, updated_at = ? WHERE id = ?', [status, now, id]);
    writeAudit(tx, now, {
      event: status === 'sent' ? 'send_delivered' : 'send_uncertain',
      sessionId: send.sessionId,
      reservationId: id,
    });
    return loadSend(tx, id) as Send;
  });
}

/**
 * Takes back a `sending` record whose text was never pasted (the screen moved after its proof):
 * the id may be sent again later. Durable; a send that reached the terminal, or is gone, is left.
 */
export function releaseSend(ctx: Ctx, id: string): void {
  attempt(ctx, true, (tx) => {
    const send = loadSend(tx, id);
    if (!send || send.status !== 'sending') return;
    tx.run('DELETE FROM sends WHERE id = ?', [id]);
    writeAudit(tx, ctx.now(), { event: 'send_released', sessionId: send.sessionId, reservationId: id });
  });
}

/** Sends whose outcome was not recorded (the server stopped between paste and Enter). */
export function sendsInFlight(r: Reader): Send[] {
  return r.all(`SELECT * FROM sends WHERE status = 'sending' ORDER BY created_at`).map(toSend);
}
