/**
 * What a confirmation shows before anything another agent asked for is typed: who asks, the prompt
 * and the decision or answer, with any message that would follow it.
 */
import type { PermissionDecisionKind, PermissionProjection, TerminalInteraction } from '../shared/contract';
import { agentLabel } from '../shared/agents';
import { DECISION } from '../shared/decisions';
import type { L10nHost } from './l10n-host';

/** What is asked: a decision on a permission, or an answer to a question; and a message after it. */
type Asked = { caller: string; message?: string } & (
  | { permission: PermissionProjection; decision: PermissionDecisionKind }
  | {
      interaction: TerminalInteraction;
      /** The answer as the person reads it: the chosen options' labels, or the words to type. */
      answer: string;
    }
);

export interface Confirmation {
  /** The dialog's message: who asks for what. */
  message: string;
  /** The dialog's detail. */
  detail: string;
  /** Everything, for the document Show All opens. */
  whole: string;
  /** Whether a text was cut. */
  cut: boolean;
  /** The confirming button. */
  yes: string;
}

/** The confirmation of what is asked. */
export function confirmation(host: L10nHost, p: Asked): Confirmation {
  const message =
    p.message !== undefined ? ` ${host.l10n.t('Message to the agent: “{0}”', p.message.slice(0, 300))}` : '';
  let text: string;
  let yes: string;
  if ('interaction' in p) {
    const q = p.interaction.questions[0];
    const step = q ? (q.header ? `${q.header}: ${q.prompt}` : q.prompt) : host.l10n.t('a question');
    const agent = agentLabel(p.interaction.agent);
    text = host.l10n.t('{0} asks to answer {1} — {2}: {3}.', p.caller, agent, step, p.answer.slice(0, 300)) + message;
    yes = host.l10n.t('Allow: Answer');
  } else {
    const agent = agentLabel(p.permission.agent);
    const subject = p.permission.subject.split('\n')[0] ?? '';
    const what = p.permission.title;
    text =
      (p.decision === DECISION.approveOnce
        ? host.l10n.t('{0} asks to approve once: {1} — {2}: {3}.', p.caller, agent, what, subject)
        : host.l10n.t('{0} asks to decline it: {1} — {2}: {3}.', p.caller, agent, what, subject)) + message;
    yes = p.decision === DECISION.approveOnce ? host.l10n.t('Allow: Approve Once') : host.l10n.t('Allow: Reject');
  }
  return { message: text, detail: '', whole: text, cut: false, yes };
}
