/**
 * Claude Code's AskUserQuestion dialog: one question per tab, single or multi select with a
 * free-text row, and the final review. Every line of the frame must be accounted for.
 */
import { parseNumberedRows, type NumberedRow } from '../../../adapters/numbered-rows';
import { bottomLine, isRule } from '../../../adapters/screen';
import type {
  KeyAction,
  ManualRecognition,
  QuestionnaireRecognition,
  RecognizedOption,
  ScreenSnapshot,
} from '../../../adapters/types';
import { keyThenChanged, manual } from '../../../adapters/types';
import { dialogRegion, findTopRule, matchFooter } from './frame';
import type { ClaudeProfile } from './profile';
import { joinQuestion, readBody, stepOf } from './question-body';
import { scrolledList, withWindow } from './scrolled-list';
import { descriptionStylesOf, unwrapByIndent, unwrapRows } from './wrapped-rows';
import { CLAUDE_SHAPES } from './shapes';

/** A multi-select row's box and label (`[ ] Label`, `[✔] Label`). */
const CHECKBOX = /^\[( |✔)\] (.+)$/;
/** Where a multi-select label starts: after `❯ 1. [ ] `. */
const MULTI_LABEL_COLUMN = 9;
/** A reviewed answer's wrapped line: under the text after `   → `'s arrow, at the arrow's column. */
const WRAPPED_ANSWER = /^ {3}(?!→ )\S/;

type Result = QuestionnaireRecognition | ManualRecognition | undefined;

/**
 * The text in the free-text row while it is being edited, for proving that typed input
 * arrived exactly; undefined unless the editing footer shows and the cursor is on that row.
 */
export function readFreeTextEditor(s: ScreenSnapshot, p: ClaudeProfile): { text: string } | undefined {
  const footer = matchFooter(s, bottomLine(s), p.questionnaire.footersEditing);
  if (!footer) return undefined;
  // footer, blank, chat row, inner rule, then the rows up to the one being edited
  if (!isRule(s.plain[footer.first - 3] ?? '', '─', s.cols)) return undefined;
  const lines: string[] = [];
  for (let i = footer.first - 4; i >= 0; i--) {
    const line = (s.plain[i] ?? '').trimEnd();
    const m = new RegExp(`^${p.cursor} \\d{1,2}\\. (.*)$`).exec(line);
    if (m) {
      lines.unshift(m[1] ?? '');
      break;
    }
    if (!line.startsWith('     ')) return undefined;
    lines.unshift(line.trim());
  }
  if (lines.length === 0) return undefined;
  const text = lines.join(' ');
  // The empty editor shows the placeholder.
  return { text: text === p.questionnaire.freeTextSingle ? '' : text };
}

/** Recognises a question tab (footer at the bottom) or the review (Submit answers / Cancel). */
export function recognizeQuestionnaire(s: ScreenSnapshot, p: ClaudeProfile): Result {
  const bottom = bottomLine(s);
  if (bottom < 0) return undefined;
  const last = (s.plain[bottom] ?? '').trimEnd();
  const q = p.questionnaire;
  // The footer as drawn at this width (the editing one wraps at 80 columns with several questions).
  const editing = matchFooter(s, bottom, q.footersEditing);
  const footer = editing ?? matchFooter(s, bottom, q.footers);
  if (footer) return questionTab(s, p, bottom, footer.first, editing !== undefined);
  if (last === `  2. ${q.cancel}` || last === `${p.cursor} 2. ${q.cancel}`) return review(s, p, bottom);
  if ([last, (s.plain[bottom - 1] ?? '').trimEnd()].some((l) => l.startsWith('Enter to select ·'))) {
    return manual('the questionnaire footer is not the exact supported one (wrapped or changed)');
  }
  return undefined;
}

