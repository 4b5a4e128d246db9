/**
 * Gemini CLI's `ask_user` dialog, read exactly (question-dialog.ts): one question, or several with
 * a tab each and a review. The client adds a free-text row ("Enter a custom value") after the
 * model's options; the cursor on it opens its editor, and the hints then say "Enter to submit". A
 * row is chosen by its digit, which chooses at once, even a row out of sight; the dialog then goes
 * to the next tab. When the rows do not all fit, the client draws ▲ and ▼ around the rows in sight:
 * that window alone is left to the terminal until every row has been in sight (list-window.ts),
 * and the last row is known to be the free-text one only once the cursor has been on it. A
 * free-text question is answered in its field. The review is submitted with Enter or cancelled with
 * Escape (which cancels the request). A question that takes several options is a checklist, read
 * and answered the same way (list-window.ts): its options toggled by their digits, then the cursor
 * taken round to its Done row and Enter. A label that wraps, a placeholder the model chose and a
 * question answered already (the person went back to it) are left to the terminal.
 */
import { assembleList } from '../../../adapters/list-window';
import { regionText } from '../../../adapters/prompt-region';
import type {
  ListWindow,
  ManualRecognition,
  QuestionnaireRecognition,
  RecognizedOption,
  ScreenSnapshot,
  WindowRow,
} from '../../../adapters/types';
import { keyThenChanged, manual } from '../../../adapters/types';
import type { GeminiProfile } from './permission';
import { readAskDialog, type Question, type Review, type Row } from './question-dialog';
import { GEMINI_SHAPES } from './shapes';

type Result = QuestionnaireRecognition | ManualRecognition | undefined;

/** The text field of a free-text question, as an editor's option key. */
const FIELD = 'field';

/** The `ask_user` dialog that ends the screen; undefined when the screen does not end with one. */
export function recognizeGeminiQuestion(s: ScreenSnapshot, p: GeminiProfile): Result {
  const d = readAskDialog(s, p);
  if (d === undefined || d.kind === 'manual_required') return d;
  const step = d.tab ? { index: d.tab.index, total: d.tab.total } : { index: 1, total: 1 };
  if (d.kind === 'review') return review(s, p, d, step);
  // A checklist's tab is marked answered as soon as one of its boxes is checked: its boxes say more.
  if (d.tab?.answered && !d.checklist)
    return manual('this question was answered already: change the answer in the terminal');
  const facts = { dialog: 'ask_user', step: `${step.index}/${step.total}`, editing: d.editing ? 1 : 0 };
  const header = d.tab ? { header: d.tab.label } : {};
  const base = {
    kind: 'questionnaire' as const,
    profileId: p.id,
    fingerprintSource: regionText(s, d.top, d.bottom, facts),
    step,
    shape: GEMINI_SHAPES.askUser,
  };
  if (d.field !== undefined) {
    if (d.field !== p.ask.fieldPlaceholder)
      return manual('text is already typed into the answer field, or a placeholder of its own shows');
    return {
      ...base,
      question: { key: 'q', ...header, prompt: d.question, responseKind: 'free_text', options: [] },
      plan: { choose: {}, freeText: { ...freeTextPlan(s, 2), optionKey: FIELD, open: [] } },
    };
  }
  if (d.checklist) return checklistOf(s, p, d, facts);
  const cursorRows = d.rows.filter((r) => r.cursor);
  if (cursorRows.length !== 1) return manual('the question cursor is not on exactly one row');
  const cursor = (cursorRows[0] as Row).number;
  if (d.scrolled) return windowOf(s, p, d, cursor, facts);
  const free = d.rows[d.rows.length - 1] as Row;
  const choices = d.rows.slice(0, -1);
  if (choices.length === 0) return manual('the question has no option rows');
  if (free.description !== undefined) return manual('the free-text row is not drawn as this version draws it');
  if (d.editing !== free.cursor) return manual('the free-text hints and the cursor disagree');
  const freeKey = `o${free.number}`;
  const focused = { ...base, focusedKey: `o${cursor}` };
  if (free.label !== p.ask.freeText)
    return manual(
      d.editing
        ? 'text is already typed into the free-text row'
        : 'the free-text row shows typed text, or a placeholder of its own',
    );
  if (d.editing)
    return {
      ...focused,
      question: { key: 'q', ...header, prompt: d.question, responseKind: 'free_text', options: [] },
      plan: { choose: {}, freeText: { ...freeTextPlan(s, 6), optionKey: freeKey, open: [] } },
    };
  const options: RecognizedOption[] = choices.map((r) => ({
    key: `o${r.number}`,
    label: r.label,
    ...(r.description !== undefined ? { description: r.description } : {}),
    role: 'choice' as const,
  }));
  options.push({ key: freeKey, label: p.ask.freeText, role: 'free_text' });
  const choose: QuestionnaireRecognition['plan']['choose'] = {};
  for (const r of choices) choose[`o${r.number}`] = [keyThenChanged(String(r.number))];
  // The digit only opens the row's editor: the text is the next step's answer.
  choose[freeKey] = [
    { action: { keys: [String(free.number)] }, expect: { kind: 'free_text_editing', optionKey: freeKey, text: '' } },
  ];
  return {
    ...focused,
    question: { key: 'q', ...header, prompt: d.question, responseKind: 'single_select', options },
    plan: { choose },
  };
}

