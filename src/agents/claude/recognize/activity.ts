/** Whether Claude Code is idle at its prompt or working on a turn. */
import type { ActivityRecognition, ScreenSnapshot } from '../../../adapters/types';
import type { ClaudeProfile } from './profile';

export function recognizeActivity(s: ScreenSnapshot, p: ClaudeProfile): ActivityRecognition {
  const lines = s.plain;
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 12); i--) {
    if (p.activity.working.test(lines[i] ?? '')) return { kind: 'activity', state: 'working' };
  }
  for (let i = lines.length - 1; i >= 0; i--) {
    if ((lines[i] ?? '').startsWith(p.activity.promptPrefix)) return { kind: 'activity', state: 'idle' };
  }
  return { kind: 'activity', state: 'unknown' };
}
