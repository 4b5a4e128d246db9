/**
 * Stable error codes. Every failure the server reports carries exactly one of these
 * as `data.code` of a JSON-RPC error, so that clients can render a precise message
 * and operators can count outcomes. Codes are part of the public contract: add, never rename;
 * a code is listed only once something raises it.
 */
export const ERROR_CODES = [
  // transport and request shape
  'parse_error',
  'invalid_request',
  'unknown_method',
  'invalid_params',
  'message_too_large',
  'server_not_ready',
  'internal_error',
  // sessions
  'unknown_session',
  'tmux_unavailable',
  'endpoint_unavailable',
  // interaction outcomes (persistent-interactions lifecycle)
  'not_found',
  /** A request by turn matched more than one pending step: name the interaction. */
  'ambiguous_target',
  'foreign_owner',
  'question_not_stored',
  'option_not_stored',
  'stale_revision',
  'invalidated',
  'expired',
  'resolving',
  'freeform_not_allowed',
  'text_too_long',
  'offer_required',
  'offer_expired',
  'manual_required',
  'response_uncertain',
  /** The terminal kept drawing and no still screen could be read in time; nothing was typed. */
  'terminal_not_settled',
  /** The agent exited while its step was being answered. */
  'agent_exited',
  'illegal_transition',
  'blocking_slot_taken',
  'untrusted_workspace',
  // words as answers, messages with answers, supervisors
  /** The step's text-resolution policy does not let words answer it. */
  'text_not_allowed',
  /** The words name no stored option exactly (or the model named none). */
  'text_unresolved',
  /** The words say not to submit ("don't submit", "wait", "stop"): nothing in the turn is sent. */
  'submission_blocked',
  /** The person declined a supervisor's decision in the editor; nothing was typed. */
  'confirmation_refused',
  /** No editor is connected to confirm a supervisor's decision; nothing was typed. */
  'confirmation_unavailable',
  // qualifying a release on this machine
  /** The version is qualified already, or nothing about the session can be qualified (no exact binary). */
  'not_qualifiable',
  /** A qualification is running; one runs at a time. */
  'qualification_busy',
  /** This install cannot qualify here (no runner in this build, no tmux, no global storage). */
  'qualification_unavailable',
  // connecting an agent's hooks
  /** An agent's settings file is not one AKK can edit (not JSON, or a member of another type); left as it is. */
  'settings_unreadable',
  // store
  'store_locked',
  'store_too_new',
  'store_corrupt',
  'store_io',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The `data` member of every JSON-RPC error the server sends. */
export interface ErrorData {
  code: ErrorCode;
  /** Extra typed detail, never terminal content or secrets. */
  detail?: Record<string, unknown>;
}

/** A failure with a stable code; the server turns it into a JSON-RPC error. */
export class AkkError extends Error {
  readonly code: ErrorCode;
  readonly detail: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, message: string, detail?: Record<string, unknown>) {
    super(message);
    this.name = 'AkkError';
    this.code = code;
    this.detail = detail;
  }
}

/**
 * A failure raised on the editor's side in the shape a server error arrives in (`data.code`), so
 * that one reader (`errorCodeOf`) and one set of words serve both.
 */
export function codedError(
  code: ErrorCode,
  message: string,
  detail?: Record<string, unknown>,
): Error & { data: ErrorData } {
  return Object.assign(new Error(message), { data: detail === undefined ? { code } : { code, detail } });
}
