/**
 * The request handlers, one per protocol method. A method whose feature is not built yet
 * answers `not_implemented` with the method name, never silence.
 */
import { AkkError } from '../../shared/errors';
import { REQUESTS, type ListSessionsResult, type SessionSummary } from '../../shared/protocol';
import type { RequestHandlers } from '../rpc/register';

/** What the handlers need from the rest of the server. */
export interface HandlerDeps {
  listSessions(): SessionSummary[];
}

function notImplemented(method: string): never {
  throw new AkkError('not_implemented', `${method} is not implemented by this server version`, { method });
}

export function createHandlers(deps: HandlerDeps): RequestHandlers {
  return {
    listSessions: (params): ListSessionsResult => {
      if (params.include_candidates) notImplemented(`${REQUESTS.listSessions.method} with include_candidates`);
      return { sessions: deps.listSessions() };
    },
    attachSession: () => notImplemented(REQUESTS.attachSession.method),
    detachSession: (params) => {
      throw new AkkError('unknown_session', `no session ${params.session_id}`, { session_id: params.session_id });
    },
    status: (params) => {
      const sessions = deps.listSessions();
      const wanted = params.session_id ?? params.turn_id;
      if (sessions.length === 0 || wanted !== undefined) {
        throw new AkkError('unknown_session', wanted ? `no session or turn ${wanted}` : 'no session is attached', {
          ...(params.session_id ? { session_id: params.session_id } : {}),
          ...(params.turn_id ? { turn_id: params.turn_id } : {}),
        });
      }
      return notImplemented(REQUESTS.status.method);
    },
    respondInteraction: () => notImplemented(REQUESTS.respondInteraction.method),
    approve: () => notImplemented(REQUESTS.approve.method),
    respond: () => notImplemented(REQUESTS.respond.method),
    listInteractions: () => notImplemented(REQUESTS.listInteractions.method),
  };
}
