/** Pure helpers over captured screens: lines, rules, SGR-styled segments. */
import { stringCellWidth } from './cell-width';
import type { ScreenSnapshot } from './types';

/** Index of the last line with visible content, or -1. */
export function lastContentLine(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if ((lines[i] ?? '').trim() !== '') return i;
  return -1;
}

/** Index of the screen's last drawn line (the bottom of whatever dialog is open), or -1. */
export function bottomLine(s: ScreenSnapshot): number {
  return lastContentLine(s.plain);
}

/** True when the line is only `ch` repeated, at least `min` times (trailing spaces ignored). */
export function isRule(line: string, ch: string, min: number): boolean {
  const t = line.trimEnd();
  if (t.length < min) return false;
  for (const c of t) if (c !== ch) return false;
  return true;
}

const ESC = String.fromCharCode(27);
const SGR = new RegExp(`${ESC}\\[([0-9;]*)m`, 'g');

export function stripSgr(line: string): string {
  return line.replace(SGR, '');
}

interface StyledRun {
  text: string;
  /** The SGR state in force: foreground, background, bold, dim, inverse, underline. */
  fg?: string;
  bg?: string;
  bold: boolean;
  dim: boolean;
  inverse: boolean;
  /** Underlined (not part of `styleKey`: no comparison of colours depends on it). */
  underline: boolean;
}

/**
 * The style of a line's first drawn character at or after column `from`, as one key (`5;246`,
 * `2;153;153;153`, `dim 37`, `bold default`): null when nothing is drawn there. Two cells with the
 * same key look the same in every terminal.
 */
export function styleKeyAt(styled: string, from: number): string | null {
  let col = 0;
  for (const run of styledRuns(styled)) {
    for (const ch of run.text) {
      if (col >= from && ch !== ' ') return styleKey(run);
      col += 1;
    }
  }
  return null;
}

function styleKey(run: StyledRun): string {
  return [
    run.bold ? 'bold' : '',
    run.dim ? 'dim' : '',
    run.inverse ? 'inverse' : '',
    run.fg ?? 'default',
    run.bg ? `on ${run.bg}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Splits one styled line into runs of text with the SGR state in force. */
export function styledRuns(line: string): StyledRun[] {
  const runs: StyledRun[] = [];
  let state: Omit<StyledRun, 'text'> = { bold: false, dim: false, inverse: false, underline: false };
  let last = 0;
  SGR.lastIndex = 0;
  for (let m = SGR.exec(line); m; m = SGR.exec(line)) {
    if (m.index > last) runs.push({ ...state, text: line.slice(last, m.index) });
    state = applySgr(state, m[1] ?? '');
    last = m.index + m[0].length;
  }
  if (last < line.length) runs.push({ ...state, text: line.slice(last) });
  return runs;
}

function applySgr(s: Omit<StyledRun, 'text'>, params: string): Omit<StyledRun, 'text'> {
  const next = { ...s };
  const p = params === '' ? ['0'] : params.split(';');
  for (let i = 0; i < p.length; i++) {
    const n = p[i];
    if (n === '0')
      Object.assign(next, { fg: undefined, bg: undefined, bold: false, dim: false, inverse: false, underline: false });
    else if (n === '4') next.underline = true;
    else if (n === '24') next.underline = false;
    else if (n === '1') next.bold = true;
    else if (n === '2') next.dim = true;
    else if (n === '22') Object.assign(next, { bold: false, dim: false });
    else if (n === '7') next.inverse = true;
    else if (n === '27') next.inverse = false;
    else if (n === '39') next.fg = undefined;
    else if (n === '49') next.bg = undefined;
    else if (n === '38' || n === '48') {
      const mode = p[i + 1];
      const take = mode === '5' ? 2 : mode === '2' ? 4 : 0;
      const value = p.slice(i + 1, i + 1 + take).join(';');
      if (n === '38') next.fg = value;
      else next.bg = value;
      i += take;
    } else if (n !== undefined && /^(3[0-7]|9[0-7])$/.test(n)) next.fg = n;
    else if (n !== undefined && /^(4[0-7]|10[0-7])$/.test(n)) next.bg = n;
  }
  return next;
}

/**
 * Terminal cells a string takes, as the terminal that drew the screen gave them (xterm.js's Unicode
 * 11 widths, see cell-width.ts): what lines up on screen lines up here.
 */
export function displayWidth(s: string): number {
  return stringCellWidth(s);
}

/**
 * Greedy word wrap of one line of text at `width` terminal cells, breaking at single spaces (the
 * space at a break is dropped), as the clients draw a footer too long for the pane. A word wider
 * than the pane is left whole: a screen that breaks inside a word does not match.
 */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && displayWidth(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines;
}
