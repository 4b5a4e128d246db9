/**
 * Runs tmux as a child process with an argument array (never through a shell), against the
 * default server, a `-L` socket name or a `-S` socket path, and turns its failures into
 * stable error codes.
 */
import { execFile } from 'node:child_process';
import { AkkError } from '../../../shared/errors';
import { TMUX_INSTALL_HINT } from '../../../shared/tmux';

/** Which tmux server: the default one, a `-L` socket name, or a `-S` socket path. */
export interface TmuxAddress {
  socket?: string;
  socketPath?: string;
}

/** The arguments that select the server; `-u` makes tmux write UTF-8 whatever the locale. */
export function serverArgs(address: TmuxAddress): string[] {
  if (address.socket !== undefined && address.socketPath !== undefined) {
    throw new AkkError('invalid_params', 'give socket or socketPath, not both');
  }
  if (address.socket !== undefined) return ['-u', '-L', address.socket];
  if (address.socketPath !== undefined) return ['-u', '-S', address.socketPath];
  return ['-u'];
}

/** A stable key for a server address as given (see TmuxServer for the resolved socket path). */
export function addressKey(address: TmuxAddress): string {
  if (address.socket !== undefined) return `L:${address.socket}`;
  if (address.socketPath !== undefined) return `S:${address.socketPath}`;
  return 'default';
}

const GONE_PATTERNS = [
  /no server running/i,
  /error connecting to/i,
  /can't find (?:pane|window|session|client)/i,
  /no such (?:file|pane|window|session)/i,
  /server exited/i,
  /lost server/i,
  /no current (?:target|session|client)/i,
  /pane .* (?:dead|not found)/i,
];

/** Maps tmux's error text to an AkkError: gone server or pane → endpoint_unavailable. */
export function tmuxError(message: string, detail: Record<string, unknown> = {}): AkkError {
  const text = message.trim() || 'tmux failed';
  if (GONE_PATTERNS.some((re) => re.test(text))) {
    return new AkkError('endpoint_unavailable', `tmux: ${text}`, { ...detail, tmux: text });
  }
  return new AkkError('internal_error', `tmux: ${text}`, { ...detail, tmux: text });
}

export function tmuxUnavailable(binary: string, cause?: string): AkkError {
  return new AkkError('tmux_unavailable', `tmux was not found (${binary}). ${TMUX_INSTALL_HINT}`, {
    binary,
    hint: TMUX_INSTALL_HINT,
    ...(cause ? { cause } : {}),
  });
}

interface TmuxRunnerOptions {
  /** The tmux executable; `tmux` (from PATH) by default. */
  binary?: string;
  /** Per-command timeout in milliseconds. */
  timeoutMs?: number;
  /** Environment for tmux; by default the server's own without TMUX (so nested use works). */
  env?: NodeJS.ProcessEnv;
}

/** Runs one tmux command line per call. */
export class TmuxRunner {
  readonly binary: string;
  readonly timeoutMs: number;
  readonly env: NodeJS.ProcessEnv;

  constructor(options: TmuxRunnerOptions = {}) {
    this.binary = options.binary ?? 'tmux';
    this.timeoutMs = options.timeoutMs ?? 10_000;
    const env = { ...(options.env ?? process.env) };
    delete env.TMUX;
    delete env.TMUX_PANE;
    this.env = env;
  }

  /** Runs `tmux <server args> <args>` and resolves with stdout. */
  run(address: TmuxAddress, args: readonly string[]): Promise<string> {
    const argv = [...serverArgs(address), ...args];
    return new Promise((resolve, reject) => {
      execFile(
        this.binary,
        argv,
        { env: this.env, timeout: this.timeoutMs, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' },
        (error, stdout, stderr) => {
          if (!error) {
            resolve(stdout);
            return;
          }
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT' || code === 'EACCES') {
            reject(tmuxUnavailable(this.binary, String(code)));
            return;
          }
          reject(tmuxError(stderr || error.message, { command: args[0] ?? '' }));
        },
      );
    });
  }

  /** Resolves with the tmux version string (`tmux 3.3a`), or rejects with tmux_unavailable. */
  async version(): Promise<string> {
    return (await this.run({}, ['-V'])).trim();
  }
}

/**
 * Quotes one argument for a command line sent over the control channel. Only plain arguments
 * are accepted there (targets, flags, formats); free text is sent with argument arrays instead.
 */
export function quoteControlArg(arg: string): string {
  if (/['\n\r\\]/.test(arg)) {
    throw new AkkError('internal_error', 'argument not allowed on the control channel', { arg: arg.slice(0, 40) });
  }
  return `'${arg}'`;
}

export function controlCommandLine(args: readonly string[]): string {
  return args.map(quoteControlArg).join(' ');
}
