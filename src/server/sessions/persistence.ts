/**
 * What the registry keeps across server restarts, and the interface of whoever keeps it
 * (the store). Tests use an in-memory or JSON-file implementation.
 */
import type { AgentKind } from '../../shared/agents';
import type { EndpointDescription } from './endpoint';
import type { Session } from './session';

/** Only tmux panes outlive the editor window, so only they are kept. */
type PersistedEndpoint = Extract<EndpointDescription, { kind: 'tmux' }> & {
  /** Proves on re-attach that the pane still runs the same process (pane ids are reused by a new tmux server). */
  identity?: { panePid: number; paneStartTime: number; bootId?: string };
};

export interface AttachedRecord {
  session_id: string;
  endpoint: PersistedEndpoint;
  agent: AgentKind;
  version: string | null;
  /** The last binding generation; a re-attach uses a larger one. Absent when not kept. */
  generation?: number;
}

export interface SessionPersistence {
  saveAttached(record: AttachedRecord): Promise<void>;
  removeAttached(sessionId: string): Promise<void>;
  loadAttached(): Promise<AttachedRecord[]>;
}

/** Saves a tmux session's record (other endpoints do not outlive the window); failures are logged. */
export async function saveSession(
  persistence: SessionPersistence,
  session: Session,
  log: (message: string) => void,
): Promise<void> {
  const endpoint = session.endpoint;
  const description = endpoint?.describe();
  if (!endpoint || description?.kind !== 'tmux') return;
  const identity = endpoint.identity();
  const record: AttachedRecord = {
    session_id: session.id,
    endpoint: {
      ...description,
      identity: {
        panePid: identity.panePid,
        paneStartTime: identity.paneStartTime,
        ...(identity.bootId !== undefined ? { bootId: identity.bootId } : {}),
      },
    },
    agent: session.agent,
    version: session.version,
    generation: endpoint.generation,
  };
  try {
    await persistence.saveAttached(record);
  } catch (error) {
    log(`session ${session.id}: could not be saved: ${String(error)}`);
  }
}
