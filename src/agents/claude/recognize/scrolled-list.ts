import { parseNumberedRows } from '../../../adapters/numbered-rows';
import type { ListWindow, ManualRecognition, ScreenSnapshot, WindowRow } from '../../../adapters/types';
import { manual } from '../../../adapters/types';
import { dialogRegion } from './frame';
import type { ClaudeProfile } from './profile';
import { descriptionStylesOf, unwrapRows } from './wrapped-rows';

/** A row line marked as the first or last in sight with rows hidden beyond it. */
const MARKED = /^([↑↓]) (\d{1,2})\. \S/;

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

/** Where a scrolled question tab is on screen, and what was read of it around its rows. */
interface ScrolledTab {
  top: number;
  bottom: number;
  /** The screen line of the first row. */
  rest: number;
  /** The line of the footer's first line. */
  footer: number;
  editing: boolean;
  /** The cursor is on "Chat about this". */
  onChat: boolean;
  /** How many rows the list has (the free-text row last). */
  total: number;
  step: { index: number; total: number };
  question: { header?: string; prompt: string };
  /** The tab header and question lines as drawn. */
  drawn: readonly string[];
}

/**
 * The window a scrolled single-select tab shows, attached to `left` (the reason it is left to the
 * terminal) where every line in sight reads exactly: the markers where rows are hidden and nowhere
 * else, the rows numbered on from the first in sight, each label and description as the full list
 * draws them. Otherwise `left` as it is. A generation that does not scroll this way has no window.
 */
export function withWindow(
  s: ScreenSnapshot,
  p: ClaudeProfile,
  t: ScrolledTab,
  left: ManualRecognition,
): ManualRecognition {
  const q = p.questionnaire;
  if (!q.scrolledList) return left;
  const lines = s.plain.slice(t.rest, t.footer - 3).map((l) => l.trimEnd());
  const numbered = lines.flatMap((l, i) => (/^[❯ ↑↓] \d{1,2}\. \S/.test(l) ? [i] : []));
  const firstRow = numbered[0];
  const lastRow = numbered[numbered.length - 1];
  if (firstRow !== 0 || lastRow === undefined) return left;
  const marks = lines.flatMap((l, i) => {
    const m = MARKED.exec(l);
    return m ? [{ at: i, up: m[1] === '↑' }] : [];
  });
  // `↑` only on the first row in sight, `↓` only on the last.
  if (marks.some((m) => (m.up ? m.at !== firstRow : m.at !== lastRow))) return left;
  const unmarked = lines.map((l, i) => (marks.some((m) => m.at === i) ? ` ${l.slice(1)}` : l));
  const from = Number(/\d{1,2}/.exec(lines[0] ?? '')?.[0]);
  const parsed = parseNumberedRows(unmarked, {
    cursor: p.cursor,
    indent: 0,
    continuationIndent: q.descriptionIndentSingle,
    from,
  });
  if ('kind' in parsed || parsed.trailing.length > 0) return left;
  const rows = parsed.rows;
  const first = rows[0]?.number ?? 0;
  const last = rows[rows.length - 1]?.number ?? 0;
  if (last > t.total || rows.some((r) => /^\[[ ✔]\] /.test(r.text))) return left;
  // Hidden rows beyond the first or last in sight carry their marker, unless the cursor is there.
  const upMarked = marks.some((m) => m.up);
  const downMarked = marks.some((m) => !m.up);
  const cursorOn = (n: number): boolean => rows.find((r) => r.number === n)?.cursor === true;
  if (upMarked !== first > 1 && !(first > 1 && cursorOn(first))) return left;
  if (downMarked !== last < t.total && !(last < t.total && cursorOn(last))) return left;
  const cursors = rows.filter((r) => r.cursor).length + (t.onChat ? 1 : 0);
  if (cursors !== 1) return left;
  const texts = unwrapRows(s, rows, t.rest, 5, descriptionStylesOf(p));
  if ('kind' in texts) return left;
  const read: WindowRow[] = rows.map((r, i) => ({
    number: r.number,
    label: texts[i]?.label ?? r.text,
    ...(texts[i]?.description ? { description: texts[i]?.description } : {}),
  }));
  const free = read.find((r) => r.number === t.total);
  if (free && (free.label !== q.freeTextSingle || free.description !== undefined)) return left;
  const cursor = rows.find((r) => r.cursor)?.number ?? null;
  if (t.editing !== (cursor === t.total)) return left;
  const window: ListWindow = {
    profileId: p.id,
    step: t.step,
    question: t.question,
    identity: JSON.stringify({ drawn: t.drawn, total: t.total, step: t.step }),
    total: t.total,
    freeTextLabel: q.freeTextSingle,
    cursor,
    editing: t.editing,
    rows: read,
    source: dialogRegion(
      s,
      { top: t.top, bottom: t.bottom },
      { step: `${t.step.index}/${t.step.total}`, editing: t.editing ? 1 : 0, window: `${first}-${last}/${t.total}` },
    ),
    move: { down: { keys: ['Down'] }, up: { keys: ['Up'] } },
  };
  return { ...left, window };
}
