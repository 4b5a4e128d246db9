/** The status-bar item: server health, and the count of pending steps across sessions. */
import * as vscode from 'vscode';
import { describeStep, agentLabel, type PendingStep } from '../core/pending';
import type { SessionSummary } from '../../shared/protocol';
import type { ServerHealth } from '../core/server-client';

export class StatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private health: ServerHealth = 'starting';
  private pending: PendingStep[] = [];
  /** Sessions whose client version is not qualified: named in the tooltip whatever else it says. */
  private unqualified: SessionSummary[] = [];

  constructor() {
    this.item = vscode.window.createStatusBarItem('akk.status', vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'Agent Knock Knock';
    this.render();
    this.item.show();
  }

  showHealth(health: ServerHealth): void {
    this.health = health;
    this.render();
  }

  showPending(steps: PendingStep[]): void {
    this.pending = steps;
    this.render();
  }

  showSessions(sessions: readonly SessionSummary[]): void {
    this.unqualified = sessions.filter((s) => s.unqualified_version && s.state !== 'exited');
    this.render();
  }

  /** One line per session on a version that is not qualified. */
  private versionNotes(): string {
    return this.unqualified
      .map((s) => {
        const u = s.unqualified_version;
        return `\n\n⚠ ${u?.note ?? ''}${u?.pinning ? ` ${u.pinning}` : ''}`;
      })
      .join('');
  }

  private render(): void {
    const words: Record<ServerHealth, string> = {
      starting: vscode.l10n.t('server starting'),
      running: vscode.l10n.t('server running'),
      restarting: vscode.l10n.t('server restarting'),
      stopped: vscode.l10n.t('server stopped'),
    };
    const n = this.pending.length;
    if (this.health !== 'running' || n === 0) {
      const icon = this.health === 'running' ? '$(bell)' : this.health === 'stopped' ? '$(error)' : '$(loading~spin)';
      const text = this.health === 'running' ? vscode.l10n.t('server running, no pending steps') : words[this.health];
      this.item.text = `${icon} AKK`;
      this.item.tooltip = `${vscode.l10n.t('Agent Knock Knock: {0}', text)}${this.versionNotes()}`;
      this.item.accessibilityInformation = {
        label: `${vscode.l10n.t('Agent Knock Knock: {0}', text)}${this.versionNotes()}`,
        role: 'button',
      };
      this.item.backgroundColor =
        this.health === 'stopped' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
      this.item.command = 'akk.showServerStatus';
      return;
    }
    // Steps answered here and steps left to the terminal (nothing is typed into those) are counted apart.
    const inTerminal = this.pending.filter((s) => !s.status.interaction && !s.status.permission).length;
    const here = n - inTerminal;
    const label = [
      ...(here > 0
        ? [here === 1 ? vscode.l10n.t('{0} pending step', here) : vscode.l10n.t('{0} pending steps', here)]
        : []),
      ...(inTerminal > 0 ? [vscode.l10n.t('{0} waiting in the terminal', inTerminal)] : []),
    ].join(', ');
    const counts = [
      ...(here > 0 ? [String(here)] : []),
      ...(inTerminal > 0 ? [vscode.l10n.t('{0} in terminal', inTerminal)] : []),
    ];
    this.item.text = `$(bell-dot) AKK ${counts.join(' · ')}`;
    const tip = new vscode.MarkdownString(undefined, false);
    tip.isTrusted = false;
    tip.supportHtml = false;
    tip.appendText(`${vscode.l10n.t('Agent Knock Knock: {0}', label)}\n\n`);
    for (const s of this.pending) tip.appendText(`• ${agentLabel(s.session.agent)}: ${describeStep(s)}\n`);
    tip.appendText(`\n${vscode.l10n.t('Click to answer the oldest.')}`);
    tip.appendText(this.versionNotes());
    this.item.tooltip = tip;
    this.item.accessibilityInformation = {
      label: `${vscode.l10n.t('Agent Knock Knock: {0}. Activate to answer the oldest.', label)}${this.versionNotes()}`,
      role: 'button',
    };
    this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    this.item.command = 'akk.openOldestPending';
  }

  dispose(): void {
    this.item.dispose();
  }
}
