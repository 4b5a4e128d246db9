// Screens Gemini CLI 0.61.0 drew, as scripts/qualify/capture-screens.ts stored them, and
// the profile they are read with.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeminiProfile } from '../../../src/agents/gemini/recognize/permission';
import { GEMINI_GENERATIONS } from '../../../src/agents/gemini/recognize/profile';
import type { ScreenSnapshot } from '../../../src/adapters/types';

export const GEMINI_PROFILE: GeminiProfile = {
  ...(GEMINI_GENERATIONS['0.61.0'] as GeminiProfile),
  id: 'gemini@0.61.0',
};
/** The sizes of the capture: the corpus's three, and a bottom-panel terminal too short for tall dialogs. */
export const GEMINI_SIZES = ['80x24', '120x40', '200x60', '100x15'] as const;

/** The screen the capture stored for `state` (its files are `NN-<state>.txt` and `.ansi.txt`) at `size`. */
export function geminiScreen(size: string, state: string): ScreenSnapshot {
  const [cols, rows] = size.replace(/-.*$/, '').split('x').map(Number) as [number, number];
  const dir = join(__dirname, 'screens', `gemini-0.61.0-${size}`);
  const file = readdirSync(dir).find((f) => f.replace(/^\d+-/, '') === `${state}.txt`);
  assert.ok(file, `no ${state} screen at ${size}`);
  const read = (ext: string) =>
    readFileSync(join(dir, file.replace(/\.txt$/, ext)), 'utf8')
      .split('\n')
      .slice(0, rows);
  return { plain: read('.txt'), styled: read('.ansi.txt'), cols, rows };
}
