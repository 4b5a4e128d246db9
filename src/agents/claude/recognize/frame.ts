/** Locating Claude Code's bottom-most dialog frame on a screen. */
import { regionText } from '../../../adapters/prompt-region';
import { isRule, wrapWords } from '../../../adapters/screen';
import type { ScreenSnapshot } from '../../../adapters/types';

interface Frame {
  /** Index of the full-width top rule. */
  top: number;
  /** Index of the last content line (the footer, or the last row when there is none). */
  bottom: number;
}

/**
 * The dialog starts at the nearest full-width `─` rule above `from` for which `accept`
 * holds (the questionnaire has a second rule inside it, above "Chat about this").
 */
export function findTopRule(s: ScreenSnapshot, from: number, accept: (index: number) => boolean): number {
  for (let i = from; i >= 0; i--) {
    const line = s.plain[i] ?? '';
    if (isRule(line, '─', s.cols) && accept(i)) return i;
  }
  return -1;
}

/**
 * Which of `footers` ends the screen at `bottom`, drawn as the client draws it at this width: a
 * footer wider than the pane wraps at word boundaries onto the lines below (at 80 columns the
 * free-text footer of a multi-question dialog ends `… · Esc to` / `cancel`). Returns the footer and
 * the index of its first line; exact matches only.
 */
export function matchFooter(
  s: ScreenSnapshot,
  bottom: number,
  footers: readonly string[],
): { footer: string; first: number } | undefined {
  for (const footer of footers) {
    const lines = wrapWords(footer, s.cols);
    const first = bottom - lines.length + 1;
    if (first < 0) continue;
    if (lines.every((l, k) => (s.plain[first + k] ?? '').trimEnd() === l)) return { footer, first };
  }
  return undefined;
}

/** How much of the transcript above a dialog the fingerprint covers. */
const CONTEXT_LINES = 8;
/** Leading glyphs Claude animates in its transcript (a tool call's bullet blinks while it waits). */
const ANIMATED_LEAD = /^[●⏺✻✶✳✢✽✺·*] /;

/**
 * The exact text the fingerprint covers: the dialog frame, plus the last lines of the transcript
 * drawn above it, which tell two identical questions asked one after the other apart (the earlier
 * answer is printed above the later one). Glyphs that blink while Claude waits are masked.
 */
export function dialogRegion(s: ScreenSnapshot, frame: Frame, facts: Record<string, string | number>): string {
  const context = s.plain
    .slice(0, frame.top)
    .map((l) => l.trimEnd())
    .filter((l) => l !== '')
    .slice(-CONTEXT_LINES)
    .map((l) => l.replace(ANIMATED_LEAD, '  '));
  return regionText(s, frame.top, frame.bottom, facts, context);
}
