/**
 * Numbered option rows as both clients draw them: `<cursor> 1. Label` / `  2. Label` at a left
 * margin, continuation lines (a description or a wrapped label) at a fixed indent, and, where a
 * client has them, unnumbered rows that end the list. Every line must parse: any other line is an
 * inexact screen.
 */
import type { ManualRecognition } from './types';
import { manual } from './types';

export interface NumberedRow {
  number: number;
  text: string;
  cursor: boolean;
  /** Lines below the row at the continuation indent (a description, or a wrapped label). */
  continuation: string[];
  /**
   * How many of the first `continuation` lines were at the layout's `wrapIndent` (a label wrapped
   * under itself where descriptions sit elsewhere); 0 without one.
   */
  wrapped: number;
}

interface UnnumberedRow {
  text: string;
  cursor: boolean;
}

interface RowLayout {
  /** The cursor glyph, drawn in the column before the number (one character). */
  cursor: string;
  /** The left margin before the cursor column. */
  indent: number;
  /** Where continuation text starts; null when rows never continue. */
  continuationIndent: number | null;
  /** Unnumbered rows that may end the list, their text where a number's text would be. */
  unnumbered?: readonly string[];
  /**
   * Where a row's wrapped label continues when that is not `continuationIndent` (a layout whose
   * descriptions sit left of the label): such lines come first, before any description line.
   */
  wrapIndent?: number;
  /** The first row's number: a window of a list that scrolls starts where it is scrolled to (1 when absent). */
  from?: number;
}

/** Parses consecutive numbered rows from `lines`, numbered 1, 2, 3… (or from `layout.from`) in order. */
export function parseNumberedRows(
  lines: readonly string[],
  layout: RowLayout,
): { rows: NumberedRow[]; trailing: UnnumberedRow[] } | ManualRecognition {
  const { cursor, indent, continuationIndent } = layout;
  const rows: NumberedRow[] = [];
  const trailing: UnnumberedRow[] = [];
  const rowRe = new RegExp(`^${' '.repeat(indent)}(${escape(cursor)}| ) (\\d{1,2})\\. (\\S.*)$`);
  const contPad = continuationIndent === null ? null : ' '.repeat(continuationIndent);
  const wrapPad = layout.wrapIndent === undefined ? null : ' '.repeat(layout.wrapIndent);
  for (const raw of lines) {
    const line = raw.trimEnd();
    const m = rowRe.exec(line);
    if (m) {
      if (trailing.length > 0) return manual('an option row follows the final row of the list');
      rows.push({ number: Number(m[2]), text: m[3] ?? '', cursor: m[1] === cursor, continuation: [], wrapped: 0 });
      continue;
    }
    const un = unnumberedRow(line, cursor, indent, layout.unnumbered ?? []);
    if (un) {
      trailing.push(un);
      continue;
    }
    if (wrapPad !== null && line.startsWith(wrapPad) && line.length > wrapPad.length && line[wrapPad.length] !== ' ') {
      const last = rows[rows.length - 1];
      if (!last || trailing.length > 0) return manual('text outside any option row');
      if (last.continuation.length > last.wrapped) return manual('a wrapped label line under a description');
      last.continuation.push(line.slice(wrapPad.length));
      last.wrapped += 1;
      continue;
    }
    if (contPad !== null && line.startsWith(contPad) && line.length > contPad.length && line[contPad.length] !== ' ') {
      const last = rows[rows.length - 1];
      if (!last || trailing.length > 0) return manual('text outside any option row');
      last.continuation.push(line.slice(contPad.length));
      continue;
    }
    return manual(`an unexpected line in the option list: "${line.slice(0, 60)}"`);
  }
  const from = layout.from ?? 1;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i]?.number !== from + i)
      return manual(`the options are not numbered ${from}, ${from + 1}, ${from + 2}… in order`);
  }
  return { rows, trailing };
}

function unnumberedRow(line: string, cursor: string, indent: number, names: readonly string[]): UnnumberedRow | null {
  for (const name of names) {
    const pad = ' '.repeat(indent);
    if (line === `${pad}     ${name}`) return { text: name, cursor: false };
    if (line === `${pad}${cursor}    ${name}`) return { text: name, cursor: true };
  }
  return null;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
