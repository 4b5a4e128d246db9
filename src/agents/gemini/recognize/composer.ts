/**
 * Gemini CLI's empty composer, proven for managed send: the agent is idle, the composer row is the
 * prompt marker, the cursor cell (drawn inverse) and then the placeholder in its own colour, so
 * nothing is typed (typed text would stand where the placeholder is, the cursor after it).
 */
import { regionText } from '../../../adapters/prompt-region';
import { styledRuns } from '../../../adapters/screen';
import type { ComposerProof, ScreenSnapshot } from '../../../adapters/types';
import type { GeminiProfile } from './permission';

export function proveGeminiComposer(
  s: ScreenSnapshot,
  p: GeminiProfile,
  state: 'idle' | 'working' | 'unknown',
): ComposerProof {
  if (state !== 'idle') return { sendable: false, reason: 'Gemini CLI is not idle at its composer' };
  const rows = s.plain.flatMap((l, i) => (l.trimEnd() === ` >   ${p.placeholder}` ? [i] : []));
  const c = rows[0];
  if (c === undefined || rows.length !== 1)
    return { sendable: false, reason: 'the composer is not empty (no placeholder)' };
  if (!s.styled) return { sendable: false, reason: 'the empty composer cannot be proven without the styled screen' };
  const runs = styledRuns(s.styled[c] ?? '').filter((r) => r.text.trim() !== '' || r.inverse);
  const [marker, cursor, placeholder] = runs;
  if (marker?.text.trim() !== '>' || cursor?.inverse !== true || cursor.text.trim() !== '')
    return { sendable: false, reason: 'the cursor is not at the start of the composer' };
  if (placeholder?.text.trim() !== p.placeholder || placeholder.fg === undefined || placeholder.bold)
    return {
      sendable: false,
      reason: 'the composer placeholder is not drawn as the placeholder: it may be typed text',
    };
  return { sendable: true, fingerprintSource: regionText(s, c, c, { composer: 'empty' }) };
}
