/**
 * The lives of attached sessions beyond their screens: finding the one a request means, detaching
 * it, the agent exiting under an open step, and the person settling an uncertain answer. Each
 * closes what can no longer be answered with its reason (design 001, "Status machine").
 */
import { AkkError } from '../../shared/errors';
import type { Logger } from '../base/logging';
import type { Session, SessionRegistry } from '../sessions';
import type { Store } from '../store';
import type { InteractionTracker } from './interaction-tracker';

interface LifecycleDeps {
  registry: SessionRegistry;
  store: Store;
  tracker: InteractionTracker;
  log: Logger;
}

/** The session a request names by id or turn, or the only one attached. */
export function findSession(
  deps: Pick<LifecycleDeps, 'registry' | 'store'>,
  sessionId?: string,
  turnId?: string,
): Session {
  const { registry } = deps;
  if (sessionId !== undefined) {
    const s = registry.get(sessionId);
    if (!s) throw new AkkError('unknown_session', `no session ${sessionId}`, { session_id: sessionId });
    if (turnId !== undefined && s.turnId !== turnId) {
      throw new AkkError('unknown_session', `turn ${turnId} is not the current turn of session ${sessionId}`, {
        session_id: sessionId,
        turn_id: turnId,
      });
    }
    return s;
  }
  const all = registry.list();
  if (turnId !== undefined) {
    const hit =
      all.find((s) => s.turn_id === turnId) ??
      all.find((s) => deps.store.listInteractions({ sessionId: s.session_id, turnId }).length > 0);
    if (!hit) throw new AkkError('unknown_session', `no session has turn ${turnId}`, { turn_id: turnId });
    return registry.require(hit.session_id);
  }
  if (all.length === 1 && all[0]) return registry.require(all[0].session_id);
  if (all.length === 0) throw new AkkError('unknown_session', 'no session is attached');
  throw new AkkError('invalid_params', 'several sessions are attached: give session_id or turn_id', {
    session_ids: all.map((s) => s.session_id),
  });
}

/** Detaches a session: its open steps can no longer be answered from here, so they are closed and the client told. */
export async function detachSession(deps: LifecycleDeps, sessionId: string): Promise<void> {
  deps.registry.require(sessionId);
  await deps.tracker.closeOpen(sessionId, 'the session was detached');
  await deps.registry.detach(sessionId);
  deps.tracker.forget(sessionId);
  if (deps.store.getSession(sessionId)) await deps.store.closeSession(sessionId);
}

/** Steps of an agent that exited can no longer be answered: close them with that reason. */
export function closeExited(deps: LifecycleDeps): void {
  for (const s of deps.registry.list()) {
    if (s.state !== 'exited') continue;
    deps.tracker
      .closeOpen(s.session_id, 'the agent exited')
      .catch((e: unknown) => deps.log.warn(`closing the steps of ${s.session_id}`, e));
  }
}

/** The person checked the terminal after an uncertain response; returns the steps this settled. */
export async function acknowledgeUncertain(
  deps: LifecycleDeps,
  sessionId: string,
): Promise<{ session: Session; settled: string[] }> {
  const session = deps.registry.get(sessionId);
  if (!session) throw new AkkError('unknown_session', `no session ${sessionId}`, { session_id: sessionId });
  const held = session.uncertain || deps.store.unsettledUncertain(session.id).length > 0;
  const settled = held ? await deps.tracker.endUncertain(session, 'acknowledged') : [];
  return { session, settled };
}
