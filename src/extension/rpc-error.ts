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

/** How a failed answer is shown: plainly, with what to do next. */
export function outcomeFor(error: unknown): { kind: OutcomeKind; message: string } {
  const code = errorCodeOf(error);
  switch (code) {
    case 'stale_revision':
    case 'invalidated':
    case 'not_found':
    case 'offer_expired':
    case 'offer_required':
    case 'expired':
      return { kind: 'changed', message: 'This question changed in the terminal. The current one is shown; nothing was sent.' };
    case 'response_uncertain':
      return { kind: 'uncertain', message: 'Check the terminal: the answer may have been typed, but its effect could not be proven. Nothing will be retried.' };
    case 'manual_required':
      return { kind: 'manual', message: `Answer in the terminal: ${errorMessageOf(error)}` };
    case 'untrusted_workspace':
      return { kind: 'error', message: 'This workspace is not trusted, so answers are not sent from the editor.' };
    case 'text_too_long':
      return { kind: 'error', message: errorMessageOf(error) };
    default:
      return { kind: 'error', message: `The answer was not sent: ${errorMessageOf(error)}` };
  }
}
