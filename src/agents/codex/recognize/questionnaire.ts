/**
 * Codex's blocking `request_user_input` overlay: `Question i/n`, the question, 2-3 model options
 * plus the automatic `None of the above` row, and its footer; the same overlay with the Notes
 * composer open; and the unanswered-question confirmation (`Proceed` / `Go back`).
 * Every line from the header to the footer must be accounted for.
 */
import type { NumberedRow } from '../../../adapters/numbered-rows';
import { regionText } from '../../../adapters/prompt-region';
import { bottomLine } from '../../../adapters/screen';
import type {
  ManualRecognition,
  PlannedStep,
  QuestionnaireRecognition,
  RecognizedOption,
  ScreenSnapshot,
} from '../../../adapters/types';
import { keyThenChanged, manual } from '../../../adapters/types';
import { blank, line, linesEqual, onlyDim } from './frame';
import { counted, wrapFooter, type CodexProfile } from './profile';
import { joinWrappedDescriptions, parseRows, splitColumns } from './rows';

type Result = QuestionnaireRecognition | ManualRecognition | undefined;

const HEADER = /^ {2}Question (\d)\/(\d)(?: \((\d) unanswered\))?$/;

interface Footer {
  kind: 'question' | 'notes';
  /** Index of the first footer line. */
  first: number;
  submit: 'answer' | 'all';
  multi: boolean;
}

/** Which footer ends the screen, if any of the profile's footers does exactly. */
function matchFooter(s: ScreenSnapshot, p: CodexProfile, bottom: number): Footer | undefined {
  const q = p.questionnaire;
  const candidates: Array<Omit<Footer, 'first'> & { lines: string[] }> = [
    { kind: 'question', submit: 'answer', multi: false, lines: wrapFooter(q.footerSingle, s.cols, 'answer') },
    { kind: 'question', submit: 'answer', multi: true, lines: wrapFooter(q.footerMulti, s.cols, 'answer') },
    { kind: 'question', submit: 'all', multi: true, lines: wrapFooter(q.footerMulti, s.cols, 'all') },
    { kind: 'notes', submit: 'answer', multi: false, lines: wrapFooter(q.footerNotes, s.cols, 'answer') },
    { kind: 'notes', submit: 'all', multi: true, lines: wrapFooter(q.footerNotes, s.cols, 'all') },
  ];
  for (const c of candidates) {
    if (linesEqual(s, bottom, c.lines))
      return { kind: c.kind, submit: c.submit, multi: c.multi, first: bottom - c.lines.length + 1 };
  }
  return undefined;
}

/** The Notes editor's text (empty while the dim placeholder shows) and the row it annotates. */
export function readNotesEditor(s: ScreenSnapshot, p: CodexProfile): { text: string; optionKey: string } | undefined {
  const r = recognizeQuestion(s, p, true);
  if (!r || r.kind !== 'questionnaire' || r.question.responseKind !== 'free_text') return undefined;
  const notes = notesLine(s, p);
  if (!notes) return undefined;
  return { text: notes.empty ? '' : notes.text, optionKey: r.plan.freeText?.optionKey ?? '' };
}

function notesLine(s: ScreenSnapshot, p: CodexProfile): { text: string; empty: boolean; index: number } | undefined {
  const bottom = bottomLine(s);
  const footer = matchFooter(s, p, bottom);
  if (!footer || footer.kind !== 'notes') return undefined;
  const i = footer.first - 2;
  const text = line(s, i);
  if (!text.startsWith(`  ${p.cursor} `)) return undefined;
  const value = text.slice(4);
  const dim = onlyDim(s, i, p.questionnaire.notesPlaceholder);
  return { text: value, empty: value === p.questionnaire.notesPlaceholder && dim === true, index: i };
}

export function recognizeQuestionnaire(s: ScreenSnapshot, p: CodexProfile): Result {
  return recognizeUnanswered(s, p) ?? recognizeQuestion(s, p, false);
}

