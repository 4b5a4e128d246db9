/**
 * Gemini CLI recognition: a first-start screen, an `ask_user` question or a tool confirmation if one
 * is proven; a dialog of numbered choices that is not one this version's profile knows is the
 * person's; otherwise the agent's activity: idle at its empty composer, working while it says so, or unknown.
 */
import type { ActivityRecognition, Recognition, ScreenSnapshot } from '../../../adapters/types';
import { manual } from '../../../adapters/types';
import { recognizeGeminiPermission, type GeminiProfile } from './permission';
import { recognizeGeminiQuestion } from './question';
import { recognizeGeminiStartup } from './startup';

export function recognizeGemini(s: ScreenSnapshot, p: GeminiProfile): Recognition {
  const proven = recognizeGeminiStartup(s, p) ?? recognizeGeminiQuestion(s, p) ?? recognizeGeminiPermission(s, p);
  if (proven) return proven;
  const choices = new RegExp(`^[│ ]*${p.cursor} \\d{1,2}\\.`);
  // A question dialog without numbered rows (a review, a text field) is told by its title row.
  const asking = `│ ${p.ask.title}`;
  if (s.plain.some((l) => choices.test(l) || l.trimStart().startsWith(asking)))
    return manual('a dialog is on screen that does not match the supported form exactly');
  return activityOf(s, p);
}

/** Idle: the composer shows its placeholder (it is empty) and nothing says the agent works. */
export function activityOf(s: ScreenSnapshot, p: GeminiProfile): ActivityRecognition {
  if (s.plain.some((l) => p.working.test(l))) return { kind: 'activity', state: 'working' };
  const empty = s.plain.some((l) => l.trimEnd() === ` >   ${p.placeholder}`);
  return { kind: 'activity', state: empty ? 'idle' : 'unknown' };
}
