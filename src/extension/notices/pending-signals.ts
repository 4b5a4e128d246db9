/**
 * What the rest of the workbench learns from the pending steps: the Agent Sessions view's badge
 * (the count, on the activity bar too) and the context keys that show the palette's step commands
 * only when there is a step for them (`akk.hasPending`, `akk.hasPendingPermission`).
 */
import * as vscode from 'vscode';
import type { PendingStep } from '../core/pending';

export function showPendingSignals(view: vscode.TreeView<unknown>, steps: readonly PendingStep[]): void {
  const n = steps.length;
  const tooltip =
    n === 1 ? vscode.l10n.t('{0} step waiting for you', n) : vscode.l10n.t('{0} steps waiting for you', n);
  view.badge = n === 0 ? undefined : { value: n, tooltip };
  void vscode.commands.executeCommand('setContext', 'akk.hasPending', n > 0);
  void vscode.commands.executeCommand(
    'setContext',
    'akk.hasPendingPermission',
    steps.some((s) => s.status.permission !== null),
  );
}