/** `acceptTyped`: also parse a Notes composer that holds text (to read it back, never to offer it). */
function recognizeQuestion(s: ScreenSnapshot, p: CodexProfile, acceptTyped: boolean): Result {
  const q = p.questionnaire;
  const bottom = bottomLine(s);
  if (bottom < 0) return undefined;
  const footer = matchFooter(s, p, bottom);
  if (!footer) {
    const last = line(s, bottom);
    if (/to add notes|to clear notes|to navigate questions/.test(last) || /^ {2}esc to interrupt$/.test(last)) {
      // Taller than the terminal, the overlay scrolls its rows and counts them in the footer.
      const scrolled = /^ {2}option (\d+)\/(\d+) \| /.exec(last);
      if (scrolled)
        return manual(
          `the option list scrolls inside the question (${scrolled[2]} options) in this ${s.rows}-row terminal; ` +
            'make the terminal taller to answer here, or answer in the terminal',
        );
      return manual('the question footer is not the exact supported one (wrapped or changed)');
    }
    return undefined;
  }
  if (!blank(s, footer.first - 1)) return manual('no blank line above the question footer');
  let rowsEnd = footer.first - 2;
  let notes: { text: string; empty: boolean; index: number } | undefined;
  if (footer.kind === 'notes') {
    notes = notesLine(s, p);
    if (!notes) return manual('the Notes composer is not in the supported form');
    if (!blank(s, notes.index - 1)) return manual('no blank line above the Notes composer');
    rowsEnd = notes.index - 2;
  }
  // Rows run up from rowsEnd to the blank line below the question.
  let rowsStart = rowsEnd;
  while (rowsStart - 1 >= 0 && !blank(s, rowsStart - 1)) rowsStart--;
  if (!blank(s, rowsStart - 1)) return manual('the top of the question is not on screen');
  // Question lines, then the `Question i/n` header with a blank line above it.
  let header = rowsStart - 2;
  while (header >= 0 && !HEADER.test(line(s, header)) && !blank(s, header)) header--;
  const h = HEADER.exec(line(s, header));
  if (!h) return manual('the `Question i/n` header is missing or changed');
  if (header > 0 && !blank(s, header - 1)) return manual('no blank line above the question header');
  const index = Number(h[1]);
  const total = Number(h[2]);
  const unanswered = h[3] === undefined ? 0 : Number(h[3]);
  if (index < 1 || index > total || total > 3 || unanswered > total || (h[3] !== undefined && unanswered === 0))
    return manual('the question header does not add up');
  // Footers differ by position: one question answers; the last of several submits all.
  const wantMulti = total > 1;
  const wantSubmit = total > 1 && index === total ? 'all' : 'answer';
  if (footer.submit !== wantSubmit || (footer.kind === 'question' && footer.multi !== wantMulti)) {
    return manual('the question footer does not match the question position');
  }
  const questionLines: string[] = [];
  for (let i = header + 1; i < rowsStart - 1; i++) {
    const l = line(s, i);
    if (!l.startsWith('  ') || l[2] === ' ') return manual('an unexpected line in the question text');
    questionLines.push(l.slice(2));
  }
  if (questionLines.length === 0) return manual('the question text is missing');
  const prompt = questionLines.join(' ');

  const drawnRows = s.plain.slice(rowsStart, rowsEnd + 1);
  // Too narrow for the description column, Codex wraps descriptions onto lines of their own:
  // read whole where the generation was measured doing so, else left to the terminal saying so.
  const joined = q.wrapsDescriptions ? joinWrappedDescriptions(drawnRows, s.cols) : undefined;
  if (joined && 'kind' in joined) return joined;
  const rowLines = joined?.lines ?? drawnRows;
  const rows = parseRows(rowLines, p.cursor, 2, null);
  if ('kind' in rows && rowLines.some((l) => /^ {8,}\S/.test(l)))
    return manual(
      `Codex wraps the option descriptions in this ${s.cols}-column terminal: ` +
        'widen the terminal to answer here, or answer in the terminal',
    );
  if ('kind' in rows) return rows;
  if (rows.length < 3 || rows.length > 4) return manual(`an unsupported number of options (${rows.length})`);
  const cols = splitColumns(rows);
  if ('kind' in cols) return cols;
  const other = cols[cols.length - 1];
  if (other?.label !== q.otherLabel || other.description !== q.otherDescription)
    return manual(`the last row is not the automatic "${q.otherLabel}" row`);
  const choices = cols.slice(0, -1);
  if (choices.some((c) => c.label === q.otherLabel || c.label === q.freeTextAlias))
    return manual('a model option repeats the automatic Other or free-text row');
  const cursorRow = rows.find((r) => r.cursor) as NumberedRow;
  const otherRow = rows[rows.length - 1] as NumberedRow;

  const facts: Record<string, string | number> = {
    step: `${index}/${total}`,
    unanswered,
    cursor: cursorRow.number,
    notes: notes ? (notes.empty ? 'empty' : 'typed') : 'closed',
  };
  const base = {
    profileId: p.id,
    fingerprintSource: regionText(s, header, bottom, facts),
    step: { index, total },
    focusedKey: `o${cursorRow.number}`,
  };

  if (notes) {
    if (!notes.empty && !acceptTyped) {
      const dim = onlyDim(s, notes.index, q.notesPlaceholder);
      if (dim === undefined) return manual('the empty Notes composer cannot be proven without the styled screen');
      return manual('text is already typed into the Notes composer');
    }
    const label = cols[cursorRow.number - 1]?.label ?? '';
    const maxWidth = s.cols - 8;
    return {
      kind: 'questionnaire',
      ...base,
      question: {
        key: 'q',
        header: `Notes: ${label}`,
        prompt,
        responseKind: 'free_text',
        options: [],
        maxLength: Math.min(q.maxNotes, maxWidth),
      },
      plan: {
        choose: {},
        freeText: {
          optionKey: `o${cursorRow.number}`,
          open: [],
          submit: { keys: ['Enter'] },
          submitDelayMs: q.enterDelayMs,
          maxDisplayWidth: maxWidth,
        },
      },
    };
  }

  const options: RecognizedOption[] = cols.map((c, i) => ({
    key: `o${i + 1}`,
    label: c.label,
    description: c.description,
    role: 'choice' as const,
  }));
  const choose: QuestionnaireRecognition['plan']['choose'] = {};
  rows.forEach((r) => (choose[`o${r.number}`] = [keyThenChanged(String(r.number))]));
  // The derived free-text choice: bounded cursor movement onto the native Other row, each move
  // proven, then Tab opens its Notes (a digit there would submit the label itself).
  const open: PlannedStep[] = [];
  for (let n = cursorRow.number + 1; n <= otherRow.number; n++)
    open.push({ action: { keys: ['Down'] }, expect: { kind: 'cursor_on', optionKey: `o${n}` } });
  open.push({
    action: { keys: ['Tab'] },
    expect: { kind: 'free_text_editing', optionKey: `o${otherRow.number}`, text: '' },
  });
  options.push({ key: 'notes', label: q.freeTextAlias, role: 'free_text' });
  choose.notes = open;
  return {
    kind: 'questionnaire',
    ...base,
    question: { key: 'q', prompt, responseKind: 'single_select', options },
    plan: { choose },
  };
}

