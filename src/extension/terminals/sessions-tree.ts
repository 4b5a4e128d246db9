/** The "Agent Sessions" view: each attached session with its agent, version and state. */
import * as vscode from 'vscode';
import { agentLabel } from '../../shared/agents';
import type { SessionSummary } from '../../shared/protocol';
import type { SessionMutes } from './session-mutes';

/** A reason's short form for the row: its words before the first comma or semicolon (the tooltip has it all). */
function shortReason(reason: string): string {
  const head = reason.split(/[,;]/)[0] ?? reason;
  return head.length > 60 ? `${head.slice(0, 59)}…` : head;
}

export class SessionsTree implements vscode.TreeDataProvider<SessionSummary>, vscode.Disposable {
  private sessions: SessionSummary[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly mutesChanged: vscode.Disposable;

  constructor(private readonly mutes: SessionMutes) {
    this.mutesChanged = mutes.onDidChange(() => this.changed.fire());
  }

  update(sessions: SessionSummary[]): void {
    this.sessions = sessions;
    this.changed.fire();
  }

  get count(): number {
    return this.sessions.length;
  }

  all(): SessionSummary[] {
    return [...this.sessions];
  }

  getChildren(element?: SessionSummary): SessionSummary[] {
    return element ? [] : this.sessions;
  }

  getTreeItem(session: SessionSummary): vscode.TreeItem {
    const agent = agentLabel(session.agent);
    const item = new vscode.TreeItem(`${agent} ${session.version ?? vscode.l10n.t('(unknown version)')}`);
    item.id = session.session_id;
    const unqualified = session.unqualified_version;
    const state = session.pending
      ? vscode.l10n.t('{0} · pending {1}', session.state, session.pending.kind)
      : session.state;
    const nearest = unqualified?.nearest_qualified;
    const base = unqualified
      ? `${vscode.l10n.t('not qualified')}${nearest ? ` ${vscode.l10n.t('(nearest {0})', nearest)}` : ''} · ${state}`
      : session.qualified_on_this_machine
        ? `${vscode.l10n.t('qualified on this machine')} · ${state}`
        : state;
    const e = session.endpoint;
    const where =
      e.kind === 'terminal'
        ? vscode.l10n.t('terminal "{0}"', e.target)
        : `tmux ${e.socket ?? e.socketPath ?? vscode.l10n.t('default')} ${e.target}`;
    const reload = session.survives_reload
      ? vscode.l10n.t('survives a window reload (tmux)')
      : vscode.l10n.t('does not survive a window reload: after one, answer it in the terminal');
    const reason = session.observe_only_reason;
    const observe = reason ? `\n${vscode.l10n.t('observe only: {0}', reason)}` : '';
    // Observe only comes first: a narrow sidebar cuts the row's end, and it is what the person must know.
    const observeOnly =
      reason && session.state !== 'exited' ? `${vscode.l10n.t('observe only: {0}', shortReason(reason))} · ` : '';
    const muted = this.mutes.isMuted(session.session_id);
    const kind = e.kind === 'terminal' ? vscode.l10n.t('terminal') : 'tmux';
    item.description = `${observeOnly}${muted ? `${vscode.l10n.t('muted')} · ` : ''}${base} · ${kind}`;
    const stateLine = vscode.l10n.t('state: {0}', session.state);
    item.tooltip =
      `${agent} ${session.version ?? ''}\n${stateLine}\n${where}\n${reload}${observe}` +
      (unqualified ? `\n\n${unqualified.note}${unqualified.pinning ? `\n\n${unqualified.pinning}` : ''}` : '');
    item.contextValue = `akkSession.${session.state}.${muted ? 'muted' : 'audible'}`;
    item.command = { command: 'akk.focusSession', title: vscode.l10n.t('Show Terminal'), arguments: [session] };
    item.iconPath = new vscode.ThemeIcon(
      session.pending ? 'bell-dot' : session.state === 'exited' ? 'debug-stop' : unqualified ? 'warning' : 'terminal',
    );
    return item;
  }

  dispose(): void {
    this.mutesChanged.dispose();
    this.changed.dispose();
  }
}
