/**
 * One tmux server as the sessions code sees it: the control-mode clients that report its
 * events (one per tmux session that holds a watched pane, attached with `ignore-size`), the
 * routing of those events to pane watchers, and a command channel that prefers a live control
 * client over starting a tmux process. Nothing runs while nothing changes: structural events
 * (layout change, window or session close, client exit) trigger one `list-panes` to reconcile.
 */
import { AkkError } from '../../../shared/errors';
import type { ControlNotification } from './control-protocol';
import type { Disposable } from '../events';
import { addressKey, type TmuxAddress, type TmuxRunner } from './command';
import { ControlClient, isControlClientGone } from './control';
import {
  PANE_LIST_FORMAT,
  SERVER_INFO_FORMAT,
  parsePaneList,
  parseServerInfo,
  type PaneRow,
  type ServerInfo,
} from './formats';

interface PaneWatcher {
  /** The pane wrote output. */
  output(): void;
  /** The pane's size changed. */
  resize(cols: number, rows: number): void;
  /** The pane is gone (or the server). */
  closed(reason: string): void;
}

interface Watched {
  watchers: Set<PaneWatcher>;
  row: PaneRow;
}

interface TmuxServerOptions {
  /** Delay that gathers a burst of structural events into one reconcile. */
  reconcileDelayMs?: number;
  log?: (message: string) => void;
}