/** `Submit with unanswered questions?`: Proceed / Go back. A digit only moves the cursor; Enter confirms. */
function recognizeUnanswered(s: ScreenSnapshot, p: CodexProfile): Result {
  const u = p.unanswered;
  const bottom = bottomLine(s);
  if (bottom < 0 || line(s, bottom) !== `  ${u.footer}`) return undefined;
  const top = bottom - 6;
  if (line(s, top) !== `  ${u.title}`)
    return manual('the unanswered-question confirmation is not in the supported form');
  if (top > 0 && !blank(s, top - 1)) return manual('no blank line above the confirmation');
  const n = Number(/^ {2}([1-9]) /.exec(line(s, top + 1))?.[1] ?? 0);
  if (n === 0 || line(s, top + 1) !== `  ${counted(u.countLine, n)}` || !blank(s, top + 2) || !blank(s, bottom - 1)) {
    return manual('the unanswered-question confirmation is not in the supported form');
  }
  const rows = parseRows(s.plain.slice(top + 3, bottom - 1), p.cursor, 2, null);
  if ('kind' in rows) return rows;
  const cols = splitColumns(rows);
  if ('kind' in cols) return cols;
  const [proceed, back] = cols;
  if (
    cols.length !== 2 ||
    proceed?.label !== u.proceed ||
    proceed.description !== counted(u.proceedDescription, n) ||
    back?.label !== u.goBack ||
    back.description !== u.goBackDescription
  ) {
    return manual('the confirmation choices are not exactly "Proceed" and "Go back"');
  }
  const cursor = rows.findIndex((r) => r.cursor) + 1;
  const choose = (key: string, number: number): PlannedStep[] =>
    cursor === number
      ? [keyThenChanged('Enter')]
      : [
          { action: { keys: [String(number)] }, expect: { kind: 'cursor_on', optionKey: key } },
          keyThenChanged('Enter'),
        ];
  return {
    kind: 'questionnaire',
    profileId: p.id,
    fingerprintSource: regionText(s, top, bottom, { unanswered: n, cursor }),
    step: { index: 1, total: 1 },
    focusedKey: cursor === 1 ? 'proceed' : 'go_back',
    question: {
      key: 'unanswered',
      header: 'Unanswered questions',
      prompt: `${u.title} ${counted(u.countLine, n)}`,
      responseKind: 'confirm',
      options: [
        { key: 'proceed', label: u.proceed, description: proceed.description, role: 'submit' },
        { key: 'go_back', label: u.goBack, description: back.description, role: 'choice' },
      ],
    },
    plan: { choose: { proceed: choose('proceed', 1), go_back: choose('go_back', 2) } },
  };
}
