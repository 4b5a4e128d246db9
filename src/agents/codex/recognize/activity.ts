/** Whether Codex is idle at its composer or working on a turn, and the empty-composer proof for managed send. */
import { regionText } from '../../../adapters/prompt-region';
import { bottomLine, styledRuns } from '../../../adapters/screen';
import type { ActivityRecognition, ComposerProof, ScreenSnapshot } from '../../../adapters/types';
import { blank, line, onlyDim } from './frame';
import type { CodexProfile } from './profile';

/** `Working (12s • esc to interrupt)`, `Working (1m 05s • esc to interrupt)`, or another status header. */
const WORKING = /^\S.* \(\d+[hms](?: \d+[hms])* • esc to interrupt\)$/;

export function recognizeActivity(s: ScreenSnapshot, p: CodexProfile): ActivityRecognition {
  const bottom = bottomLine(s);
  for (let i = bottom; i >= Math.max(0, bottom - 16); i--) {
    if (WORKING.test(line(s, i))) return { kind: 'activity', state: 'working' };
  }
  for (let i = bottom; i >= Math.max(0, bottom - 4); i--) {
    if (line(s, i).startsWith(`${p.cursor} `)) return { kind: 'activity', state: 'idle' };
  }
  return { kind: 'activity', state: 'unknown' };
}

/**
 * The main composer is empty and sendable: the exact dim placeholder after a bold `›`, a blank
 * line, then only the status lines to the bottom; no turn running. An expanded question editor,
 * an overlay or typed text all fail this proof.
 */
export function proveComposer(s: ScreenSnapshot, p: CodexProfile): ComposerProof {
  if (recognizeActivity(s, p).state !== 'idle') return { sendable: false, reason: 'Codex is not idle at its composer' };
  const bottom = bottomLine(s);
  let c = -1;
  for (let i = bottom; i >= Math.max(0, bottom - 3); i--) if (line(s, i).startsWith(`${p.cursor} `)) c = i;
  if (c < 0 || line(s, c) !== `${p.cursor} ${p.composer.placeholder}`)
    return { sendable: false, reason: 'the composer is not empty (no placeholder)' };
  if (!s.styled) return { sendable: false, reason: 'the empty composer cannot be proven without the styled screen' };
  if (onlyDim(s, c, p.composer.placeholder) !== true)
    return { sendable: false, reason: 'the composer placeholder is not drawn dim: it may be typed text' };
  const marker = styledRuns(s.styled[c] ?? '').find((r) => r.text.trim() !== '');
  if (!marker || marker.text.trim() !== p.cursor || !marker.bold)
    return { sendable: false, reason: 'the composer marker is not the styled one' };
  if (!blank(s, c - 1) || !blank(s, c + 1))
    return { sendable: false, reason: 'the composer is not framed by blank lines' };
  if (bottom < c + 2 || bottom > c + 3) return { sendable: false, reason: 'unexpected lines below the composer' };
  for (let i = c + 2; i <= bottom; i++)
    if (!line(s, i).startsWith('  ') || line(s, i)[2] === ' ')
      return { sendable: false, reason: 'the status line below the composer is not the supported one' };
  return { sendable: true, fingerprintSource: regionText(s, c, c, { composer: 'empty' }) };
}
