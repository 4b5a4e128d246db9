/** One notification per new actionable step, with "Answer" and "Show Terminal" (setting: akk.notifications). */
import * as vscode from 'vscode';
import { agentLabel, describeStep, type PendingStep } from './pending';

export function announceStep(step: PendingStep, _context: vscode.ExtensionContext): void {
  if (vscode.workspace.getConfiguration('akk').get<string>('notifications', 'on') === 'off') return;
  const s = step.status;
  // One notification per questionnaire: its later steps follow in the panel and the status bar.
  if (s.interaction && s.interaction.step.index > 1) return;
  const manual = !s.interaction && !s.permission;
  const who = `${agentLabel(step.session.agent)}`;
  const text = manual
    ? `${who} is waiting on something to answer in the terminal: ${s.manual_reason ?? ''}`
    : s.permission
      ? `${who} asks permission: ${describeStep(step)}`
      : `${who} asks: ${describeStep(step)}`;
  const actions = manual ? ['Show Terminal'] : ['Answer', 'Show Terminal'];
  void vscode.window.showInformationMessage(text, ...actions).then(async (pick) => {
    if (pick === 'Answer') await vscode.commands.executeCommand('akk.openQuestionPanel', step.session.session_id);
    if (pick === 'Show Terminal') await vscode.commands.executeCommand('akk.focusSession', step.session);
  });
}
