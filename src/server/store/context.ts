/**
 * What every store operation works with, plus `attempt`: one transaction whose typed rejections
 * are counted and written to the ledger (after the failed transaction rolled back).
 */
import { AkkError, type ErrorCode } from '../../shared/errors';
import { bump, outcomeCounterFor, rejectionCounter, writeAudit } from './audit';
import type { Engine, Tx } from './engine';

export interface Ctx {
  engine: Engine;
  now: () => number;
}

/** Codes that describe the store itself failing, not a rejected request: never counted. */
const NOT_REJECTIONS: readonly ErrorCode[] = [
  'store_io',
  'store_corrupt',
  'store_locked',
  'store_too_new',
  'internal_error',
];

/** Throws a typed rejection from inside `attempt`. */
export function reject(
  code: ErrorCode,
  message: string,
  where: { interactionId?: string; sessionId?: string } = {},
): never {
  throw new AkkError(code, message, { ...where });
}

/** Counts a rejection and writes it to the ledger. Lazy: made durable by the next durable commit. */
export function recordRejection(ctx: Ctx, error: AkkError): void {
  const detail = error.detail ?? {};
  const interactionId = typeof detail.interactionId === 'string' ? detail.interactionId : null;
  const sessionId = typeof detail.sessionId === 'string' ? detail.sessionId : null;
  try {
    ctx.engine.write(false, (tx) => {
      bump(tx, rejectionCounter(error.code));
      const also = outcomeCounterFor(error.code);
      if (also) bump(tx, also);
      writeAudit(tx, ctx.now(), { event: 'rejected', interactionId, sessionId, code: error.code });
    });
  } catch {
    // The rejection itself stands even if the store cannot record it.
  }
}

/** Runs `fn` as one transaction; a typed rejection thrown from it is counted, then rethrown. */
export function attempt<T>(ctx: Ctx, durable: boolean, fn: (tx: Tx) => T): T {
  try {
    return ctx.engine.write(durable, fn);
  } catch (error) {
    if (error instanceof AkkError && !NOT_REJECTIONS.includes(error.code)) recordRejection(ctx, error);
    throw error;
  }
}
