/**
 * What the registry keeps across server restarts, and the interface of whoever keeps it
 * (the store). Tests use an in-memory or JSON-file implementation.
 */
import type { AgentKind } from '../../shared/agents';
import type { EndpointDescription } from './endpoint';

interface PersistedEndpoint extends EndpointDescription {
  /** Proves on re-attach that the pane still runs the same process (pane ids are reused by a new tmux server). */
  identity?: { panePid: number; paneStartTime: number; bootId?: string };
}

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
