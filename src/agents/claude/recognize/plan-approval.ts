/**
 * Claude Code's plan approval, after plan mode: `Ready to code?`, the plan between two dashed rules,
 * the question, then `1. Yes, auto-accept edits` (never offered: it switches on automatic approval),
 * `2. Yes, manually approve edits`, `3. Tell Claude what to change` (a free-text row), and the plan
 * file's path at the bottom. The plan must be wholly on screen: the person reads it before deciding.
 */
import { parseNumberedRows, type NumberedRow } from '../../../adapters/numbered-rows';
import { bottomLine, isRule, styledRuns, wrapWords } from '../../../adapters/screen';
import type { ManualRecognition, QuestionnaireRecognition, ScreenSnapshot } from '../../../adapters/types';
import { keyThenChanged, manual } from '../../../adapters/types';
import { regionText } from '../../../adapters/prompt-region';
import type { ClaudeProfile } from './profile';
import { CLAUDE_SHAPES } from './shapes';

const INDENT = '   ';
const ROW = /^ {3}(?:❯| ) \d\. | {8}\S/;

interface PlanDialog {
  title: number;
  bottom: number;
  plan: string;
  rows: NumberedRow[];
  /** Row 3 while its editor is open: the text typed so far ('' while the placeholder shows). */
  editing?: string;
}

function line(s: ScreenSnapshot, i: number): string {
  return (s.plain[i] ?? '').trimEnd();
}

/** A rule of `ch` drawn from the third column to the pane's last but one. */
function innerRule(s: ScreenSnapshot, i: number, ch: string): boolean {
  const l = line(s, i);
  return l.startsWith('  ') && isRule(l.slice(2), ch, s.cols - 4);
}

/** The feedback row's editor: the typed text before the inverse-video cursor, or the dim placeholder after it. */
function feedbackEditor(s: ScreenSnapshot, row: number, p: ClaudeProfile): string | undefined {
  const runs = styledRuns(s.styled?.[row] ?? '');
  const at = runs.findIndex((r) => r.inverse);
  if (at < 0) return undefined;
  const prefix = `${INDENT}${p.cursor} 3. `;
  const before = runs
    .slice(0, at)
    .map((r) => r.text)
    .join('');
  if (!before.startsWith(prefix)) return undefined;
  const after = runs
    .slice(at + 1)
    .map((r) => r.text)
    .join('')
    .trimEnd();
  const cursorCell = runs[at]?.text ?? '';
  if (before === prefix && cursorCell + after === p.plan.feedback) return '';
  return after === '' && cursorCell === ' ' ? before.slice(prefix.length) : undefined;
}

function readPlanDialog(s: ScreenSnapshot, p: ClaudeProfile): PlanDialog | ManualRecognition | undefined {
  const bottom = bottomLine(s);
  const footer = line(s, bottom);
  if (!footer.startsWith(`${INDENT}${p.plan.footerPrefix}`)) return undefined;
  if (!/\S\.md$/.test(footer)) return manual('the plan file is not named at the bottom of the plan dialog');
  if (line(s, bottom - 1) !== '') return manual('no blank line above the plan file');
  let first = bottom - 2;
  while (first - 1 >= 0 && ROW.test(line(s, first - 1))) first--;
  const parsed = parseNumberedRows(s.plain.slice(first, bottom - 1), {
    cursor: p.cursor,
    indent: 3,
    continuationIndent: 8,
  });
  if ('kind' in parsed) return parsed;
  const rows = parsed.rows;
  let q = first - 1;
  if (line(s, q) === '') q--;
  const question = wrapWords(p.plan.question, s.cols - 6).map((l) => `${INDENT}${l}`);
  const qTop = q - question.length + 1;
  if (!question.every((l, k) => line(s, qTop + k) === l)) return manual('the plan question is not the supported one');
  if (!innerRule(s, qTop - 1, '─')) return manual('no rule above the plan question');
  let close = qTop - 2;
  while (close >= 0 && line(s, close) === '') close--;
  if (!innerRule(s, close, '╌')) return manual('the plan is not framed as this version draws it');
  let open = close - 1;
  while (open >= 0 && !innerRule(s, open, '╌')) open--;
  if (open < 0) return manual('the plan is not wholly on screen: read it in the terminal');
  let title = open - 1;
  if (line(s, title) === `${INDENT}Here is Claude's plan:` && line(s, title - 1) === '') title -= 2;
  if (line(s, title) !== `${INDENT}${p.plan.title}`)
    return manual('the plan is not wholly on screen: read it in the terminal');
  const planLines: string[] = [];
  for (let i = open + 1; i < close; i++) {
    const l = line(s, i);
    if (l !== '' && !l.startsWith(INDENT)) return manual('an unexpected line in the plan');
    planLines.push(l.slice(INDENT.length));
  }
  const cursorRow = rows.find((r) => r.cursor);
  const editing = cursorRow?.number === 3 ? feedbackEditor(s, first + rowOffset(rows, 3), p) : undefined;
  return { title, bottom, plan: planLines.join('\n'), rows, ...(editing !== undefined ? { editing } : {}) };
}

