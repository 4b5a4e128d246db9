/**
 * Codex's collapsed async question (0.154.0+): while the turn works, `• Queued follow-up inputs`
 * above the composer says `? 1 question` and the key that opens it. The question itself is not on
 * screen, so the one thing to do here is open it: one navigation key, proven by the screen
 * changing; the opened editor is then recognised as the question step. The working timer above
 * is outside the region, so its redraws are not a new prompt.
 */
import { regionText } from '../../../adapters/prompt-region';
import { bottomLine } from '../../../adapters/screen';
import type { ManualRecognition, QuestionnaireRecognition, ScreenSnapshot } from '../../../adapters/types';
import { keyThenChanged, manual } from '../../../adapters/types';
import { blank, line, onlyDim } from './frame';
import { counted, type CodexProfile } from './profile';

export function recognizeCollapsedAsync(
  s: ScreenSnapshot,
  p: CodexProfile,
): QuestionnaireRecognition | ManualRecognition | undefined {
  const a = p.asyncQuestion;
  if (!a) return undefined;
  const bottom = bottomLine(s);
  let composer = -1;
  for (let i = bottom; i >= Math.max(0, bottom - 3) && composer < 0; i--)
    if (line(s, i).startsWith(`${p.cursor} `)) composer = i;
  const hint = composer - a.blanksBeforeComposer - 1;
  if (composer < 0 || hint < 2 || line(s, hint) !== `    ${a.collapsedHint}`) return undefined;
  const header = hint - 2;
  const n = Number(/^ {2}\? ([1-9]) /.exec(line(s, hint - 1))?.[1] ?? 0);
  if (
    line(s, header) !== a.queuedHeader ||
    n === 0 ||
    line(s, hint - 1) !== `  ${counted(a.collapsedCount, n)}` ||
    !blank(s, header - 1) ||
    s.plain.slice(hint + 1, composer).some((l) => l.trim() !== '')
  ) {
    return manual('the collapsed async question is not in the supported form');
  }
  // Below the composer: one blank line, then exactly the status lines, nothing cut off or added.
  const status = s.plain.slice(composer + 2, bottom + 1);
  if (!blank(s, composer + 1) || status.length !== a.statusLines || status.some((l) => !/^ {2}\S/.test(l))) {
    return manual('the lines below the composer are not the supported status lines');
  }
  // Opening several questions at once leads to an editor with its own navigation, not profiled.
  if (n !== 1) return manual(`Codex asked ${n} questions at once: answer them in the terminal`);
  // The summary belongs to the main composer; with a draft in it the terminal is the user's.
  if (
    line(s, composer) !== `${p.cursor} ${p.composer.placeholder}` ||
    onlyDim(s, composer, p.composer.placeholder) !== true
  ) {
    return manual('a draft is in the composer: open the question in the terminal');
  }
  return {
    kind: 'questionnaire',
    profileId: p.id,
    fingerprintSource: regionText(s, header, hint, { async: 'collapsed', pending: n }),
    step: { index: 1, total: 1 },
    question: {
      key: 'open',
      // The notification reads "Codex asks: A question while it keeps working ...".
      prompt: 'A question while it keeps working: open it to see the choices',
      responseKind: 'single_select',
      options: [{ key: 'open', label: 'Open the question', role: 'choice' }],
    },
    plan: { choose: { open: [keyThenChanged(a.openKey)] } },
    asyncDelivery: { modes: [...a.deliveryModes] },
    navigationOnly: true,
  };
}
