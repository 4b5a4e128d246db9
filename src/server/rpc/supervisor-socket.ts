/**
 * The supervisor socket: a Unix socket where supervisors (`dist/mcp.js`, one per MCP client)
 * speak the same JSON-RPC protocol as the editor, restricted to `SUPERVISOR_REQUESTS`. Each
 * connection is its own owner: its offers are its own, and its decisions wait for the person.
 * The socket is made private (0600) before anyone can connect; a stale socket file left by a
 * server that died is replaced, and a live one (another server on the same path) is left alone.
 */
import { chmodSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { MAX_MESSAGE_BYTES, SUPERVISOR_REQUESTS } from '../../shared/protocol';
import type { Logger } from '../base/logging';
import { opaqueId } from '../base/ids';
import { FrameGuard } from './frame-guard';
import { registerRequests, type RequestContext, type RequestHandlers } from './register';

/** The name a supervisor has until it identifies itself. */
const UNNAMED = 'an MCP client';

interface SupervisorSocket {
  path: string;
  /** Open supervisor connections. */
  connections(): number;
  close(): Promise<void>;
}

/** Whether something answers on the socket path. */
export function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** `server` listening at `path`, a socket only this user may open from its first moment. */
export async function listenPrivately(server: Server, path: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The umask covers the window before chmod.
    const umask = process.umask(0o177);
    server.listen(path, () => {
      process.umask(umask);
      resolve();
    });
  });
  chmodSync(path, 0o600);
}

export async function openSupervisorSocket(
  path: string,
  handlers: RequestHandlers,
  log: Logger,
): Promise<SupervisorSocket | undefined> {
  privateFolder(dirname(path));
  if (await answers(path)) {
    log.warn(`supervisor socket ${path} is served by another process; supervisors connect there`);
    return undefined;
  }
  rmSync(path, { force: true });
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serveSupervisor(socket, handlers, log);
  });
  await listenPrivately(server, path);
  log.info(`supervisors connect at ${path}`);
  return {
    path,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => {
          rmSync(path, { force: true });
          resolve();
        });
      }),
  };
}

/**
 * The socket's folder, made if missing, must be this user's own real folder: a folder someone
 * else made under a shared temp folder could let them swap the socket. Tightened to 0700.
 */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid))
    throw new Error(`${dir} is not a folder of this user; no socket is opened there`);
  chmodSync(dir, 0o700);
}

function serveSupervisor(socket: Socket, handlers: RequestHandlers, log: Logger): void {
  const ctx: RequestContext = {
    ownerId: opaqueId('sup'),
    // A supervisor answers only the revision it was shown (list_pending gives it).
    echoesRevision: true,
    supervisor: { name: UNNAMED },
  };
  const writer = new StreamMessageWriter(socket);
  const guard = new FrameGuard(MAX_MESSAGE_BYTES, (rejected) => {
    void writer.write({
      jsonrpc: '2.0',
      id: rejected.id,
      error: { code: rejected.rpcCode, message: rejected.message, data: { code: rejected.code } },
    } as Parameters<typeof writer.write>[0]);
  });
  socket.pipe(guard);
  const connection = createMessageConnection(new StreamMessageReader(guard), writer);
  registerRequests(connection, () => ({ ctx, handlers }), log, SUPERVISOR_REQUESTS);
  socket.on('error', (e) => log.warn(`supervisor ${ctx.supervisor?.name ?? ''}: ${e.message}`));
  socket.on('close', () => connection.dispose());
  connection.listen();
  log.info(`supervisor connected (${ctx.ownerId})`);
}
