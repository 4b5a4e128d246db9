/**
 * Reading Gemini CLI's `ask_user` dialog, every part as the profile's generation draws it: the box
 * that ends the screen, its title, a row of tabs when it asks several questions (`← □ Database │
 * ✓ Release │ ≡ Review →`, the current one drawn bold and underlined), then either a question (its
 * text, its numbered rows or its text field, between ▲ and ▼ when the rows do not all fit) or the
 * review of the answers, and the key hints. Anything else is manual, saying what.
 */
import { styledRuns } from '../../../adapters/screen';
import type { ManualRecognition, ScreenSnapshot, WindowRow } from '../../../adapters/types';
import { manual } from '../../../adapters/types';
import { confirmationFrame } from './confirmation-frame';
import type { GeminiProfile } from './permission';

/** A numbered row as drawn: `● 1.  Label`, or `  2.  Label`. */
const ROW = /^(.) (\d)\. {2}(\S.*)$/;
/** Where a description line starts (under the label), and where a wrapped label continues. */
const DESCRIPTION = /^ {6}(\S.*)$/;
const WRAPPED_LABEL = /^ {5}\S/;
/** A question's tab: not yet answered, or answered. */
const QUESTION_TAB = /^([□✓]) (\S.*)$/;
/** A checklist's numbered row (`● 1. [x] Label`), its description, and where a wrapped label continues. */
const CHECK_ROW = /^(.) (\d)\. \[([ x])\] (\S.*)$/;
const CHECK_DESCRIPTION = /^ {9}(\S.*)$/;
const CHECK_WRAPPED_LABEL = /^ {8}\S/;
/** The row that finishes a checklist, drawn without a number (`●  Done`), and its description. */
const FINISH_ROW = /^(.) {2}(\S.*)$/;
const FINISH_DESCRIPTION = /^ {3}(\S.*)$/;

export interface Row extends WindowRow {
  cursor: boolean;
}

/** Where the dialog is among its tabs (one question alone has none). */
interface Tab {
  /** 1-based; the review is the last. */
  index: number;
  total: number;
  /** The current tab's label (a question's header). */
  label: string;
  answered: boolean;
}

interface Parts {
  top: number;
  bottom: number;
  tab: Tab | undefined;
}

/** The row that finishes a checklist, where it is in sight. */
interface FinishRow {
  cursor: boolean;
  label: string;
  description: string | undefined;
}

export interface Question extends Parts {
  kind: 'question';
  question: string;
  /** Numbered rows; none for a question answered with free text only. */
  rows: Row[];
  /** A question that takes several options: its rows are checkboxes (`checked` set on each). */
  checklist: boolean;
  /** The checklist's finishing row, where it is in sight (after the numbered rows). */
  finish?: FinishRow;
  /** The text field of a free-text question: what it shows after `> `. */
  field?: string;
  /** The rows are a window of a list that scrolls (▲ and ▼ drawn around them). */
  scrolled: boolean;
  /** The hints say a text editor is open (the free-text row's, or the field's). */
  editing: boolean;
}

export interface Review extends Parts {
  kind: 'review';
  /** The lines between the title and the hints, as drawn (the answers, a warning). */
  lines: string[];
}

