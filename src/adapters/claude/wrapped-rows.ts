/**
 * Option rows too long for the pane (single-select, and multi-select after the `[ ]` box): Claude
 * Code wraps a label and its description at word boundaries, both continuing under the label. Only
 * the styles tell the two apart (the description is drawn in its own grey, the label in the row's
 * colour), so a row's lines are split by style and accepted only when re-wrapping the joined label
 * and description at the pane's width gives exactly the lines drawn.
 */
import type { NumberedRow } from '../numbered-rows';
import { styledRuns, wrapWords } from '../screen';
import type { ManualRecognition, ScreenSnapshot } from '../types';
import { manual } from '../types';

/** The grey Claude Code draws option descriptions in. */
const DESCRIPTION_FG = '5;246';

interface RowText {
  label: string;
  description?: string;
}

/** The colour of a line's first drawn text after `from` columns (undefined: the default colour). */
function fgAt(styled: string, from: number): string | undefined | null {
  let col = 0;
  for (const run of styledRuns(styled)) {
    for (const ch of run.text) {
      if (col >= from && ch !== ' ') return run.fg;
      col += 1;
    }
  }
  return null;
}

/**
 * Each row's label and description. `first` is the screen line of the first row; `indent` the
 * column where a row's label and its continuation lines start; `rows` carry the label's text only
 * (a multi-select row's box taken off).
 */
export function unwrapRows(
  s: ScreenSnapshot,
  rows: readonly NumberedRow[],
  first: number,
  indent: number,
): RowText[] | ManualRecognition {
  const out: RowText[] = [];
  let at = first;
  const width = s.cols - indent;
  for (const r of rows) {
    const lines = [r.text, ...r.continuation];
    // A label with one description line; a second line in the label's colour is the label wrapping.
    const described =
      r.continuation.length === 0 || !s.styled || fgAt(s.styled[at + 1] ?? '', indent) === DESCRIPTION_FG;
    if (lines.length <= 2 && described && lines.every((l) => [...l].length <= width)) {
      out.push({ label: r.text, ...(r.continuation[0] ? { description: r.continuation[0] } : {}) });
      at += lines.length;
      continue;
    }
    if (!s.styled) return manual('a wrapped option cannot be read without the styled screen');
    const labelFg = fgAt(s.styled[at] ?? '', indent);
    if (labelFg === DESCRIPTION_FG) return manual('an option label drawn in the description colour');
    const label = [r.text];
    const description: string[] = [];
    for (const [k, text] of r.continuation.entries()) {
      const fg = fgAt(s.styled[at + 1 + k] ?? '', indent);
      if (fg === DESCRIPTION_FG) description.push(text);
      else if (fg === labelFg && description.length === 0) label.push(text);
      else return manual('a wrapped option line is neither its label nor its description');
    }
    const joined = { label: label.join(' '), description: description.join(' ') };
    const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
    if (!same(wrapWords(joined.label, width), label)) return manual('a wrapped option label does not re-wrap as drawn');
    if (description.length > 0 && !same(wrapWords(joined.description, width), description))
      return manual('a wrapped option description does not re-wrap as drawn');
    out.push({ label: joined.label, ...(description.length > 0 ? { description: joined.description } : {}) });
    at += lines.length;
  }
  return out;
}

/**
 * Rows of a layout whose descriptions sit left of the label (multi-select in the 2.1.263
 * generation): a wrapped label continues under itself at `labelIndent`, its description at
 * `descriptionIndent`, so the columns tell them apart; each is accepted only when re-wrapping it at
 * the pane's width gives exactly the lines drawn.
 */
export function unwrapByIndent(
  rows: readonly NumberedRow[],
  cols: number,
  labelIndent: number,
  descriptionIndent: number,
): RowText[] | ManualRecognition {
  const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
  const out: RowText[] = [];
  for (const r of rows) {
    const label = [r.text, ...r.continuation.slice(0, r.wrapped)];
    const description = r.continuation.slice(r.wrapped);
    if (!same(wrapWords(label.join(' '), cols - labelIndent), label))
      return manual('a wrapped option label does not re-wrap as drawn');
    if (description.length > 0 && !same(wrapWords(description.join(' '), cols - descriptionIndent), description))
      return manual('a wrapped option description does not re-wrap as drawn');
    out.push({ label: label.join(' '), ...(description.length > 0 ? { description: description.join(' ') } : {}) });
  }
  return out;
}
