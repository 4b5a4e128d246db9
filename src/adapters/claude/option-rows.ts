/** Parsing Claude Code's numbered option rows: `❯ 1. Label` / `  2. Label`, with continuation lines. */
import type { ManualRecognition } from '../types';
import { manual } from '../types';

export interface OptionRow {
  number: number;
  text: string;
  cursor: boolean;
  /** Lines below the row at the continuation indent (a description, or a wrapped label). */
  continuation: string[];
}

/**
 * Parses consecutive numbered rows from `lines`. `indent` is the row's left margin (0 for
 * questionnaires, 1 for permission prompts); `continuationIndent` is where continuation text starts.
 * Everything must parse: any other line is an inexact screen.
 */
export function parseRows(
  lines: readonly string[],
  cursor: string,
  indent: number,
  continuationIndent: number,
  unnumbered: readonly string[] = [],
): { rows: OptionRow[]; trailing: Array<{ text: string; cursor: boolean }> } | ManualRecognition {
  const rows: OptionRow[] = [];
  const trailing: Array<{ text: string; cursor: boolean }> = [];
  const pad = ' '.repeat(indent);
  const rowRe = new RegExp(`^${pad}(${escape(cursor)}| ) (\\d{1,2})\\. (\\S.*)$`);
  const contPad = ' '.repeat(continuationIndent);
  for (const raw of lines) {
    const line = raw.trimEnd();
    const m = rowRe.exec(line);
    if (m) {
      if (trailing.length > 0) return manual('an option row follows the final row of the list');
      rows.push({ number: Number(m[2]), text: m[3] ?? '', cursor: m[1] === cursor, continuation: [] });
      continue;
    }
    const un = unnumberedRow(line, cursor, indent, unnumbered);
    if (un) {
      trailing.push(un);
      continue;
    }
    if (line.startsWith(contPad) && line.length > contPad.length && line[contPad.length] !== ' ') {
      const last = rows[rows.length - 1];
      if (!last || trailing.length > 0) return manual('text outside any option row');
      last.continuation.push(line.slice(contPad.length));
      continue;
    }
    return manual(`an unexpected line in the option list: "${line.slice(0, 60)}"`);
  }
  for (let i = 0; i < rows.length; i++) {
    if (rows[i]?.number !== i + 1) return manual('the options are not numbered 1, 2, 3… in order');
  }
  return { rows, trailing };
}

function unnumberedRow(line: string, cursor: string, indent: number, names: readonly string[]): { text: string; cursor: boolean } | undefined {
  for (const name of names) {
    const pad = ' '.repeat(indent);
    if (line === `${pad}     ${name}`) return { text: name, cursor: false };
    if (line === `${pad}${cursor}    ${name}`) return { text: name, cursor: true };
  }
  return undefined;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