/** The dialog that ends the screen; undefined when the screen does not end with one. */
export function readAskDialog(s: ScreenSnapshot, p: GeminiProfile): Question | Review | ManualRecognition | undefined {
  const a = p.ask;
  const frame = confirmationFrame(s);
  if (frame === undefined || 'kind' in frame) return undefined;
  const inner = frame.inner;
  if (inner[0] !== a.title) return undefined;
  if (inner[1] !== '' || inner[inner.length - 2] !== '')
    return manual('the question dialog is not drawn as this version draws it');
  let i = 2;
  let tab: Tab | undefined;
  if (a.tabs.test(inner[2] ?? '')) {
    const t = readTabs(inner[2] as string, s.styled?.[frame.top + 3]);
    if ('kind' in t) return t;
    tab = t;
    if (inner[3] !== '') return manual('the question dialog is not drawn as this version draws it');
    i = 4;
  }
  const hints = inner[inner.length - 1] ?? '';
  const parts = { top: frame.top, bottom: frame.bottom, tab };
  if (tab && tab.index === tab.total) {
    if (hints !== a.reviewHints) return manual("the review's key hints are not the ones this version draws");
    if (inner[i] !== a.reviewTitle || inner[i + 1] !== '')
      return manual('the review is not drawn as this version draws it');
    return { kind: 'review', ...parts, lines: inner.slice(i + 2, -2) };
  }
  const editing = hints === (tab ? a.hintsEditingTabs : a.hintsEditing);
  if (!editing && hints !== (tab ? a.hintsTabs : a.hints))
    return manual("the question dialog's key hints are not the ones this version draws");
  const question: string[] = [];
  for (; i < inner.length && inner[i] !== ''; i++) question.push(inner[i] as string);
  if (question.length === 0) return manual('the question dialog shows no question');
  // A question that takes several options: the note under it, drawn as its last line.
  const checklist = question[question.length - 1]?.trim() === a.multiSelect;
  if (checklist) question.pop();
  if (question.length === 0 || question.some((l) => l.includes(a.multiSelect)))
    return manual('the question dialog is not drawn as this version draws it');
  if (question.some((l) => a.hidden.test(l))) return manual('part of the question is hidden: answer in the terminal');
  const words = question.map((l) => l.trim()).join(' ');
  const asked = { kind: 'question' as const, ...parts, question: words, checklist };
  let body = inner.slice(i + 1, -2);
  if (!body.some((l) => ROW.test(l) || CHECK_ROW.test(l))) {
    const filled = body.filter((l) => l !== '');
    const field = filled.length === 1 ? /^> (.*)$/.exec(filled[0] as string)?.[1] : undefined;
    if (field === undefined || !editing) return manual('a question field is not drawn as this version draws it');
    if (checklist) return manual('a question that takes several options shows no rows');
    return { ...asked, rows: [], field, scrolled: false, editing };
  }
  const scrolled = body[0] === a.up;
  if (scrolled !== (body[body.length - 1] === a.down))
    return manual("the question's scroll marks are not drawn as this version draws them");
  if (scrolled) body = body.slice(1, -1);
  if (checklist) {
    const read = readChecklist(body, p);
    if ('kind' in read) return read;
    return { ...asked, ...read, scrolled, editing };
  }
  const rows = readRows(body, p);
  if ('kind' in rows) return rows;
  return { ...asked, rows, scrolled, editing };
}

/** The tabs, and which is current (the one label drawn bold and underlined). */
function readTabs(plain: string, styled: string | undefined): Tab | ManualRecognition {
  const pieces = plain.slice(2, -2).split(' │ ');
  const review = pieces.pop();
  if (review !== '≡ Review' || pieces.length < 2)
    return manual('the tabs of the questions are not drawn as this version draws them');
  const tabs = pieces.map((t) => QUESTION_TAB.exec(t));
  if (tabs.some((t) => t === null)) return manual('the tabs of the questions are not drawn as this version draws them');
  if (styled === undefined) return manual('which question is current shows only in colour, which this screen lacks');
  const marked = styledRuns(styled)
    .filter((r) => r.bold && r.underline && r.text.trim() !== '')
    .map((r) => r.text);
  if (marked.length !== 1) return manual('not exactly one tab is marked current');
  const labels = [...tabs.map((t) => (t as RegExpExecArray)[2] as string), 'Review'];
  const current = labels.indexOf(marked[0] as string);
  if (current < 0 || labels.indexOf(marked[0] as string, current + 1) >= 0)
    return manual('the current tab cannot be told from the others');
  const answered = current < tabs.length && (tabs[current] as RegExpExecArray)[1] === '✓';
  return { index: current + 1, total: labels.length, label: labels[current] as string, answered };
}

