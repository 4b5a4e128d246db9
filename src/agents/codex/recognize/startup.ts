/**
 * Codex's start-up screens (an update found by the last check, folder trust, a model migration):
 * recognised exactly so the person is told what the terminal asks, and never answered, whatever
 * they offer.
 */
import { bottomLine } from '../../../adapters/screen';
import type { ManualRecognition, ScreenSnapshot } from '../../../adapters/types';
import { line } from './frame';
import type { CodexProfile, StartupScreen } from './profile';

const MARGIN = '  ';

/** A line of the screen's text at its margin: blank, or two spaces and then something drawn. */
function atMargin(l: string): boolean {
  return l === '' || (l.startsWith(MARGIN) && l[MARGIN.length] !== ' ');
}

function matches(s: ScreenSnapshot, screen: StartupScreen, bottom: number): ManualRecognition | undefined {
  if (line(s, bottom) !== `${MARGIN}${screen.footer}` || line(s, bottom - 1) !== '') return undefined;
  const first = bottom - 1 - screen.choices.length;
  let cursors = 0;
  for (const [k, choice] of screen.choices.entries()) {
    const l = line(s, first + k);
    if (l === `› ${k + 1}. ${choice}`) cursors++;
    else if (l !== `${MARGIN}${k + 1}. ${choice}`) return undefined;
  }
  if (cursors !== 1 || line(s, first - 1) !== '') return undefined;
  // The screen is drawn alone: its title is the first drawn line, and all its text is at the margin.
  let top = 0;
  while (top < first - 1 && line(s, top) === '') top++;
  if (top >= first - 1) return undefined;
  for (let i = top; i < first - 1; i++) if (!atMargin(line(s, i))) return undefined;
  const m = screen.title.exec(line(s, top).slice(MARGIN.length));
  if (!m) return undefined;
  const asks = screen.asks
    .replace('$1', () => m[1] ?? '')
    .replace('$2', () => m[2] ?? '')
    .replace('$next', () => line(s, top + 1).trim());
  return { kind: 'manual_required', startup: screen.name, reason: `before it starts, it asks ${asks}` };
}

export function recognizeStartup(s: ScreenSnapshot, p: CodexProfile): ManualRecognition | undefined {
  const bottom = bottomLine(s);
  if (bottom < 0) return undefined;
  for (const screen of p.startup) {
    const r = matches(s, screen, bottom);
    if (r) return r;
  }
  return undefined;
}
