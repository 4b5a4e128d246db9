/**
 * Other agents as supervisors: the window's supervisor socket (where `dist/mcp.js` connects), made
 * known to agents started in VS Code terminals (AKK_SUPERVISOR_SOCKET) and copyable as an MCP
 * server configuration; and the person's confirmation of every permission decision a supervisor
 * asks for, and of every answer it gives to a step that is not low risk, naming the caller, the
 * exact prompt and the decision or answer. Without a yes, nothing is typed.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { agentLabel } from '../shared/agents';
import type { ConfirmDecisionParams, ConfirmDecisionResult } from '../shared/protocol';
import type { ServerClient } from './server-client';
import { DECISION } from '../shared/decisions';

/** Unix socket paths are limited to about 100 bytes (104 on macOS). */
const MAX_SOCKET_PATH = 100;

/** A short private path, one per workspace store: under the temp folder, or /tmp when that is too deep. */
export function supervisorSocketPath(storageDir: string): string {
  const user = typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
  const key = createHash('sha256').update(storageDir).digest('hex').slice(0, 16);
  const path = join(tmpdir(), `akk-${user}`, `${key}.sock`);
  return path.length <= MAX_SOCKET_PATH ? path : join('/tmp', `akk-${user}`, `${key}.sock`);
}

/** What the notification says: who asks, for which prompt, which decision or answer (and the message). */
function confirmationText(p: ConfirmDecisionParams): string {
  const message =
    p.message !== undefined ? ` ${vscode.l10n.t('Message to the agent: “{0}”', p.message.slice(0, 300))}` : '';
  if ('interaction' in p) {
    const q = p.interaction.questions[0];
    const step = q ? (q.header ? `${q.header}: ${q.prompt}` : q.prompt) : vscode.l10n.t('a question');
    const agent = agentLabel(p.interaction.agent);
    return vscode.l10n.t('{0} asks to answer {1} — {2}: {3}.', p.caller, agent, step, p.answer.slice(0, 300)) + message;
  }
  const agent = agentLabel(p.permission.agent);
  const subject = p.permission.subject.split('\n')[0] ?? '';
  const what = p.permission.title;
  return (
    (p.decision === DECISION.approveOnce
      ? vscode.l10n.t('{0} asks to approve once: {1} — {2}: {3}.', p.caller, agent, what, subject)
      : vscode.l10n.t('{0} asks to decline it: {1} — {2}: {3}.', p.caller, agent, what, subject)) + message
  );
}

async function confirm(p: ConfirmDecisionParams): Promise<ConfirmDecisionResult> {
  const approving = !('interaction' in p) && p.decision === DECISION.approveOnce;
  const yes =
    'interaction' in p
      ? vscode.l10n.t('Allow: Answer')
      : approving
        ? vscode.l10n.t('Allow: Approve Once')
        : vscode.l10n.t('Allow: Reject');
  const pick = await vscode.window.showWarningMessage(confirmationText(p), yes, vscode.l10n.t('Deny'));
  return { confirmed: pick === yes };
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
