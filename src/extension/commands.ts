/**
 * Every command the extension registers, from one table. `contributes.commands` in
 * package.json must list exactly these ids (a test checks both ways).
 */
import * as vscode from 'vscode';
import { AGENTS, AGENT_DESCRIPTORS, agentLabel, agentLabelList, type AgentName } from '../shared/agents';
import type { CandidatePane, SessionSummary } from '../shared/protocol';
import { launchSettings, startAgentPane } from './terminals/agent-terminals';
import type { CommandDeps } from './command-deps';
import { INTERACTION_COMMANDS } from './interaction-commands';
import { forgetLocalQualifications, qualifyOnThisMachine } from './qualification/local-qualifications';
import { CONNECT_COMMANDS, sessionHookArgs } from './qualification/connect-hooks';
import { checkMachine } from './qualification/machine-check';
import { setSessionMuted } from './terminals/session-mutes';
import { launchPlace, startAgentInTerminal } from './terminals/terminal-launch';
import type { QuestionPanel } from './panel/question-panel';
import type { ServerHealth } from './core/server-client';

interface ServerStatusReport {
  running: boolean;
  version: string;
  sessions: number;
}

type CommandHandler = (deps: CommandDeps, ...args: unknown[]) => unknown;

/** "New <agent> Session", one command per agent of the registry. */
const NEW_SESSION_COMMANDS: Readonly<Record<string, CommandHandler>> = Object.fromEntries(
  AGENTS.map((agent) => [
    AGENT_DESCRIPTORS[agent].newSessionCommand,
    (deps: CommandDeps) => newAgentSession(deps, agent),
  ]),
);

const COMMANDS: Readonly<Record<string, CommandHandler>> = {
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
    const attached =
      sessions === 1
        ? vscode.l10n.t('{0} agent session attached', sessions)
        : vscode.l10n.t('{0} agent sessions attached', sessions);
    const text = running
      ? vscode.l10n.t(
          'Agent Knock Knock server {0} is running; {1}.',
          client.serverVersion ?? vscode.l10n.t('unknown'),
          attached,
        )
      : vscode.l10n.t('Agent Knock Knock server is {0}.', healthWord(client.health));
    void vscode.window.showInformationMessage(text);
    return { running, version, sessions };
  },
  'akk.showOutput': ({ log }) => log.show(),
  'akk.checkMachine': checkMachine,
  'akk.forgetLocalQualifications': forgetLocalQualifications,
  ...CONNECT_COMMANDS,
  'akk.qualifyOnThisMachine': qualifyOnThisMachine,
  'akk.muteSession': ({ mutes, sessions }, arg) => setSessionMuted(mutes, sessions.all(), arg, true),
  'akk.unmuteSession': ({ mutes, sessions }, arg) => setSessionMuted(mutes, sessions.all(), arg, false),
  'akk.restartServer': async ({ client, log }) => {
    log.info('Restarting the server on request.');
    await client.restart();
  },
  ...NEW_SESSION_COMMANDS,
  'akk.attachSession': async ({ client, sessions, terminals, panel }) => {
    // The tmux settings are shared by all agents; they are checked as a new session checks them.
    const socket = launchSettings(AGENTS[0]).socket;
    const found = await client.request('listSessions', { include_candidates: true, tmux_servers: [{}, { socket }] });
    sessions.update(found.sessions);
    const candidates = (found.candidates ?? []).filter((c) => c.attached_session_id === null);
    if (candidates.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          "No unattached {0} pane was found on the default tmux server or on the extension's own socket.",
          agentLabelList(),
        ),
      );
      return undefined;
    }
    const pick = await vscode.window.showQuickPick(
      candidates.map((c) => ({ label: paneLabel(c), description: c.command, detail: paneWhere(c), candidate: c })),
      {
        title: vscode.l10n.t('Attach to Running Agent'),
        placeHolder: vscode.l10n.t('Choose the tmux pane of a running agent'),
      },
    );
    if (!pick) return undefined;
    const e = pick.candidate.endpoint;
    const attached = await client.request('attachSession', {
      tmux: {
        ...(e.socket ? { socket: e.socket } : {}),
        ...(e.socketPath ? { socketPath: e.socketPath } : {}),
        target: e.pane_id,
      },
    });
    const terminal = terminals.show({ session_id: attached.session_id, agent: attached.agent, endpoint: e });
    await besideTerminal(terminal, panel, attached.session_id);
    return attached;
  },
  'akk.detachSession': async ({ client, sessions, terminals }, item?: unknown) => {
    const session = isSession(item)
      ? item
      : await pickSession(sessions.all(), vscode.l10n.t('Detach from Agent Session'));
    if (!session) return undefined;
    const result = await client.request('detachSession', { session_id: session.session_id });
    terminals.forget(session.session_id);
    sessions.update((await client.request('listSessions', {})).sessions);
    return result;
  },
  'akk.focusSession': ({ terminals }, item?: unknown) => {
    if (isSession(item)) terminals.show(item);
  },
  ...INTERACTION_COMMANDS,
};

