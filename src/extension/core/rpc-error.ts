/** Reads the stable `data.code` of a server error, and the words the user sees for it. */
import * as vscode from 'vscode';
import { isErrorCode, type ErrorCode } from '../../shared/errors';
import { SETTING } from '../../shared/settings';
import type { OutcomeKind } from '../../shared/webview-messages';

export function errorCodeOf(error: unknown): ErrorCode | undefined {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  return isErrorCode(data?.code) ? data.code : undefined;
}

export function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Read when an answer lapsed, so that it is in the person's language. */
function lapsedMessage(): string {
  return (
    vscode.l10n.t(
      'This step was shown too long ago to be answered without a fresh look at the terminal (setting {0}).',
      SETTING.offerLifetimeSeconds.key,
    ) +
    ' ' +
    vscode.l10n.t('Nothing was sent.')
  );
}

/**
 * After a lapsed offer the step is fetched fresh: when the same step is still waiting it is offered
 * again and the person answers again; otherwise it changed in the terminal.
 */
export function lapsedOutcome(stillWaiting: boolean): { kind: OutcomeKind; message: string } {
  return stillWaiting
    ? {
        kind: 'lapsed',
        message: vscode.l10n.t(
          '{0} It is still waiting in the terminal and is shown again: answer again.',
          lapsedMessage(),
        ),
      }
    : {
        kind: 'changed',
        message: vscode.l10n.t('{0} Meanwhile it changed in the terminal; the current step is shown.', lapsedMessage()),
      };
}

/** How a failed answer is shown: plainly, with what to do next. */
export function outcomeFor(error: unknown): { kind: OutcomeKind; message: string } {
  const code = errorCodeOf(error);
  switch (code) {
    case 'offer_expired':
    case 'offer_required':
      return { kind: 'lapsed', message: lapsedMessage() };
    case 'stale_revision':
    case 'invalidated':
    case 'not_found':
    case 'expired':
      return {
        kind: 'changed',
        message: vscode.l10n.t('This question changed in the terminal. The current one is shown; nothing was sent.'),
      };
    case 'response_uncertain':
      return {
        kind: 'uncertain',
        message: `${vscode.l10n.t(
          'Check the terminal: the answer may have been typed, but its effect could not be proven.',
        )} ${vscode.l10n.t('Nothing will be retried.')}`,
      };
    case 'manual_required':
      return { kind: 'manual', message: vscode.l10n.t('Answer in the terminal: {0}', errorMessageOf(error)) };
    case 'untrusted_workspace':
      return {
        kind: 'error',
        message: vscode.l10n.t('This workspace is not trusted, so answers are not sent from the editor.'),
      };
    case 'text_too_long':
      return { kind: 'error', message: errorMessageOf(error) };
    case 'submission_blocked':
      return { kind: 'error', message: vscode.l10n.t('Nothing was sent: {0}.', errorMessageOf(error)) };
    case 'text_unresolved':
    case 'text_not_allowed':
      return {
        kind: 'error',
        message: vscode.l10n.t('Your reply was not used: {0}. Nothing was sent.', errorMessageOf(error)),
      };
    default:
      return { kind: 'error', message: vscode.l10n.t('The answer was not sent: {0}', errorMessageOf(error)) };
  }
}
