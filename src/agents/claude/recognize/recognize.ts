/** Claude Code recognition: a prompt if one is proven, else manual or activity. */
import { bottomLine, isRule } from '../../../adapters/screen';
import type { Recognition, ScreenSnapshot } from '../../../adapters/types';
import { manual } from '../../../adapters/types';
import { recognizeActivity } from './activity';
import { recognizePermission } from './permission';
import { recognizePlanApproval } from './plan-approval';
import type { ClaudeProfile } from './profile';
import { recognizeQuestionnaire } from './questionnaire';
import { recognizeStartup } from './startup';

/** Signs that a dialog is on screen, proven or not: a cursor on a numbered row, or dialog words. */
const DIALOG_SIGNS = [
  /^\s*❯ \d{1,2}\. /,
  /Chat about this/,
  /Do you want to /,
  /Enter to select/,
  /Esc to cancel/,
  /Submit answers/,
];

export function recognizeClaude(s: ScreenSnapshot, p: ClaudeProfile): Recognition {
  const proven =
    recognizeStartup(s, p) ?? recognizeQuestionnaire(s, p) ?? recognizePermission(s, p) ?? recognizePlanApproval(s, p);
  if (proven) return proven;
  // The 30 lines above the last drawn line: dialogs sit there, with blank rows below on tall screens.
  // A dialog takes the composer's place, so while the composer is drawn only it and what is below
  // it can be one: the transcript above it (a reply that asks "Do you want to …?") is no dialog.
  const last = bottomLine(s);
  const from = Math.max(0, last - 29);
  const composer = composerTop(s, p, from, last);
  const tail = s.plain.slice(composer ?? from, last + 1);
  if (tail.some((line) => DIALOG_SIGNS.some((re) => re.test(line)))) {
    return manual('a dialog is on screen that does not match the supported form exactly');
  }
  return recognizeActivity(s, p);
}

/** The top rule of the composer (a full-width rule with the prompt on the row below it), if drawn. */
function composerTop(s: ScreenSnapshot, p: ClaudeProfile, from: number, last: number): number | undefined {
  for (let i = last - 1; i >= from; i--) {
    if ((s.plain[i + 1] ?? '').startsWith(p.activity.promptPrefix) && isRule(s.plain[i] ?? '', '─', s.cols)) return i;
  }
  return undefined;
}
