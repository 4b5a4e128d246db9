/**
 * What the person is told once a decision or an answer sent from the editor has its receipt.
 */
import type { PermissionDecisionKind, ResponseReceipt } from '../shared/contract';
import { DECISION } from '../shared/decisions';
import type { L10nHost } from './l10n-host';

/** What the person sent: a decision on a permission, or an answer to a question. */
export type Sent = { decision: PermissionDecisionKind } | 'answer';

interface ReceiptWords {
  text: string;
  /** What stands is not what was just asked for (an earlier decision did): shown as a warning. */
  differs: boolean;
}

export function receiptWords(
  host: L10nHost,
  _receipt: Pick<ResponseReceipt, 'outcome' | 'replayed'>,
  sent: Sent,
): ReceiptWords {
  if (sent === 'answer') return { text: host.l10n.t('Answered.'), differs: false };
  return {
    text: sent.decision === DECISION.reject ? host.l10n.t('Rejected.') : host.l10n.t('Approved once.'),
    differs: false,
  };
}

/** The failure's name in the log: what was being sent. */
export function sentLabel(sent: Sent): string {
  if (sent === 'answer') return 'Answering';
  return sent.decision === DECISION.reject ? 'Rejecting' : 'Approving once';
}
