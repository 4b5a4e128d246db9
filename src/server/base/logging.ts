/** Server logging: through the connection's console once it exists, stderr before that. */
import type { Connection } from 'vscode-languageserver/node';

export interface Logger {
  info(message: string): void;
  warn(message: string, error?: unknown): void;
  error(message: string, error?: unknown): void;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

export function connectionLogger(connection: Connection): Logger {
  const withError = (message: string, error?: unknown) =>
    error === undefined ? message : `${message}: ${describeError(error)}`;
  return {
    info: (m) => connection.console.info(m),
    warn: (m, e) => connection.console.warn(withError(m, e)),
    error: (m, e) => connection.console.error(withError(m, e)),
  };
}

/** Report uncaught exceptions and rejections, and keep serving. */
export function trapUncaught(log: Logger): void {
  process.on('uncaughtException', (error) => log.error('uncaught exception', error));
  process.on('unhandledRejection', (reason) => log.error('unhandled rejection', reason));
}
