/** Claude Code recognition: a prompt if one is proven, else manual or activity. */
import type { Recognition, ScreenSnapshot } from '../types';
import { recognizeActivity } from './activity';
import { recognizePermission } from './permission';
import type { ClaudeProfile } from './profile';
import { recognizeQuestionnaire } from './questionnaire';

export function recognizeClaude(s: ScreenSnapshot, p: ClaudeProfile): Recognition {
  return recognizeQuestionnaire(s, p) ?? recognizePermission(s, p) ?? recognizeActivity(s, p);
}

export { CLAUDE_PROFILES } from './profile';
