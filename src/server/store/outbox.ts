/**
 * Durable notifications: persisted before they are sent, marked delivered once the client has
 * them, and sent again (in order) after a reconnect or a restart until then.
 */
import { AkkError } from '../../shared/errors';
import { NOTIFICATIONS, type NotificationName, type NotificationParamsMap } from '../../shared/protocol';
import { canonicalJson } from './canonical';
import type { Ctx } from './context';
import type { Reader } from './queries';
import type { OutboxEntry } from './records';
import { toOutbox } from './rows';

/** Stores a notification durably and returns it with its id (ids increase, never reused). */
export function enqueueNotification<K extends NotificationName>(
  ctx: Ctx,
  name: K,
  params: NotificationParamsMap[K],
): OutboxEntry {
  const method = NOTIFICATIONS[name];
  if (!method) throw new AkkError('invalid_params', `no notification ${String(name)}`);
  const now = ctx.now();
  const body = canonicalJson(params);
  return ctx.engine.write(true, (tx) => {
    tx.run('INSERT INTO outbox (method, params, created_at) VALUES (?, ?, ?)', [method, body, now]);
    const row = tx.get('SELECT * FROM outbox WHERE id = last_insert_rowid()');
    if (!row) throw new AkkError('internal_error', 'notification not stored');
    return toOutbox(row);
  });
}

/** Notifications not yet delivered, oldest first. */
export function pendingNotifications(r: Reader, limit = 1000): OutboxEntry[] {
  return r
    .all('SELECT * FROM outbox WHERE delivered_at IS NULL ORDER BY id LIMIT ?', [Math.max(1, limit)])
    .map(toOutbox);
}

/**
 * Marks notifications delivered. Lazily durable: after a crash a delivered notification may be
 * sent once more, which receivers must tolerate (they re-read status anyway).
 */
export function markDelivered(ctx: Ctx, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const now = ctx.now();
  ctx.engine.write(false, (tx) => {
    for (const id of ids) tx.run('UPDATE outbox SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL', [now, id]);
  });
}
