/**
 * A tmux pane as an Endpoint. Screens are read with `display-message` + `capture-pane` over the
 * server's control channel; input goes through separate tmux processes with argument arrays
 * (`send-keys -l`, `send-keys`, `set-buffer` + `paste-buffer -p -d`). Output, resize and close
 * arrive from the server's control-mode clients. The binding generation moves on resize,
 * respawn (a new pane process) and agent restart (a new agent process).
 */
import { randomBytes } from 'node:crypto';
import { AkkError } from '../../../shared/errors';
import type { AgentIdentifier } from '../agent-identity';
import {
  KEY_NAME_RE,
  agentIdentity,
  staleGeneration,
  undelivered,
  type AgentProcess,
  type CaptureOptions,
  type Endpoint,
  type EndpointChange,
  type EndpointDescription,
  type EndpointIdentity,
  type PasteOptions,
  type ScreenCapture,
  type SendOptions,
} from '../endpoint';
import { Emitter, type Disposable } from '../events';
import type { TmuxServer } from './server';
import { selfContainedRows } from './styled-lines';
import { PANE_STATE_FORMAT, paneLocation, parsePaneState, type PaneRow } from './formats';

interface TmuxEndpointOptions {
  server: TmuxServer;
  /** A pane id (`%3`) or `session:window.pane`. */
  target: string;
  /** The first binding generation (see SessionRegistry for how it is chosen). */
  generation: number;
  identifier: AgentIdentifier;
  now?: () => number;
}

function agentKey(agent: AgentProcess | null): string {
  return agent === null || agent.agent === 'unknown' ? 'none' : `${agent.pid}:${agent.startTime}`;
}

export class TmuxEndpoint implements Endpoint {
  private gen: number;
  private panePid: number;
  private paneStartTime: number;
  private cols: number;
  private rows: number;
  private agent: AgentProcess | null = null;
  private lastOutput: number | null = null;
  private isClosed = false;
  private watch: Disposable | null = null;
  private readonly changes = new Emitter<EndpointChange>();
  private readonly now: () => number;
  private readonly bootId: string | undefined;
  readonly paneId: string;
  readonly location: string;

  private constructor(
    private readonly server: TmuxServer,
    private readonly identifier: AgentIdentifier,
    row: PaneRow,
    generation: number,
    now: () => number,
  ) {
    this.paneId = row.paneId;
    this.location = paneLocation(row);
    this.gen = generation;
    this.panePid = row.panePid;
    this.cols = row.cols;
    this.rows = row.rows;
    this.now = now;
    this.bootId = identifier.proc.bootId();
    this.paneStartTime = identifier.proc.stat(row.panePid)?.startTime ?? 0;
    this.agent = identifier.findAgent(row.panePid);
  }

  /** Finds the pane, starts watching it and identifies its agent; endpoint_unavailable if absent. */
  static async open(options: TmuxEndpointOptions): Promise<TmuxEndpoint> {
    const row = await options.server.findPane(options.target);
    const endpoint = new TmuxEndpoint(
      options.server,
      options.identifier,
      row,
      options.generation,
      options.now ?? Date.now,
    );
    endpoint.watch = await options.server.watch(row.paneId, {
      output: () => {
        endpoint.lastOutput = endpoint.now();
        endpoint.changes.fire({ kind: 'output', at: endpoint.lastOutput });
      },
      resize: () => endpoint.changes.fire({ kind: 'resize', at: endpoint.now() }),
      closed: (reason) => endpoint.markClosed(reason),
    });
    return endpoint;
  }

