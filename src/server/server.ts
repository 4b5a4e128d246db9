/** Wires one connection: initialize (which opens the store and sessions), the handlers, shutdown. */
import { TextDocumentSyncKind, type Connection } from 'vscode-languageserver/node';
import { SERVER_NAME } from '../shared/protocol';
import { configFrom, type ServerConfig } from './config';
import type { Logger } from './base/logging';
import { registerNotifications, registerRequests } from './rpc/register';
import { toResponseError } from './rpc/errors';
import { startServices, type Services } from './services';

const SERVER_VERSION: string = process.env.AKK_VERSION ?? '0.0.0-dev';

export function serve(connection: Connection, log: Logger): void {
  let config: ServerConfig | undefined;
  let services: Services | undefined;

  connection.onInitialize(async (params) => {
    try {
      config = configFrom(params.initializationOptions);
      services = await startServices(connection, config, log);
    } catch (error) {
      log.error('initialize failed', error);
      throw toResponseError(error);
    }
    log.info(
      `${SERVER_NAME} ${SERVER_VERSION} storage ${config.storageDir}${config.inputAllowed ? '' : ' (observe only)'}`,
    );
    return {
      capabilities: { textDocumentSync: TextDocumentSyncKind.None },
      serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
    };
  });
  connection.onInitialized(() => {
    void services?.flushOutbox();
  });

  registerRequests(
    connection,
    () =>
      config && services
        ? { ctx: { ownerId: config.ownerId, echoesRevision: config.echoesRevision }, handlers: services.handlers }
        : undefined,
    log,
  );

  registerNotifications(connection, () => services?.notifications, log);

  connection.onShutdown(async () => {
    log.info('shutting down');
    await services?.dispose();
    services = undefined;
  });
  connection.onExit(() => process.exit(0));
  connection.listen();
}
