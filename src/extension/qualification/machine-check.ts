/**
 * "Check This Machine": what the machine the extension runs on lets it do, said once with what
 * works instead. The platform (and whether the extension runs remotely, where the agents run), the
 * server, whether the agents' processes can be read (without them nothing is ever typed), and
 * whether tmux is there to start agents in (without it they start in an integrated terminal). An
 * agent typed into any terminal is found either way.
 */
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import { AGENTS, AGENT_DESCRIPTORS, agentLabel } from '../../shared/agents';
import type { AgentHooksResult } from '../../shared/connect-shapes';
import { launchSettings } from '../terminals/agent-terminals';
import type { EditorCore } from '../core/editor-core';
import type { TmuxLocator } from '../terminals/tmux-found';

interface MachineCheck {
  platform: NodeJS.Platform;
  arch: string;
  /** The remote the extension runs in (`ssh-remote`, `wsl`, …), or null on the person's own machine. */
  remote: string | null;
  server_running: boolean;
  /** `tmux -V` of the tmux the server found (the one new sessions start in), or null when it does not run. */
  tmux: string | null;
  /** That executable (the configured setting when the server could not say). */
  tmux_path: string;
  /** What the server says this machine keeps it from doing; empty when nothing. */
  notices: string[];
  /** Each agent with hooks: whether its settings connect it, and what switches them off. */
  hooks: Array<{ agent: string } & AgentHooksResult>;
}

/** Each agent with hooks, as its settings say (none while the server does not run). */
async function hooksState(core: EditorCore, running: boolean): Promise<MachineCheck['hooks']> {
  if (!running) return [];
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const agents = AGENTS.filter((agent) => AGENT_DESCRIPTORS[agent].hooks);
  const states = await Promise.all(
    agents.map((agent) =>
      core.client.request('agentHooks', { agent, ...(folder ? { folder } : {}) }).then(
        (r) => ({ agent, ...r }),
        (e: unknown) => {
          core.log.warn(`hooks of ${agent}: ${e instanceof Error ? e.message : String(e)}`);
          return undefined;
        },
      ),
    ),
  );
  return states.filter((s) => s !== undefined);
}

function hooksLine(h: MachineCheck['hooks'][number]): string {
  const name = agentLabel(h.agent);
  if (h.switched_off)
    return vscode.l10n.t("{0}'s hooks are switched off ({1}): it is read from its screen only.", name, h.switched_off);
  const where = h.user?.connected ? h.user.file : h.project?.connected ? h.project.file : undefined;
  return where
    ? vscode.l10n.t('{0} is connected ({1}): it says what it asks, beside its screen.', name, where)
    : vscode.l10n.t('{0} is not connected: sessions AKK starts say what they ask; for the others, Connect {0}.', name);
}

function tmuxVersion(file: string): Promise<string | null> {
  return new Promise((resolve) =>
    execFile(file, ['-V'], { encoding: 'utf8', timeout: 5000 }, (error, stdout) =>
      resolve(error ? null : stdout.trim() || null),
    ),
  );
}

export async function checkMachine(core: EditorCore & { tmux: TmuxLocator }): Promise<MachineCheck> {
  const { client, log, tmux: locator } = core;
  const running = client.health === 'running';
  const found = await locator.refresh();
  const tmuxPath = found?.binary ?? launchSettings(AGENTS[0]).tmuxPath;
  const [tmux, notices] = await Promise.all([
    found ? Promise.resolve(found.version) : tmuxVersion(tmuxPath),
    running
      ? client.request('listSessions', {}).then(
          (r) => r.notices ?? [],
          () => null,
        )
      : Promise.resolve(null),
  ]);
  const check: MachineCheck = {
    platform: process.platform,
    arch: process.arch,
    remote: vscode.env.remoteName ?? null,
    server_running: notices !== null,
    tmux,
    tmux_path: tmuxPath,
    notices: notices ?? [],
    hooks: await hooksState(core, notices !== null),
  };
  const where = check.remote
    ? vscode.l10n.t('{0} {1}, in the remote "{2}" where the agents run', check.platform, check.arch, check.remote)
    : vscode.l10n.t('{0} {1}, on this computer', check.platform, check.arch);
  const lines = [
    vscode.l10n.t('This machine: {0}.', where),
    check.server_running
      ? vscode.l10n.t('The server runs.')
      : vscode.l10n.t('The server does not run: see Show Output, or Restart Server.'),
    ...check.notices.map((n) => `${n}.`),
    ...(check.server_running && check.notices.length === 0
      ? [vscode.l10n.t("The agents' processes can be read, so their versions are known exactly.")]
      : []),
    tmux
      ? vscode.l10n.t('{0} is there ({1}): new sessions start in tmux.', tmux, tmuxPath)
      : vscode.l10n.t('tmux was not found ("{0}"): new sessions start in an integrated terminal instead.', tmuxPath),
    ...check.hooks.map(hooksLine),
  ];
  log.info(`Machine check: ${JSON.stringify(check)}`);
  const showOutput = vscode.l10n.t('Show Output');
  void vscode.window.showInformationMessage(lines.join(' '), showOutput).then((pick) => {
    if (pick === showOutput) log.show();
  });
  return check;
}
