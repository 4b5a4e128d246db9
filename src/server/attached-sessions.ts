/** Keeps the registry's attached sessions in the store, so they are re-attached after a restart. */
import { isAgentName } from '../shared/agents';
import type { AttachedRecord, SessionPersistence } from './sessions';
import type { Store } from './store';

export function storePersistence(store: Store): SessionPersistence {
  return {
    async saveAttached(record: AttachedRecord): Promise<void> {
      await store.saveAttachedSession({
        sessionId: record.session_id,
        endpoint: record.endpoint,
        ...(record.generation !== undefined ? { generation: record.generation } : {}),
        agent: record.agent,
        version: record.version ?? '',
      });
    },
    async removeAttached(sessionId: string): Promise<void> {
      await store.removeAttachedSession(sessionId);
    },
    loadAttached(): Promise<AttachedRecord[]> {
      return Promise.resolve(
        store.listAttachedSessions().map((a) => {
          const agent = isAgentName(a.agent) ? a.agent : 'unknown';
          return {
            session_id: a.sessionId,
            endpoint: a.endpoint,
            agent,
            version: a.version === '' ? null : a.version,
            ...(a.generation !== null ? { generation: a.generation } : {}),
          };
        }),
      );
    },
  };
}