/** A window of a list that scrolls: left to the terminal until its rows have been read. */
function windowOf(
  s: ScreenSnapshot,
  p: GeminiProfile,
  d: Question,
  cursor: number,
  facts: Record<string, string | number>,
): ManualRecognition {
  const first = d.rows[0] as Row;
  const last = d.rows[d.rows.length - 1] as Row;
  // The client moves the cursor in one frame and sets the hints in the next: hints that say the
  // free-text row's editor is open while the cursor has just left it (or not say so yet while it
  // has just come) are that frame's. The editor is open only with the cursor on the last row, and
  // that row is the free-text one (a window of one row has its every row last).
  const editing = d.editing && cursor === last.number && onFreeTextRow(d, cursor, p);
  const window: ListWindow = {
    profileId: p.id,
    step: d.tab ? { index: d.tab.index, total: d.tab.total } : { index: 1, total: 1 },
    question: { ...(d.tab ? { header: d.tab.label } : {}), prompt: d.question },
    identity: JSON.stringify({ dialog: 'ask_user', tab: d.tab?.index ?? 0, question: d.question }),
    // The cursor on the free-text row (its editor open) shows which row is the list's last.
    total: editing ? cursor : null,
    freeTextLabel: p.ask.freeText,
    cursor,
    editing,
    rows: d.rows.map(({ number, label, description }) => ({
      number,
      label,
      ...(description !== undefined ? { description } : {}),
    })),
    source: regionText(s, d.top, d.bottom, { ...facts, window: `${first.number}-${last.number}` }),
    move: { down: { keys: ['Down'] }, up: { keys: ['Up'] } },
    shape: GEMINI_SHAPES.askUser,
    freeText: freeTextPlan(s, 6),
  };
  return { ...manual('the question has more rows than its dialog shows at once'), window };
}

/**
 * A question that takes several options: its checklist as this screen shows it. The client shows
 * three of its rows at a time, so with two or more options it always scrolls: the window is left to
 * the terminal until every row has been in sight (list-window.ts). A checklist whose rows are all
 * in sight is the whole step at once.
 */
