/** Codex's numbered list rows (`› 1. Label  Description`), with aligned description columns. */
import { parseNumberedRows, type NumberedRow } from '../../../adapters/numbered-rows';
import { displayWidth, wrapWords } from '../../../adapters/screen';
import type { ManualRecognition } from '../../../adapters/types';
import { manual } from '../../../adapters/types';

/**
 * Parses consecutive numbered rows. `indent` is the left margin before the cursor column;
 * `continuationIndent` allows wrapped rows (null: none allowed). Every line must be a row, and
 * exactly one carries the cursor.
 */
export function parseRows(
  lines: readonly string[],
  cursor: string,
  indent: number,
  continuationIndent: number | null,
): NumberedRow[] | ManualRecognition {
  const parsed = parseNumberedRows(lines, { cursor, indent, continuationIndent });
  if ('kind' in parsed) return parsed;
  const { rows } = parsed;
  if (rows.length === 0) return manual('the option list is empty');
  if (rows.filter((r) => r.cursor).length !== 1) return manual('the option cursor is not on exactly one row');
  return rows;
}

interface Columns {
  label: string;
  description: string;
}

/**
 * Splits each row into label and description at one shared column: Codex pads every label to the
 * widest one plus two spaces. The column must be the same on every row and the widest label must
 * sit exactly two spaces before it; otherwise the split is not provable.
 */
export function splitColumns(rows: readonly NumberedRow[]): Columns[] | ManualRecognition {
  const parts = rows.map((r) => {
    const m = /^(\S(?:.*?\S)?) {2,}(\S.*)$/.exec(r.text);
    return m
      ? {
          label: m[1] ?? '',
          description: m[2] ?? '',
          column: displayWidth(r.text.slice(0, r.text.length - (m[2] ?? '').length)),
        }
      : undefined;
  });
  if (parts.some((p) => p === undefined)) return manual('an option without its description column');
  const cols = new Set(parts.map((p) => p?.column));
  if (cols.size !== 1) return manual('the option descriptions are not aligned in one column');
  const column = parts[0]?.column ?? 0;
  const widest = Math.max(...parts.map((p) => displayWidth(p?.label ?? '')));
  if (widest + 2 !== column) return manual('the description column is not two spaces after the widest label');
  if (parts.some((p) => / {2}/.test(p?.label ?? '') || / {2}/.test(p?.description ?? '')))
    return manual('an option label or description with a double space');
  return parts.map((p) => ({ label: p?.label ?? '', description: p?.description ?? '' }));
}

/**
 * Rows whose descriptions Codex wrapped in their column (a terminal too narrow for them), joined
 * back into one line each. A wrapped line must start exactly at its row's description column, and
 * the description must re-wrap at the pane's width from that column into exactly the lines drawn;
 * otherwise nothing is joined and the step is not provable. Undefined when nothing is wrapped.
 */
export function joinWrappedDescriptions(
  lines: readonly string[],
  cols: number,
): { lines: string[] } | ManualRecognition | undefined {
  const rowRe = /^ {2}(?:\S| ) \d{1,2}\. \S/;
  const out: Array<{ line: string; parts: string[]; column: number }> = [];
  let wrapped = false;
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (rowRe.test(line)) {
      out.push({ line, parts: [], column: -1 });
      continue;
    }
    const m = /^( {8,})(\S.*)$/.exec(line);
    const row = out[out.length - 1];
    if (!m || !row) return undefined;
    const column = (m[1] ?? '').length;
    // The row's description starts at the same column, after two spaces at least.
    if (row.line.slice(column - 2, column) !== '  ' || !/\S/.test(row.line[column] ?? ''))
      return manual("a wrapped option description is not in its row's description column");
    if (row.column !== -1 && row.column !== column) return manual('a wrapped option description moved column');
    row.column = column;
    row.parts.push(m[2] ?? '');
    wrapped = true;
  }
  if (!wrapped) return undefined;
  for (const row of out) {
    if (row.column === -1) continue;
    const drawn = [row.line.slice(row.column), ...row.parts];
    const again = wrapWords(drawn.join(' '), cols - row.column);
    if (again.length !== drawn.length || again.some((l, i) => l !== drawn[i]))
      return manual('a wrapped option description does not re-wrap as drawn');
  }
  return { lines: out.map((r) => (r.column === -1 ? r.line : `${r.line} ${r.parts.join(' ')}`)) };
}
