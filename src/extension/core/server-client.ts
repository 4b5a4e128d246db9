/**
 * The connection to the AKK server: starts it over IPC through vscode-languageclient, restarts
 * it after a crash (and says so), and offers typed requests and notifications from the shared
 * protocol table.
 */
import * as vscode from 'vscode';
import { firstEvent } from './first-event';
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  State,
  TransportKind,
  type CloseHandlerResult,
  type ErrorHandlerResult,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import {
  CLIENT_NOTIFICATIONS,
  NOTIFICATIONS,
  REQUESTS,
  SERVER_REQUESTS,
  type ClientNotificationName,
  type ClientNotificationParams,
  type NotificationName,
  type NotificationParamsMap,
  type RequestName,
  type RequestParams,
  type RequestResult,
} from '../../shared/protocol';
import type { InitializationOptions } from '../../shared/initialization-options';

export type ServerHealth = 'starting' | 'running' | 'restarting' | 'stopped';

/** Restarts allowed within RESTART_WINDOW_MS before the client gives up and asks the user. */
const MAX_RESTARTS = 4;
const RESTART_WINDOW_MS = 3 * 60 * 1000;

export class ServerClient implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private readonly healthEmitter = new vscode.EventEmitter<ServerHealth>();
  private readonly handlers = new Map<string, Set<(params: unknown) => void>>();
  private readonly serverRequests = new Map<string, (params: unknown) => unknown>();
  private restarts: number[] = [];
  private current: ServerHealth = 'stopped';
  readonly onDidChangeHealth = this.healthEmitter.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly initializationOptions: () => InitializationOptions,
  ) {}

  get health(): ServerHealth {
    return this.current;
  }

  get serverVersion(): string | undefined {
    return this.client?.initializeResult?.serverInfo?.version;
  }

  async start(): Promise<void> {
    const module = this.context.asAbsolutePath('dist/server.js');
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc },
      debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [],
      outputChannel: this.log,
      initializationOptions: this.initializationOptions(),
      errorHandler: {
        error: (): ErrorHandlerResult => ({ action: ErrorAction.Continue }),
        closed: (): CloseHandlerResult => this.onServerClosed(),
      },
    };
    const client = new LanguageClient('akk', 'Agent Knock Knock', serverOptions, clientOptions);
    client.onDidChangeState((e) => {
      if (e.newState === State.Running) this.setHealth('running');
      else if (e.newState === State.Starting) this.setHealth(this.current === 'restarting' ? 'restarting' : 'starting');
      else if (this.current !== 'restarting') this.setHealth('stopped');
    });
    for (const [method, set] of this.handlers) {
      client.onNotification(method, (params: unknown) => set.forEach((h) => h(params)));
    }
    for (const [method, handler] of this.serverRequests) client.onRequest(method, handler);
    this.client = client;
    this.setHealth('starting');
    await client.start();
  }

  async restart(): Promise<void> {
    const old = this.client;
    this.client = undefined;
    if (old) await old.dispose().catch((e: unknown) => this.log.warn(`stopping the server: ${String(e)}`));
    await this.start();
  }

  /**
   * Resolves true once the server runs (at once when it does), false after `timeoutMs`: for work
   * that begins while the extension is still starting its server (a command typed the moment the
   * window opened) and must not be lost meanwhile.
   */
  whenRunning(timeoutMs: number): Promise<boolean> {
    if (this.current === 'running') return Promise.resolve(true);
    return firstEvent(this.healthEmitter.event, (h) => (h === 'running' ? true : undefined), timeoutMs).then(
      (running) => running === true,
    );
  }

  async request<K extends RequestName>(name: K, params: RequestParams<K>): Promise<RequestResult<K>> {
    const client = this.client;
    if (!client || this.current !== 'running')
      throw new Error(vscode.l10n.t('The Agent Knock Knock server is not running.'));
    return client.sendRequest(REQUESTS[name].method, params);
  }

  /** Sends a notification to the server; dropped (and false) while the server is not running. */
  notify<K extends ClientNotificationName>(name: K, params: ClientNotificationParams<K>): boolean {
    const client = this.client;
    if (!client || this.current !== 'running') return false;
    void client.sendNotification(CLIENT_NOTIFICATIONS[name].method, params).catch((e: unknown) => {
      this.log.warn(`sending ${CLIENT_NOTIFICATIONS[name].method}: ${String(e)}`);
    });
    return true;
  }

  /** Answers a request from the server, on this connection and every later one. */
  onServerRequest<P, R>(name: keyof typeof SERVER_REQUESTS, handler: (params: P) => R): vscode.Disposable {
    const method = SERVER_REQUESTS[name];
    const h = handler as (params: unknown) => unknown;
    this.serverRequests.set(method, h);
    this.client?.onRequest(method, h);
    return new vscode.Disposable(() => this.serverRequests.delete(method));
  }

  onNotification<K extends NotificationName>(
    name: K,
    handler: (params: NotificationParamsMap[K]) => void,
  ): vscode.Disposable {
    const method = NOTIFICATIONS[name];
    let set = this.handlers.get(method);
    if (!set) {
      set = new Set();
      this.handlers.set(method, set);
      this.client?.onNotification(method, (params: unknown) => set?.forEach((h) => h(params)));
    }
    const h = handler as (params: unknown) => void;
    set.add(h);
    return new vscode.Disposable(() => set?.delete(h));
  }

  private onServerClosed(): CloseHandlerResult {
    const now = Date.now();
    this.restarts = this.restarts.filter((t) => now - t < RESTART_WINDOW_MS);
    if (this.restarts.length >= MAX_RESTARTS) {
      this.setHealth('stopped');
      const restart = vscode.l10n.t('Restart Server');
      const openOutput = vscode.l10n.t('Open Output');
      void vscode.window
        .showErrorMessage(
          vscode.l10n.t('The Agent Knock Knock server stopped repeatedly and was not restarted.'),
          restart,
          openOutput,
        )
        .then((pick) => {
          if (pick === restart) void vscode.commands.executeCommand('akk.restartServer');
          if (pick === openOutput) this.log.show();
        });
      return { action: CloseAction.DoNotRestart, handled: true };
    }
    this.restarts.push(now);
    this.setHealth('restarting');
    this.log.warn('The server stopped unexpectedly; restarting it.');
    const restarted = vscode.l10n.t('The Agent Knock Knock server stopped unexpectedly and was restarted.');
    const openOutput = vscode.l10n.t('Open Output');
    void vscode.window.showWarningMessage(restarted, openOutput).then((pick) => {
      if (pick === openOutput) this.log.show();
    });
    return { action: CloseAction.Restart, message: restarted, handled: true };
  }

  private setHealth(health: ServerHealth): void {
    if (this.current === health) return;
    this.current = health;
    this.healthEmitter.fire(health);
  }

  async dispose(): Promise<void> {
    this.healthEmitter.dispose();
    const client = this.client;
    this.client = undefined;
    if (client) await client.dispose();
  }
}