async function newAgentSession(deps: CommandDeps, agent: AgentName) {
  const { client, sessions, terminals, log, pending, panel } = deps;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!folder) throw new Error(vscode.l10n.t('Open a folder first: the agent runs in the workspace folder.'));
  const found = await deps.tmux.refresh();
  const own = launchSettings(agent);
  // The session says what it asks through AKK's hook, beside its screen (unless its settings connect it).
  const args = [...own.args, ...(await sessionHookArgs(deps, agent))];
  const settings = { ...own, args, ...(found ? { tmuxPath: found.binary } : {}) };
  if ((await launchPlace(settings.tmuxPath, found && found.version !== null)) === 'terminal') {
    const started = await startAgentInTerminal(agent, folder, settings, deps.watch);
    log.info(`Started ${agent} in terminal "${started.terminal.name}" (${started.sessionId ?? 'not attached'}).`);
    if (started.sessionId) await besideTerminal(started.terminal, panel, started.sessionId);
    const all = (await client.request('listSessions', {})).sessions;
    sessions.update(all);
    await pending.setSessions(all);
    return started.sessionId ? { session_id: started.sessionId, agent } : undefined;
  }
  const pane = await startAgentPane(agent, folder, settings);
  log.info(`Started ${agent} in tmux -L ${settings.socket} pane ${pane.target} (session ${pane.session}).`);
  const attached = await client.request('attachSession', { tmux: { socket: pane.socket, target: pane.target } });
  const terminal = terminals.show({
    session_id: attached.session_id,
    agent,
    endpoint: { kind: 'tmux', socket: pane.socket, target: pane.target, pane_id: pane.target },
  });
  await besideTerminal(terminal, panel, attached.session_id);
  const all = (await client.request('listSessions', {})).sessions;
  sessions.update(all);
  await pending.setSessions(all);
  return attached;
}

/**
 * The layout is decided when a session starts, not on its first question: the question panel
 * beside the agent's terminal from the start, so answering never resizes the terminal under its
 * dialog. The terminal must be in the editor area first, or both would share one group.
 */
async function besideTerminal(
  terminal: vscode.Terminal | undefined,
  panel: QuestionPanel,
  sessionId: string,
): Promise<void> {
  if (terminal) await Promise.race([terminal.processId, new Promise((r) => setTimeout(r, 3000))]);
  await panel.show(sessionId, true);
}

/** The server's health in the words of the status message. */
function healthWord(health: ServerHealth): string {
  const words: Record<ServerHealth, string> = {
    starting: vscode.l10n.t('starting'),
    running: vscode.l10n.t('running'),
    restarting: vscode.l10n.t('restarting'),
    stopped: vscode.l10n.t('stopped'),
  };
  return words[health];
}

function isSession(x: unknown): x is SessionSummary {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as SessionSummary).session_id === 'string' &&
    typeof (x as SessionSummary).endpoint === 'object'
  );
}

function paneLabel(c: CandidatePane): string {
  return `${agentLabel(c.agent)} ${c.version ?? vscode.l10n.t('(unknown version)')}`;
}

function paneWhere(c: CandidatePane): string {
  const server =
    c.endpoint.socketPath ?? (c.endpoint.socket ? `-L ${c.endpoint.socket}` : vscode.l10n.t('default server'));
  return vscode.l10n.t('tmux {0}, pane {1} ({2})', server, c.endpoint.pane_id, c.endpoint.target);
}

async function pickSession(all: SessionSummary[], title: string): Promise<SessionSummary | undefined> {
  if (all.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No agent session is attached.'));
    return undefined;
  }
  const pick = await vscode.window.showQuickPick(
    all.map((s) => ({
      label: `${agentLabel(s.agent)} ${s.version ?? ''}`,
      description: s.state,
      detail: s.endpoint.target,
      session: s,
    })),
    { title },
  );
  return pick?.session;
}

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  return Object.entries(COMMANDS).map(([id, handler]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(deps, ...args);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.log.error(`${id}: ${message}`);
        const openOutput = vscode.l10n.t('Open Output');
        void vscode.window
          .showErrorMessage(vscode.l10n.t('Agent Knock Knock: {0}', message), openOutput)
          .then((pick) => {
            if (pick === openOutput) deps.log.show();
          });
        return undefined;
      }
    }),
  );
}