/** The screen line (from the first row) of row `n`: rows above it may carry continuation lines. */
function rowOffset(rows: readonly NumberedRow[], n: number): number {
  return rows.filter((r) => r.number < n).reduce((k, r) => k + 1 + r.continuation.length, 0);
}

export function recognizePlanApproval(
  s: ScreenSnapshot,
  p: ClaudeProfile,
): QuestionnaireRecognition | ManualRecognition | undefined {
  const d = readPlanDialog(s, p);
  if (!d || 'kind' in d) return d;
  const [auto, approve, feedback, ...rest] = d.rows;
  if (rest.length > 0 || !auto || !approve || !feedback) return manual('the plan dialog has other choices');
  if (auto.text !== p.plan.autoAccept || approve.text !== p.plan.approve || approve.continuation.length > 0)
    return manual('the plan choices are not the supported ones');
  if (feedback.continuation.join(' ') !== p.plan.feedbackHint)
    return manual('the feedback row is not the supported one');
  if (d.rows.filter((r) => r.cursor).length !== 1) return manual('the plan cursor is not on exactly one row');
  const base = {
    kind: 'questionnaire' as const,
    profileId: p.id,
    fingerprintSource: regionText(s, d.title, d.bottom, { dialog: 'plan' }),
    shape: CLAUDE_SHAPES.planApproval,
    step: { index: 1, total: 1 },
  };
  const prompt = p.plan.question;
  if (d.editing !== undefined) {
    if (d.editing !== '') return manual('text is already typed into the plan feedback row');
    return {
      ...base,
      focusedKey: 'o3',
      question: {
        key: 'q',
        header: 'Plan',
        prompt: p.plan.feedback,
        context: d.plan,
        responseKind: 'free_text',
        options: [],
      },
      plan: {
        choose: {},
        freeText: { optionKey: 'o3', open: [], submit: { keys: ['Enter'] }, maxDisplayWidth: s.cols - 10 },
      },
    };
  }
  if (feedback.text !== p.plan.feedback) return manual('the feedback row shows typed text');
  const focused = d.rows.find((r) => r.cursor)?.number;
  return {
    ...base,
    ...(focused === 2 || focused === 3 ? { focusedKey: `o${focused}` } : {}),
    question: {
      key: 'q',
      header: 'Plan',
      prompt,
      context: d.plan,
      responseKind: 'single_select',
      options: [
        { key: 'o2', label: p.plan.approve, role: 'choice' },
        { key: 'o3', label: p.plan.feedback, role: 'free_text' },
      ],
    },
    plan: {
      choose: {
        o2: [keyThenChanged('2')],
        o3: [{ action: { keys: ['3'] }, expect: { kind: 'free_text_editing', optionKey: 'o3', text: '' } }],
      },
    },
  };
}

/** The feedback typed into the plan dialog, for proving typed input. */
export function readPlanFeedback(s: ScreenSnapshot, p: ClaudeProfile): { text: string; optionKey: string } | undefined {
  const d = readPlanDialog(s, p);
  if (!d || 'kind' in d || d.editing === undefined) return undefined;
  return { text: d.editing, optionKey: 'o3' };
}
