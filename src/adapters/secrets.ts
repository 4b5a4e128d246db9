/**
 * Secrets are never relayed (design 000, "Non-goals"). Two rules, both pure text:
 * - a step that would carry the person's typed text into the terminal is manual when its question
 *   asks for a secret (a password, token, passphrase, key or one-time code), and so is a terminal
 *   waiting at a hidden-input prompt (`Password:`);
 * - credentials in what a permission shows (a command, a file's content) are masked for display.
 *   Fingerprints and proofs are always taken over the unmasked screen.
 */
import type { ManualRecognition, Recognition } from './types';

/** The words that name a secret, each a regular expression; `SECRET_WORDS` matches any of them. */
const SECRET_WORD_FORMS: readonly RegExp[] = [
  /pass(?:word|wd|phrase|code)|pwd|secret/,
  /api[\s_-]?key|access[\s_-]?key|private[\s_-]?key/,
  /(?:auth|access|api|bearer|refresh|session)[\s_-]?token|token|credential/,
  /otp|one[\s-]?time[\s-]?(?:code|password)|2fa|mfa|verification code|security code|ssh key/,
];
const SECRET_WORDS = new RegExp(`\\b(?:${SECRET_WORD_FORMS.map((r) => r.source).join('|')})s?\\b`, 'i');

/** Whether a question's text asks the person for a secret. */
export function asksForSecret(...texts: Array<string | undefined>): boolean {
  // "PIN" only in capitals: "which version should we pin?" asks for no secret.
  return texts.some((t) => t !== undefined && (SECRET_WORDS.test(t) || /\bPINs?\b/.test(t)));
}

/** A terminal line that waits for hidden input, as `sudo`, `ssh` and `git` draw it. */
const HIDDEN_INPUT_PROMPT =
  /(?:^|\s|\[sudo\]\s)(?:[\w@.\- ']*\s)?(?:password|passphrase|pin|token|passcode)(?: for [^:]{1,120})?:\s*$/i;

/** Whether the last line with text on screen is a hidden-input prompt. */
export function waitsForHiddenInput(lines: readonly string[]): boolean {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? '').trimEnd();
    if (line.trim() === '') continue;
    return HIDDEN_INPUT_PROMPT.test(line);
  }
  return false;
}

/**
 * The step as it may be offered: a free-text step whose question asks for a secret is manual.
 * Every step passes here however it was assembled (one screen, or the windows of a scrolled list).
 */
export function withoutSecretQuestion<R extends Recognition>(r: R): R | ManualRecognition {
  if (
    r.kind === 'questionnaire' &&
    r.question.responseKind === 'free_text' &&
    asksForSecret(r.question.prompt, r.question.header)
  )
    return { kind: 'manual_required', reason: SECRET_REASON };
  return r;
}

export const SECRET_REASON =
  'it asks for a secret (a password, token, passphrase or code): answer it in the terminal; secrets are never relayed';

const MASK = '••••••';

/** A variable, flag or key name that says its value is secret (`DB_PASSWORD`, `--api-key`). */
const SECRET_NAME_WORDS =
  /pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?/;
const SECRET_NAME = `-{0,2}[A-Za-z0-9_.-]*(?:${SECRET_NAME_WORDS.source})[A-Za-z0-9_.-]*`;

/** Ordered rules: each keeps what names the secret and masks the value. */
const MASKS: ReadonlyArray<[RegExp, (m: string, ...groups: string[]) => string]> = [
  // user:password@host in URLs
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+):([^\s@/]+)@/gi, (_m, user: string) => `${user}:${MASK}@`],
  // Authorization headers and bearer tokens
  [
    /\b(authorization\s*[:=]\s*(?:bearer|basic|token)?\s*)("[^"]*"|'[^']*'|[^\s"']+)/gi,
    (_m, key: string) => `${key}${MASK}`,
  ],
  [/\b(bearer\s+)([A-Za-z0-9._~+/=-]{8,})/gi, (_m, key: string) => `${key}${MASK}`],
  // NAME=value where the name says it is secret (env assignments, flags, config lines)
  [
    new RegExp(`(?<![A-Za-z0-9_.-])(${SECRET_NAME})(\\s*[:=]\\s*|\\s+)("[^"]*"|'[^']*'|[^\\s"';&|]+)`, 'gi'),
    // A space separates a value only after a flag (`--password x`), not in prose (`the token is`).
    (m, key: string, sep: string) => (sep.trim() === '' && !key.startsWith('-') ? m : `${key}${sep}${MASK}`),
  ],
  // mysql-style -pSECRET
  [/(\s-p)([^\s-][^\s]*)/g, (_m, flag: string) => `${flag}${MASK}`],
  // well-known token shapes
  [/\b(?:sk|rk|pk)-(?:[A-Za-z0-9_-]{16,})/g, () => MASK],
  [/\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}\b/g, () => MASK],
  [/\bgithub_pat_[A-Za-z0-9_]{20,}\b/g, () => MASK],
  [/\bglpat-[A-Za-z0-9_-]{16,}\b/g, () => MASK],
  [/\bxox[abprs]-[A-Za-z0-9-]{10,}\b/g, () => MASK],
  [/\bAKIA[0-9A-Z]{16}\b/g, () => MASK],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g, () => MASK],
  [
    /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
    () => `-----BEGIN PRIVATE KEY----- ${MASK}`,
  ],
];

/** `text` with credentials masked, for display only. */
export function maskCredentials(text: string): string {
  let out = text;
  for (const [re, replace] of MASKS) out = out.replace(re, replace);
  return out;
}
