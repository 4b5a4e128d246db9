/** The step a palette command acts on: the one waiting of its kind, or the one the person picks. */
import * as vscode from 'vscode';
import type { EditorCore } from '../core/editor-core';
import { agentLabel, describeStep, type PendingStep } from '../core/pending';

export async function pickStep(
  deps: EditorCore,
  title: string,
  filter: (s: PendingStep) => boolean,
): Promise<PendingStep | undefined> {
  const steps = deps.pending.list().filter(filter);
  if (steps.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Nothing of that kind is waiting.'));
    return undefined;
  }
  if (steps.length === 1) return steps[0];
  const pick = await vscode.window.showQuickPick(
    steps.map((s) => ({
      label: describeStep(s),
      description: `${agentLabel(s.session.agent)} ${s.session.version ?? ''}`,
      detail: s.session.endpoint.target,
      step: s,
    })),
    { title },
  );
  return pick?.step;
}
