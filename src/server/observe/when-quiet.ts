/** Waiting for an agent's terminal to be quiet before a step is announced, offered or read. */
import type { Session } from '../sessions';
import { timingOf } from '../base/adapters';

/**
 * Quiet time a terminal needs before its prompt is announced or offered: agents finish redrawing
 * around a new dialog. The agent's profile says how long (`timingOf`).
 */
export function quietBeforeOffer(session: Session): number {
  return timingOf(session.agent).quietBeforeOffer;
}

/** Runs `then` once the session's terminal has been quiet for its agent's quiet time before an offer, or it exited. */
export function whenQuiet(session: Session, then: () => void): void {
  const need = quietBeforeOffer(session);
  const check = (): void => {
    const quiet = session.msSinceOutput() ?? need;
    if (quiet < need && session.state !== 'exited') {
      setTimeout(check, need - quiet + 5).unref();
      return;
    }
    then();
  };
  check();
}
