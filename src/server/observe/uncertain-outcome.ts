/**
 * How a session leaves `response_uncertain`: when its screen proves another state, or the person
 * says they checked the terminal. The uncertain step stays failed for the record; the turn rotates.
 */
import type { Recognition } from '../../adapters/types';
import type { Session } from '../sessions';
import type { TrackerDeps } from './observed';

/** Settles the session's uncertain outcome (durably) and starts a new turn. */
export async function endUncertain(
  deps: Pick<TrackerDeps, 'store' | 'log'>,
  session: Session,
  how: 'screen_moved_on' | 'acknowledged',
): Promise<string[]> {
  const settled = await deps.store.settleUncertain(session.id, how);
  const oldTurn = session.turnId;
  session.endUncertain();
  if (oldTurn) await deps.store.endTurn(oldTurn);
  const why = how === 'acknowledged' ? 'the terminal was checked by the person' : 'the screen shows another state';
  deps.log.info(`session ${session.id}: no longer response_uncertain (${why}); ${settled.length} step(s) stay failed`);
  return settled;
}

/**
 * An uncertain response ends when the screen proves another state: the agent idle or working,
 * or a prompt that was never answered (a fenced prompt may be the uncertain one itself). An
 * unreadable screen (activity `unknown`, an inexact prompt) proves nothing and keeps the session
 * uncertain.
 */
export async function settleIfMovedOn(
  deps: Pick<TrackerDeps, 'store' | 'log'>,
  session: Session,
  recognition: Recognition,
  fingerprint: string | null,
): Promise<void> {
  const movedOn =
    (recognition.kind === 'activity' && recognition.state !== 'unknown') ||
    (fingerprint !== null && !deps.store.isFenced(session.id, fingerprint));
  if (movedOn) await endUncertain(deps, session, 'screen_moved_on');
}
