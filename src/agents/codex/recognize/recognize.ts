/** Codex recognition: a prompt if one is proven, else manual or activity. */
import { bottomLine } from '../../../adapters/screen';
import type { Recognition, ScreenSnapshot } from '../../../adapters/types';
import { manual } from '../../../adapters/types';
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
  /Press enter to confirm/,
  /Submit with unanswered questions\?/,
  /to add notes|to clear notes|to navigate questions/,
  /enter submit .* skip /,
  // The footers of the client's own selection views (start-up screens, rate-limit choices).
  /^ {2}enter(\/esc)? [a-z]+ · (esc|\^c) [a-z]+$/,
];

/** What a dialog asks with, in words a reply can use too. */
const DIALOG_WORDS = /Would you like to /;
/** The composer's line (or a user message of the transcript): the prompt mark, then no numbered row. */
const COMPOSER = /^› (?!\d{1,2}\. )/;

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
  // The words a dialog asks with count only below the composer's line: above it they are the
  // transcript (a reply that asks "Would you like to …?"), and a dialog takes the composer's place.
  let composer = false;
  for (let i = bottom; i >= Math.max(0, bottom - 24); i--) {
    const l = line(s, i);
    composer ||= COMPOSER.test(l);
    if (DIALOG_SIGNS.some((re) => re.test(l)) || (!composer && DIALOG_WORDS.test(l)))
      return manual('a dialog is on screen that does not match the supported form exactly');
  }
  return recognizeActivity(s, p);
}
