/**
 * What a language-model tool returns when it sends nothing: the refusal as a typed error, with a
 * code from the protocol's list on every path (`internal_error` where the failure carried none),
 * so that the calling agent can act on it.
 */
import { isErrorCode, type ErrorCode } from '../../shared/errors';

interface ToolRefusal {
  error: { code: ErrorCode; message: string };
}

export function toolRefusal(error: unknown): ToolRefusal {
  const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
  return {
    error: {
      code: isErrorCode(code) ? code : 'internal_error',
      message: error instanceof Error ? error.message : String(error),
    },
  };
}
