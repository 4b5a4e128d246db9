/** Activation: logger, views, commands, server start. Renders what the server says. */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { AGENT_DESCRIPTORS, isAgentName } from '../shared/agents';
import type { InitializationOptions } from '../shared/initialization-options';
import { AgentTerminals } from './terminals/agent-terminals';
import { TmuxLocator } from './terminals/tmux-found';
import { registerCommands } from './commands';
import { announceClosed, announceFinished, announceStep, announceUncertain, turnEnded } from './notices/notifications';
import { registerEditDiffs } from './answering/shown-permission';
import { PendingInteractions } from './core/pending';
import { QuestionPanel } from './panel/question-panel';
import type { SessionSummary } from '../shared/protocol';
import { ServerClient } from './core/server-client';
import { SessionMutes } from './terminals/session-mutes';
import { SessionsTree } from './terminals/sessions-tree';
import { StatusBar } from './notices/status-bar';
import { TerminalWatch } from './terminals/terminal-watch';
import { registerSupervisors, supervisorSocketPath } from './answering/supervisors';
import { registerLanguageModelTools } from './answering/lm-tools';
import { AutomaticQualification } from './qualification/local-qualifications';
import { showPendingSignals } from './notices/pending-signals';
import { SETTING } from '../shared/settings';
import { readSetting } from './core/read-setting';
import { OutsideNotices, clickUri, registerClickUris } from './notices/outside-notice';

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('Agent Knock Knock', { log: true });
  context.subscriptions.push(log);
  try {
    const ownerId = `vscode-${vscode.env.sessionId}-${randomUUID()}`;
    const socket = supervisorSocketPath(storageDirOf(context));
    const client = new ServerClient(context, log, () => initializationOptions(context, ownerId, socket));
    const statusBar = new StatusBar();
    const mutes = new SessionMutes(context.workspaceState);
    const sessions = new SessionsTree(mutes);
    const watch = new TerminalWatch(client, log);
    const tmux = new TmuxLocator(client, () => readSetting(SETTING.tmuxPath));
    const terminals = new AgentTerminals(
      () => tmux.binary,
      (id) => watch.terminal(id),
    );
    // The panel raises notifications outside the window where the system's own command cannot.
    const outside = new OutsideNotices(
      () => panel,
      log,
      (id, opens) => clickUri(context, id, opens),
    );
    const pending = new PendingInteractions(client, log, (step) => {
      if (!mutes.isMuted(step.session.session_id)) announceStep(step, (...a) => outside.raise(...a));
    });
    const focusTerminal = (id: string): void => {
      const s = pending.session(id);
      if (s) terminals.show(s);
    };
    const panel = new QuestionPanel(
      context.extensionUri,
      client,
      pending,
      log,
      () => vscode.workspace.isTrusted,
      focusTerminal,
    );
    const deps = { client, log, sessions, terminals, pending, panel, watch, mutes, tmux };
    const automatic = new AutomaticQualification(deps);
    const qualifyDue = (): void =>
      void automatic.consider().catch((e: unknown) => log.warn(`akk.qualify.automatic: ${String(e)}`));
    const sessionsView = vscode.window.createTreeView('akk.sessions', { treeDataProvider: sessions });
    let listed = false;
    const refreshSessions = async (): Promise<void> => {
      const listing = await client.request('listSessions', {});
      listed = true;
      sessions.update(listing.sessions);
      // What this machine keeps AKK from doing (tmux missing, processes unreadable), above the list.
      sessionsView.message = listing.notices?.join('\n\n');
      await pending.setSessions(listing.sessions);
    };
    context.subscriptions.push(
      watch,
      mutes,
      terminals,
      statusBar,
      sessions,
      pending,
      panel,
      client,
      client.onDidChangeHealth((health) => {
        statusBar.showHealth(health);
        if (health !== 'running') return;
        refreshSessions().catch((e: unknown) => log.warn(`listing sessions: ${String(e)}`));
        watch.reportExisting().catch((e: unknown) => log.warn(`reporting terminals: ${String(e)}`));
      }),
      pending.onDidChange(() => {
        statusBar.showPending(pending.list());
        showPendingSignals(sessionsView, pending.list());
      }),
      sessions.onDidChangeTreeData(() => {
        statusBar.showSessions(sessions.all());
        if (sessions.all().some((x) => x.unqualified_version)) qualifyDue();
      }),
      client.onNotification('sessionsChanged', (p) => {
        for (const s of p.sessions) {
          const before = sessions.all().find((x) => x.session_id === s.session_id);
          if (s.state === 'response_uncertain' && before?.state !== 'response_uncertain') announceUncertain(s);
          // A turn that ended (in it, now idle): a quieter notice of its own, never a step's.
          if (before && turnEnded(before, s) && !mutes.isMuted(s.session_id))
            announceFinished(s, (...a) => outside.raiseFinished(s.session_id, ...a));
          // An agent newly detected in a plain terminal: the panel beside it, as for AKK's own sessions.
          if (!before && listed && besideDetected(s, panel)) void panel.show(s.session_id, true);
        }
        sessions.update(p.sessions);
        void pending.setSessions(p.sessions);
      }),
      client.onNotification('interactionRequired', (p) => void pending.refresh(p.session_id)),
      client.onNotification('interactionUpdated', (p) => {
        announceClosed(p, pending.session(p.session_id));
        void pending.refresh(p.session_id);
      }),
      sessionsView,
      registerEditDiffs(),
      registerClickUris((id) => pending.session(id) !== undefined, focusTerminal),
      vscode.workspace.onDidGrantWorkspaceTrust(() => void client.restart()),
      // Steps created from now on get their text policy under the new setting.
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(SETTING.allowLowRiskText.key)) void client.restart();
        if (e.affectsConfiguration(SETTING.qualifyAutomatic.key)) qualifyDue();
      }),
      ...registerSupervisors(context, client, socket),
      ...registerLanguageModelTools(client, pending, log),
      ...registerCommands(deps),
    );
    watch.start();
    await client.start();
    await startSessionOnOpen(client);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error(`Activation failed: ${message}`);
    const openOutput = vscode.l10n.t('Open Output');
    void vscode.window
      .showErrorMessage(vscode.l10n.t('Agent Knock Knock could not start: {0}', message), openOutput)
      .then((pick) => {
        if (pick === openOutput) log.show();
      });
    throw error;
  }
}

