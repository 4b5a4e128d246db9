/**
 * What a confirmation shows before anything another agent asked for is typed: who asks, the prompt
 * as the agent drew it, and the decision or answer, with any message that would follow it. Every
 * text is shown whole, all its lines, or cut where a dialog has no room, and then the cut is said
 * with what it left out; the whole text is always there for the document Show All opens. A
 * command whose first line looks harmless is never shown by that line alone.
 */
import type { PermissionDecisionKind, PermissionProjection, TerminalInteraction } from '../../shared/contract';
import { agentLabel } from '../../shared/agents';
import { DECISION } from '../../shared/decisions';
import { decisionLabels } from './decision-labels';
import type { L10nHost } from '../core/l10n-host';
import { cutText } from '../core/cut-text';

/** What is asked: a decision on a permission, or an answer to a question; and a message after it. */
type Asked = { caller: string; message?: string } & (
  | { permission: PermissionProjection; decision: PermissionDecisionKind }
  | {
      interaction: TerminalInteraction;
      /** The answer as the person reads it: the chosen options' labels, or the words to type. */
      answer: string;
    }
);

/** How much of one text a dialog shows before it is cut. */
interface Room {
  chars: number;
  lines: number;
}

const ROOM = {
  subject: { chars: 1500, lines: 25 },
  prompt: { chars: 600, lines: 10 },
  context: { chars: 1500, lines: 25 },
  answer: { chars: 1000, lines: 15 },
  message: { chars: 1000, lines: 15 },
} as const satisfies Record<string, Room>;

export interface Confirmation {
  /** The dialog's message: who asks for what. */
  message: string;
  /** The dialog's detail: each text whole, or cut with the cut said. */
  detail: string;
  /** Everything, each text whole: the document Show All opens. */
  whole: string;
  /** Whether a text was cut: then no choice is offered before the whole text was opened. */
  cut: boolean;
  /** The confirming button. */
  yes: string;
}

const count = (text: string): number => [...text].length;

/** A text as a dialog shows it: whole, or its first lines and characters and then the cut, said. */
function shownText(host: L10nHost, text: string, room: Room): { text: string; cut: boolean } {
  const kept = cutText(text.split('\n').slice(0, room.lines).join('\n'), room.chars);
  if (kept.length === text.length) return { text, cut: false };
  const more = (count(text) - count(kept)).toLocaleString('en-US');
  const said = host.l10n.t('… (cut: {0} more characters; Show All opens the whole text)', more);
  return { text: `${kept}\n${said}`, cut: true };
}

interface Section {
  label: string;
  text: string;
  room: Room;
}

/** The sections of what is asked: the prompt, the decision or answer, the message. */
function sections(host: L10nHost, a: Asked): { message: string; yes: string; parts: Section[] } {
  const tail: Section[] =
    a.message === undefined
      ? []
      : [{ label: host.l10n.t('Then sent to the agent as its next message:'), text: a.message, room: ROOM.message }];
  if ('interaction' in a) {
    const agent = agentLabel(a.interaction.agent);
    const q = a.interaction.questions[0];
    const prompt = q ? (q.header ? `${q.header}: ${q.prompt}` : q.prompt) : host.l10n.t('a question');
    return {
      message: host.l10n.t('{0} asks to answer this question of {1}.', a.caller, agent),
      yes: host.l10n.t('Allow: Answer'),
      parts: [
        // A plan to approve, say: what the person approves by answering.
        ...(q?.context
          ? [{ label: host.l10n.t('What the agent drew with it:'), text: q.context, room: ROOM.context }]
          : []),
        { label: host.l10n.t('Question:'), text: prompt, room: ROOM.prompt },
        { label: host.l10n.t('Answer:'), text: a.answer, room: ROOM.answer },
        ...tail,
      ],
    };
  }
  const agent = agentLabel(a.permission.agent);
  const approving = a.decision === DECISION.approveOnce;
  return {
    message: approving
      ? host.l10n.t('{0} asks to approve once this permission of {1}.', a.caller, agent)
      : host.l10n.t('{0} asks to reject this permission of {1}.', a.caller, agent),
    yes: approving ? host.l10n.t('Allow: Approve Once') : host.l10n.t('Allow: Reject'),
    parts: [
      { label: a.permission.title, text: '', room: ROOM.prompt },
      { label: host.l10n.t('As {0} drew it:', agent), text: a.permission.subject, room: ROOM.subject },
      {
        label: host.l10n.t('Decision:'),
        text: decisionLabels(host)[approving ? DECISION.approveOnce : DECISION.reject],
        room: ROOM.prompt,
      },
      ...tail,
    ],
  };
}

const joined = (parts: ReadonlyArray<{ label: string; text: string }>): string =>
  parts.map((p) => (p.text === '' ? p.label : `${p.label}\n${p.text}`)).join('\n\n');

/** The confirmation of what is asked, for a dialog and, whole, for the document Show All opens. */
export function confirmation(host: L10nHost, a: Asked): Confirmation {
  const { message, yes, parts } = sections(host, a);
  const shown = parts.map((p) => ({ label: p.label, ...shownText(host, p.text, p.room) }));
  return {
    message,
    detail: joined(shown),
    whole: `${message}\n\n${joined(parts)}\n`,
    cut: shown.some((p) => p.cut),
    yes,
  };
}
