/**
 * The attached agent terminals: attach, detach, list, candidate discovery, and re-attach after
 * a restart with the same session ids and a new binding generation.
 *
 * Binding generations are numbers that only grow for a pane: a fresh binding starts at the
 * current time in milliseconds (and above any generation this process gave the pane before),
 * a restored one above the persisted generation too; each resize, respawn or agent restart adds 1.
 */
import { AkkError } from '../../shared/errors';
import type { CandidatePane, SessionSummary, TmuxServerRef, TmuxTarget } from '../../shared/protocol';
import { AgentIdentifier } from './agent-identity';
import type { Endpoint, EndpointDescription, ScreenCapture } from './endpoint';
import { Emitter, type Disposable } from './events';
import type { MonitorOptions, SettledInfo } from './monitor';
import { saveSession, type AttachedRecord, type SessionPersistence } from './persistence';
import { opaqueId } from '../base/ids';
import { Session, type Classify } from './session';
import type { SessionProfiles } from './session-profile';
import { EnvironmentNotices } from './environment-notices';
import { findTmux } from './tmux/find-tmux';
import { TmuxRunner, addressKey, type TmuxAddress } from './tmux/command';
import { TmuxEndpoint } from './tmux/endpoint';
import { TmuxServer } from './tmux/server';
import { paneLocation } from './tmux/formats';

/** While output flows (an agent's spinner), one change capture per this many ms can prove `working`. */
const DEFAULT_CHANGE_INTERVAL_MS = 500;

interface SessionRegistryOptions {
  classify: Classify;
  persistence?: SessionPersistence;
  /** The tmux executable (setting akk.tmux.path). */
  tmuxPath?: string;
  runner?: TmuxRunner;
  identifier?: AgentIdentifier;
  /** Quiet period and change-capture interval; see ScreenMonitor. */
  monitor?: Omit<MonitorOptions, 'clock'>;
  log?: (message: string) => void;
  now?: () => number;
  /** Where a session's profile may come from besides the shipped tables. */
  profiles?: SessionProfiles;
}

interface SettledEvent {
  session: Session;
  capture: ScreenCapture;
  info: SettledInfo;
}

interface CandidateOptions {
  /** Also list panes where no supported agent was identified. */
  includeUnknown?: boolean;
}

function addressOf(ref: TmuxServerRef | TmuxTarget | { socket?: string; socketPath?: string }): TmuxAddress {
  return {
    ...(ref.socket !== undefined ? { socket: ref.socket } : {}),
    ...(ref.socketPath !== undefined ? { socketPath: ref.socketPath } : {}),
  };
}

