/**
 * Connect and Disconnect an agent with hooks (its descriptor's `hooks`: "Connect Claude Code"): AKK's
 * hook entry added to, or taken out of, the agent's settings (for every project, or this folder
 * only), after showing the person exactly what changes in which file. Sessions the person starts
 * then tell AKK what they ask, running ones from their next prompt. The server edits the file
 * (nothing else in it changes); a file it cannot read is left as it is and the error says why.
 */
import * as vscode from 'vscode';
import { AGENTS, AGENT_DESCRIPTORS, agentLabel, type AgentName } from '../../shared/agents';
import type { ConnectAgentParams, ConnectAgentResult } from '../../shared/connect-shapes';
import type { EditorCore } from '../core/editor-core';

/** The text a change adds or removes: what lies between the common start and the common end. */
function changedPart(before: string, after: string): string {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end += 1;
  const longer = after.length >= before.length ? after : before;
  return longer.slice(start, longer.length - end);
}

async function pickScope(
  core: EditorCore,
  agent: AgentName,
  connect: boolean,
): Promise<Pick<ConnectAgentParams, 'scope' | 'folder'> | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const scopes: Array<Pick<ConnectAgentParams, 'scope' | 'folder'>> = [{ scope: 'user' }];
  if (folder) scopes.push({ scope: 'project', folder });
  // The server names each file (the agent's settings folder may be moved by its environment); the
  // pick shows at once and fills in when it has.
  const items = Promise.all(
    scopes.map(async (scope) => ({
      label: scope.scope === 'user' ? vscode.l10n.t('For every project') : vscode.l10n.t('For this folder only'),
      detail: (await core.client.request('connectAgent', { agent, ...scope, apply: false })).file,
      scope,
    })),
  );
  const name = agentLabel(agent);
  const picked = await vscode.window.showQuickPick(items, {
    title: connect ? vscode.l10n.t('Connect {0}', name) : vscode.l10n.t('Disconnect {0}', name),
    placeHolder: connect
      ? vscode.l10n.t('Where {0} should tell Agent Knock Knock what it asks', name)
      : vscode.l10n.t('Where to remove Agent Knock Knock’s hook from'),
  });
  return picked?.scope;
}

async function change(core: EditorCore, agent: AgentName, connect: boolean): Promise<ConnectAgentResult | undefined> {
  const scope = await pickScope(core, agent, connect);
  if (!scope) return undefined;
  const method = connect ? 'connectAgent' : 'disconnectAgent';
  const name = agentLabel(agent);
  const asked = await core.client.request(method, { agent, ...scope, apply: false });
  if (!asked.changed) {
    void vscode.window.showInformationMessage(
      connect
        ? vscode.l10n.t('{0} is connected already in {1}.', name, asked.file)
        : vscode.l10n.t('Agent Knock Knock’s hook is not in {0}.', asked.file),
    );
    return asked;
  }
  const part = changedPart(asked.before ?? '', asked.after ?? '');
  const yes = connect ? vscode.l10n.t('Connect') : vscode.l10n.t('Disconnect');
  const choice = await vscode.window.showInformationMessage(
    connect
      ? vscode.l10n.t('Add Agent Knock Knock’s hook to {0}?', asked.file)
      : vscode.l10n.t('Remove Agent Knock Knock’s hook from {0}?', asked.file),
    {
      modal: true,
      detail:
        (connect
          ? vscode.l10n.t('This is added; nothing else in the file changes:')
          : vscode.l10n.t('This is removed; nothing else in the file changes:')) + `\n\n${part.trim()}`,
    },
    yes,
  );
  if (choice !== yes) return undefined;
  const done = await core.client.request(method, { agent, ...scope, apply: true });
  core.log.info(`${connect ? 'connected' : 'disconnected'} ${name} in ${done.file}`);
  void vscode.window.showInformationMessage(
    connect
      ? `${vscode.l10n.t('{0} is connected.', name)} ${vscode.l10n.t(
          'Sessions started from now on, and running ones from their next prompt, say what they ask.',
        )}`
      : vscode.l10n.t('{0} is disconnected: its sessions no longer run Agent Knock Knock’s hook.', name),
  );
  return done;
}

/**
 * The arguments that give a session AKK starts its hooks (none when the agent's own settings
 * connect it, it has no hooks, or the server cannot say: the session then starts as before).
 */
export async function sessionHookArgs(core: EditorCore, agent: AgentName): Promise<string[]> {
  const flag = AGENT_DESCRIPTORS[agent].hooks?.sessionFlag;
  if (flag === undefined) return [];
  try {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const state = await core.client.request('agentHooks', { agent, ...(folder ? { folder } : {}) });
    return state.session_settings === null ? [] : [flag, state.session_settings];
  } catch (e) {
    core.log.warn(`${agentLabel(agent)} starts without AKK's hook: ${e instanceof Error ? e.message : String(e)}`);
    return [];
  }
}

/** Connect and Disconnect for each agent with hooks, by the command ids its descriptor names. */
export const CONNECT_COMMANDS: Readonly<Record<string, (core: EditorCore) => Promise<ConnectAgentResult | undefined>>> =
  Object.fromEntries(
    AGENTS.flatMap((agent) => {
      const hooks = AGENT_DESCRIPTORS[agent].hooks;
      if (!hooks) return [];
      return [
        [hooks.connectCommand, (core: EditorCore) => change(core, agent, true)],
        [hooks.disconnectCommand, (core: EditorCore) => change(core, agent, false)],
      ];
    }),
  );
