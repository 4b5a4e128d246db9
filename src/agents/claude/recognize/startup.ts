/**
 * Claude Code's start-up screens (folder trust, an API key found in the environment): recognised
 * exactly so the person is told what the terminal asks, and never answered, whatever they offer.
 */
import { bottomLine, isRule } from '../../../adapters/screen';
import type { ManualRecognition, ScreenSnapshot } from '../../../adapters/types';
import type { ClaudeProfile, StartupScreen } from './profile';

function line(s: ScreenSnapshot, i: number): string {
  return (s.plain[i] ?? '').trimEnd();
}

function matches(s: ScreenSnapshot, screen: StartupScreen, bottom: number): ManualRecognition | undefined {
  const pad = ' '.repeat(screen.indent);
  if (!screen.footers.some((f) => line(s, bottom) === `${pad}${f}`) || line(s, bottom - 1) !== '') return undefined;
  const first = bottom - 1 - screen.choices.length;
  let cursors = 0;
  for (const [k, choice] of screen.choices.entries()) {
    const l = line(s, first + k);
    if (l === `${pad}❯ ${choice}`) cursors++;
    else if (l !== `${pad}  ${choice}`) return undefined;
  }
  if (cursors !== 1) return undefined;
  let top = first - 1;
  while (top >= 0 && !isRule(line(s, top), '─', Math.min(s.cols, 40))) top--;
  if (top < 0) return undefined;
  const title = line(s, top + 1);
  const m = title.startsWith(pad) ? screen.title.exec(title.slice(screen.indent)) : null;
  if (!m) return undefined;
  let next = top + 2;
  while (next < first && line(s, next) === '') next++;
  const asks = screen.asks.replace('$1', m[1] ?? '').replace('$next', line(s, next).trim());
  return {
    kind: 'manual_required',
    startup: screen.name,
    reason: `before it starts, it asks ${asks}`,
  };
}

export function recognizeStartup(s: ScreenSnapshot, p: ClaudeProfile): ManualRecognition | undefined {
  const bottom = bottomLine(s);
  if (bottom < 0) return undefined;
  for (const screen of p.startup) {
    const r = matches(s, screen, bottom);
    if (r) return r;
  }
  return undefined;
}
