/**
 * A permission approved or rejected from the palette: the one waiting (or picked among several),
 * confirmed in a quick pick that names the agent, its terminal and the command, with a reason to
 * send when rejecting. A command the quick pick cannot show whole is decided in the panel.
 */
import * as vscode from 'vscode';
import { decisionLabels } from './decision-labels';
import { shownWhole } from './subject-fit';
import { sendDecision } from './approval';
import type { EditorCore } from '../core/editor-core';
import { pickStep } from './step-picker';
import { agentLabel } from '../core/pending';
import { report, requireTrust } from './report';
import { DECISION } from '../../shared/decisions';
import type { PermissionDecisionKind } from '../../shared/contract';

export async function decideFromPalette(deps: EditorCore, decision: PermissionDecisionKind) {
  if (!requireTrust()) return undefined;
  const approving = decision === DECISION.approveOnce;
  const step = await pickStep(
    deps,
    approving ? vscode.l10n.t('Approve Pending Permission') : vscode.l10n.t('Reject Pending Permission'),
    (s) => !!s.status.permission?.decisions.includes(decision),
  );
  if (!step) return undefined;
  const fresh = await deps.pending.refresh(step.session.session_id);
  const p = fresh?.status.permission;
  if (!p || !p.decisions.includes(decision)) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('That permission prompt is no longer waiting; nothing was sent.'),
    );
    return undefined;
  }
  if (!shownWhole(p.subject)) {
    // A quick pick shows one line of it: decided where the command is shown whole.
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'The command has more than one line, or a long one: decide it in the panel, where it is shown whole.',
      ),
    );
    await vscode.commands.executeCommand('akk.openQuestionPanel', fresh.session.session_id);
    return undefined;
  }
  const once = decisionLabels(vscode)[decision];
  const agent = agentLabel(fresh.session.agent);
  const target = fresh.session.endpoint.target;
  const confirm = await vscode.window.showQuickPick(
    [
      { label: `$(check) ${once}`, description: p.title, detail: p.subject, go: true, why: false },
      ...(decision === DECISION.reject
        ? [
            {
              label: `$(comment) ${vscode.l10n.t('Reject, and tell the agent why…')}`,
              description: p.title,
              go: true,
              why: true,
            },
          ]
        : []),
      {
        label: `$(close) ${vscode.l10n.t('Cancel')}`,
        description: vscode.l10n.t('Send nothing'),
        go: false,
        why: false,
      },
    ],
    // A notification arriving meanwhile must not close the confirmation: it waits for a choice or Esc.
    {
      title: approving
        ? vscode.l10n.t('Approve: {0} in {1}', agent, target)
        : vscode.l10n.t('Reject: {0} in {1}', agent, target),
      placeHolder: p.subject.split('\n')[0],
      ignoreFocusOut: true,
    },
  );
  if (!confirm?.go) return undefined;
  // The reason reaches the agent as its next message, once the rejection is proven.
  const reason = confirm.why
    ? await vscode.window.showInputBox({
        title: vscode.l10n.t('Why reject? Sent to {0} as its next message', agent),
        prompt: p.subject.split('\n')[0],
        ignoreFocusOut: true,
        validateInput: (v) =>
          v.trim() === '' ? vscode.l10n.t('Write the reason, or press Escape to send nothing') : undefined,
      })
    : undefined;
  if (confirm.why && reason === undefined) return undefined;
  const sessionId = step.session.session_id;
  const revision = fresh.status.revision;
  if (revision === null) return undefined;
  return report(
    deps,
    sessionId,
    p.interaction_id,
    () => sendDecision(deps.client, p, revision, decision, reason?.trim()),
    { decision },
  );
}
