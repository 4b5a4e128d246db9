/**
 * What a stopped server left in flight. A reservation or a managed send without a proven outcome
 * means input may have reached the terminal: it becomes `response_uncertain`, and nothing is ever
 * retried (design 000, "Recognition and dispatch", step 5).
 */
import type { Logger } from '../base/logging';
import type { Store } from '../store';

/** Marks every interrupted response uncertain; returns the sessions whose managed send was interrupted. */
export async function settleInterrupted(store: Store, log: Logger): Promise<Set<string>> {
  for (const ix of store.inFlight()) {
    const reservation = store.getAuthority(ix.id)?.reservation;
    if (!reservation) continue;
    await store.markUncertain(ix.id, reservation.id);
    log.warn(
      `interaction ${ix.id} was in flight when the server stopped: marked response_uncertain, nothing is retried`,
    );
  }
  const interruptedSends = new Set<string>();
  for (const send of store.sendsInFlight()) {
    await store.finishSend(send.id, 'uncertain');
    interruptedSends.add(send.sessionId);
    log.warn(
      `managed send ${send.id} was in flight when the server stopped: marked response_uncertain, nothing is retried`,
    );
  }
  return interruptedSends;
}
