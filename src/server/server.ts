/** Wires one connection: initialize, the request handlers, and shutdown. */
import { mkdirSync } from 'node:fs';
import { TextDocumentSyncKind, type Connection } from 'vscode-languageserver/node';
import { SERVER_NAME } from '../shared/protocol';
import { configFrom, type ServerConfig } from './config';
import { createHandlers } from './handlers';
import type { Logger } from './logging';
import { registerRequests, type RequestContext } from './rpc/register';
import { toResponseError } from './rpc/errors';

export const SERVER_VERSION: string = process.env.AKK_VERSION ?? '0.0.0-dev';

export function serve(connection: Connection, log: Logger): void {
  let config: ServerConfig | undefined;

  connection.onInitialize((params) => {
    try {
      config = configFrom(params.initializationOptions);
      mkdirSync(config.storageDir, { recursive: true });
    } catch (error) {
      throw toResponseError(error);
    }
    log.info(`${SERVER_NAME} ${SERVER_VERSION} storage ${config.storageDir}${config.inputAllowed ? '' : ' (observe only)'}`);
    return {
      capabilities: { textDocumentSync: TextDocumentSyncKind.None },
      serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
    };
  });

  const context = (): RequestContext | undefined => (config ? { ownerId: config.ownerId } : undefined);
  registerRequests(connection, createHandlers({ listSessions: () => [] }), context, log);

  connection.onShutdown(() => {
    log.info('shutting down');
  });
  connection.onExit(() => process.exit(0));
  connection.listen();
}