/** Setting akk.startSessionOnOpen: start an agent when the workspace opens with none attached. */
/**
 * Whether a newly listed session gets the question panel beside its terminal: an answerable agent
 * in a plain terminal (AKK's own sessions get it when they start), while no panel is open.
 */
function besideDetected(s: SessionSummary, panel: QuestionPanel): boolean {
  const answerable = s.endpoint.kind === 'terminal' && s.observe_only_reason === undefined;
  return answerable && !panel.isOpen && readSetting(SETTING.panelBesideDetected) === true;
}

async function startSessionOnOpen(client: ServerClient): Promise<void> {
  const agent = readSetting(SETTING.startSessionOnOpen);
  if (!isAgentName(agent) || !vscode.workspace.isTrusted) return;
  if ((await client.request('listSessions', {})).sessions.some((s) => s.state !== 'exited')) return;
  await vscode.commands.executeCommand(AGENT_DESCRIPTORS[agent].newSessionCommand);
}

function storageDirOf(context: vscode.ExtensionContext): string {
  return (context.storageUri ?? context.globalStorageUri).fsPath;
}

function initializationOptions(
  context: vscode.ExtensionContext,
  ownerId: string,
  supervisorSocket: string,
): InitializationOptions {
  return {
    storageDir: storageDirOf(context),
    globalStorageDir: context.globalStorageUri.fsPath,
    supervisorSocket,
    allowLowRiskText: readSetting(SETTING.allowLowRiskText),
    ownerId,
    echoesRevision: true,
    inputAllowed: vscode.workspace.isTrusted,
    offerLifetimeSeconds: readSetting(SETTING.offerLifetimeSeconds),
    tmuxPath: readSetting(SETTING.tmuxPath),
  };
}

export function deactivate(): void {
  // Everything is in context.subscriptions.
}
