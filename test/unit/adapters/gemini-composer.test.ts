/**
 * Gemini CLI 0.61.0's empty composer, proven before AKK pastes a message of its own: only where the
 * agent is idle and its composer row is the prompt marker, the cursor cell, then the placeholder in
 * the placeholder's colour. Each way typed text could stand there gives no proof: the words changed,
 * the cursor after them, the words in the colour typed text has, no styles to tell by, a turn working.
 */
import { strict as assert } from 'node:assert';
import { proveGeminiComposer } from '../../../src/agents/gemini/recognize/composer';
import { activityOf } from '../../../src/agents/gemini/recognize/recognize';
import type { ScreenSnapshot } from '../../../src/adapters/types';
import { GEMINI_PROFILE, GEMINI_SIZES, geminiScreen } from './gemini-screens';

const PLACEHOLDER = GEMINI_PROFILE.placeholder;
const prove = (s: ScreenSnapshot) => proveGeminiComposer(s, GEMINI_PROFILE, activityOf(s, GEMINI_PROFILE).state);

/** The screen with every line passed through `edit` (plain and styled alike). */
function edited(s: ScreenSnapshot, edit: (line: string) => string): ScreenSnapshot {
  return { ...s, plain: s.plain.map(edit), styled: s.styled?.map(edit) };
}

function refused(s: ScreenSnapshot, why: RegExp): void {
  const p = prove(s);
  assert.ok(!p.sendable, 'proven sendable');
  assert.match(p.reason, why);
}

for (const size of GEMINI_SIZES) {
  describe(`Gemini CLI 0.61.0 empty composer at ${size}`, () => {
    const idle = geminiScreen(size, 'idle');

    it('the idle screen is proven empty, bound to its composer row', () => {
      const p = prove(idle);
      assert.ok(p.sendable, p.sendable ? '' : p.reason);
      assert.ok(p.fingerprintSource.includes(PLACEHOLDER));
    });

    it('other words where the placeholder was: no proof', () => {
      refused(
        edited(idle, (l) => l.replace(PLACEHOLDER, 'draft the release notes')),
        /not idle|not empty/,
      );
    });

    it('the cursor after the words: no proof', () => {
      const moved = idle.styled?.map((l) =>
        l.includes(PLACEHOLDER)
          ? l.replace('\x1b[7m\x1b[39m \x1b[0m', '').replace(PLACEHOLDER, `${PLACEHOLDER}\x1b[7m \x1b[0m`)
          : l,
      );
      refused({ ...idle, styled: moved }, /cursor/);
    });

    it('the words in the default colour, as typed text: no proof', () => {
      const typed = idle.styled?.map((l) => (l.includes(PLACEHOLDER) ? l.replace('\x1b[38;5;248m', '\x1b[39m') : l));
      refused({ ...idle, styled: typed }, /may be typed text/);
    });

    it('without the styled screen: no proof', () => {
      refused({ ...idle, styled: undefined }, /styled/);
    });

    it('while a turn works (the composer is drawn below it): no proof', () => {
      refused(geminiScreen(size, 'working'), /not idle/);
    });
  });
}
