/**
 * An edit's diff as Claude Code draws it in the permission prompt: `<n> <sign><text>` with the
 * line numbers right-aligned, `-` removed, `+` added, a space for kept lines; a line too long for
 * the pane continues on the next screen line under the sign, cut at the last cell.
 */
import { displayWidth } from '../../../adapters/screen';
import type { DiffLine } from '../../../adapters/types';

const OPS: Readonly<Record<string, DiffLine['op']>> = { ' ': 'context', '-': 'removed', '+': 'added' };

/**
 * The diff lines, or undefined when any drawn line is not of this form (the drawing is then shown
 * as it is). `width` is the cells a diff line may take (the pane without the dialog's margin).
 */
export function parseDrawnDiff(drawn: readonly string[], width: number): DiffLine[] | undefined {
  const numbers = drawn.map((l) => /^ *(\d+)(?: [ +-]|$)/.exec(l)?.[1]).filter((n): n is string => n !== undefined);
  if (numbers.length === 0) return undefined;
  const w = Math.max(...numbers.map((n) => n.length));
  const textWidth = width - w - 2;
  if (textWidth < 1) return undefined;
  // An empty kept line loses its sign and its trailing space to the capture's trimming.
  const numbered = new RegExp(`^( {0,${w - 1}}\\d+)(?: ([ +-])(.*))?$`);
  const parts: Array<{ line: DiffLine; sign: string; segments: string[] }> = [];
  for (const raw of drawn) {
    const m = numbered.exec(raw);
    if (m && m[1]?.length === w) {
      const sign = m[2] ?? ' ';
      parts.push({ line: { op: OPS[sign] ?? 'context', line: Number(m[1]), text: '' }, sign, segments: [m[3] ?? ''] });
      continue;
    }
    // A continuation: the number column blank, then the same sign.
    const last = parts[parts.length - 1];
    const prefix = `${' '.repeat(w)} ${last?.sign ?? ''}`;
    if (!last || !raw.startsWith(prefix) || raw.length === prefix.length) return undefined;
    last.segments.push(raw.slice(prefix.length));
  }
  for (const part of parts) {
    if (part.segments.some((seg) => displayWidth(seg) > textWidth)) return undefined;
    // A row that continues filled its line: at most one trimmed space (or a wide character's gap) is missing.
    if (part.segments.slice(0, -1).some((seg) => displayWidth(seg) < textWidth - 1)) return undefined;
    // Every segment but the last filled its row; the capture trimmed the spaces at its end.
    part.line.text = part.segments
      .map((seg, i) => (i < part.segments.length - 1 ? seg + ' '.repeat(textWidth - displayWidth(seg)) : seg))
      .join('');
  }
  return parts.map((p) => p.line);
}
