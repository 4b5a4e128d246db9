/**
 * What the person is told once a decision or an answer sent from the editor has its receipt: the
 * words follow the receipt, not the button pressed. A receipt replayed from an earlier decision
 * says so, and says when that earlier decision is not the one just asked for: a late Reject on a
 * permission approved before did not stop the command, and must not read "Rejected.".
 */
import type { PermissionDecisionKind, ResponseReceipt } from '../../shared/contract';
import { DECISION } from '../../shared/decisions';
import type { L10nHost } from '../core/l10n-host';

/** What the person sent: a decision on a permission, or an answer to a question. */
export type Sent = { decision: PermissionDecisionKind } | 'answer';

interface ReceiptWords {
  text: string;
  /** What stands is not what was just asked for (an earlier decision did): shown as a warning. */
  differs: boolean;
}

export function receiptWords(
  host: L10nHost,
  receipt: Pick<ResponseReceipt, 'outcome' | 'replayed'>,
  sent: Sent,
): ReceiptWords {
  const declined = receipt.outcome === 'declined';
  if (sent === 'answer') {
    if (!receipt.replayed)
      return { text: declined ? host.l10n.t('Rejected.') : host.l10n.t('Answered.'), differs: false };
    // The earlier answer is not known here: this one was not applied, whatever it was.
    return {
      text: declined
        ? host.l10n.t('This question was already answered earlier (declined); this answer was not applied.')
        : host.l10n.t('This question was already answered earlier; this answer was not applied.'),
      differs: true,
    };
  }
  const differs = (sent.decision === DECISION.reject) !== declined;
  if (!receipt.replayed) return { text: declined ? host.l10n.t('Rejected.') : host.l10n.t('Approved once.'), differs };
  if (!differs)
    return {
      text: declined
        ? host.l10n.t('This permission was already rejected earlier; nothing more was sent.')
        : host.l10n.t('This permission was already approved earlier; nothing more was sent.'),
      differs,
    };
  return {
    text: declined
      ? host.l10n.t('This permission was already rejected earlier; your Approve was not applied.')
      : host.l10n.t('This permission was already approved earlier; your Reject was not applied.'),
    differs,
  };
}

/** The failure's name in the log: what was being sent. */
export function sentLabel(sent: Sent): string {
  if (sent === 'answer') return 'Answering';
  return sent.decision === DECISION.reject ? 'Rejecting' : 'Approving once';
}
