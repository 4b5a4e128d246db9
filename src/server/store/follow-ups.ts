/**
 * Messages that follow a step: a reason given with a rejection, or words sent with a click. Each is
 * queued with its text, on disk before the step's first key, and leaves the queue exactly once:
 * sent (through a managed send keyed by its id), uncertain, or dropped with the reason. Its text is
 * erased as it leaves; the record keeps a digest and the length.
 */
import type { Ctx } from './context';
import { attempt, reject } from './context';
import { writeAudit } from './audit';
import type { Reader } from './queries';
import type { FollowUp, FollowUpStatus, NewFollowUp } from './message-records';
import { toFollowUp } from './rows';
import { answerDigestIn } from './answer-digest';

function loadFollowUp(r: Reader, id: string): FollowUp | undefined {
  const row = r.get('SELECT * FROM follow_ups WHERE id = ?', [id]);
  return row ? toFollowUp(row) : undefined;
}

/** Queued messages, oldest first; of one session when named. */
export function queuedFollowUps(r: Reader, sessionId?: string): FollowUp[] {
  const rows =
    sessionId === undefined
      ? r.all(`SELECT * FROM follow_ups WHERE status = 'queued' ORDER BY created_at, id`)
      : r.all(`SELECT * FROM follow_ups WHERE status = 'queued' AND session_id = ? ORDER BY created_at, id`, [
          sessionId,
        ]);
  return rows.map(toFollowUp);
}

export function queueFollowUp(ctx: Ctx, input: NewFollowUp): FollowUp {
  const length = [...input.text].length;
  return attempt(ctx, true, (tx) => {
    const digest = answerDigestIn(tx, input.text);
    if (loadFollowUp(tx, input.id)) reject('invalid_params', 'this message is already queued');
    const now = ctx.now();
    tx.run(
      `INSERT INTO follow_ups (id, session_id, interaction_id, status, text, text_digest, text_length, created_at,
         updated_at) VALUES (?, ?, ?, 'queued', ?, ?, ?, ?, ?)`,
      [input.id, input.sessionId, input.interactionId, input.text, digest, length, now, now],
    );
    writeAudit(tx, now, {
      event: 'follow_up_queued',
      interactionId: input.interactionId,
      sessionId: input.sessionId,
      reservationId: input.id,
      answerDigest: digest,
      answerLength: length,
    });
    return loadFollowUp(tx, input.id) as FollowUp;
  });
}

/** `queued` → sent, uncertain or dropped; its text is erased. A message already out is left as it is. */
export function finishFollowUp(
  ctx: Ctx,
  id: string,
  status: Exclude<FollowUpStatus, 'queued'>,
  reason: string | null,
): FollowUp {
  return attempt(ctx, true, (tx) => {
    const f = loadFollowUp(tx, id);
    if (!f) reject('not_found', `no queued message ${id}`);
    if (f.status !== 'queued') return f;
    const now = ctx.now();
    tx.run('UPDATE follow_ups SET status = ?, text = NULL, reason = ?, updated_at = ? WHERE id = ?', [
      status,
      reason,
      now,
      id,
    ]);
    if (status === 'dropped') {
      writeAudit(tx, now, {
        event: 'follow_up_dropped',
        interactionId: f.interactionId,
        sessionId: f.sessionId,
        reservationId: id,
      });
    }
    return loadFollowUp(tx, id) as FollowUp;
  });
}