function checklistOf(s: ScreenSnapshot, p: GeminiProfile, d: Question, facts: Record<string, string | number>): Result {
  const last = d.rows[d.rows.length - 1];
  if (!last) return manual('the checklist shows no rows');
  const finishing = d.finish ? last.number + 1 : undefined;
  const onRow = d.rows.filter((r) => r.cursor);
  if (onRow.length + (d.finish?.cursor ? 1 : 0) !== 1) return manual('the question cursor is not on exactly one row');
  const cursor = d.finish?.cursor ? (finishing as number) : (onRow[0] as Row).number;
  // The free-text row is the one before the finishing row; with that out of sight, the cursor on it
  // (its editor open) says it is the last numbered row. The hints may lag a move by a frame.
  const freeRow = finishing !== undefined ? finishing - 1 : last.number;
  const editing = d.editing && cursor === freeRow && onFreeTextRow(d, cursor, p);
  const rows: WindowRow[] = d.rows.map(({ number, label, description, checked }) => ({
    number,
    label,
    ...(description !== undefined ? { description } : {}),
    checked: checked === true,
  }));
  if (d.finish && finishing !== undefined)
    rows.push({
      number: finishing,
      label: d.finish.label,
      ...(d.finish.description !== undefined ? { description: d.finish.description } : {}),
    });
  const first = rows[0] as WindowRow;
  const window: ListWindow = {
    profileId: p.id,
    step: d.tab ? { index: d.tab.index, total: d.tab.total } : { index: 1, total: 1 },
    question: { ...(d.tab ? { header: d.tab.label } : {}), prompt: d.question },
    identity: JSON.stringify({ dialog: 'ask_user', checklist: true, tab: d.tab?.index ?? 0, question: d.question }),
    total: finishing ?? (editing ? cursor + 1 : null),
    freeTextLabel: p.ask.freeText,
    cursor,
    editing,
    rows,
    source: regionText(s, d.top, d.bottom, {
      ...facts,
      window: `${first.number}-${(rows[rows.length - 1] as WindowRow).number}`,
    }),
    move: { down: { keys: ['Down'] }, up: { keys: ['Up'] } },
    shape: GEMINI_SHAPES.askUserChecklist,
    checklist: { all: p.ask.all, done: p.ask.done, submit: { keys: ['Enter'] } },
  };
  if (!d.scrolled) return assembleList(window, [window]);
  return { ...manual('the question has more rows than its dialog shows at once'), window };
}

/**
 * Whether the cursor's row reads as the free-text row whose editor is open and empty: its label
 * the client's. A row of the model's options under hints a frame late is not that row; an editor
 * with text typed into it is not read as one either (it is then left to the terminal).
 */
function onFreeTextRow(d: Question, cursor: number, p: GeminiProfile): boolean {
  return d.rows.find((r) => r.number === cursor)?.label === p.ask.freeText;
}

/** The review: submitted with Enter, or cancelled with Escape (the client cancels the request). */
function review(
  s: ScreenSnapshot,
  p: GeminiProfile,
  d: Review,
  step: { index: number; total: number },
): QuestionnaireRecognition {
  return {
    kind: 'questionnaire',
    profileId: p.id,
    fingerprintSource: regionText(s, d.top, d.bottom, { dialog: 'ask_user', step: `${step.index}/${step.total}` }),
    step,
    shape: GEMINI_SHAPES.askUser,
    question: {
      key: 'q',
      prompt: REVIEW_PROMPT,
      context: d.lines.join('\n'),
      responseKind: 'single_select',
      options: [
        { key: 'submit', label: 'Submit answers', role: 'submit' },
        { key: 'cancel', label: 'Cancel', role: 'cancel' },
      ],
    },
    plan: {
      choose: {
        submit: [keyThenChanged('Enter')],
        cancel: [keyThenChanged('Escape')],
      },
    },
  };
}

const REVIEW_PROMPT = 'Review your answers';

/**
 * Typing into a text editor (the free-text row's, `indent` cells into the box's inner width, or the
 * field's after `> `) and submitting it with Enter once the typed text has settled. The box takes
 * the screen's width less its borders and padding; one more cell is the editor's own cursor.
 */
function freeTextPlan(s: ScreenSnapshot, indent: number): NonNullable<ListWindow['freeText']> {
  return { submit: { keys: ['Enter'] }, submitDelayMs: 500, maxDisplayWidth: s.cols - 4 - indent - 1 };
}

/**
 * The text in the open editor of the dialog's free-text row or field, as typed ('' while it shows
 * the placeholder); undefined unless the hints say an editor is open and the cursor is on that row.
 */
export function readGeminiQuestionEditor(
  s: ScreenSnapshot,
  p: GeminiProfile,
): { text: string; optionKey: string } | undefined {
  const d = readAskDialog(s, p);
  if (d === undefined || d.kind !== 'question' || !d.editing) return undefined;
  if (d.field !== undefined) return { text: d.field === p.ask.fieldPlaceholder ? '' : d.field, optionKey: FIELD };
  const row = d.rows.find((r) => r.cursor);
  if (!row || row !== d.rows[d.rows.length - 1] || row.description !== undefined) return undefined;
  return { text: row.label === p.ask.freeText ? '' : row.label, optionKey: `o${row.number}` };
}