  get generation(): number {
    return this.gen;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  async capture(options: CaptureOptions = {}): Promise<ScreenCapture> {
    this.ensureOpen();
    const target = this.paneId;
    const [stateLines, plain, styled] = await Promise.all([
      this.server.command(['display-message', '-p', '-t', target, PANE_STATE_FORMAT]),
      this.server.command(['capture-pane', '-p', '-t', target]),
      options.styled ? this.server.command(['capture-pane', '-p', '-e', '-t', target]) : Promise.resolve(null),
    ]);
    const state = parsePaneState(stateLines[0] ?? '');
    if (!state)
      throw new AkkError('endpoint_unavailable', `tmux pane ${target} could not be read`, { pane_id: target });
    let changed = false;
    if (state.panePid !== this.panePid) {
      this.panePid = state.panePid;
      this.paneStartTime = this.identifier.proc.stat(state.panePid)?.startTime ?? 0;
      changed = true;
    }
    if (state.cols !== this.cols || state.rows !== this.rows) {
      this.cols = state.cols;
      this.rows = state.rows;
      changed = true;
    }
    const agent = this.identifier.findAgent(state.panePid);
    if (agentKey(agent) !== agentKey(this.agent)) changed = true;
    this.agent = agent;
    if (changed) this.gen++;
    const rows = plain.slice(0, state.rows);
    return {
      text: rows.join('\n'),
      ...(styled ? { styled: selfContainedRows(styled.slice(0, state.rows).join('\n')) } : {}),
      cols: state.cols,
      rows: state.rows,
      cursor: { x: state.cursorX, y: state.cursorY, visible: state.cursorVisible },
      capturedAt: this.now(),
      generation: this.gen,
      paneInMode: state.inMode,
      paneDead: state.dead,
    };
  }

  async sendLiteral(text: string, options: SendOptions = {}): Promise<void> {
    this.guard(options);
    if (text.length === 0) return;
    await this.write(['send-keys', '-t', this.paneId, '-l', '--', text]);
  }

  async sendKeys(keys: readonly string[], options: SendOptions = {}): Promise<void> {
    this.guard(options);
    const bad = keys.find((k) => !KEY_NAME_RE.test(k));
    if (bad !== undefined)
      throw undelivered(new AkkError('invalid_params', `not a key name: ${JSON.stringify(bad.slice(0, 20))}`));
    if (keys.length === 0) return;
    await this.write(['send-keys', '-t', this.paneId, ...keys]);
  }

  /** One tmux write; only a tmux that could not be started proves nothing was delivered. */
  private async write(args: string[]): Promise<void> {
    try {
      await this.server.run(args);
    } catch (error) {
      throw error instanceof AkkError && error.code === 'tmux_unavailable' ? undelivered(error) : error;
    }
  }

  async paste(text: string, options: PasteOptions): Promise<void> {
    this.guard(options);
    const buffer = `akk-${randomBytes(8).toString('hex')}`;
    await this.server.run(['set-buffer', '-b', buffer, '--', text]);
    try {
      await this.server.run([
        'paste-buffer',
        '-b',
        buffer,
        '-t',
        this.paneId,
        '-d',
        ...(options.bracketed ? ['-p'] : []),
      ]);
    } catch (error) {
      await this.server.run(['delete-buffer', '-b', buffer]).catch(() => undefined);
      throw error;
    }
  }

  identity(): EndpointIdentity {
    const a = this.server.address;
    return {
      backend: 'tmux',
      ...(a.socket !== undefined ? { socket: a.socket } : {}),
      ...(a.socketPath !== undefined ? { socketPath: a.socketPath } : {}),
      paneId: this.paneId,
      panePid: this.panePid,
      paneStartTime: this.paneStartTime,
      ...(this.bootId !== undefined ? { bootId: this.bootId } : {}),
      ...agentIdentity(this.agent),
    };
  }

  agentProcess(): AgentProcess | null {
    return this.agent;
  }

  describe(): EndpointDescription {
    const a = this.server.address;
    return {
      kind: 'tmux',
      ...(a.socket !== undefined ? { socket: a.socket } : {}),
      ...(a.socketPath !== undefined ? { socketPath: a.socketPath } : {}),
      target: this.location,
      pane_id: this.paneId,
    };
  }

  lastOutputAt(): number | null {
    return this.lastOutput;
  }

  onChange(listener: (change: EndpointChange) => void): Disposable {
    return this.changes.event(listener);
  }

  dispose(): void {
    this.watch?.dispose();
    this.watch = null;
    this.changes.dispose();
  }

  private markClosed(reason: string): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.watch = null;
    this.changes.fire({ kind: 'closed', at: this.now(), reason });
  }

  private ensureOpen(): void {
    if (this.isClosed)
      throw undelivered(
        new AkkError('endpoint_unavailable', `tmux pane ${this.paneId} is gone`, { pane_id: this.paneId }),
      );
  }

  private guard(options: SendOptions): void {
    this.ensureOpen();
    if (options.generation !== undefined && options.generation !== this.gen) {
      throw staleGeneration(options.generation, this.gen, { pane_id: this.paneId });
    }
  }
}
