/**
 * Codex's expanded `request_user_input_async` editor (0.154.0+): under `• Queued follow-up
 * inputs`, the question, numbered options ending with the native `Other`, and its footer. The
 * turn keeps working meanwhile. A digit on a choice answers at once; what happens to the answer
 * (queued for the next turn, or steering the running one) is the profile's proven delivery mode.
 *
 * The native `Other` row is an inline editor: its digit only moves the cursor onto it (the dim
 * `Other` placeholder stays), typed text replaces the placeholder in the row, and Enter sends the
 * text. With the cursor on an empty `Other` row the screen is its own free-text step.
 */
import type { NumberedRow } from '../../../adapters/numbered-rows';
import { regionText } from '../../../adapters/prompt-region';
import { bottomLine } from '../../../adapters/screen';
import type { ManualRecognition, QuestionnaireRecognition, ScreenSnapshot } from '../../../adapters/types';
import { keyThenChanged, manual } from '../../../adapters/types';
import { blank, line, onlyDim } from './frame';
import type { CodexProfile } from './profile';
import { parseRows } from './rows';

interface AsyncEditor {
  profile: NonNullable<CodexProfile['asyncQuestion']>;
  header: number;
  bottom: number;
  prompt: string;
  rows: NumberedRow[];
  other: NumberedRow;
}

/** `  › 3. ` before the text of the focused row. */
const ROW_PREFIX_WIDTH = 7;

/** Locates the expanded editor and proves its frame; undefined when none is on screen. */
function locate(s: ScreenSnapshot, p: CodexProfile): AsyncEditor | ManualRecognition | undefined {
  const a = p.asyncQuestion;
  const bottom = bottomLine(s);
  if (bottom < 0) return undefined;
  if (!a)
    return /enter submit .* skip /.test(line(s, bottom))
      ? manual(`Codex ${p.version} has no profiled async question editor`)
      : undefined;
  if (line(s, bottom) !== `  ${a.footer}`) {
    return /enter submit .* skip /.test(line(s, bottom))
      ? manual('the async question footer is not the exact supported one')
      : undefined;
  }
  if (!blank(s, bottom - 1)) return manual('no blank line above the async question footer');
  let rowsStart = bottom - 2;
  while (rowsStart - 1 >= 0 && !blank(s, rowsStart - 1)) rowsStart--;
  const rows = parseRows(s.plain.slice(rowsStart, bottom - 1), p.cursor, 2, null);
  if ('kind' in rows) return rows;
  if (rows.length < 2 || rows.length > 5) return manual(`an unsupported number of async options (${rows.length})`);
  const other = rows[rows.length - 1] as NumberedRow;
  // The question, then the queued-inputs header exactly `blanksAfterHeader` lines above it.
  let qTop = rowsStart - 2;
  while (qTop - 1 >= 0 && !blank(s, qTop - 1)) qTop--;
  const prompt: string[] = [];
  for (let i = qTop; i <= rowsStart - 2; i++) {
    const l = line(s, i);
    if (!l.startsWith('  ') || l[2] === ' ') return manual('an unexpected line in the async question');
    prompt.push(l.slice(2));
  }
  const header = qTop - a.blanksAfterHeader - 1;
  for (let i = header + 1; i < qTop; i++)
    if (!blank(s, i)) return manual('the async question is not below its queued-inputs header');
  if (line(s, header) !== a.queuedHeader) return manual('the async question is not under the queued-inputs header');
  if (prompt.length === 0) return manual('the async question text is missing');
  return { profile: a, header, bottom, prompt: prompt.join(' '), rows, other };
}

/** Whether the focused Other row shows only its dim placeholder (undefined without styles). */
function otherIsEmpty(s: ScreenSnapshot, e: AsyncEditor): boolean | undefined {
  const label = e.profile.otherLabel;
  if (e.other.text !== label) return false;
  return onlyDim(s, e.bottom - 2, label);
}

export function recognizeAsyncQuestion(
  s: ScreenSnapshot,
  p: CodexProfile,
): QuestionnaireRecognition | ManualRecognition | undefined {
  const e = locate(s, p);
  if (e === undefined || 'kind' in e) return e;
  const a = e.profile;
  const choices = e.rows.slice(0, -1);
  if (choices.some((r) => / {2}/.test(r.text) || r.text === a.otherLabel))
    return manual('an async option is not a plain label');
  const cursor = e.rows.findIndex((r) => r.cursor) + 1;
  const otherKey = `o${e.other.number}`;
  const asyncDelivery = { modes: [...a.deliveryModes] };

  if (e.other.cursor) {
    const empty = otherIsEmpty(s, e);
    if (empty === undefined) return manual('the empty Other answer cannot be proven without the styled screen');
    if (!empty) return manual('text is already typed into the Other answer');
    const maxWidth = s.cols - ROW_PREFIX_WIDTH - 1;
    return {
      kind: 'questionnaire',
      profileId: p.id,
      fingerprintSource: regionText(s, e.header, e.bottom, { async: 1, cursor, other: 'editing' }),
      step: { index: 1, total: 1 },
      focusedKey: otherKey,
      question: {
        key: 'q',
        header: `${a.otherLabel}: ${e.prompt}`,
        prompt: e.prompt,
        responseKind: 'free_text',
        options: [],
        maxLength: Math.min(p.questionnaire.maxNotes, maxWidth),
      },
      plan: {
        choose: {},
        freeText: {
          optionKey: otherKey,
          open: [],
          submit: { keys: ['Enter'] },
          submitDelayMs: p.questionnaire.enterDelayMs,
          maxDisplayWidth: maxWidth,
        },
      },
      asyncDelivery,
    };
  }

  if (e.other.text !== a.otherLabel) return manual(`the last async option is not the native "${a.otherLabel}"`);
  const choose: QuestionnaireRecognition['plan']['choose'] = {};
  for (const r of choices) choose[`o${r.number}`] = [keyThenChanged(String(r.number))];
  // The Other digit only moves the cursor onto the row; the editor that opens is the next step.
  choose[otherKey] = [
    {
      action: { keys: [String(e.other.number)] },
      expect: { kind: 'free_text_editing', optionKey: otherKey, text: '' },
    },
  ];
  return {
    kind: 'questionnaire',
    profileId: p.id,
    // From the header to the footer: the working timer above is not part of the question.
    fingerprintSource: regionText(s, e.header, e.bottom, { async: 1, cursor }),
    step: { index: 1, total: 1 },
    focusedKey: `o${cursor}`,
    question: {
      key: 'q',
      prompt: e.prompt,
      responseKind: 'single_select',
      options: [
        ...choices.map((r) => ({ key: `o${r.number}`, label: r.text, role: 'choice' as const })),
        { key: otherKey, label: a.otherLabel, role: 'free_text' as const },
      ],
    },
    plan: { choose },
    asyncDelivery,
  };
}

/**
 * The text in the focused Other row of an async question ('' while only the dim placeholder is
 * shown), for proving typed input before Enter; undefined when that row is not being edited.
 */
export function readAsyncOtherEditor(
  s: ScreenSnapshot,
  p: CodexProfile,
): { text: string; optionKey: string } | undefined {
  const e = locate(s, p);
  if (!e || 'kind' in e || !e.other.cursor) return undefined;
  const empty = otherIsEmpty(s, e);
  if (empty === undefined) return undefined;
  return { text: empty ? '' : e.other.text, optionKey: `o${e.other.number}` };
}
