/** Codex recognition: a prompt if one is proven, else manual or activity. */
import { bottomLine } from '../screen';
import type { Recognition, ScreenSnapshot } from '../types';
import { manual } from '../types';
import { recognizeActivity } from './activity';
import { recognizeCollapsedAsync } from './async-collapsed';
import { recognizeAsyncQuestion } from './async-question';
import { line } from './frame';
import { recognizeUserVerification } from './mcp';
import { recognizePermission } from './permission';
import type { CodexProfile } from './profile';
import { recognizeQuestionnaire } from './questionnaire';
import { recognizeRateLimit } from './rate-limit';
import { recognizeStartup } from './startup';

/** Signs that a dialog is in the bottom pane, proven or not. */
const DIALOG_SIGNS = [
  /^\s*› \d{1,2}\. /,
  /^ {2}Question \d+\/\d+/,
  /Would you like to /,
  /Press enter to confirm/,
  /Submit with unanswered questions\?/,
  /to add notes|to clear notes|to navigate questions/,
  /enter submit .* skip /,
  // The footers of the client's own selection views (start-up screens, rate-limit choices).
  /^ {2}enter(\/esc)? [a-z]+ · (esc|\^c) [a-z]+$/,
];

export function recognizeCodex(s: ScreenSnapshot, p: CodexProfile): Recognition {
  const proven =
    recognizeStartup(s, p) ??
    recognizeRateLimit(s, p) ??
    recognizePermission(s, p) ??
    recognizeQuestionnaire(s, p) ??
    recognizeAsyncQuestion(s, p) ??
    recognizeCollapsedAsync(s, p);
  if (proven) return proven;
  const mcp = p.mcpUserVerification ? recognizeUserVerification(s) : undefined;
  if (mcp) return mcp;
  const bottom = bottomLine(s);
  for (let i = bottom; i >= Math.max(0, bottom - 24); i--) {
    if (DIALOG_SIGNS.some((re) => re.test(line(s, i))))
      return manual('a dialog is on screen that does not match the supported form exactly');
  }
  return recognizeActivity(s, p);
}