export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  /** `<socket path>|<pane id>` → session id, for live bindings. */
  private readonly byPane = new Map<string, string>();
  private readonly paneOf = new Map<string, string>();
  private readonly lastGeneration = new Map<string, number>();
  private readonly servers = new Map<string, TmuxServer>();
  private readonly changedEmitter = new Emitter<SessionSummary[]>();
  private readonly settledEmitter = new Emitter<SettledEvent>();
  private readonly runner: TmuxRunner;
  readonly identifier: AgentIdentifier;
  /** What this machine keeps the server from doing (tmux missing, processes unreadable). */
  readonly notices: EnvironmentNotices;
  private readonly log: (message: string) => void;
  private readonly now: () => number;
  private changeQueued = false;

  constructor(private readonly options: SessionRegistryOptions) {
    this.runner = options.runner ?? new TmuxRunner({ binary: findTmux(options.tmuxPath ?? 'tmux') });
    this.identifier = options.identifier ?? new AgentIdentifier();
    this.notices = new EnvironmentNotices(this.runner, this.identifier.proc);
    this.log = options.log ?? (() => undefined);
    this.now = options.now ?? Date.now;
  }

  /** Fires (once per burst) with the full list whenever a summary changes. */
  onSessionsChanged(listener: (sessions: SessionSummary[]) => void): Disposable {
    return this.changedEmitter.event(listener);
  }

  /** Every settled capture, for recognition. */
  onSettled(listener: (session: Session, capture: ScreenCapture, info: SettledInfo) => void): Disposable {
    return this.settledEmitter.event((e) => listener(e.session, e.capture, e.info));
  }

  list(): SessionSummary[] {
    return [...this.sessions.values()].map((s) => s.summary());
  }

  get(sessionId: string): Session | undefined {
    return this.sessions.get(sessionId);
  }

  /** The session, or unknown_session. */
  require(sessionId: string): Session {
    const session = this.sessions.get(sessionId);
    if (!session) throw new AkkError('unknown_session', `no session ${sessionId}`, { session_id: sessionId });
    return session;
  }

  /**
   * A session for an endpoint opened elsewhere (an editor terminal), under `key`: a key that is
   * attached already returns its session. Such sessions are not kept across restarts.
   */
  adopt(endpoint: Endpoint, key: string): Session {
    const existing = this.sessions.get(this.byPane.get(key) ?? '');
    if (existing && existing.state !== 'exited') return existing;
    const proc = endpoint.agentProcess();
    const session = this.newSession(
      opaqueId('ses'),
      endpoint.describe(),
      proc?.agent ?? 'unknown',
      proc?.version ?? null,
    );
    this.bind(session, endpoint, key);
    this.queueChanged();
    return session;
  }

  /** The binding generation to start an endpoint under `key` with (above any it had before). */
  generationFor(key: string): number {
    return this.nextGeneration(key);
  }

  /** Attaches a pane; attaching a pane that is already attached returns its session. */
  async attach(target: TmuxTarget): Promise<Session> {
    const server = this.server(addressOf(target));
    const row = await server.findPane(target.target);
    const info = await server.serverInfo(true);
    const paneKey = `${info.socketPath}|${row.paneId}`;
    const existingId = this.byPane.get(paneKey);
    const existing = existingId !== undefined ? this.sessions.get(existingId) : undefined;
    if (existing && existing.state !== 'exited') return existing;
    if (existing) this.remember(existing);
    const endpoint = await TmuxEndpoint.open({
      server,
      target: row.paneId,
      generation: this.nextGeneration(paneKey),
      identifier: this.identifier,
      now: this.now,
    });
    const proc = endpoint.agentProcess();
    const agent = proc?.agent ?? 'unknown';
    const session = this.newSession(opaqueId('ses'), endpoint.describe(), agent, proc?.version ?? null);
    this.bind(session, endpoint, paneKey);
    await this.persist(session);
    this.queueChanged();
    return session;
  }

  async detach(sessionId: string): Promise<void> {
    const session = this.require(sessionId);
    this.remember(session);
    this.sessions.delete(sessionId);
    this.paneOf.delete(sessionId);
    for (const [key, id] of this.byPane) if (id === sessionId) this.byPane.delete(key);
    session.dispose();
    await this.options.persistence?.removeAttached(sessionId);
    this.queueChanged();
  }

  /**
   * Re-attaches the persisted sessions with their ids. A pane that is gone, or that now runs a
   * different process than the one recorded, leaves its session listed as `exited`.
   */
  async restore(): Promise<SessionSummary[]> {
    const records = (await this.options.persistence?.loadAttached()) ?? [];
    for (const record of records) {
      if (this.sessions.has(record.session_id)) continue;
      const session = this.newSession(record.session_id, record.endpoint, record.agent, record.version);
      try {
        await this.rebind(session, record);
      } catch (error) {
        const reason = error instanceof AkkError ? error.message : String(error);
        session.markExited(reason);
      }
    }
    this.queueChanged();
    return this.list();
  }

  /** Panes on the given servers (the default server when none) that run a supported agent. */
  async candidates(servers?: readonly TmuxServerRef[], options: CandidateOptions = {}): Promise<CandidatePane[]> {
    const refs = servers && servers.length > 0 ? servers : [{}];
    const out: CandidatePane[] = [];
    for (const ref of refs) {
      const address = addressOf(ref);
      const server = this.server(address);
      let rows;
      let socketPath: string;
      try {
        rows = await server.listPanes();
        socketPath = (await server.serverInfo(true)).socketPath;
      } catch (error) {
        if (error instanceof AkkError && error.code === 'endpoint_unavailable') continue; // no server there
        throw error;
      }
      for (const row of rows) {
        const proc = this.identifier.findAgent(row.panePid);
        const agent = proc?.agent ?? 'unknown';
        if (agent === 'unknown' && !options.includeUnknown) continue;
        const attached = this.byPane.get(`${socketPath}|${row.paneId}`) ?? null;
        out.push({
          endpoint: { kind: 'tmux', ...address, target: paneLocation(row), pane_id: row.paneId },
          agent,
          version: proc?.version ?? null,
          command: row.command,
          attached_session_id: attached !== null && this.sessions.get(attached)?.state !== 'exited' ? attached : null,
        });
      }
    }
    return out;
  }

  markResponseUncertain(sessionId: string): void {
    this.require(sessionId).setResponseUncertain(true);
  }

  clearResponseUncertain(sessionId: string): void {
    this.require(sessionId).setResponseUncertain(false);
  }

  /** Stops observing; the terminals and the persisted records are left alone. */
  dispose(): void {
    for (const session of this.sessions.values()) session.dispose();
    this.sessions.clear();
    this.paneOf.clear();
    this.byPane.clear();
    for (const server of this.servers.values()) server.dispose();
    this.servers.clear();
    this.changedEmitter.dispose();
    this.settledEmitter.dispose();
  }

  /** Live control-mode clients across servers (for status and tests). */
  get controlClientCount(): number {
    return [...this.servers.values()].reduce((n, s) => n + s.controlClientCount, 0);
  }

  private async rebind(session: Session, record: AttachedRecord): Promise<void> {
    const address = addressOf(record.endpoint);
    const server = this.server(address);
    const row = await server.findPane(record.endpoint.pane_id);
    const info = await server.serverInfo(true);
    const paneKey = `${info.socketPath}|${row.paneId}`;
    const expected = record.endpoint.identity;
    if (expected) {
      const actual = this.identifier.proc.stat(row.panePid);
      const bootId = this.identifier.proc.bootId();
      const same =
        row.panePid === expected.panePid &&
        actual?.startTime === expected.paneStartTime &&
        (expected.bootId === undefined || bootId === undefined || expected.bootId === bootId);
      if (!same) throw new AkkError('endpoint_unavailable', `tmux pane ${row.paneId} now runs a different process`);
    }
    const floor = record.generation !== undefined ? record.generation + 1 : 0;
    const endpoint = await TmuxEndpoint.open({
      server,
      target: row.paneId,
      generation: Math.max(floor, this.nextGeneration(paneKey)),
      identifier: this.identifier,
      now: this.now,
    });
    this.bind(session, endpoint, paneKey);
    await this.persist(session);
  }

  private newSession(
    id: string,
    description: EndpointDescription | AttachedRecord['endpoint'],
    agent: Session['agent'],
    version: string | null,
  ): Session {
    const { identity: _identity, ...plain } = { identity: undefined, ...description };
    let lastPersisted: string | null = null;
    const session: Session = new Session(id, plain, agent, version, {
      classify: this.options.classify,
      changed: (s) => {
        this.queueChanged();
        const key = JSON.stringify([s.generation, s.agent, s.version]);
        if (s.endpoint && !s.endpoint.closed && key !== lastPersisted) {
          lastPersisted = key;
          void this.persist(s);
        }
      },
      settled: (s, capture, info) => this.settledEmitter.fire({ session: s, capture, info }),
      log: this.log,
      ...(this.options.profiles ? { profiles: this.options.profiles } : {}),
    });
    this.sessions.set(id, session);
    return session;
  }

  private bind(session: Session, endpoint: Endpoint, paneKey: string): void {
    this.byPane.set(paneKey, session.id);
    this.paneOf.set(session.id, paneKey);
    session.bind(endpoint, { changeIntervalMs: DEFAULT_CHANGE_INTERVAL_MS, ...this.options.monitor });
  }

  /** Keeps the pane's last generation so that a later binding of it starts above. */
  private remember(session: Session): void {
    const paneKey = this.paneOf.get(session.id);
    const gen = session.generation;
    if (paneKey === undefined || gen === null) return;
    this.lastGeneration.set(paneKey, Math.max(this.lastGeneration.get(paneKey) ?? 0, gen));
  }

  private nextGeneration(paneKey: string): number {
    const last = this.lastGeneration.get(paneKey) ?? 0;
    const gen = Math.max(this.now(), last + 1);
    this.lastGeneration.set(paneKey, gen);
    return gen;
  }

  private async persist(session: Session): Promise<void> {
    const persistence = this.options.persistence;
    if (persistence) await saveSession(persistence, session, this.log);
  }

  private server(address: TmuxAddress): TmuxServer {
    const key = addressKey(address);
    let server = this.servers.get(key);
    if (!server) {
      server = new TmuxServer(address, this.runner, { log: this.log });
      this.servers.set(key, server);
    }
    return server;
  }

  private queueChanged(): void {
    if (this.changeQueued) return;
    this.changeQueued = true;
    queueMicrotask(() => {
      this.changeQueued = false;
      this.changedEmitter.fire(this.list());
    });
  }
}