/** `footer`: index of the footer's first line; `bottom`: its last (they differ where it wraps). */
function questionTab(s: ScreenSnapshot, p: ClaudeProfile, bottom: number, footer: number, editing: boolean): Result {
  const q = p.questionnaire;
  // footer, blank, chat row, inner rule
  const aboveFooter = (s.plain[footer - 1] ?? '').trim();
  // Shorter still, the client folds the dialog's top away and says how much is hidden.
  if (/^↑ \d+ more lines?$/.test(aboveFooter))
    return manual(
      `the questionnaire is taller than this ${s.rows}-row terminal and its top is folded away ("${aboveFooter}"): ` +
        'make the terminal taller to answer here, or answer in the terminal',
    );
  if (aboveFooter !== '') return manual('no blank line above the questionnaire footer');
  const chat = /^(❯| ) (\d{1,2})\. (.*)$/.exec((s.plain[footer - 2] ?? '').trimEnd());
  if (!chat || chat[3] !== q.chatRow) return manual('the "Chat about this" row is missing or changed');
  if (!isRule(s.plain[footer - 3] ?? '', '─', s.cols)) return manual('the rule above "Chat about this" is missing');
  const found = findTopRule(s, footer - 4, () => true);
  const total = Number(chat[2]) - 1;
  // Taller than the terminal: the list scrolls, and the dialog's top rule may be cut off as well;
  // with the tab header on the first line, everything below the rule is still in sight.
  const above = s.plain.slice(0, footer - 3);
  const cut = found < 0 ? scrolledList(above, total, s.rows) : undefined;
  if (found < 0 && (!cut || !/[☐☒✔]/.test(s.plain[0] ?? '')))
    return (
      cut ??
      manual(`the top of the questionnaire is not on screen: the dialog is taller than this ${s.rows}-row terminal`)
    );
  const top = found;
  const body = readBody(s, top, footer - 3);
  if ('kind' in body) return body;
  const step = stepOf(body.header);
  if ('kind' in step) return step;

  const rowLines = s.plain.slice(body.rest, footer - 3);
  const scrolled = cut ?? scrolledList(rowLines, total, s.rows);
  if (scrolled) {
    const header = step.label;
    return withWindow(
      s,
      p,
      {
        top: Math.max(top, 0),
        bottom,
        rest: body.rest,
        footer,
        editing,
        onChat: chat[1] === p.cursor,
        total,
        step: { index: step.index, total: step.total },
        question: { ...(header ? { header } : {}), prompt: joinQuestion(body.question) },
        drawn: s.plain.slice(top + 1, body.rest).map((l) => l.trimEnd()),
      },
      scrolled,
    );
  }
  if (found < 0) return manual('the top of the questionnaire is not on screen');
  const multi = rowLines.some((l) => /^(❯| ) \d{1,2}\. \[[ ✔]\] /.test(l));
  // Descriptions left of a multi-select label (2.1.263 generation): a wrapped label keeps its column.
  const apart = multi && q.descriptionIndentMulti !== MULTI_LABEL_COLUMN;
  const parsed = parseNumberedRows(rowLines, {
    cursor: p.cursor,
    indent: 0,
    continuationIndent: multi ? q.descriptionIndentMulti : q.descriptionIndentSingle,
    unnumbered: multi ? q.multiAdvanceRows : [],
    ...(apart ? { wrapIndent: MULTI_LABEL_COLUMN } : {}),
  });
  if ('kind' in parsed) return parsed;
  const { rows, trailing } = parsed;
  if (rows.length < 2 || rows.length > 5) return manual(`an unsupported number of options (${rows.length})`);
  if (Number(chat[2]) !== rows.length + 1) return manual('"Chat about this" is not numbered after the options');
  const cursorOnChat = chat[1] === p.cursor;
  const cursors =
    rows.filter((r) => r.cursor).length + trailing.filter((t) => t.cursor).length + (cursorOnChat ? 1 : 0);
  if (cursors !== 1) return manual('the option cursor is not on exactly one row');
  const boxes = multi ? rows.map((r) => CHECKBOX.exec(r.text)) : [];
  if (boxes.some((b) => !b)) return manual('a multi-select row without its checkbox');
  const labelRows = multi ? rows.map((r, i) => ({ ...r, text: boxes[i]?.[2] ?? '' })) : rows;
  // A multi-select label starts after `❯ 1. [ ] `; its wrapped lines, and its description, sit under it.
  const texts = apart
    ? unwrapByIndent(s, labelRows, body.rest, MULTI_LABEL_COLUMN, q.descriptionIndentMulti, descriptionStylesOf(p))
    : unwrapRows(s, labelRows, body.rest, multi ? q.descriptionIndentMulti : 5, descriptionStylesOf(p));
  if ('kind' in texts) return texts;
  const wrapped = labelRows.some(
    (r, i) => r.continuation.length > 1 || texts[i]?.label !== r.text || texts[i]?.description !== r.continuation[0],
  );

  const freeRow = rows[rows.length - 1] as NumberedRow;
  const choices = rows.slice(0, -1);
  const facts: Record<string, string | number> = { step: `${step.index}/${step.total}`, editing: editing ? 1 : 0 };
  const fingerprintSource = dialogRegion(s, { top, bottom }, facts);
  const base = { profileId: p.id, fingerprintSource, step: { index: step.index, total: step.total } };
  const header = step.label;
  const prompt = joinQuestion(body.question);
  // The option under the cursor, where the cursor is on one of this step's options.
  const cursorRow = rows.find((r) => r.cursor);
  const focusedOn = (among: readonly NumberedRow[]): { focusedKey?: string } =>
    cursorRow && among.includes(cursorRow) ? { focusedKey: `o${cursorRow.number}` } : {};

  if (multi) {
    if (trailing.length !== 1) return manual('the multi-select list does not end with one Next/Submit row');
    if (editing) return manual('free text is being typed into a multi-select question');
    const options: RecognizedOption[] = [];
    const toggle: Record<string, KeyAction> = {};
    for (const [i, r] of choices.entries()) {
      const text = texts[i];
      const key = `o${r.number}`;
      options.push({
        key,
        label: text?.label ?? '',
        ...(text?.description ? { description: text.description } : {}),
        role: 'choice',
        checked: boxes[i]?.[1] === '✔',
      });
      toggle[key] = { keys: [String(r.number)] };
    }
    if (freeRow.text !== `[ ] ${q.freeTextMulti}`) return manual('the multi-select free-text row is in use or changed');
    return {
      kind: 'questionnaire',
      ...base,
      ...focusedOn(choices),
      question: { key: 'q', ...(header ? { header } : {}), prompt, responseKind: 'multi_select', options },
      plan: { choose: {}, toggle, advance: { keys: ['Tab'] } },
      // Rows read back from their wrapped lines: answered on versions qualified with that shape.
      ...(wrapped ? { shape: CLAUDE_SHAPES.multiSelectWrapped } : {}),
    };
  }

  if (editing) {
    if (!freeRow.cursor) return manual('the free-text footer is shown but the cursor is not on the free-text row');
    if (freeRow.text !== q.freeTextSingle) return manual('text is already typed into the free-text row');
    return {
      kind: 'questionnaire',
      ...base,
      focusedKey: `o${freeRow.number}`,
      question: {
        key: 'q',
        ...(header ? { header } : {}),
        prompt,
        responseKind: 'free_text',
        options: [],
        maxLength: q.maxFreeText,
      },
      plan: { choose: {}, freeText: { optionKey: `o${freeRow.number}`, open: [], submit: { keys: ['Enter'] } } },
    };
  }

  if (freeRow.text !== q.freeTextSingle) return manual('the free-text row shows typed text or changed');
  const options: RecognizedOption[] = choices.map((r, i) => ({
    key: `o${r.number}`,
    label: texts[i]?.label ?? r.text,
    ...(texts[i]?.description ? { description: texts[i]?.description } : {}),
    role: 'choice' as const,
  }));
  const freeKey = `o${freeRow.number}`;
  options.push({ key: freeKey, label: q.freeTextSingle, role: 'free_text' });
  const choose: QuestionnaireRecognition['plan']['choose'] = {};
  for (const r of choices) choose[`o${r.number}`] = [keyThenChanged(String(r.number))];
  choose[freeKey] = [
    { action: { keys: [String(freeRow.number)] }, expect: { kind: 'free_text_editing', optionKey: freeKey, text: '' } },
  ];
  return {
    kind: 'questionnaire',
    ...base,
    ...focusedOn(rows),
    question: { key: 'q', ...(header ? { header } : {}), prompt, responseKind: 'single_select', options },
    plan: { choose },
  };
}

