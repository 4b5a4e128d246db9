/**
 * Builds the server's parts for one connection once the client has said where to keep state:
 * the store, the session registry with the adapters' classifier, the interaction tracker and the
 * response pipeline; then re-attaches persisted sessions and settles what a crash left in flight.
 */
import type { Connection } from 'vscode-languageserver/node';
import { NOTIFICATIONS, type NotificationName } from '../shared/protocol';
import { recognize } from '../adapters/recognize';
import { storePersistence } from './attached-sessions';
import type { ServerConfig } from './config';
import { DispatchLocks } from './respond/locks';
import { DEFAULT_RESPONDER_OPTIONS, Responder } from './respond/responder';
import { snapshotOf } from './observe/screen-snapshot';
import { InteractionTracker } from './observe/interaction-tracker';
import { createHandlers, sessionSummaries } from './rpc/handlers';
import type { Logger } from './logging';
import type { RequestHandlers } from './rpc/register';
import { SessionRegistry, type Classification, type Classify } from './sessions';
import { openStore, type JsonValue, type Store } from './store';

export interface Services {
  store: Store;
  registry: SessionRegistry;
  handlers: RequestHandlers;
  /** Sends what the outbox still holds (after a reconnect or restart). */
  flushOutbox(): Promise<void>;
  dispose(): Promise<void>;
}

export const classifyScreen: Classify = ({ agent, version, capture }): Classification => {
  const r = recognize(agent, version, snapshotOf(capture));
  switch (r.kind) {
    case 'questionnaire':
      // An async question is asked while the agent keeps working on its turn.
      return { state: r.asyncDelivery ? 'working' : 'waiting_input', detail: r.kind };
    case 'permission':
      return { state: 'waiting_input', detail: r.kind };
    case 'manual_required':
      return { state: 'manual_required', detail: r.reason };
    case 'activity':
      return { state: r.state };
  }
};

/** Steps of an agent that exited can no longer be answered: close them with that reason. */
function closeExited(registry: SessionRegistry, tracker: InteractionTracker, log: Logger): void {
  for (const s of registry.list()) {
    if (s.state !== 'exited') continue;
    tracker.closeOpen(s.session_id, 'the agent exited').catch((e: unknown) => log.warn(`closing the steps of ${s.session_id}`, e));
  }
}

export async function startServices(connection: Connection, config: ServerConfig, log: Logger): Promise<Services> {
  const store = await openStore({ dir: config.storageDir, onBackgroundError: (e) => log.error('store maintenance', e) });
  for (const w of store.warnings) {
    log.warn(`store: ${w.message}`);
    void connection.window.showWarningMessage(`Agent Knock Knock: ${w.message}`);
  }
  const registry = new SessionRegistry({
    classify: classifyScreen,
    persistence: storePersistence(store),
    tmuxPath: config.tmuxPath,
    monitor: { styled: true },
    log: (m) => log.info(m),
  });

  const deliver = async (id: number, method: string, params: JsonValue): Promise<void> => {
    await connection.sendNotification(method, params);
    await store.markDelivered([id]);
  };
  const send = async (name: NotificationName, params: JsonValue): Promise<void> => {
    // Written to the outbox before it is sent: a lost connection re-sends it later.
    const entry = await store.enqueueNotification(NOTIFICATIONS[name], params);
    await deliver(entry.id, entry.method, entry.params).catch((e: unknown) => log.warn(`sending ${entry.method}`, e));
  };

  const tracker = new InteractionTracker({ store, log, send });
  const responder = new Responder({
    store,
    registry,
    tracker,
    locks: new DispatchLocks(),
    log,
    options: {
      ...DEFAULT_RESPONDER_OPTIONS,
      inputAllowed: config.inputAllowed,
      holdAfterReserveMs: Number(process.env.AKK_FAULT_HOLD_AFTER_RESERVE_MS ?? 0) || 0,
      failAfterInput: process.env.AKK_FAULT_FAIL_AFTER_INPUT === '1',
    },
  });
  const handlers = createHandlers({ log, registry, store, tracker, responder, offerLifetimeMs: config.offerLifetimeSeconds * 1000, inputAllowed: config.inputAllowed });

  registry.onSettled((session, capture) => {
    tracker.observe(session, capture).catch((e: unknown) => log.warn(`recognising session ${session.id}`, e));
  });
  registry.onSessionsChanged(() => {
    closeExited(registry, tracker, log);
    void send('sessionsChanged', { sessions: sessionSummaries({ registry, store }) } as unknown as JsonValue);
  });

  // A reservation without a proven outcome means input may have been sent: never retry it.
  for (const ix of store.inFlight()) {
    const reservation = store.getAuthority(ix.id)?.reservation;
    if (reservation) {
      await store.markUncertain(ix.id, reservation.id);
      log.warn(`interaction ${ix.id} was in flight when the server stopped: marked response_uncertain, nothing is retried`);
    }
  }
  const interruptedSends = new Set<string>();
  for (const send of store.sendsInFlight()) {
    await store.finishSend(send.id, 'uncertain');
    interruptedSends.add(send.sessionId);
    log.warn(`managed send ${send.id} was in flight when the server stopped: marked response_uncertain, nothing is retried`);
  }
  const restored = await registry.restore();
  for (const s of restored) {
    const session = registry.get(s.session_id);
    if (session) await tracker.ensureSession(session);
    if (session && interruptedSends.has(s.session_id)) session.setResponseUncertain(true);
    // Held uncertain until the screen proves another state or the person checks it (settled on disk).
    if (session && store.unsettledUncertain(s.session_id).length > 0) session.setResponseUncertain(true);
  }
  log.info(`re-attached ${restored.length} session(s)`);
  closeExited(registry, tracker, log);

  return {
    store,
    registry,
    handlers,
    async flushOutbox() {
      for (const e of store.pendingNotifications()) await deliver(e.id, e.method, e.params).catch((err: unknown) => log.warn(`re-sending ${e.method}`, err));
    },
    async dispose() {
      registry.dispose();
      await store.close();
    },
  };
}
