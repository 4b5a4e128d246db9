/**
 * Gemini CLI's first-start screens (folder trust, the sign-in method, the API key), named so the
 * person is told what the terminal asks, and never answered. The API key screen draws the key it
 * found: nothing of the screen is put in what is told.
 */
import type { ManualRecognition, ScreenSnapshot } from '../types';
import { confirmationFrame } from './confirmation-frame';
import type { GeminiGeneration } from './profile';

/** The first-start screen that ends the screen, named; undefined for any other screen. */
export function recognizeGeminiStartup(s: ScreenSnapshot, p: GeminiGeneration): ManualRecognition | undefined {
  const frame = confirmationFrame(s);
  if (frame === undefined || 'kind' in frame) return undefined;
  const rows = frame.inner.map((l) => l.trim());
  const screen = p.startup.find((x) => rows.includes(x.title) && (x.then === undefined || rows.includes(x.then)));
  return (
    screen && { kind: 'manual_required', startup: screen.name, reason: `before it starts, it asks ${screen.asks}` }
  );
}
