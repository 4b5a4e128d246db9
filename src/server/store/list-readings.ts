/**
 * Readings of a scrolled list: the cursor of a live dialog moved row by row to see the rows out of
 * sight, then put back. Those are keys no step asked for, so each reading is in the ledger: when it
 * began, and whether it finished or failed (with why, as an error code).
 */
import type { ErrorCode } from '../../shared/errors';
import { writeAudit } from './audit';
import { attempt, type Ctx } from './context';
import type { ListReadingEvent } from './records';

export type { ListReadingEvent };

export function recordListReading(ctx: Ctx, sessionId: string, event: ListReadingEvent, code?: ErrorCode): void {
  attempt(ctx, true, (tx) => writeAudit(tx, ctx.now(), { event, sessionId, code: code ?? null }));
}
