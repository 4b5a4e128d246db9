/**
 * Wires the server's parts for one connection once the client has said where to keep state: the
 * store, the session registry with the adapters' classifier, the interaction tracker and the
 * response pipeline; then re-attaches persisted sessions after settling what a crash left in flight.
 * Decisions live in the rooms it wires (see docs/architecture.md), not here.
 */
import type { Connection } from 'vscode-languageserver/node';
import { NOTIFICATIONS, type NotificationName, type NotificationParamsMap } from '../shared/protocol';
import { storePersistence } from './attached-sessions';
import type { ServerConfig } from './config';
import { DispatchLocks } from './respond/locks';
import { DEFAULT_RESPONDER_OPTIONS, Responder } from './respond/responder';
import { classifyScreen } from './observe/classify';
import { InteractionTracker } from './observe/interaction-tracker';
import { closeExited } from './observe/session-lifecycle';
import { settleInterrupted } from './respond/crash-recovery';
import { FollowUps } from './respond/follow-ups';
import { askPersonThrough } from './rpc/ask-person';
import { openSupervisorSocket } from './rpc/supervisor-socket';
import { openWordSocket } from './rpc/word-socket';
import { hookPlaceHere } from './connect/connect-requests';
import { hearWords } from './observe/agent-words';
import { managedSend } from './respond/managed-send';
import { ListReader } from './respond/list-reader';
import { ScrolledLists } from './step/scrolled-lists';
import type { SendDeps } from './respond/responder-deps';

/** How long a message that follows a step waits for the agent's empty composer. */
const FOLLOW_UP_MAX_WAIT_MS = 30 * 60_000;
import { createHandlers } from './rpc/handlers';
import { sessionSummaries } from './rpc/to-proto';
import type { Logger } from './base/logging';
import type { NotificationHandlers, RequestHandlers } from './rpc/register';
import { TerminalSessions } from './sessions/terminal/terminals';
import { terminalWriter } from './rpc/terminal-writer';
import { SessionRegistry } from './sessions';
import { openStore, type JsonValue, type Store } from './store';
import { BinaryDigests } from './qualify/binary-digest';
import { LocalQualifications } from './qualify/local-qualifications';
import { ProfileSources, refreshSessionProfiles } from './qualify/profile-sources';
import { QualificationRunner } from './qualify/qualification-runner';

