/** Reading Codex's bottom pane on a screen: trimmed lines, blank rows, exact line runs, dim placeholders. */
import { styledRuns } from '../../../adapters/screen';
import type { ScreenSnapshot } from '../../../adapters/types';

export function line(s: ScreenSnapshot, i: number): string {
  return (s.plain[i] ?? '').trimEnd();
}

export function blank(s: ScreenSnapshot, i: number): boolean {
  return i >= 0 && i < s.plain.length && line(s, i) === '';
}

/** True when the `count` lines ending at `last` equal `expected` exactly. */
export function linesEqual(s: ScreenSnapshot, last: number, expected: readonly string[]): boolean {
  const first = last - expected.length + 1;
  if (first < 0) return false;
  return expected.every((e, k) => line(s, first + k) === e);
}

/**
 * Whether the visible text `text` on styled line `i` is drawn dim (a placeholder), and nothing
 * else on the line is. Undefined without a styled capture.
 */
export function onlyDim(s: ScreenSnapshot, i: number, text: string): boolean | undefined {
  const styled = s.styled?.[i];
  if (styled === undefined) return undefined;
  const runs = styledRuns(styled).filter((r) => r.text.trim() !== '');
  const dimText = runs
    .filter((r) => r.dim)
    .map((r) => r.text)
    .join('')
    .trim();
  return dimText === text;
}
