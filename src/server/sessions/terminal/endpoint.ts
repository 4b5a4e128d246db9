/**
 * An editor's integrated terminal as an Endpoint. The editor forwards the bytes the agent's
 * command writes (its shell-integration stream) in order; they feed a ScreenMirror at the pty's
 * size, read from the tty. Input goes back to the editor, which writes it to the terminal
 * (`Terminal.sendText(text, false)`). The binding generation moves on resize and agent restart.
 *
 * No input is sent while the mirror is unproven (see ScreenMirror): before the agent's first full
 * redraw, after a resize or after lost output, until the agent has redrawn the whole screen.
 */
import { AkkError } from '../../../shared/errors';
import type { AgentKind } from '../../../shared/agents';
import type { AgentIdentifier } from '../agent-identity';
import {
  agentIdentity,
  staleGeneration,
  undelivered,
  type AgentProcess,
  type Endpoint,
  type EndpointChange,
  type EndpointDescription,
  type EndpointIdentity,
  type PasteOptions,
  type ScreenCapture,
  type SendOptions,
} from '../endpoint';
import { Emitter, type Disposable } from '../events';
import { keyBytes } from './keys';
import { ScreenMirror } from './mirror';
import { openPtySize, type PtySize, type PtySizeSource } from './pty-size';

/** Writes text to the editor's terminal; rejects with an `undelivered` error when it surely did not. */
type TerminalWriter = (text: string) => Promise<void>;

interface TerminalEndpointOptions {
  terminalId: string;
  /** The terminal's name as the editor shows it. */
  name: string;
  /** The terminal's shell process (the editor's `Terminal.processId`). */
  shellPid: number;
  generation: number;
  identifier: AgentIdentifier;
  write: TerminalWriter;
  /** Why this terminal's screen can never be read (its output does not reach the server). */
  permanentDoubt?: string;
  /**
   * The agent the command line names, where the system's processes cannot be read: the session
   * is listed as that agent, version unknown, observe only (`permanentDoubt` says why).
   */
  namedAgent?: AgentKind;
  /** The size to assume when the pty cannot be read (the mirror then stays unproven). */
  fallbackSize?: PtySize;
  /** Opens the size source of a tty (tests); the tty itself by default. */
  openSize?: (tty: string) => PtySizeSource | null;
  now?: () => number;
}

const START_DOUBT =
  'the agent has not drawn its whole screen since AKK began to read this terminal' +
  " (an agent drawn below the shell's lines is read once its output has filled the terminal)";
const RESIZE_DOUBT =
  'the terminal was resized; waiting for the agent to redraw its whole screen' +
  " (an agent drawn below the shell's lines is read again once its output has filled the terminal)";
const GAP_DOUBT = 'part of the terminal output was lost; waiting for the agent to redraw its whole screen';
const NO_SIZE = "the terminal's size cannot be read from its pty";
/** How often the pty size is read while no output arrives (each read is one ioctl). */
const SIZE_POLL_MS = 250;

export class TerminalEndpoint implements Endpoint {
  private gen: number;
  private readonly mirror: ScreenMirror;
  private agent: AgentProcess | null;
  private lastOutput: number | null = null;
  private isClosed = false;
  private nextSeq = 0;
  private sizeKnown = false;
  private applied: Promise<void> = Promise.resolve();
  private readonly size: PtySizeSource | null;
  private readonly poll: NodeJS.Timeout;
  private readonly changes = new Emitter<EndpointChange>();
  private readonly now: () => number;
  private readonly shellStartTime: number;
  private readonly bootId: string | undefined;

  private constructor(
    private readonly o: TerminalEndpointOptions,
    source: PtySizeSource | null,
    size: PtySize,
  ) {
    this.gen = o.generation;
    this.now = o.now ?? Date.now;
    this.size = source;
    this.sizeKnown = source?.read() !== null && source !== null;
    this.mirror = new ScreenMirror(size.cols, size.rows, START_DOUBT, { programStart: true });
    // A resize with no output after it (an idle agent) is noticed within SIZE_POLL_MS.
    this.poll = setInterval(() => {
      this.applied = this.applied.then(() => this.checkSize());
    }, SIZE_POLL_MS);
    this.poll.unref();
    this.shellStartTime = o.identifier.proc.stat(o.shellPid)?.startTime ?? 0;
    this.bootId = o.identifier.proc.bootId();
    this.agent = this.findAgent();
  }

  /** The agent under the shell, or the one the command names where processes cannot be read. */
  private findAgent(): AgentProcess | null {
    const found = this.o.identifier.findAgent(this.o.shellPid);
    if (found || this.o.namedAgent === undefined) return found;
    const reason = this.o.permanentDoubt ?? 'the processes cannot be read';
    const named = { agent: this.o.namedAgent, version: null, pid: this.o.shellPid, startTime: 0 };
    return { ...named, executable: null, foreground: false, reason };
  }

  /** Opens the endpoint at the pty's current size. */
  static open(options: TerminalEndpointOptions): TerminalEndpoint {
    const device = options.identifier.proc.ttyOf(options.shellPid);
    const source = device !== null ? (options.openSize ?? openPtySize)(device) : null;
    const size = source?.read() ?? null;
    return new TerminalEndpoint(options, source, size ?? options.fallbackSize ?? { cols: 80, rows: 24 });
  }

