/**
 * A raw JSON-RPC client for the built server over stdio. It writes frames byte for byte, so
 * tests can also send what a well-behaved client never would.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

export interface RpcError {
  code: number;
  message: string;
  data?: { code?: string; detail?: Record<string, unknown> };
}

export interface RpcMessage {
  jsonrpc: '2.0';
  id?: number | string | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: RpcError;
}

/** What a server-request handler returns to answer with an error instead of a result. */
interface RpcErrorAnswer {
  rpcError: RpcError;
}

function isRpcErrorAnswer(x: unknown): x is RpcErrorAnswer {
  return typeof x === 'object' && x !== null && 'rpcError' in x;
}

export const REPO_ROOT = join(__dirname, '..', '..');
export const SERVER_JS = join(REPO_ROOT, 'dist', 'server.js');

export class StdioServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly notifications: RpcMessage[] = [];
  readonly stderr: string[] = [];
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly waiting = new Map<number | string | null, (m: RpcMessage) => void>();
  private readonly orphanErrors: RpcMessage[] = [];
  private exitWaiters: Array<(code: number | null) => void> = [];
  exitCode: number | null | undefined;
  /** Answers for requests from the server, by method (others are answered with null). */
  readonly serverRequests = new Map<string, (params: unknown) => unknown>();

  /** `serverJs`: the server to start, the repository's build unless an installed copy's is named. */
  constructor(args: string[] = ['--stdio'], env: NodeJS.ProcessEnv = process.env, serverJs = SERVER_JS) {
    this.child = spawn(process.execPath, [serverJs, ...args], { env, stdio: 'pipe' });
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString('utf8')));
    this.child.on('exit', (code) => {
      this.exitCode = code;
      this.exitWaiters.forEach((w) => w(code));
      // No answer can come any more: settle every waiting call with a transport error.
      for (const [id, waiter] of [...this.waiting]) {
        this.waiting.delete(id);
        waiter({ jsonrpc: '2.0', id, error: { code: -32099, message: `the server exited (code ${String(code)})` } });
      }
    });
  }

  /** The server's log lines (window/logMessage) that contain `word`, the last `count` of them. */
  logLines(word: string, count = 30): string {
    const lines = this.notifications
      .filter((m) => m.method === 'window/logMessage')
      .map((m) => {
        const message = (m.params as { message?: unknown } | undefined)?.message;
        return typeof message === 'string' ? message : '';
      })
      .filter((l) => l.includes(word));
    return lines.slice(-count).join('\n');
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const match = /Content-Length: (\d+)/i.exec(this.buffer.subarray(0, end).toString('ascii'));
      if (!match) throw new Error('server sent a frame without Content-Length');
      const length = Number(match[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString('utf8')) as RpcMessage;
      this.buffer = this.buffer.subarray(end + 4 + length);
      this.dispatch(message);
    }
  }

  private dispatch(message: RpcMessage): void {
    if (message.method !== undefined && message.id !== undefined) {
      // A request from the server (e.g. client/registerCapability): answer it.
      const id = message.id;
      const handler = this.serverRequests.get(message.method);
      if (!handler) return this.writeMessage({ jsonrpc: '2.0', id, result: null });
      Promise.resolve()
        .then(() => handler(message.params))
        .then(
          (result) =>
            this.writeMessage(
              isRpcErrorAnswer(result)
                ? { jsonrpc: '2.0', id, error: result.rpcError }
                : { jsonrpc: '2.0', id, result },
            ),
          (error: unknown) =>
            this.writeMessage({
              jsonrpc: '2.0',
              id,
              error: error as RpcError,
            }),
        );
      return;
    }
    if (message.method !== undefined) {
      this.notifications.push(message);
      return;
    }
    const id = message.id ?? null;
    const waiter = this.waiting.get(id);
    if (waiter) {
      this.waiting.delete(id);
      waiter(message);
    } else {
      this.orphanErrors.push(message);
    }
  }

  writeRaw(bytes: string | Buffer): void {
    this.child.stdin.write(bytes);
  }

  writeBody(body: string | Buffer): void {
    const b = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    this.writeRaw(Buffer.concat([Buffer.from(`Content-Length: ${b.length}\r\n\r\n`, 'ascii'), b]));
  }

  writeMessage(message: RpcMessage): void {
    this.writeBody(JSON.stringify(message));
  }

  /** Sends a request and resolves with the whole response message (result or error). */
  call(method: string, params?: unknown, timeoutMs = 10_000): Promise<RpcMessage> {
    const id = this.nextId++;
    return this.awaitId(id, timeoutMs, () => this.writeMessage({ jsonrpc: '2.0', id, method, params }));
  }

  /** Resolves with the next response carrying this id (or id null for frame-level errors). */
  awaitId(id: number | string | null, timeoutMs: number, send?: () => void): Promise<RpcMessage> {
    return new Promise((resolve, reject) => {
      if (id === null) {
        const orphan = this.orphanErrors.shift();
        if (orphan) return resolve(orphan);
      }
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`no response to id ${String(id)} within ${timeoutMs} ms; stderr: ${this.stderr.join('')}`));
      }, timeoutMs);
      this.waiting.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      send?.();
    });
  }

  notify(method: string, params?: unknown): void {
    this.writeMessage({ jsonrpc: '2.0', method, params });
  }

  async initialize(initializationOptions: Record<string, unknown> = {}): Promise<RpcMessage> {
    const response = await this.call('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      initializationOptions,
    });
    this.notify('initialized', {});
    return response;
  }

  waitForExit(timeoutMs = 5000): Promise<number | null> {
    if (this.exitCode !== undefined) return Promise.resolve(this.exitCode);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not exit')), timeoutMs);
      this.exitWaiters.push((code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  async stop(): Promise<void> {
    if (this.exitCode !== undefined) return;
    try {
      await this.call('shutdown', undefined, 2000);
      this.notify('exit');
      await this.waitForExit(3000);
    } catch {
      this.child.kill('SIGKILL');
      await this.waitForExit(3000).catch(() => undefined);
    }
  }
}
