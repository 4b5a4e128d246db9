/**
 * How Codex wraps a long option row (the "don't ask again" row of an approval): its text wrapper
 * (first fit) over words cut at the Unicode break opportunities, words split further after a hyphen
 * between two letters or digits, words wider than a line cut where they reach the edge. The first
 * line is wrapped from the whole text; the rest is wrapped again from where it ended, its leading
 * blanks skipped.
 */
import { displayWidth } from '../../../adapters/screen';
import { breakOpportunities } from './line-break-classes';

interface Fragment {
  text: string;
  width: number;
  /** The blanks that follow the fragment. */
  blanks: string;
}

function fragment(text: string, blanks: string): Fragment {
  return { text, width: displayWidth(text), blanks };
}

function words(text: string): Fragment[] | undefined {
  const ops = breakOpportunities(text);
  if (!ops) return undefined;
  const chars = [...text];
  const bounds = [0, ...ops, chars.length];
  const out: Fragment[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const piece = chars.slice(bounds[k], bounds[k + 1]).join('');
    const word = piece.replace(/ +$/, '');
    out.push(fragment(word, piece.slice(word.length)));
  }
  return out;
}

const ALNUM = /^[\p{L}\p{N}]$/u;

function splitAfterHyphens(f: Fragment): Fragment[] {
  const chars = [...f.text];
  const out: Fragment[] = [];
  let start = 0;
  for (let i = 1; i + 1 < chars.length; i++) {
    if (chars[i] === '-' && ALNUM.test(chars[i - 1] ?? '') && ALNUM.test(chars[i + 1] ?? '')) {
      out.push(fragment(chars.slice(start, i + 1).join(''), ''));
      start = i + 1;
    }
  }
  out.push(fragment(chars.slice(start).join(''), f.blanks));
  return out;
}

function cutToWidth(f: Fragment, width: number): Fragment[] {
  if (f.width <= width) return [f];
  const out: Fragment[] = [];
  let piece = '';
  let w = 0;
  for (const ch of f.text) {
    const cw = displayWidth(ch);
    if (w > 0 && w + cw > width) {
      out.push(fragment(piece, ''));
      piece = '';
      w = 0;
    }
    piece += ch;
    w += cw;
  }
  out.push(fragment(piece, f.blanks));
  return out;
}

function firstFit(text: string, width: number): string[] | undefined {
  const found = words(text);
  if (!found) return undefined;
  const fragments = found.flatMap(splitAfterHyphens).flatMap((f) => cutToWidth(f, width));
  const lines: Fragment[][] = [];
  let start = 0;
  let used = 0;
  fragments.forEach((f, i) => {
    if (used + f.width > width && i > start) {
      lines.push(fragments.slice(start, i));
      start = i;
      used = 0;
    }
    used += f.width + displayWidth(f.blanks);
  });
  lines.push(fragments.slice(start));
  return lines.map((l) => l.map((f, i) => (i + 1 < l.length ? f.text + f.blanks : f.text)).join(''));
}

/**
 * The lines of a row's text (its number and cursor column aside) at `width` cells; undefined when
 * the text must wrap and holds a character whose line breaking is not modelled.
 */
export function wrapOptionRow(text: string, width: number): string[] | undefined {
  if (displayWidth(text) <= width) return [text.replace(/ +$/, '')];
  const first = firstFit(text, width)?.[0];
  if (first === undefined) return undefined;
  const rest = text.slice(first.length).replace(/^ +/, '');
  if (rest === '') return [first];
  const more = firstFit(rest, width);
  return more && [first, ...more.filter((l) => l !== '')];
}
