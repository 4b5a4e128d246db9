/**
 * Agent terminals: a tmux session on the extension's own socket running the agent in the
 * workspace folder, shown in an integrated terminal attached to it, so the user works in it
 * as usual while the server reads its exact screen.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { agentLabel, type AgentName } from '../../shared/agents';
import type { SessionSummary, TmuxTarget } from '../../shared/protocol';
import { TMUX_INSTALL_HINT } from '../../shared/tmux';
import {
  agentSettings,
  checkLaunchSettings,
  launchEnvironment,
  SETTING,
  type AgentLaunchSettings,
} from '../../shared/settings';
import { shellQuote } from './terminal-launch';
import { readRawSetting } from '../core/read-setting';

/** The launch settings of one agent; a wrong value is refused with the setting's name. */
export function launchSettings(agent: AgentName): AgentLaunchSettings {
  const own = agentSettings(agent);
  const checked = checkLaunchSettings(
    {
      tmuxPath: readRawSetting(SETTING.tmuxPath),
      socket: readRawSetting(SETTING.tmuxSocket),
      command: readRawSetting(own.command),
      args: readRawSetting(own.args),
      env: readRawSetting(own.env),
    },
    agent,
  );
  if (!checked.ok) throw new Error(checked.message);
  const connect = own.connectToEditor ? readRawSetting(own.connectToEditor) !== false : true;
  // Off, the client's own switch goes into the environment of the sessions AKK starts.
  return { ...checked.value, env: launchEnvironment(agent, checked.value.env, connect) };
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { encoding: 'utf8', timeout: 10_000 }, (error, stdout, stderr) => {
      if (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        reject(
          new Error(
            missing
              ? vscode.l10n.t('tmux was not found ("{0}"). Agent terminals run in tmux. {1}', file, TMUX_INSTALL_HINT)
              : vscode.l10n.t('tmux {0} failed: {1}', args[0] ?? '', stderr.trim() || error.message),
          ),
        );
      } else resolve(stdout);
    });
  });
}

/** Starts the agent in a new detached tmux session and returns the pane to attach. */
export async function startAgentPane(
  agent: AgentName,
  cwd: string,
  s: AgentLaunchSettings,
): Promise<TmuxTarget & { session: string }> {
  const session = `akk-${agent}-${randomBytes(3).toString('hex')}`;
  const envArgs = Object.entries(s.env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  const commandLine = [s.command, ...s.args].map(shellQuote).join(' ');
  const out = await run(s.tmuxPath, [
    '-L',
    s.socket,
    'new-session',
    '-d',
    '-P',
    '-F',
    '#{pane_id}',
    '-s',
    session,
    '-c',
    cwd,
    '-x',
    '200',
    '-y',
    '50',
    ...envArgs,
    commandLine,
  ]);
  const paneId = out.trim();
  if (!/^%\d+$/.test(paneId)) throw new Error(vscode.l10n.t('tmux did not report the new pane (got "{0}")', paneId));
  // The agent gets every row of the terminal that shows it: no tmux status line on AKK's own sessions.
  await run(s.tmuxPath, ['-L', s.socket, 'set-option', '-t', session, 'status', 'off']);
  return { socket: s.socket, target: paneId, session };
}

/** Integrated terminals attached to agent panes, by session id. */
export class AgentTerminals implements vscode.Disposable {
  private readonly terminals = new Map<string, vscode.Terminal>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly tmuxPath: () => string,
    /** The editor terminal of a session that lives in one (not in tmux). */
    private readonly editorTerminal: (terminalId: string) => vscode.Terminal | undefined,
  ) {
    this.subscription = vscode.window.onDidCloseTerminal((t) => {
      for (const [id, term] of this.terminals) if (term === t) this.terminals.delete(id);
    });
  }

  /**
   * Shows the session's terminal: its own editor terminal, or for a tmux pane an integrated
   * terminal attached to it (opened if needed). Undefined when the editor terminal is closed.
   */
  show(
    session: Pick<SessionSummary, 'session_id' | 'agent' | 'endpoint'>,
    preserveFocus = false,
  ): vscode.Terminal | undefined {
    if (session.endpoint.kind === 'terminal') {
      const own = this.editorTerminal(session.endpoint.terminal_id ?? '');
      own?.show(preserveFocus);
      return own;
    }
    let terminal = this.terminals.get(session.session_id);
    if (!terminal) {
      const e = session.endpoint;
      const server = e.socketPath ? ['-S', e.socketPath] : e.socket ? ['-L', e.socket] : [];
      const pane = e.pane_id ?? e.target;
      const name = agentLabel(session.agent, 'Agent');
      terminal = vscode.window.createTerminal({
        name: `${name} (AKK)`,
        shellPath: this.tmuxPath(),
        shellArgs: [...server, 'select-pane', '-t', pane, ';', 'attach-session', '-t', pane],
        iconPath: new vscode.ThemeIcon('bell'),
        // An editor, not the bottom panel: the agent draws its dialogs at the size of the terminal
        // that shows it, and a whole dialog must fit for AKK to recognise it exactly.
        location: { viewColumn: vscode.ViewColumn.One, preserveFocus },
      });
      this.terminals.set(session.session_id, terminal);
    }
    terminal.show(preserveFocus);
    return terminal;
  }

  forget(sessionId: string): void {
    this.terminals.delete(sessionId);
  }

  dispose(): void {
    this.subscription.dispose();
    // The integrated terminals only view the tmux panes; the agents keep running in tmux.
    for (const t of this.terminals.values()) t.dispose();
    this.terminals.clear();
  }
}
