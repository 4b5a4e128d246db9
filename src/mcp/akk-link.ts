/**
 * The MCP server's link to the AKK server: one connection to the supervisor socket, opened when
 * the first tool runs and again after it drops. The connection is this supervisor's identity: the
 * offers it is given and the decisions it asks for are its own.
 */
import { connect, type Socket } from 'node:net';
import {
  createMessageConnection,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-languageserver/node';
import { REQUESTS, type RequestName, type RequestParams, type RequestResult } from '../shared/protocol';

/** A refusal from the AKK server (its typed code), or the link being down (`endpoint_unavailable`). */
export class AkkRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** How long one request may take; a decision waits for the person, so it is generous. */
const REQUEST_TIMEOUT_MS = 10 * 60_000;

export class AkkLink {
  private connection: MessageConnection | undefined;
  private socket: Socket | undefined;

  constructor(
    private readonly socketPath: string | undefined,
    private readonly name: () => string,
  ) {}

  async call<K extends RequestName>(name: K, params: RequestParams<K>): Promise<RequestResult<K>> {
    const connection = await this.open();
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        connection.sendRequest<RequestResult<K>>(REQUESTS[name].method, params),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new AkkRefusal('endpoint_unavailable', 'the AKK server did not answer in time')),
            REQUEST_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      if (error instanceof ResponseError) {
        const data = error.data as { code?: unknown } | undefined;
        throw new AkkRefusal(typeof data?.code === 'string' ? data.code : 'internal_error', error.message);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.connection?.dispose();
    this.socket?.destroy();
    this.connection = undefined;
  }

  private async open(): Promise<MessageConnection> {
    if (this.connection) return this.connection;
    const path = this.socketPath;
    if (!path)
      throw new AkkRefusal(
        'endpoint_unavailable',
        'no AKK supervisor socket: pass --socket PATH or set AKK_SUPERVISOR_SOCKET (VS Code sets it in its terminals)',
      );
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(path);
      s.once('connect', () => resolve(s));
      s.once('error', (e) =>
        reject(new AkkRefusal('endpoint_unavailable', `AKK is not running at ${path}: ${e.message}`)),
      );
    });
    const connection = createMessageConnection(new StreamMessageReader(socket), new StreamMessageWriter(socket));
    socket.on('close', () => {
      if (this.connection === connection) this.connection = undefined;
    });
    socket.on('error', () => socket.destroy());
    connection.listen();
    this.socket = socket;
    this.connection = connection;
    await connection.sendRequest(REQUESTS.identify.method, { name: this.name() });
    return connection;
  }
}
