/**
 * Codex's rate-limit choices, drawn when a turn ends whose response reported a usage limit nearly
 * used up: switch to a model with lower credit usage, or keep the current one. Recognised exactly so
 * the person is told what the terminal asks, and never answered, whatever it offers.
 */
import { bottomLine, displayWidth, wrapWords } from '../../../adapters/screen';
import type { ManualRecognition, ScreenSnapshot } from '../../../adapters/types';
import { blank, line } from './frame';
import type { CodexProfile, RateLimitScreen } from './profile';
import { CODEX_SHAPES } from './shapes';

const MARGIN = '  ';
/** How far above the footer the title may be: the rows, wrapped at the narrowest pane, fit well within. */
const MAX_HEIGHT = 24;

/**
 * The rows as Codex draws them: `› N. label`, padded to one description column two cells after the
 * widest `N. label`, each description wrapped at the pane width with its lines under that column.
 */
function drawRows(
  labels: readonly string[],
  descriptions: ReadonlyArray<string | undefined>,
  cursor: number,
  cols: number,
): string[] {
  const heads = labels.map((l, k) => `${k + 1}. ${l}`);
  const column = MARGIN.length + Math.max(...heads.map(displayWidth)) + 2;
  const out: string[] = [];
  heads.forEach((head, k) => {
    const first = `${k === cursor ? '›' : ' '} ${head}`;
    const description = descriptions[k];
    if (description === undefined) {
      out.push(first);
      return;
    }
    const lines = wrapWords(description, cols - column);
    out.push(first + ' '.repeat(column - displayWidth(first)) + (lines[0] ?? ''));
    for (const l of lines.slice(1)) out.push(' '.repeat(column) + l);
  });
  return out;
}

/** The first row's description as drawn from line `first` up to the second row (its wrapped lines joined). */
function firstDescription(s: ScreenSnapshot, first: number, head: string): string | undefined {
  const l = line(s, first);
  const m = /^[› ] (.*?) {2,}(\S.*)$/.exec(l);
  if (!m || m[1] !== head) return undefined;
  const column = displayWidth(l) - displayWidth(m[2] ?? '');
  const parts = [m[2] ?? ''];
  for (let i = first + 1; i < s.plain.length; i++) {
    const next = line(s, i);
    if (!next.startsWith(' '.repeat(column)) || next[column] === ' ' || next.length === column) break;
    parts.push(next.slice(column));
  }
  return parts.join(' ');
}

function matches(s: ScreenSnapshot, screen: RateLimitScreen, bottom: number): ManualRecognition | undefined {
  if (line(s, bottom) !== `${MARGIN}${screen.footer}` || !blank(s, bottom - 1)) return undefined;
  let top = bottom - 2;
  while (top > Math.max(-1, bottom - MAX_HEIGHT) && line(s, top) !== `${MARGIN}${screen.title}`) top--;
  if (line(s, top) !== `${MARGIN}${screen.title}` || (top > 0 && !blank(s, top - 1))) return undefined;
  const question = line(s, top + 1);
  const model = question.startsWith(MARGIN) ? screen.question.exec(question.slice(MARGIN.length))?.[1] : undefined;
  if (model === undefined) return undefined;
  const first = top + 2 + screen.blanksBeforeRows;
  for (let i = top + 2; i < first; i++) if (!blank(s, i)) return undefined;
  const labels = screen.choices.map((c) => c.replace('{model}', model));
  const offered = firstDescription(s, first, `1. ${labels[0] ?? ''}`);
  if (offered === undefined || / {2}/.test(offered)) return undefined;
  // The cursor row is found by drawing the rows with it on each row in turn: exactly one must match.
  const drawn = [0, 1, 2]
    .map((c) => drawRows(labels, [offered, undefined, screen.neverDescription], c, s.cols))
    .filter((rows) => first + rows.length === bottom - 1 && rows.every((r, k) => line(s, first + k) === r));
  if (drawn.length !== 1) return undefined;
  return {
    kind: 'manual_required',
    dialog: CODEX_SHAPES.rateLimit,
    reason:
      `it asks whether to switch to a model with lower credit usage (${model}) or keep the current ` +
      'model, as its rate limits are nearly used up',
  };
}

export function recognizeRateLimit(s: ScreenSnapshot, p: CodexProfile): ManualRecognition | undefined {
  const bottom = bottomLine(s);
  if (bottom < 2) return undefined;
  return matches(s, p.rateLimit, bottom);
}
