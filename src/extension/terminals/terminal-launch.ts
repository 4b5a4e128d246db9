/**
 * Where "New … Session" starts the agent (setting akk.launch.in): in tmux (the session survives
 * window reloads and editor restarts) or in a plain integrated terminal (no tmux needed; the
 * server mirrors the terminal's output). `auto` takes tmux when it is installed.
 */
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import { firstEvent } from '../core/first-event';
import { agentLabel, type AgentName } from '../../shared/agents';
import type { AgentLaunchSettings } from '../../shared/settings';
import type { TerminalWatch } from './terminal-watch';
import { SETTING } from '../../shared/settings';
import { readSetting } from '../core/read-setting';

type LaunchPlace = 'tmux' | 'terminal';

/** How long a new terminal may take to report shell integration, and its agent to be attached. */
const SHELL_INTEGRATION_MS = 10_000;
const ATTACH_MS = 30_000;

/**
 * The place from the setting; `auto` takes tmux when the one the server found runs (`runs`: its
 * answer), or, when the server could not say, when the executable runs here.
 */
export async function launchPlace(tmuxPath: string, runs?: boolean): Promise<LaunchPlace> {
  const setting = readSetting(SETTING.launchIn);
  if (setting === 'tmux' || setting === 'terminal') return setting;
  const found =
    runs ??
    (await new Promise<boolean>((resolve) =>
      execFile(tmuxPath, ['-V'], { timeout: 5000 }, (error) => resolve(!error)),
    ));
  return found ? 'tmux' : 'terminal';
}

/** Quote one argument for a POSIX shell command line. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

function shellIntegration(terminal: vscode.Terminal): Promise<vscode.TerminalShellIntegration | undefined> {
  if (terminal.shellIntegration) return Promise.resolve(terminal.shellIntegration);
  return firstEvent(
    vscode.window.onDidChangeTerminalShellIntegration,
    (e) => (e.terminal === terminal ? e.shellIntegration : undefined),
    SHELL_INTEGRATION_MS,
  );
}

/**
 * Opens an integrated terminal in the workspace folder with the agent's environment, runs the
 * agent's command in it through shell integration, and resolves with the session the server made
 * of it. Without shell integration the command still runs, and the session is observe-only.
 */
export async function startAgentInTerminal(
  agent: AgentName,
  cwd: string,
  settings: AgentLaunchSettings,
  watch: TerminalWatch,
): Promise<{ terminal: vscode.Terminal; sessionId: string | undefined }> {
  const terminal = vscode.window.createTerminal({
    name: agentLabel(agent),
    cwd,
    env: settings.env,
    iconPath: new vscode.ThemeIcon('bell'),
    // An editor, not the bottom panel: the agent draws its dialogs at the size of the terminal
    // that shows it, and a whole dialog must fit for AKK to recognise it exactly.
    location: { viewColumn: vscode.ViewColumn.One },
  });
  terminal.show();
  const attached = new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(() => {
      sub.dispose();
      resolve(undefined);
    }, ATTACH_MS);
    const sub = watch.onDidAttach((e) => {
      if (e.terminal !== terminal) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(e.sessionId);
    });
  });
  const commandLine = [settings.command, ...settings.args].map(shellQuote).join(' ');
  const integration = await shellIntegration(terminal);
  if (integration) {
    integration.executeCommand(commandLine);
    return { terminal, sessionId: await attached };
  }
  terminal.sendText(commandLine, true);
  const watchOnly = vscode.l10n.t(
    'This terminal has no shell integration, so Agent Knock Knock can only watch {0} here.',
    agentLabel(agent),
  );
  const enable = vscode.l10n.t(
    'Enable "{0}" (bash, zsh, fish or pwsh), or set {1} to tmux.',
    'terminal.integrated.shellIntegration.enabled',
    SETTING.launchIn.key,
  );
  void vscode.window.showWarningMessage(watchOnly + ' ' + enable);
  return { terminal, sessionId: undefined };
}
