/**
 * The exact text a prompt's fingerprint covers: the screen size, the region's lines (trailing
 * blanks trimmed), any transcript lines above it that tell two identical prompts apart, and the
 * structural facts read from styles.
 */
import type { ScreenSnapshot } from './types';

export function regionText(
  s: ScreenSnapshot,
  top: number,
  bottom: number,
  facts: Record<string, string | number>,
  context?: readonly string[],
): string {
  const lines = s.plain.slice(top, bottom + 1).map((l) => l.trimEnd());
  const extra = Object.entries(facts)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const above = context === undefined ? '' : `${context.join('\n')}\n==\n`;
  return `${s.cols}x${s.rows}\n${above}${lines.join('\n')}\n--\n${extra}`;
}
