/**
 * One notification per new actionable step (setting: akk.notifications): a question with "Answer";
 * a permission naming exactly what is asked, with "Approve once" and "Reject" bound to the prompt
 * it announced (and "Show Diff" for an edit), or "Show All" where it cannot show it whole; a screen
 * to answer in the terminal with "Show Terminal".
 */
import * as vscode from 'vscode';
import type { PermissionProjection } from '../../shared/contract';
import type { InteractionUpdatedParams, SessionSummary } from '../../shared/protocol';
import { agentLabel, describeStep, type PendingStep } from '../core/pending';
import { permissionSentence, type ShownPermission } from '../answering/shown-permission';
import { DECISION } from '../../shared/decisions';
import type { PermissionDecisionKind } from '../../shared/contract';
import { SETTING } from '../../shared/settings';
import { decisionLabels } from '../answering/decision-labels';
import { readSetting } from '../core/read-setting';
import { shownWhole } from '../answering/subject-fit';
import { IN_TURN } from '../../shared/lifecycle';

/** The decision buttons, in the person's language: read when a notification is raised. */
function decisionButtons(): ReadonlyArray<readonly [label: string, decision: PermissionDecisionKind]> {
  const labels = decisionLabels(vscode);
  return [
    [labels[DECISION.approveOnce], DECISION.approveOnce],
    [labels[DECISION.reject], DECISION.reject],
  ];
}

/** Raises the step's notification outside the window too, when the window is not focused (akk.notifications). */
type RaiseOutside = (step: PendingStep, title: string, body: string) => void;

/** A permission's notification: its exact subject, one button per decision offered, and the diff or the terminal. */
function announcePermission(step: PendingStep, p: PermissionProjection, outside: RaiseOutside): void {
  const revision = step.status.revision;
  const shown: ShownPermission | undefined =
    revision === null ? undefined : { sessionId: step.session.session_id, permission: p, revision };
  // A command shown cut (more lines, or longer than a notification shows) is decided only where it
  // is shown whole: the notification opens the panel instead of deciding.
  const whole = shownWhole(p.subject);
  const decisions = shown && whole ? decisionButtons().filter(([, d]) => p.decisions.includes(d)) : [];
  const showAll = vscode.l10n.t('Show All');
  const showDiff = vscode.l10n.t('Show Diff');
  const showTerminal = vscode.l10n.t('Show Terminal');
  const extra = p.preview?.kind === 'diff' ? showDiff : showTerminal;
  const agent = agentLabel(step.session.agent);
  const text = vscode.l10n.t('{0} asks to {1}', agent, permissionSentence(p));
  outside(step, vscode.l10n.t('{0} asks for permission', agent), text);
  const open = whole ? [] : [showAll];
  void vscode.window
    .showInformationMessage(text, ...decisions.map(([label]) => label), ...open, extra)
    .then(async (pick) => {
      const decision = decisions.find(([label]) => label === pick)?.[1];
      if (pick === showAll) await vscode.commands.executeCommand('akk.openQuestionPanel', step.session.session_id);
      if (decision) await vscode.commands.executeCommand('akk.decideShownPermission', shown, decision);
      if (pick === showDiff) await vscode.commands.executeCommand('akk.showEditDiff', shown);
      if (pick === showTerminal) await vscode.commands.executeCommand('akk.focusSession', step.session);
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
    ? vscode.l10n.t(
        '{0} needs you in the terminal: {1}',
        who,
        s.manual_reason ?? vscode.l10n.t('a screen AKK cannot answer'),
      )
    : vscode.l10n.t('{0} asks: {1}', who, describeStep(step));
  const answer = vscode.l10n.t('Answer');
  const qualifyHere = vscode.l10n.t('Qualify on This Machine');
  const showTerminal = vscode.l10n.t('Show Terminal');
  // A release not qualified yet can be qualified here, after which its prompts are answered.
  const qualify = manual && step.session.unqualified_version?.qualifiable ? [qualifyHere] : [];
  const actions = manual ? [showTerminal, ...qualify] : [answer, showTerminal];
  outside(
    step,
    manual ? vscode.l10n.t('{0} needs you in the terminal', who) : vscode.l10n.t('{0} asks you', who),
    text,
  );
  void vscode.window.showInformationMessage(text, ...actions).then(async (pick) => {
    if (pick === answer) await vscode.commands.executeCommand('akk.openQuestionPanel', step.session.session_id);
    if (pick === qualifyHere) await vscode.commands.executeCommand('akk.qualifyOnThisMachine', step.session.session_id);
    if (pick === showTerminal) await vscode.commands.executeCommand('akk.focusSession', step.session);
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
    session.endpoint.kind === 'terminal'
      ? vscode.l10n.t('terminal "{0}"', session.endpoint.target)
      : session.endpoint.target;
  const text = vscode.l10n.t('{0} finished its turn ({1}).', agentLabel(session.agent), where);
  outside(vscode.l10n.t('{0} finished', agentLabel(session.agent)), text);
  const showTerminal = vscode.l10n.t('Show Terminal');
  void vscode.window.showInformationMessage(text, showTerminal).then(async (pick) => {
    if (pick === showTerminal) await vscode.commands.executeCommand('akk.focusSession', session);
  });
}

/**
 * A session became `response_uncertain`: the answer may have been typed but its effect was not
 * proven. Say so once, with the terminal and the way to say it was checked.
 */
export function announceUncertain(session: SessionSummary): void {
  const text =
    vscode.l10n.t(
      '{0}: an answer may have reached the terminal, but its effect could not be proven.',
      agentLabel(session.agent),
    ) +
    ' ' +
    vscode.l10n.t('Nothing will be retried; check the terminal.');
  const showTerminal = vscode.l10n.t('Show Terminal');
  const checked = vscode.l10n.t('I Checked the Terminal');
  void vscode.window.showWarningMessage(text, showTerminal, checked).then(async (pick) => {
    if (pick === showTerminal) await vscode.commands.executeCommand('akk.focusSession', session);
    if (pick === checked) await vscode.commands.executeCommand('akk.acknowledgeUncertain', session.session_id);
  });
}

/** Reasons the server gives when it closes a step that can no longer be answered, in the person's words. */
function closedReason(outcome: string): string | undefined {
  if (outcome === 'the agent exited') return vscode.l10n.t('the agent exited');
  if (outcome === 'the session was detached') return vscode.l10n.t('the session was detached');
  return undefined;
}

/** A waiting step was closed because its agent exited or its session was detached. */
export function announceClosed(update: InteractionUpdatedParams, session: SessionSummary | undefined): void {
  const why = update.status === 'invalidated' && update.outcome !== null ? closedReason(update.outcome) : undefined;
  if (!why) return;
  const who = session ? agentLabel(session.agent) : vscode.l10n.t('An agent');
  void vscode.window.showInformationMessage(
    vscode.l10n.t('{0}: a waiting step was closed because {1}. Nothing was sent.', who, why),
  );
}
