/**
 * Claude Code's empty main prompt, proven for managed send: `❯` and a no-break space alone between
 * two full-width rules, the mode footer directly below with no turn running.
 */
import { isRule, lastContentLine } from '../../../adapters/screen';
import type { ComposerProof, ScreenSnapshot } from '../../../adapters/types';
import { recognizeActivity } from './activity';
import type { ClaudeProfile } from './profile';

export function proveClaudeComposer(s: ScreenSnapshot, p: ClaudeProfile): ComposerProof {
  if (recognizeActivity(s, p).state !== 'idle')
    return { sendable: false, reason: 'Claude Code is not idle at its prompt' };
  const bottom = lastContentLine(s.plain);
  const prompt = bottom - 2;
  const text = (s.plain[prompt] ?? '').replace(/ +$/, '');
  if (text !== p.activity.promptPrefix) return { sendable: false, reason: 'the prompt is not empty' };
  if (!isRule(s.plain[prompt - 1] ?? '', '─', s.cols) || !isRule(s.plain[prompt + 1] ?? '', '─', s.cols)) {
    return { sendable: false, reason: 'the prompt is not framed by its rules' };
  }
  const footer = s.plain[bottom] ?? '';
  if (/esc to interrupt/.test(footer) || !footer.startsWith('  '))
    return { sendable: false, reason: 'the prompt footer is not the idle one' };
  return { sendable: true, fingerprintSource: `${s.cols}x${s.rows}\n${text}\n${footer.trimEnd()}` };
}
