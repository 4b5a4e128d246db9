/**
 * Binds the protocol's request table to handlers: every request is validated at the boundary,
 * every failure becomes a typed JSON-RPC error, and a method that is not in the table gets
 * `unknown_method` instead of silence.
 */
import type { Connection, MessageConnection } from 'vscode-languageserver/node';
import { AkkError } from '../../shared/errors';
import {
  CLIENT_NOTIFICATIONS,
  REQUESTS,
  type ClientNotificationName,
  type ClientNotificationParams,
  type RequestName,
  type RequestParams,
  type RequestResult,
} from '../../shared/protocol';
import type { Logger } from '../base/logging';
import { invalidParams, toResponseError } from './errors';

export interface RequestContext {
  /** The connection: offers made through it are its own. */
  ownerId: string;
  /** The connection declared that it echoes the revision it rendered. */
  echoesRevision: boolean;
  /** Set on a supervisor's connection: the name it gave; the person confirms its decisions. */
  supervisor?: { name: string };
}

export type RequestHandlers = {
  [K in RequestName]: (params: RequestParams<K>, ctx: RequestContext) => Promise<RequestResult<K>> | RequestResult<K>;
};

/** What a request needs once the server is initialized; undefined before that. */
type Resolve = () => { ctx: RequestContext; handlers: RequestHandlers } | undefined;

/**
 * Binds every request of the table, or only those in `only` (a supervisor's connection): any other
 * method is answered `unknown_method`.
 */
export function registerRequests(
  connection: Connection | MessageConnection,
  resolve: Resolve,
  log: Logger,
  only?: readonly RequestName[],
): void {
  for (const name of Object.keys(REQUESTS) as RequestName[]) {
    const { method, params: schema } = REQUESTS[name];
    connection.onRequest(method, async (given: unknown) => {
      // A request without params reaches the handler with the cancellation token in their place.
      const raw = isCancellationToken(given) ? undefined : given;
      try {
        if (only && !only.includes(name))
          throw new AkkError('unknown_method', `${method} is not available to supervisors`, { method });
        const ready = resolve();
        if (!ready) throw new AkkError('server_not_ready', `${method} arrived before initialize`);
        const parsed = schema.safeParse(raw ?? {});
        if (!parsed.success) throw invalidParams(method, parsed.error);
        const handler = ready.handlers[name] as (p: unknown, c: RequestContext) => unknown;
        return await handler(parsed.data, ready.ctx);
      } catch (error) {
        if (!(error instanceof AkkError)) log.error(`${method} failed`, error);
        throw toResponseError(error);
      }
    });
  }
  connection.onRequest((method: string) => {
    throw toResponseError(new AkkError('unknown_method', `unknown method ${method}`, { method }));
  });
}

export type NotificationHandlers = {
  [K in ClientNotificationName]: (params: ClientNotificationParams<K>) => void;
};

/** Binds the client's notifications: validated like requests; one that fails is logged and dropped. */
export function registerNotifications(
  connection: Connection,
  resolve: () => NotificationHandlers | undefined,
  log: Logger,
): void {
  for (const name of Object.keys(CLIENT_NOTIFICATIONS) as ClientNotificationName[]) {
    const { method, params: schema } = CLIENT_NOTIFICATIONS[name];
    connection.onNotification(method, (raw: unknown) => {
      const handlers = resolve();
      const parsed = schema.safeParse(raw ?? {});
      if (!handlers) return log.warn(`${method} arrived before initialize; dropped`);
      if (!parsed.success) return log.warn(`${method} dropped: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      try {
        (handlers[name] as (p: unknown) => void)(parsed.data);
      } catch (error) {
        log.error(`${method} failed`, error);
      }
    });
  }
}

function isCancellationToken(value: unknown): boolean {
  const t = value as { isCancellationRequested?: unknown; onCancellationRequested?: unknown } | null;
  return (
    typeof t === 'object' &&
    t !== null &&
    typeof t.isCancellationRequested === 'boolean' &&
    typeof t.onCancellationRequested === 'function'
  );
}