function lines(stdout: string): string[] {
  const out = stdout.split('\n');
  if (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

export class TmuxServer {
  readonly key: string;
  private readonly watched = new Map<string, Watched>();
  private readonly clients = new Map<string, ControlClient>();
  private reconcileTimer: NodeJS.Timeout | null = null;
  private reconciling: Promise<void> | null = null;
  private reconcileAgain = false;
  private info: ServerInfo | null = null;
  private disposed = false;
  private readonly reconcileDelayMs: number;
  private readonly log: (message: string) => void;

  constructor(
    readonly address: TmuxAddress,
    private readonly runner: TmuxRunner,
    options: TmuxServerOptions = {},
  ) {
    this.key = addressKey(address);
    this.reconcileDelayMs = options.reconcileDelayMs ?? 15;
    this.log = options.log ?? (() => undefined);
  }

  /** Runs one command of plain words, over a control client when one is live. */
  async command(args: readonly string[]): Promise<string[]> {
    const client = [...this.clients.values()].find((c) => c.alive);
    if (client) {
      let ready = true;
      try {
        await client.ready();
      } catch {
        ready = false;
      }
      if (ready) {
        try {
          return await client.command(args);
        } catch (error) {
          if (!isControlClientGone(error)) throw error;
        }
      }
    }
    return lines(await this.runner.run(this.address, args));
  }

  /** Runs a command with free-text arguments: always a separate tmux process with an argument array. */
  async run(args: readonly string[]): Promise<string> {
    return this.runner.run(this.address, args);
  }

  /** The server's socket path, pid and start time (cached until the server changes). */
  async serverInfo(refresh = false): Promise<ServerInfo> {
    if (this.info && !refresh) return this.info;
    const out = await this.command(['display-message', '-p', SERVER_INFO_FORMAT]);
    const info = parseServerInfo(out[0] ?? '');
    if (!info) throw new AkkError('internal_error', 'tmux did not describe its server', { output: out.slice(0, 2) });
    this.info = info;
    return info;
  }

  async listPanes(): Promise<PaneRow[]> {
    return parsePaneList(await this.command(['list-panes', '-a', '-F', PANE_LIST_FORMAT]));
  }

  /** Finds one pane by target (`%3` or `session:window.pane`); endpoint_unavailable if absent. */
  async findPane(target: string): Promise<PaneRow> {
    const out = lines(await this.runner.run(this.address, ['display-message', '-p', '-t', target, PANE_LIST_FORMAT]));
    const row = parsePaneList(out)[0];
    if (!row) throw new AkkError('endpoint_unavailable', `tmux pane ${target} was not found`, { target });
    return row;
  }

  /** Starts watching a pane: output, resize and close reach the watcher until disposed. */
  async watch(paneId: string, watcher: PaneWatcher): Promise<Disposable> {
    const row = await this.findPane(paneId);
    // The server the pane belongs to, to tell it from a new server later started at the same socket.
    if (this.info === null) await this.serverInfo();
    let entry = this.watched.get(row.paneId);
    if (!entry) {
      entry = { watchers: new Set(), row };
      this.watched.set(row.paneId, entry);
    }
    entry.watchers.add(watcher);
    await this.ensureClient(row.sessionId);
    return {
      dispose: () => {
        const e = this.watched.get(row.paneId);
        if (!e) return;
        e.watchers.delete(watcher);
        if (e.watchers.size === 0) {
          this.watched.delete(row.paneId);
          this.closeIdleClients();
        }
      },
    };
  }

  /** The number of live control clients (for tests and status). */
  get controlClientCount(): number {
    return [...this.clients.values()].filter((c) => c.alive).length;
  }

  dispose(): void {
    this.disposed = true;
    if (this.reconcileTimer) clearTimeout(this.reconcileTimer);
    for (const client of this.clients.values()) client.close();
    this.clients.clear();
    this.watched.clear();
  }

  private async ensureClient(sessionId: string): Promise<void> {
    const existing = this.clients.get(sessionId);
    if (existing?.alive) return existing.ready();
    const client = new ControlClient({
      binary: this.runner.binary,
      env: this.runner.env,
      address: this.address,
      sessionId,
    });
    this.clients.set(sessionId, client);
    client.onOutput.event((paneId) => {
      const entry = this.watched.get(paneId);
      if (entry) for (const w of [...entry.watchers]) w.output();
    });
    client.onNotification.event((n) => this.notification(n));
    client.onExit.event((reason) => {
      if (this.clients.get(sessionId) === client) this.clients.delete(sessionId);
      this.log(`tmux ${this.key}: control client for ${sessionId} ended: ${reason}`);
      this.scheduleReconcile();
    });
    await client.ready();
  }

  private notification(n: ControlNotification): void {
    switch (n.type) {
      case 'layout-change':
      case 'window-close':
      case 'window-pane-changed':
      case 'sessions-changed':
      case 'session-window-changed':
      case 'exit':
        this.scheduleReconcile();
        break;
      default:
        break;
    }
  }

  private scheduleReconcile(): void {
    if (this.disposed || this.reconcileTimer) return;
    if (this.watched.size === 0) {
      this.closeIdleClients();
      return;
    }
    this.reconcileTimer = setTimeout(() => {
      this.reconcileTimer = null;
      void this.reconcile();
    }, this.reconcileDelayMs);
  }

  /** Compares the watched panes with the server's pane list; fires resize and close. */
  reconcile(): Promise<void> {
    if (this.reconciling) {
      this.reconcileAgain = true;
      return this.reconciling;
    }
    this.reconciling = this.reconcileOnce()
      .catch((error: unknown) => this.log(`tmux ${this.key}: reconcile failed: ${String(error)}`))
      .finally(() => {
        this.reconciling = null;
        if (this.reconcileAgain) {
          this.reconcileAgain = false;
          this.scheduleReconcile();
        }
      });
    return this.reconciling;
  }

  private async reconcileOnce(): Promise<void> {
    if (this.disposed || this.watched.size === 0) return;
    let rows: PaneRow[];
    try {
      rows = await this.listPanes();
    } catch (error) {
      if (error instanceof AkkError && error.code === 'endpoint_unavailable') {
        this.info = null;
        this.closeAll(`tmux server ${this.key} is gone`);
        return;
      }
      throw error;
    }
    // A server started anew at the same socket numbers its panes from the start again: a pane id
    // there is another pane, never the one watched.
    const known = this.info;
    const now = await this.serverInfo(true);
    if (known !== null && (known.pid !== now.pid || known.startTime !== now.startTime)) {
      this.closeAll(`tmux server ${this.key} was restarted: its panes are others`);
      return;
    }
    const byId = new Map(rows.map((r) => [r.paneId, r]));
    const sessions = new Set<string>();
    for (const [paneId, entry] of [...this.watched]) {
      const row = byId.get(paneId);
      if (!row) {
        this.watched.delete(paneId);
        for (const w of [...entry.watchers]) w.closed(`tmux pane ${paneId} is gone`);
        continue;
      }
      const resized = row.cols !== entry.row.cols || row.rows !== entry.row.rows;
      entry.row = row;
      sessions.add(row.sessionId);
      if (resized) for (const w of [...entry.watchers]) w.resize(row.cols, row.rows);
    }
    for (const sessionId of sessions) {
      try {
        await this.ensureClient(sessionId);
      } catch (error) {
        this.log(`tmux ${this.key}: cannot watch session ${sessionId}: ${String(error)}`);
      }
    }
    this.closeIdleClients();
  }

  private closeAll(reason: string): void {
    const entries = [...this.watched];
    this.watched.clear();
    for (const [, entry] of entries) for (const w of [...entry.watchers]) w.closed(reason);
    this.closeIdleClients();
  }

  private closeIdleClients(): void {
    const needed = new Set([...this.watched.values()].map((e) => e.row.sessionId));
    for (const [sessionId, client] of [...this.clients]) {
      if (!needed.has(sessionId)) {
        this.clients.delete(sessionId);
        client.close();
      }
    }
  }
}