export interface Services {
  store: Store;
  registry: SessionRegistry;
  handlers: RequestHandlers;
  notifications: NotificationHandlers;
  /** Sends what the outbox still holds (after a reconnect or restart). */
  flushOutbox(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startServices(connection: Connection, config: ServerConfig, log: Logger): Promise<Services> {
  const store = await openStore({
    dir: config.storageDir,
    onBackgroundError: (e) => log.error('store maintenance', e),
  });
  for (const w of store.warnings) {
    log.warn(`store: ${w.message}`);
    void connection.window.showWarningMessage(`Agent Knock Knock: ${w.message}`);
  }
  const local = config.globalStorageDir ? new LocalQualifications(config.globalStorageDir) : undefined;
  const profiles = new ProfileSources({
    local,
    digests: new BinaryDigests(),
    withheld: config.withheldQualifications,
    log: (m) => log.info(m),
  });
  if (config.withheldQualifications.size > 0)
    log.info(`shipped qualification withheld: ${[...config.withheldQualifications].join(', ')}`);
  const registry = new SessionRegistry({
    profiles,
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
  const send = async <K extends NotificationName>(name: K, params: NotificationParamsMap[K]): Promise<void> => {
    // Written to the outbox before it is sent: a lost connection re-sends it later.
    const entry = await store.enqueueNotification(name, params);
    await deliver(entry.id, entry.method, entry.params).catch((e: unknown) => log.warn(`sending ${entry.method}`, e));
  };

  // Scrolled lists have one owner: the tracker reads screens against them, their reader fills them.
  const scrolled = new ScrolledLists();
  const tracker = new InteractionTracker({
    store,
    log,
    send,
    allowLowRiskText: config.allowLowRiskText,
    lists: scrolled,
  });
  const responderDeps: SendDeps = {
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
      dropInput: process.env.AKK_FAULT_DROP_INPUT === '1',
    },
  };
  const followUps = new FollowUps({
    store,
    registry,
    log,
    send: (session, text, id) => managedSend(responderDeps, session, text, id),
    maxWaitMs: FOLLOW_UP_MAX_WAIT_MS,
    pollMs: 500,
    now: Date.now,
  });
  const responder = new Responder({ ...responderDeps, followUps });
  const lists = new ListReader(responderDeps, scrolled);
  tracker.onListToRead(({ session, home }) => lists.start(session, home));
  const terminals = new TerminalSessions({
    registry,
    identifier: registry.identifier,
    write: terminalWriter(connection),
    log: (m) => log.info(m),
  });
  const handlers = createHandlers({
    terminals,
    log,
    registry,
    store,
    tracker,
    responder,
    offerLifetimeMs: config.offerLifetimeSeconds * 1000,
    inputAllowed: config.inputAllowed,
    askPerson: askPersonThrough(connection, config.offerLifetimeSeconds * 1000),
    local,
    withheld: config.withheldQualifications,
    qualifier: new QualificationRunner({
      globalStorageDir: config.globalStorageDir,
      tmuxPath: config.tmuxPath,
      log: (m) => log.info(m),
      // Progress is not kept in the outbox: a reconnected client asks again.
      progress: (p) => void connection.sendNotification(NOTIFICATIONS.qualificationProgress, p),
      qualified: () => refreshSessionProfiles(registry),
    }),
    hooks: hookPlaceHere(__dirname, config.globalStorageDir, config.agentWordDir),
  });
  const supervisors = config.supervisorSocket
    ? await openSupervisorSocket(config.supervisorSocket, handlers, log).catch((e: unknown) => {
        log.warn(`no supervisor socket at ${config.supervisorSocket ?? ''}`, e);
        return undefined;
      })
    : undefined;

  // A request held to be answered through its own channel is a step at once, and ends with its line.
  const heard = hearWords(registry, tracker.words, log, (session, line) => {
    const held = tracker.words.held(session.id);
    tracker.observeWord(session).catch((e: unknown) => log.warn(`offering session ${session.id}'s request`, e));
    // Read when the line closes: the step offered then (a questionnaire moves on question by question).
    line.onClose(() => {
      if (held) void tracker.wordGone(session, held.fingerprint).catch((e: unknown) => log.warn('request ended', e));
    });
  });
  const words = await openWordSocket(config.agentWordDir, heard, log).catch((e: unknown) => {
    log.warn(`agents' own words cannot be heard at ${config.agentWordDir}`, e);
    return undefined;
  });

  registry.onSettled((session, capture) => {
    tracker.observe(session, capture).catch((e: unknown) => log.warn(`recognising session ${session.id}`, e));
  });
  const lifecycle = { registry, store, tracker, log };
  registry.onSessionsChanged(() => {
    closeExited(lifecycle);
    void send('sessionsChanged', { sessions: sessionSummaries(registry, store) });
  });

  const interruptedSends = await settleInterrupted(store, log);
  const restored = await registry.restore();
  for (const s of restored) {
    const session = registry.get(s.session_id);
    if (session) await tracker.ensureSession(session);
    if (session && interruptedSends.has(s.session_id)) session.setResponseUncertain(true);
    // Held uncertain until the screen proves another state or the person checks it (settled on disk).
    if (session && store.unsettledUncertain(s.session_id).length > 0) session.setResponseUncertain(true);
  }
  log.info(`re-attached ${restored.length} session(s)`);
  closeExited(lifecycle);
  followUps.resume();

  return {
    store,
    registry,
    handlers,
    notifications: {
      terminalOutput: (p) => terminals.output(p.terminal_id, p.execution_id, p.seq, p.data),
      terminalEnded: (p) => terminals.end(p.terminal_id, p.execution_id),
    },
    async flushOutbox() {
      for (const e of store.pendingNotifications())
        await deliver(e.id, e.method, e.params).catch((err: unknown) => log.warn(`re-sending ${e.method}`, err));
    },
    async dispose() {
      followUps.dispose();
      await supervisors?.close();
      await words?.close();
      terminals.dispose();
      registry.dispose();
      await store.close();
    },
  };
}
