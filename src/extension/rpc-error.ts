/** Reads the stable `data.code` of a server error, and the words the user sees for it. */
import { isErrorCode, type ErrorCode } from '../shared/errors';
import type { OutcomeKind } from '../shared/webview-messages';

export function errorCodeOf(error: unknown): ErrorCode | undefined {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  return isErrorCode(data?.code) ? data.code : undefined;
}

export function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const LAPSED_MESSAGE =
  'This step was shown too long ago to be answered without a fresh look at the terminal ' +
  '(setting akk.offerLifetimeSeconds). Nothing was sent.';

/**
 * After a lapsed offer the step is fetched fresh: when the same step is still waiting it is offered
 * again and the person answers again; otherwise it changed in the terminal.
 */
export function lapsedOutcome(stillWaiting: boolean): { kind: OutcomeKind; message: string } {
  return stillWaiting
    ? {
        kind: 'lapsed',
        message: `${LAPSED_MESSAGE} It is still waiting in the terminal and is shown again: answer again.`,
      }
    : {
        kind: 'changed',
        message: `${LAPSED_MESSAGE} Meanwhile it changed in the terminal; the current step is shown.`,
      };
}

/** How a failed answer is shown: plainly, with what to do next. */
export function outcomeFor(error: unknown): { kind: OutcomeKind; message: string } {
  const code = errorCodeOf(error);
  switch (code) {
    case 'offer_expired':
    case 'offer_required':
      return { kind: 'lapsed', message: LAPSED_MESSAGE };
    case 'stale_revision':
    case 'invalidated':
    case 'not_found':
    case 'expired':
      return {
        kind: 'changed',
        message: 'This question changed in the terminal. The current one is shown; nothing was sent.',
      };
    case 'response_uncertain':
      return {
        kind: 'uncertain',
        message:
          'Check the terminal: the answer may have been typed, but its effect could not be proven. ' +
          'Nothing will be retried.',
      };
    case 'manual_required':
      return { kind: 'manual', message: `Answer in the terminal: ${errorMessageOf(error)}` };
    case 'untrusted_workspace':
      return { kind: 'error', message: 'This workspace is not trusted, so answers are not sent from the editor.' };
    case 'text_too_long':
      return { kind: 'error', message: errorMessageOf(error) };
    case 'submission_blocked':
      return { kind: 'error', message: `Nothing was sent: ${errorMessageOf(error)}.` };
    case 'text_unresolved':
    case 'text_not_allowed':
      return { kind: 'error', message: `Your reply was not used: ${errorMessageOf(error)}. Nothing was sent.` };
    default:
      return { kind: 'error', message: `The answer was not sent: ${errorMessageOf(error)}` };
  }
}
