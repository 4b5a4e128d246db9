/** Codex's numbered list rows (`› 1. Label  Description`), with aligned description columns. */
import { parseNumberedRows, type NumberedRow } from '../numbered-rows';
import { displayWidth } from '../screen';
import type { ManualRecognition } from '../types';
import { manual } from '../types';

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
