/** The "Agent Sessions" view: each attached session with its agent, version and state. */
import * as vscode from 'vscode';
import { agentLabel } from '../shared/agents';
import type { SessionSummary } from '../shared/protocol';

export class SessionsTree implements vscode.TreeDataProvider<SessionSummary>, vscode.Disposable {
  private sessions: SessionSummary[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

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
    const item = new vscode.TreeItem(`${agent} ${session.version ?? '(unknown version)'}`);
    item.id = session.session_id;
    const unqualified = session.unqualified_version;
    const state = session.pending ? `${session.state} · pending ${session.pending.kind}` : session.state;
    item.description = unqualified
      ? `not qualified${unqualified.nearest_qualified ? ` (nearest ${unqualified.nearest_qualified})` : ''} · ${state}`
      : state;
    const tmux = `${session.endpoint.socket ?? session.endpoint.socketPath ?? 'default'} ${session.endpoint.target}`;
    item.tooltip =
      `${agent} ${session.version ?? ''}\nstate: ${session.state}\ntmux ${tmux}` +
      (unqualified ? `\n\n${unqualified.note}` : '');
    item.contextValue = `akkSession.${session.state}`;
    item.command = { command: 'akk.focusSession', title: 'Show Terminal', arguments: [session] };
    item.iconPath = new vscode.ThemeIcon(
      session.pending ? 'bell-dot' : session.state === 'exited' ? 'debug-stop' : unqualified ? 'warning' : 'terminal',
    );
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
