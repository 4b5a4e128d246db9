/** The status-bar item: server health now, pending steps as they arrive. */
import * as vscode from 'vscode';
import type { ServerHealth } from './server-client';

export class StatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;

  constructor() {
    this.item = vscode.window.createStatusBarItem('akk.status', vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'Agent Knock Knock';
    this.item.command = 'akk.showServerStatus';
    this.showHealth('starting');
    this.item.show();
  }

  showHealth(health: ServerHealth): void {
    const icons: Record<ServerHealth, string> = {
      starting: '$(loading~spin)',
      running: '$(bell)',
      restarting: '$(loading~spin)',
      stopped: '$(error)',
    };
    const words: Record<ServerHealth, string> = {
      starting: 'server starting',
      running: 'server running, no pending steps',
      restarting: 'server restarting',
      stopped: 'server stopped',
    };
    this.item.text = `${icons[health]} AKK`;
    this.item.tooltip = `Agent Knock Knock: ${words[health]}`;
    this.item.accessibilityInformation = { label: `Agent Knock Knock: ${words[health]}`, role: 'button' };
    this.item.backgroundColor = health === 'stopped' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
  }

  dispose(): void {
    this.item.dispose();
  }
}
