/**
 * Retention: finished interactions (with their options, authority and ledger lines), other
 * ledger lines, fences, finished managed sends, delivered notifications, ended turns and closed sessions older than the
 * retention window are removed, so the store stays bounded. Active and in-flight interactions
 * are never pruned, and neither is any ledger line of an interaction that is kept.
 */
import type { Ctx } from './context';

export const DAY_MS = 86_400_000;

export interface PruneReport {
  cutoff: number;
  interactions: number;
  auditEntries: number;
}

export function prune(ctx: Ctx, retentionDays: number): PruneReport {
  const cutoff = ctx.now() - retentionDays * DAY_MS;
  return ctx.engine.write(false, (tx) => {
    const finished = `SELECT id FROM interactions WHERE resolved_at IS NOT NULL AND resolved_at < ?
      AND status NOT IN ('active', 'resolving')`;
    tx.run(`DELETE FROM options WHERE interaction_id IN (${finished})`, [cutoff]);
    tx.run(`DELETE FROM authority WHERE interaction_id IN (${finished})`, [cutoff]);
    tx.run(`DELETE FROM offers WHERE interaction_id IN (${finished})`, [cutoff]);
    tx.run(`DELETE FROM interactions WHERE id IN (${finished})`, [cutoff]);
    const interactions = tx.changes();
    // Ledger lines go with their interaction, so a kept interaction keeps its whole ledger.
    tx.run(
      `DELETE FROM audit WHERE at < ? AND (interaction_id IS NULL
         OR NOT EXISTS (SELECT 1 FROM interactions i WHERE i.id = audit.interaction_id))`,
      [cutoff],
    );
    const auditEntries = tx.changes();
    tx.run('DELETE FROM fences WHERE fenced_at < ?', [cutoff]);
    tx.run(`DELETE FROM sends WHERE status != 'sending' AND updated_at < ?`, [cutoff]);
    tx.run('DELETE FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ?', [cutoff]);
    tx.run(
      `DELETE FROM turns WHERE ended_at IS NOT NULL AND ended_at < ?
         AND NOT EXISTS (SELECT 1 FROM interactions i WHERE i.turn_id = turns.id)`,
      [cutoff],
    );
    tx.run(
      `DELETE FROM sessions WHERE closed_at IS NOT NULL AND closed_at < ?
         AND NOT EXISTS (SELECT 1 FROM interactions i WHERE i.session_id = sessions.id)`,
      [cutoff],
    );
    return { cutoff, interactions, auditEntries };
  });
}
