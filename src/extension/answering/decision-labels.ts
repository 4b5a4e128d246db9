/**
 * The words for each decision a person can choose, wherever they choose it: a notification's
 * buttons, the palette's confirmation, the panel (which receives them with the step rather than
 * spelling them), the language-model tools' dialog and a supervisor's confirmation. One table:
 * relabelling a decision is this file (and its translations).
 */
import type { PermissionDecisionKind } from '../../shared/contract';
import { DECISION } from '../../shared/decisions';
import type { L10nHost } from '../core/l10n-host';

export function decisionLabels(host: L10nHost): Record<PermissionDecisionKind, string> {
  return { [DECISION.approveOnce]: host.l10n.t('Approve once'), [DECISION.reject]: host.l10n.t('Reject') };
}
