/**
 * Other agents as supervisors: the window's supervisor socket (where `dist/mcp.js` connects), made
 * known to agents started in VS Code terminals (AKK_SUPERVISOR_SOCKET) and copyable as an MCP
 * server configuration; and the person's confirmation of every permission decision a supervisor
 * asks for, and of every answer it gives to a step that is not low risk, naming the caller, the
 * exact prompt and the decision or answer, each shown whole, with any message that follows it
 * (confirmation-text.ts). Without a yes, nothing is typed.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ConfirmDecisionParams, ConfirmDecisionResult } from '../../shared/protocol';
import type { ServerClient } from '../core/server-client';
import { personConfirms } from './confirmation-flow';
import { confirmation } from './confirmation-text';
import { CONFIRM_UI, registerWholeTexts } from './whole-text';

/** Unix socket paths are limited to about 100 bytes (104 on macOS). */
const MAX_SOCKET_PATH = 100;

/** A short private path, one per workspace store: under the temp folder, or /tmp when that is too deep. */
export function supervisorSocketPath(storageDir: string): string {
  const user = typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
  const key = createHash('sha256').update(storageDir).digest('hex').slice(0, 16);
  const path = join(tmpdir(), `akk-${user}`, `${key}.sock`);
  return path.length <= MAX_SOCKET_PATH ? path : join('/tmp', `akk-${user}`, `${key}.sock`);
}

/** The person's yes, in a modal dialog showing what is asked whole (or Show All first, when cut). */
async function confirm(p: ConfirmDecisionParams): Promise<ConfirmDecisionResult> {
  return { confirmed: await personConfirms(CONFIRM_UI, vscode, confirmation(vscode, p)) };
}

export function registerSupervisors(
  context: vscode.ExtensionContext,
  client: ServerClient,
  socketPath: string,
): vscode.Disposable[] {
  const env = context.environmentVariableCollection;
  env.description = vscode.l10n.t('Lets supervising agents reach Agent Knock Knock (node dist/mcp.js)');
  env.replace('AKK_SUPERVISOR_SOCKET', socketPath);
  const mcpJs = context.asAbsolutePath(join('dist', 'mcp.js'));
  return [
    client.onServerRequest<ConfirmDecisionParams, Promise<ConfirmDecisionResult>>('confirmDecision', confirm),
    registerWholeTexts(),
    vscode.commands.registerCommand('akk.copyMcpServerConfig', async () => {
      const config = {
        mcpServers: { 'agent-knock-knock': { command: 'node', args: [mcpJs, '--socket', socketPath] } },
      };
      await vscode.env.clipboard.writeText(JSON.stringify(config, null, 2));
      void vscode.window.showInformationMessage(
        vscode.l10n.t('The MCP server configuration of Agent Knock Knock is on the clipboard.') +
          ' ' +
          vscode.l10n.t('Permission decisions from a supervisor are typed only after you confirm them here.'),
      );
    }),
  ];
}
