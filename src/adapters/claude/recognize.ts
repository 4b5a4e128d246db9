/** Claude Code recognition: a prompt if one is proven, else manual or activity. */
import { bottomLine } from '../screen';
import type { Recognition, ScreenSnapshot } from '../types';
import { manual } from '../types';
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
  const last = bottomLine(s);
  const tail = s.plain.slice(Math.max(0, last - 29), last + 1);
  if (tail.some((line) => DIALOG_SIGNS.some((re) => re.test(line)))) {
    return manual('a dialog is on screen that does not match the supported form exactly');
  }
  return recognizeActivity(s, p);
}