  get generation(): number {
    return this.gen;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Why the mirror cannot stand for the terminal now, or null. */
  get unproven(): string | null {
    return this.o.permanentDoubt ?? (this.sizeKnown ? this.mirror.unproven : NO_SIZE);
  }

  /**
   * Output from the editor, chunk `seq` of this execution (0, 1, 2 …). A chunk out of order means
   * output was lost: the mirror must be proven again. Chunks are applied one at a time.
   */
  feed(seq: number, data: string): void {
    if (this.isClosed) return;
    if (seq !== this.nextSeq) this.mirror.doubtWith(GAP_DOUBT);
    this.nextSeq = seq + 1;
    this.lastOutput = this.now();
    this.applied = this.applied.then(() => this.apply(data));
    this.changes.fire({ kind: 'output', at: this.lastOutput });
  }

  /**
   * A program redraws after the pty was resized, never before: the size is read before every chunk
   * is applied, so a redraw lands on a mirror that already knows of the resize.
   */
  private async apply(data: string): Promise<void> {
    this.checkSize();
    await this.mirror.write(data);
  }

  /**
   * Reads the pty size; a change resizes the mirror, doubts it and moves the generation. Called
   * between chunks (never while one is being applied), and before every write.
   */
  private checkSize(): void {
    const size = this.size?.read() ?? null;
    if (size === null || this.isClosed) return;
    this.sizeKnown = true;
    if (size.cols === this.mirror.cols && size.rows === this.mirror.rows) return;
    this.mirror.resize(size.cols, size.rows, RESIZE_DOUBT);
    this.gen++;
    this.changes.fire({ kind: 'resize', at: this.now() });
  }

  async capture(): Promise<ScreenCapture> {
    this.ensureOpen();
    this.applied = this.applied.then(() => this.checkSize());
    await this.applied;
    const agent = this.findAgent();
    if (agentKey(agent) !== agentKey(this.agent)) this.gen++;
    this.agent = agent;
    const screen = this.mirror.screen();
    const doubt = this.unproven;
    return {
      text: screen.text,
      styled: screen.styled,
      cols: screen.cols,
      rows: screen.rows,
      cursor: screen.cursor,
      capturedAt: this.now(),
      generation: this.gen,
      ...(doubt !== null ? { unproven: doubt } : {}),
    };
  }

  async sendLiteral(text: string, options: SendOptions = {}): Promise<void> {
    this.guard(options);
    if (text.length > 0) await this.o.write(text);
  }

  async sendKeys(keys: readonly string[], options: SendOptions = {}): Promise<void> {
    this.guard(options);
    let bytes: string;
    try {
      bytes = keys.map((k) => keyBytes(k, this.mirror.applicationCursorKeys)).join('');
    } catch (error) {
      throw error instanceof AkkError ? undelivered(error) : error;
    }
    if (bytes.length > 0) await this.o.write(bytes);
  }

  async paste(text: string, options: PasteOptions): Promise<void> {
    this.guard(options);
    const bracketed = options.bracketed && this.mirror.bracketedPaste;
    await this.o.write(bracketed ? `\x1b[200~${text}\x1b[201~` : text);
  }

  identity(): EndpointIdentity {
    return {
      backend: 'terminal',
      terminalId: this.o.terminalId,
      panePid: this.o.shellPid,
      paneStartTime: this.shellStartTime,
      ...(this.bootId !== undefined ? { bootId: this.bootId } : {}),
      ...agentIdentity(this.agent),
    };
  }

  agentProcess(): AgentProcess | null {
    return this.agent;
  }

  describe(): EndpointDescription {
    return { kind: 'terminal', target: this.o.name, terminal_id: this.o.terminalId };
  }

  lastOutputAt(): number | null {
    return this.lastOutput;
  }

  onChange(listener: (change: EndpointChange) => void): Disposable {
    return this.changes.event(listener);
  }

  /** The command ended or the terminal closed: nothing more will be read or sent. */
  markClosed(reason: string): void {
    if (this.isClosed) return;
    this.isClosed = true;
    clearInterval(this.poll);
    this.size?.dispose();
    this.changes.fire({ kind: 'closed', at: this.now(), reason });
  }

  dispose(): void {
    this.changes.dispose();
    this.mirror.dispose();
    clearInterval(this.poll);
    if (!this.isClosed) this.size?.dispose();
  }

  private ensureOpen(): void {
    if (this.isClosed)
      throw undelivered(new AkkError('endpoint_unavailable', `terminal "${this.o.name}" has no running agent`));
  }

  private guard(options: SendOptions): void {
    this.ensureOpen();
    // The terminal may have been resized since the screen was read: that moves the generation.
    this.checkSize();
    if (options.generation !== undefined && options.generation !== this.gen)
      throw staleGeneration(options.generation, this.gen);
    const doubt = this.unproven;
    if (doubt !== null) throw undelivered(new AkkError('endpoint_unavailable', doubt, { reason: 'mirror_unproven' }));
  }
}

function agentKey(agent: AgentProcess | null): string {
  return agent === null || agent.agent === 'unknown' ? 'none' : `${agent.pid}:${agent.startTime}`;
}
