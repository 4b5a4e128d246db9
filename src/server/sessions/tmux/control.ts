/**
 * One tmux control-mode client (`tmux -C attach -t <session> -f ignore-size`): it reports
 * `%output`, layout and close notifications as they happen, and carries commands whose replies
 * come back in order. It never changes the size of the windows it watches (`ignore-size`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  ControlParser,
  outputPaneId,
  parseNotification,
  type ControlNotification,
  type ControlReply,
} from './control-protocol';
import { Emitter } from '../events';
import { controlCommandLine, serverArgs, tmuxError, tmuxUnavailable, type TmuxAddress } from './command';

interface Pending {
  resolve(lines: string[]): void;
  reject(error: Error): void;
  command: string;
}

/** Raised for commands that were queued when the client went away; the caller may retry elsewhere. */
class ControlClientGone extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ControlClientGone';
  }
}

interface ControlClientOptions {
  binary: string;
  env: NodeJS.ProcessEnv;
  address: TmuxAddress;
  /** The session to attach to, by id (`$3`). */
  sessionId: string;
}

export class ControlClient {
  private readonly child: ChildProcess;
  private readonly pending: Pending[] = [];
  private readonly parser: ControlParser;
  private buffer = '';
  private attachReplySeen = false;
  private exited = false;
  private readonly readyPromise: Promise<void>;
  private onReady: () => void = () => undefined;
  readonly sessionId: string;

  /** `%output` for a pane: only its id, the content is not needed to know it changed. */
  readonly onOutput = new Emitter<string>();
  readonly onNotification = new Emitter<ControlNotification>();
  readonly onExit = new Emitter<string>();

  constructor(options: ControlClientOptions) {
    this.sessionId = options.sessionId;
    this.parser = new ControlParser((event) => {
      if (event.kind === 'notification') this.onNotification.fire(event.notification);
      else this.reply(event.reply);
    });
    const argv = [...serverArgs(options.address), '-C', 'attach-session', '-t', options.sessionId, '-f', 'ignore-size'];
    this.child = spawn(options.binary, argv, { env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let markReady: () => void = () => undefined;
    let failReady: (e: Error) => void = () => undefined;
    this.readyPromise = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    this.readyPromise.catch(() => undefined);
    this.onReady = markReady;
    this.child.stdout?.setEncoding('utf8');
    this.child.stdout?.on('data', (chunk: string) => this.data(chunk));
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => {
      if (stderr.length < 4096) stderr += chunk;
    });
    this.child.stdin?.on('error', () => undefined);
    this.child.on('error', (error: NodeJS.ErrnoException) => {
      const err =
        error.code === 'ENOENT' || error.code === 'EACCES' ? tmuxUnavailable(options.binary, error.code) : error;
      failReady(err);
      this.finish(err.message);
    });
    this.child.on('close', () => {
      const reason = stderr.trim() || 'control client exited';
      failReady(tmuxError(reason));
      this.finish(reason);
    });
  }

  /** Resolves once tmux has answered the attach; rejects if the client could not attach. */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  get alive(): boolean {
    return !this.exited;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Runs one command (an argument array of plain words) and resolves with its output lines. */
  command(args: readonly string[]): Promise<string[]> {
    if (this.exited) return Promise.reject(new ControlClientGone('control client has exited'));
    const line = controlCommandLine(args);
    return new Promise<string[]>((resolve, reject) => {
      this.pending.push({ resolve, reject, command: args[0] ?? '' });
      this.child.stdin?.write(`${line}\n`);
    });
  }

  /** Detaches by closing stdin; tmux then ends the client. */
  close(): void {
    if (this.exited) return;
    this.child.stdin?.end();
    const timer = setTimeout(() => {
      if (!this.exited) this.child.kill('SIGTERM');
    }, 2000);
    timer.unref();
  }

  private data(chunk: string): void {
    this.buffer += chunk;
    let start = 0;
    for (;;) {
      const nl = this.buffer.indexOf('\n', start);
      if (nl < 0) break;
      const line = this.buffer.slice(start, nl);
      start = nl + 1;
      const pane = outputPaneId(line);
      if (pane !== null && !this.parser.inBlock) this.onOutput.fire(pane);
      else if (line.startsWith('%extended-output ') && !this.parser.inBlock) {
        const n = parseNotification(line);
        if (n.type === 'output') this.onOutput.fire(n.paneId);
      } else this.parser.line(line);
    }
    this.buffer = this.buffer.slice(start);
  }

  private reply(reply: ControlReply): void {
    if (!reply.fromClient) {
      // The attach command itself answers first, with flags 0.
      if (!this.attachReplySeen) {
        this.attachReplySeen = true;
        this.onReady();
      }
      return;
    }
    const pending = this.pending.shift();
    if (!pending) return;
    if (reply.ok) pending.resolve(reply.lines);
    else pending.reject(tmuxError(reply.lines.join('\n'), { command: pending.command }));
  }

  private finish(reason: string): void {
    if (this.exited) return;
    this.exited = true;
    for (const p of this.pending.splice(0)) p.reject(new ControlClientGone(reason));
    this.onExit.fire(reason);
    this.onOutput.dispose();
    this.onNotification.dispose();
    this.onExit.dispose();
  }
}

export function isControlClientGone(error: unknown): boolean {
  return error instanceof ControlClientGone;
}
