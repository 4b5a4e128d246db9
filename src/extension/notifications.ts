/**
 * One notification per new actionable step (setting: akk.notifications): a question with "Answer";
 * a permission naming exactly what is asked, with "Approve once" and "Reject" bound to the prompt
 * it announced (and "Show Diff" for an edit); a screen to answer in the terminal with "Show Terminal".
 */
import * as vscode from 'vscode';
import type { PermissionProjection } from '../shared/contract';
import type { InteractionUpdatedParams, SessionSummary } from '../shared/protocol';
import { agentLabel, describeStep, type PendingStep } from './pending';
import { permissionSentence, type ShownPermission } from './shown-permission';
import { DECISION } from '../shared/decisions';
import type { PermissionDecisionKind } from '../shared/contract';
import { SETTING } from '../shared/settings';
import { readSetting } from './read-setting';
import { IN_TURN } from '../shared/lifecycle';

const DECISION_BUTTONS: ReadonlyArray<readonly [label: string, decision: PermissionDecisionKind]> = [
  ['Approve once', DECISION.approveOnce],
  ['Reject', DECISION.reject],
];

/** Raises the step's notification outside the window too, when the window is not focused (akk.notifications). */
type RaiseOutside = (step: PendingStep, title: string, body: string) => void;

/** A permission's notification: its exact subject, one button per decision offered, and the diff or the terminal. */
function announcePermission(step: PendingStep, p: PermissionProjection, outside: RaiseOutside): void {
  const revision = step.status.revision;
  const shown: ShownPermission | undefined =
    revision === null ? undefined : { sessionId: step.session.session_id, permission: p, revision };
  const decisions = shown ? DECISION_BUTTONS.filter(([, d]) => p.decisions.includes(d)) : [];
  const extra = p.preview?.kind === 'diff' ? 'Show Diff' : 'Show Terminal';
  const text = `${agentLabel(step.session.agent)} asks to ${permissionSentence(p)}`;
  outside(step, `${agentLabel(step.session.agent)} asks for permission`, text);
  void vscode.window.showInformationMessage(text, ...decisions.map(([label]) => label), extra).then(async (pick) => {
    const decision = decisions.find(([label]) => label === pick)?.[1];
    if (decision) await vscode.commands.executeCommand('akk.decideShownPermission', shown, decision);
    if (pick === 'Show Diff') await vscode.commands.executeCommand('akk.showEditDiff', shown);
    if (pick === 'Show Terminal') await vscode.commands.executeCommand('akk.focusSession', step.session);
  });
}

export function announceStep(step: PendingStep, outside: RaiseOutside): void {
  if (readSetting(SETTING.notifications) === 'off') return;
  const s = step.status;
  // One notification per questionnaire: its later steps follow in the panel and the status bar.
  if (s.interaction && s.interaction.step.index > 1) return;
  if (s.permission) {
    announcePermission(step, s.permission, outside);
    return;
  }
  const manual = !s.interaction;
  const who = `${agentLabel(step.session.agent)}`;
  const text = manual
    ? `${who} needs you in the terminal: ${s.manual_reason ?? 'a screen AKK cannot answer'}`
    : `${who} asks: ${describeStep(step)}`;
  // A release not qualified yet can be qualified here, after which its prompts are answered.
  const qualify = manual && step.session.unqualified_version?.qualifiable ? ['Qualify on This Machine'] : [];
  const actions = manual ? ['Show Terminal', ...qualify] : ['Answer', 'Show Terminal'];
  outside(step, manual ? `${who} needs you in the terminal` : `${who} asks you`, text);
  void vscode.window.showInformationMessage(text, ...actions).then(async (pick) => {
    if (pick === 'Answer') await vscode.commands.executeCommand('akk.openQuestionPanel', step.session.session_id);
    if (pick === 'Qualify on This Machine')
      await vscode.commands.executeCommand('akk.qualifyOnThisMachine', step.session.session_id);
    if (pick === 'Show Terminal') await vscode.commands.executeCommand('akk.focusSession', step.session);
  });
}

/** Whether a session's turn ended between two listings: it was in a turn, and is idle (its composer empty). */
export function turnEnded(before: SessionSummary, now: SessionSummary): boolean {
  return IN_TURN.has(before.state) && now.state === 'idle';
}

/**
 * A session's turn ended (in a turn, now idle): a quieter notice than a step's, which says the agent
 * finished and waits for nothing (setting: akk.notifyFinished), with the way to its terminal; outside
 * the window too (akk.notifications), silent, its click bringing that terminal.
 */
export function announceFinished(session: SessionSummary, outside: (title: string, body: string) => void): void {
  if (!readSetting(SETTING.notifyFinished)) return;
  const where =
    session.endpoint.kind === 'terminal' ? `terminal "${session.endpoint.target}"` : session.endpoint.target;
  const text = `${agentLabel(session.agent)} finished its turn (${where}).`;
  outside(`${agentLabel(session.agent)} finished`, text);
  void vscode.window.showInformationMessage(text, 'Show Terminal').then(async (pick) => {
    if (pick === 'Show Terminal') await vscode.commands.executeCommand('akk.focusSession', session);
  });
}

/**
 * A session became `response_uncertain`: the answer may have been typed but its effect was not
 * proven. Say so once, with the terminal and the way to say it was checked.
 */
export function announceUncertain(session: SessionSummary): void {
  const text =
    `${agentLabel(session.agent)}: an answer may have reached the terminal, but its effect could not be proven. ` +
    'Nothing will be retried; check the terminal.';
  void vscode.window.showWarningMessage(text, 'Show Terminal', 'I Checked the Terminal').then(async (pick) => {
    if (pick === 'Show Terminal') await vscode.commands.executeCommand('akk.focusSession', session);
    if (pick === 'I Checked the Terminal')
      await vscode.commands.executeCommand('akk.acknowledgeUncertain', session.session_id);
  });
}

/** Reasons the server gives when it closes a step that can no longer be answered. */
const CLOSED_REASONS: Readonly<Record<string, string>> = {
  'the agent exited': 'the agent exited',
  'the session was detached': 'the session was detached',
};

/** A waiting step was closed because its agent exited or its session was detached. */
export function announceClosed(update: InteractionUpdatedParams, session: SessionSummary | undefined): void {
  const why = update.status === 'invalidated' && update.outcome !== null ? CLOSED_REASONS[update.outcome] : undefined;
  if (!why) return;
  const who = session ? agentLabel(session.agent) : 'An agent';
  void vscode.window.showInformationMessage(`${who}: a waiting step was closed because ${why}. Nothing was sent.`);
}
