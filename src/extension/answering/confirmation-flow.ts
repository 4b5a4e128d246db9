/**
 * The person's yes before another agent's request is typed, as steps without VS Code: a modal
 * offers the confirming button only when it shows every text whole; when a text had to be cut, it
 * offers Show All first, which opens the whole text, and only then the choice. A language-model
 * tool's decision on a permission is sent only after that yes, for the permission the chat's own
 * confirmation was prepared for, whatever the chat was set to approve by itself.
 */
import type { Answer, PermissionDecisionKind, PermissionProjection } from '../../shared/contract';
import { codedError } from '../../shared/errors';
import { confirmation, type Confirmation } from './confirmation-text';
import type { L10nHost } from '../core/l10n-host';

/** The dialogs a confirmation uses. */
export interface ConfirmUi {
  /** A modal dialog: the button picked, or undefined for Cancel and Escape. */
  modal(message: string, detail: string, buttons: string[]): PromiseLike<string | undefined>;
  /** Opens the whole text in a read-only document. */
  openWhole(text: string): Promise<void>;
  /** A notification that leaves the document readable: the button picked, or undefined when closed. */
  notify(message: string, buttons: string[]): PromiseLike<string | undefined>;
}

/** Resolves true only when the person picked the confirming button, having been shown every text whole. */
export async function personConfirms(ui: ConfirmUi, host: L10nHost, c: Confirmation): Promise<boolean> {
  if (!c.cut) return (await ui.modal(c.message, c.detail, [c.yes])) === c.yes;
  const showAll = host.l10n.t('Show All');
  if ((await ui.modal(c.message, c.detail, [showAll])) !== showAll) return false;
  await ui.openWhole(c.whole);
  // Not modal: a modal dialog would keep the document from being scrolled and read.
  const deny = host.l10n.t('Deny');
  const read = host.l10n.t('{0} The whole text is open in the editor: read it, then choose.', c.message);
  return (await ui.notify(read, [c.yes, deny])) === c.yes;
}

/**
 * Whether a language-model tool's answer waits for the person's own dialog: a step that is not low
 * risk, words typed as the answer, or a message that would follow it as the agent's next one.
 */
export function answerNeedsPerson(confirmBeforeAnswer: boolean, answers: readonly Answer[], message?: string): boolean {
  return confirmBeforeAnswer || message !== undefined || answers.some((a) => a.response_kind === 'free_text');
}

interface DecisionCall {
  /** Who asks, as the dialog names it. */
  caller: string;
  /** The permission the chat's confirmation was prepared for (its id and revision), or none was waiting. */
  prepared: { interactionId: string; revision: string } | undefined;
  /** The permission waiting now, with its revision, or none. */
  current: { permission: PermissionProjection; revision: string } | undefined;
  decision: PermissionDecisionKind;
  /** With a rejection, the reason sent to the agent as its next message. */
  reason: string | undefined;
}

/**
 * A language-model tool's decision: sent only for the permission its call was prepared for, once
 * the person confirmed it in AKK's own dialog; the chat's confirmation, which can be set to approve
 * by itself, is never enough.
 */
export async function decideConfirmed<R>(
  host: L10nHost,
  call: DecisionCall,
  ask: (c: Confirmation) => Promise<boolean>,
  send: (p: PermissionProjection, revision: string) => Promise<R>,
): Promise<R> {
  const { prepared, current } = call;
  if (!current) throw codedError('not_found', 'the permission prompt is no longer waiting');
  if (!prepared)
    throw codedError(
      'stale_revision',
      'no permission was waiting when this call was prepared; nothing was sent: list the pending steps and call again',
    );
  if (prepared.interactionId !== current.permission.interaction_id || prepared.revision !== current.revision)
    throw codedError('stale_revision', 'the permission changed since this call was prepared; nothing was sent');
  const asked = {
    caller: call.caller,
    permission: current.permission,
    decision: call.decision,
    ...(call.reason !== undefined ? { message: call.reason } : {}),
  };
  if (!(await ask(confirmation(host, asked))))
    throw codedError('confirmation_refused', 'the person did not confirm this decision; nothing was typed');
  return send(current.permission, current.revision);
}
