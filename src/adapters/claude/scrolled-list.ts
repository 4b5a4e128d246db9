import type { ManualRecognition } from '../types';
import { manual } from '../types';

/**
 * A dialog taller than the terminal scrolls its option list inside itself: the first row shown is
 * marked `↑` when rows are hidden above it, the last `↓` when rows are hidden below. Only the rows
 * shown can be read, so the step is left to the terminal, saying which options are out of sight
 * and what would show them all.
 */
export function scrolledList(rowLines: readonly string[], rows: number, height: number): ManualRecognition | undefined {
  const shown = rowLines.flatMap((l) => {
    const m = /^([❯ ↑↓]) (\d{1,2})\. \S/.exec(l);
    return m ? [{ marker: m[1], number: Number(m[2]) }] : [];
  });
  const numbers = shown.map((r) => r.number);
  if (numbers.length === 0) return undefined;
  const first = Math.min(...numbers);
  const last = Math.max(...numbers);
  const marked = shown.some((r) => r.marker === '↑' || r.marker === '↓');
  // The cursor on the last row shown hides its `↓`: rows missing below tell the same.
  if (!marked && first === 1 && last === rows) return undefined;
  const hidden = [
    ...Array.from({ length: Math.max(0, first - 1) }, (_, i) => i + 1),
    ...Array.from({ length: Math.max(0, rows - last) }, (_, i) => last + 1 + i),
  ];
  if (hidden.length === 0) return undefined;
  const which = hidden.length === 1 ? `option ${hidden[0]} is` : `options ${hidden.join(', ')} are`;
  return manual(
    `the option list scrolls inside the dialog: ${which} out of sight in this ${height}-row terminal; ` +
      'make the terminal taller to answer here, or answer in the terminal',
  );
}
