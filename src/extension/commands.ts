/**
 * Every command the extension registers, from one table. `contributes.commands` in
 * package.json must list exactly these ids (a test checks both ways).
 */
import * as vscode from 'vscode';
import type { ServerClient } from './server-client';
import type { SessionsTree } from './sessions-tree';

export interface CommandDeps {
  client: ServerClient;
  log: vscode.LogOutputChannel;
  sessions: SessionsTree;
}

export interface ServerStatusReport {
  running: boolean;
  version: string;
  sessions: number;
}

type CommandHandler = (deps: CommandDeps, ...args: unknown[]) => unknown;

export const COMMANDS: Readonly<Record<string, CommandHandler>> = {
  'akk.showServerStatus': async ({ client }): Promise<ServerStatusReport> => {
    let sessions = 0;
    let running = client.health === 'running';
    if (running) {
      try {
        sessions = (await client.request('listSessions', {})).sessions.length;
      } catch {
        running = false;
      }
    }
    const version = client.serverVersion ?? 'unknown';
    const text = running
      ? `Agent Knock Knock server ${version} is running; ${sessions} agent session${sessions === 1 ? '' : 's'} attached.`
      : `Agent Knock Knock server is ${client.health}.`;
    void vscode.window.showInformationMessage(text);
    return { running, version, sessions };
  },
  'akk.showOutput': ({ log }) => log.show(),
  'akk.restartServer': async ({ client, log }) => {
    log.info('Restarting the server on request.');
    await client.restart();
  },
};

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  return Object.entries(COMMANDS).map(([id, handler]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(deps, ...args);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.log.error(`${id}: ${message}`);
        void vscode.window.showErrorMessage(`Agent Knock Knock: ${message}`, 'Open Output').then((pick) => {
          if (pick === 'Open Output') deps.log.show();
        });
        return undefined;
      }
    }),
  );
}
