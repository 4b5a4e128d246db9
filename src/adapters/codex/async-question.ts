/**
 * Codex's expanded `request_user_input_async` editor (0.154.0+): under `• Queued follow-up
 * inputs`, the question, numbered options ending with the native `Other`, and its footer. The
 * turn keeps working meanwhile. A digit answers at once; what happens to the answer (queued for
 * the next turn, or steering the running one) is the profile's proven delivery mode.
 * The `Other` editor has not been captured, so it is not offered.
 */
import type { ManualRecognition, QuestionnaireRecognition, ScreenSnapshot } from '../types';
import { manual } from '../types';
import { blank, bottomLine, line, regionText } from './frame';
import type { CodexProfile } from './profile';
import { parseRows } from './rows';

export function recognizeAsyncQuestion(s: ScreenSnapshot, p: CodexProfile): QuestionnaireRecognition | ManualRecognition | undefined {
  const a = p.asyncQuestion;
  const bottom = bottomLine(s);
  if (bottom < 0) return undefined;
  if (!a) return /enter submit .* skip /.test(line(s, bottom)) ? manual(`Codex ${p.version} has no profiled async question editor`) : undefined;
  if (line(s, bottom) !== `  ${a.footer}`) {
    return /enter submit .* skip /.test(line(s, bottom)) ? manual('the async question footer is not the exact supported one') : undefined;
  }
  if (!blank(s, bottom - 1)) return manual('no blank line above the async question footer');
  let rowsStart = bottom - 2;
  while (rowsStart - 1 >= 0 && !blank(s, rowsStart - 1)) rowsStart--;
  const rows = parseRows(s.plain.slice(rowsStart, bottom - 1), p.cursor, 2, null);
  if ('kind' in rows) return rows;
  if (rows.length < 2 || rows.length > 5) return manual(`an unsupported number of async options (${rows.length})`);
  const other = rows[rows.length - 1];
  if (other?.text !== a.otherLabel) return manual(`the last async option is not the native "${a.otherLabel}"`);
  const choices = rows.slice(0, -1);
  if (choices.some((r) => / {2}/.test(r.text) || r.text === a.otherLabel)) return manual('an async option is not a plain label');
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
  for (let i = header + 1; i < qTop; i++) if (!blank(s, i)) return manual('the async question is not below its queued-inputs header');
  if (line(s, header) !== a.queuedHeader) return manual('the async question is not under the queued-inputs header');
  if (prompt.length === 0) return manual('the async question text is missing');
  const cursor = rows.findIndex((r) => r.cursor) + 1;
  const choose: QuestionnaireRecognition['plan']['choose'] = {};
  for (const r of choices) choose[`o${r.number}`] = [{ action: { keys: [String(r.number)] }, expect: { kind: 'prompt_changed' } }];
  return {
    kind: 'questionnaire',
    profileId: p.id,
    // From the header to the footer: the working timer above is not part of the question.
    fingerprintSource: regionText(s, header, bottom, { async: 1, cursor }),
    step: { index: 1, total: 1 },
    focusedKey: `o${cursor}`,
    question: {
      key: 'q',
      prompt: prompt.join(' '),
      responseKind: 'single_select',
      options: choices.map((r) => ({ key: `o${r.number}`, label: r.text, role: 'choice' as const })),
    },
    plan: { choose },
    asyncDelivery: { modes: [...a.deliveryModes] },
  };
}