/** Numbered rows in order, each with the description lines under it joined; manual on any other line. */
function readRows(lines: readonly string[], p: GeminiProfile): Row[] | ManualRecognition {
  const rows: Row[] = [];
  const descriptions: string[][] = [];
  for (const line of lines) {
    const m = ROW.exec(line);
    if (m) {
      const wrong = addRow(rows, descriptions, m, { label: (m[3] as string).trimEnd() }, p);
      if (wrong) return wrong;
      continue;
    }
    if (WRAPPED_LABEL.test(line)) return manual('an option label wraps: answer in the terminal');
    const d = DESCRIPTION.exec(line);
    if (!d || rows.length === 0) return manual('a line of the question dialog is not one this version draws');
    (descriptions[descriptions.length - 1] as string[]).push((d[1] as string).trimEnd());
  }
  return described(rows, descriptions);
}

/**
 * Adds the numbered row a line shows (its cursor glyph and number, the first two groups of `m`)
 * after `rows`, with no description yet; or says why it cannot follow them.
 */
function addRow(
  rows: Row[],
  descriptions: string[][],
  m: RegExpExecArray,
  row: Pick<Row, 'label' | 'checked'>,
  p: GeminiProfile,
): ManualRecognition | undefined {
  if (m[1] !== p.cursor && m[1] !== ' ') return manual('a question row is not drawn as this version draws it');
  const number = Number(m[2]);
  const before = rows[rows.length - 1];
  if (before && number !== before.number + 1) return manual('the question rows are not numbered in order');
  rows.push({ ...row, number, cursor: m[1] === p.cursor });
  descriptions.push([]);
  return undefined;
}

/** The rows with the description lines under each joined. */
function described(rows: readonly Row[], descriptions: readonly string[][]): Row[] {
  return rows.map((r, i) => {
    const text = (descriptions[i] as string[]).join(' ');
    return text === '' ? r : { ...r, description: text };
  });
}

/**
 * A checklist's rows in order: numbered checkbox rows, each with the description lines under it
 * joined, then the finishing row where it is in sight (always the last); manual on any other line.
 */
function readChecklist(
  lines: readonly string[],
  p: GeminiProfile,
): { rows: Row[]; finish?: FinishRow } | ManualRecognition {
  const rows: Row[] = [];
  const descriptions: string[][] = [];
  let finish: { cursor: boolean; label: string; description: string[] } | undefined;
  for (const line of lines) {
    if (finish) {
      const d = FINISH_DESCRIPTION.exec(line);
      if (!d) return manual('a line of the question dialog is not one this version draws');
      finish.description.push((d[1] as string).trimEnd());
      continue;
    }
    const m = CHECK_ROW.exec(line);
    if (m) {
      const wrong = addRow(rows, descriptions, m, { label: (m[4] as string).trimEnd(), checked: m[3] === 'x' }, p);
      if (wrong) return wrong;
      continue;
    }
    const f = FINISH_ROW.exec(line);
    if (f && (f[2] as string).trimEnd() === p.ask.done.label) {
      if (f[1] !== p.cursor && f[1] !== ' ') return manual('a question row is not drawn as this version draws it');
      if (rows.length === 0) return manual('the checklist is not drawn as this version draws it');
      finish = { cursor: f[1] === p.cursor, label: p.ask.done.label, description: [] };
      continue;
    }
    if (CHECK_WRAPPED_LABEL.test(line)) return manual('an option label wraps: answer in the terminal');
    const d = CHECK_DESCRIPTION.exec(line);
    if (!d || rows.length === 0) return manual('a line of the question dialog is not one this version draws');
    (descriptions[descriptions.length - 1] as string[]).push((d[1] as string).trimEnd());
  }
  if (!finish) return { rows: described(rows, descriptions) };
  const text = finish.description.join(' ');
  return {
    rows: described(rows, descriptions),
    finish: { cursor: finish.cursor, label: finish.label, description: text === '' ? undefined : text },
  };
}