/** The final review: answers listed, then `❯ 1. Submit answers` / `2. Cancel`. */
function review(s: ScreenSnapshot, p: ClaudeProfile, bottom: number): Result {
  const q = p.questionnaire;
  const top = findTopRule(s, bottom - 1, () => true);
  if (top < 0) return undefined;
  const body = readBody(s, top, bottom);
  if ('kind' in body) return body;
  if (body.question.length !== 1 || body.question[0] !== q.reviewTitle) return undefined;
  const step = stepOf(body.header);
  if ('kind' in step) return step;
  if (!body.header || step.index !== step.total)
    return manual('the review is shown without its Submit tab being current');
  let i = body.rest;
  let answers = 0;
  let wrapped = false;
  const line = (n: number): string => s.plain[n] ?? '';
  while (i < bottom - 1 && (line(i).startsWith(' ● ') || line(i).startsWith(' │ ● '))) {
    const gutter = line(i).startsWith(' │ ');
    i++;
    while (gutter && line(i).startsWith(' │   ')) i++;
    if (!line(i).startsWith('   → ')) return manual('a reviewed question without its answer');
    // An answer too long for the pane continues under its arrow, at the arrow's column.
    for (; /^ {3}(→ | {2})/.test(line(i)) || WRAPPED_ANSWER.test(line(i)); i++)
      wrapped ||= WRAPPED_ANSWER.test(line(i));
    answers++;
  }
  if (answers === 0) return manual('the review lists no answers');
  if (line(i).trim() !== '') return manual('an unexpected line in the review');
  if (q.reviewQuestion !== null) {
    if (line(i + 1).trimEnd() !== q.reviewQuestion || line(i + 2).trim() !== '')
      return manual('the review question is missing or changed');
    i += 2;
  }
  const rows = parseNumberedRows(s.plain.slice(i + 1, bottom + 1), {
    cursor: p.cursor,
    indent: 0,
    continuationIndent: 5,
  });
  if ('kind' in rows) return rows;
  const [submit, cancel] = rows.rows;
  if (
    rows.rows.length !== 2 ||
    submit?.text !== q.submitAnswers ||
    cancel?.text !== q.cancel ||
    rows.trailing.length > 0
  ) {
    return manual('the review choices are not exactly "Submit answers" and "Cancel"');
  }
  if (submit.cursor === cancel.cursor) return manual('the review cursor is not on exactly one choice');
  const fingerprintSource = dialogRegion(s, { top, bottom }, { step: `${step.index}/${step.total}`, review: 1 });
  return {
    kind: 'questionnaire',
    profileId: p.id,
    fingerprintSource,
    step: { index: step.index, total: step.total },
    focusedKey: submit.cursor ? 'submit' : 'cancel',
    question: {
      key: 'review',
      header: 'Review',
      prompt: q.reviewTitle,
      responseKind: 'confirm',
      options: [
        { key: 'submit', label: q.submitAnswers, role: 'submit' },
        { key: 'cancel', label: q.cancel, role: 'cancel' },
      ],
    },
    plan: {
      choose: {
        submit: [keyThenChanged('1')],
        cancel: [keyThenChanged('2')],
      },
    },
    // Answers wrapped at the pane's width: answered on versions qualified with the wrapped rows.
    ...(wrapped ? { shape: CLAUDE_SHAPES.multiSelectWrapped } : {}),
  };
}
