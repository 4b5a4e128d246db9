/**
 * The one home of the rules for text a person sends to an agent: a free-text answer (one line,
 * typed into the agent's editor and proven there before its Enter) and a managed composer message
 * (pasted as a bracketed paste). The panel, the palette and the server all ask these functions.
 */
import { AkkError } from './errors';

/** Claude Code collapses pastes of 800 characters or more; answers stay below that. */
export const MAX_FREE_TEXT_LENGTH = 799;

/** Longest managed composer message, in characters. */
export const MAX_MESSAGE_LENGTH = 20_000;

/**
 * Length as the agents count a paste: UTF-16 code units (never fewer than the characters a person
 * sees, so a limit on it is never looser than one on characters).
 */
function textLength(text: string): number {
  return text.length;
}

type AnswerTextProblem =
  | { code: 'empty'; message: string }
  | { code: 'padded'; message: string }
  | { code: 'control'; message: string }
  | { code: 'invisible'; message: string }
  | { code: 'too_long'; message: string; length: number; maxLength: number };

/** C0 and C1 controls, DEL, and line or paragraph separators, except those `allowed`. */
function hasControl(text: string, allowed: ReadonlySet<number>): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (allowed.has(c)) continue;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) return true;
  }
  return false;
}

const NONE = new Set<number>();
const NEWLINE_AND_TAB = new Set<number>([0x0a, 0x09, 0x2028, 0x2029]);

/** Why a free-text answer cannot be typed and proven, or null when it can. */
export function answerTextProblem(text: string, maxLength: number = MAX_FREE_TEXT_LENGTH): AnswerTextProblem | null {
  if (text.trim() === '') return { code: 'empty', message: 'the answer is empty' };
  const length = textLength(text);
  if (length > maxLength) {
    return {
      code: 'too_long',
      message: `the answer has ${length} characters; at most ${maxLength} are accepted`,
      length,
      maxLength,
    };
  }
  // The recapture that proves the typed text before its Enter cannot show spaces at either end.
  if (text !== text.trim()) {
    return {
      code: 'padded',
      message: 'the answer starts or ends with spaces, which the terminal cannot show for proof: remove them',
    };
  }
  if (hasControl(text, NONE))
    return { code: 'control', message: 'the answer must be a single line without control characters' };
  // A terminal draws no cell for a format character (zero-width space or joiner, soft hyphen,
  // direction mark): typed, it could never be seen on screen to prove the answer.
  if (INVISIBLE.test(text))
    return {
      code: 'invisible',
      message: 'the answer contains an invisible character (zero-width or direction mark) the terminal cannot show',
    };
  return null;
}

/** Unicode format characters (category Cf). */
const INVISIBLE = /\p{Cf}/u;

/** Why a managed composer message cannot be pasted, or null when it can. */
function messageTextProblem(text: string): AnswerTextProblem | null {
  if (text.trim() === '') return { code: 'empty', message: 'the message is empty' };
  const length = textLength(text);
  if (length > MAX_MESSAGE_LENGTH) {
    return {
      code: 'too_long',
      message: `the message has ${length} characters; at most ${MAX_MESSAGE_LENGTH} are accepted`,
      length,
      maxLength: MAX_MESSAGE_LENGTH,
    };
  }
  // Control characters other than newline and tab could leave the bracketed paste.
  if (hasControl(text, NEWLINE_AND_TAB)) {
    return { code: 'control', message: 'the message must not contain control characters other than newline and tab' };
  }
  return null;
}

/**
 * Refuses a message for the agent (a managed send, or words that follow a step) with a typed error
 * when it could not be pasted as it is; the server checks it before anything is reserved.
 */
export function checkMessageText(text: string | undefined): void {
  if (text === undefined) return;
  const problem = messageTextProblem(text);
  if (problem) throw new AkkError(problem.code === 'too_long' ? 'text_too_long' : 'invalid_params', problem.message);
}
