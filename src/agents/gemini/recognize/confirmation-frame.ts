/**
 * The rounded box Gemini CLI draws a tool confirmation in, at the bottom of the screen: `╭─…─╮`,
 * rows `│ … │` of one width, `╰─…─╯` as the last drawn line, and nothing to its right; every row
 * at the same left margin (none for a confirmation, one cell for the folder-trust dialog). Its rows
 * are read without the border and the one space of padding on each side; a box nested in it (a
 * command, a diff) is read the same way.
 */
import { bottomLine, displayWidth } from '../../../adapters/screen';
import type { ManualRecognition, ScreenSnapshot } from '../../../adapters/types';
import { manual } from '../../../adapters/types';

interface Frame {
  /** The screen rows of its top and bottom borders. */
  top: number;
  bottom: number;
  /** Its rows between the borders, without border and padding, trailing blanks trimmed. */
  inner: string[];
}

const TOP = /^╭─+╮$/;
const BOTTOM = /^╰─+╯$/;

/** The text inside one `│ … │` row of `width` cells, or undefined when the row is not one. */
function framedRow(line: string, width: number): string | undefined {
  const t = line.trimEnd();
  if (!t.startsWith('│') || !t.endsWith('│') || displayWidth(t) !== width) return undefined;
  if (t.length < 4 || t[1] !== ' ' || t[t.length - 2] !== ' ') return undefined;
  return t.slice(2, -2).trimEnd();
}

/**
 * The box whose bottom border is `lines[bottom]`, read upwards to its top border. Undefined when
 * that line is no bottom border; manual when the box is not whole (its top out of sight, a row of
 * another width).
 */
function frameAbove(lines: readonly string[], bottom: number): Frame | ManualRecognition | undefined {
  const drawn = (lines[bottom] ?? '').trimEnd();
  const margin = ' '.repeat(drawn.length - drawn.trimStart().length);
  const last = drawn.trimStart();
  if (!BOTTOM.test(last)) return undefined;
  const width = displayWidth(last);
  const inner: string[] = [];
  for (let i = bottom - 1; i >= 0; i--) {
    const raw = (lines[i] ?? '').trimEnd();
    const line = raw.slice(margin.length);
    if (!raw.startsWith(margin) || line.startsWith(' '))
      return manual('a row of the confirmation box is not at its margin');
    if (TOP.test(line) && displayWidth(line) === width) return { top: i, bottom, inner: inner.reverse() };
    const row = framedRow(line, width);
    if (row === undefined) return manual('a row of the confirmation box is not drawn as this version draws it');
    inner.push(row);
  }
  return manual('the top of the confirmation box is out of sight');
}

/** The confirmation box that ends the screen, when the screen ends with a box. */
export function confirmationFrame(s: ScreenSnapshot): Frame | ManualRecognition | undefined {
  const bottom = bottomLine(s);
  return bottom < 0 ? undefined : frameAbove(s.plain, bottom);
}

/** A box nested in a frame's rows, starting at `from`: its rows, and the index after its bottom border. */
export function nestedBox(inner: readonly string[], from: number): { rows: string[]; next: number } | undefined {
  const first = inner[from] ?? '';
  if (!TOP.test(first)) return undefined;
  const width = displayWidth(first);
  const rows: string[] = [];
  for (let i = from + 1; i < inner.length; i++) {
    const line = inner[i] ?? '';
    if (BOTTOM.test(line) && displayWidth(line) === width) return { rows, next: i + 1 };
    const row = framedRow(line, width);
    if (row === undefined) return undefined;
    rows.push(row);
  }
  return undefined;
}
