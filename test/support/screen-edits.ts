/**
 * Editing a captured screen for mutation tests, in its plain rows and its styled rows alike: a row's
 * text edited in the plain capture is edited the same way in the styled one (the cells that stay
 * keep their styles; new cells take the style of the first cell they replace), so a proof that reads
 * colour sees the mutated screen, not the original behind changed text.
 */
import type { ScreenSnapshot } from '../../src/adapters/types';

// eslint-disable-next-line no-control-regex -- an SGR escape begins with ESC
const SGR = /\x1b\[[0-9;:]*m/y;

/** A styled row as cells: each visible code point with the escapes written just before it. */
function cells(styled: string): { cells: Array<{ pre: string; ch: string }>; tail: string } {
  const out: Array<{ pre: string; ch: string }> = [];
  let pre = '';
  let i = 0;
  while (i < styled.length) {
    SGR.lastIndex = i;
    const m = SGR.exec(styled);
    if (m) {
      pre += m[0];
      i += m[0].length;
      continue;
    }
    const ch = String.fromCodePoint(styled.codePointAt(i) ?? 0);
    out.push({ pre, ch });
    pre = '';
    i += ch.length;
  }
  return { cells: out, tail: pre };
}

/** The styled row with its text changed to `after`, styles kept around the change. */
export function restyle(styled: string, after: string): string {
  const row = cells(styled);
  const old = row.cells.map((c) => c.ch);
  const next = [...after];
  let start = 0;
  while (start < old.length && start < next.length && old[start] === next[start]) start++;
  let end = 0;
  while (
    end < old.length - start &&
    end < next.length - start &&
    old[old.length - 1 - end] === next[next.length - 1 - end]
  )
    end++;
  const pre = row.cells[start]?.pre ?? '';
  const middle = next.slice(start, next.length - end).map((ch, i) => (i === 0 ? pre + ch : ch));
  const kept = row.cells.slice(0, start).map((c) => c.pre + c.ch);
  const rest = row.cells
    .slice(old.length - end)
    .map((c, i) => (i === 0 && middle.length === 0 ? pre + c.pre + c.ch : c.pre + c.ch));
  return [...kept, ...middle, ...rest].join('') + row.tail;
}

/** The plain text of a styled row (its escapes removed). */
export function plainOf(styled: string): string {
  return cells(styled)
    .cells.map((c) => c.ch)
    .join('');
}

/** The screen with row `index` edited, in the plain and the styled capture alike. */
export function editLine(s: ScreenSnapshot, index: number, edit: (line: string) => string): ScreenSnapshot {
  const plain = [...s.plain];
  plain[index] = edit(plain[index] ?? '');
  if (!s.styled) return { ...s, plain };
  const styled = [...s.styled];
  const row = styled[index] ?? '';
  styled[index] = restyle(row, edit(plainOf(row)));
  return { ...s, plain, styled };
}

/** The screen with rows removed and others inserted, in both captures (inserted rows unstyled). */
/** The first row that shows `find`, edited in place (the plain and the styled capture alike). */
export function editedRow(s: ScreenSnapshot, find: string, change: (line: string) => string): ScreenSnapshot {
  const i = s.plain.findIndex((l) => l.includes(find));
  if (i < 0) throw new Error(`no row shows ${find}`);
  return editLine(s, i, change);
}

export function spliceLines(s: ScreenSnapshot, index: number, remove: number, ...insert: string[]): ScreenSnapshot {
  const plain = [...s.plain];
  plain.splice(index, remove, ...insert);
  const styled = s.styled ? [...s.styled] : undefined;
  styled?.splice(index, remove, ...insert);
  return { ...s, plain, ...(styled ? { styled } : {}) };
}

/**
 * The screen with its plain rows changed by `change`, as a plain-only capture (the styled one
 * dropped): for the shapes read from their text alone (start-up screens, Codex's four-row
 * approvals, its rate-limit choices), whose proofs must not lean on styles they do not read.
 */
export function editedPlain(s: ScreenSnapshot, change: (lines: string[]) => void): ScreenSnapshot {
  const plain = s.plain.map((l) => l.trimEnd());
  change(plain);
  return { ...s, plain, styled: undefined };
}

/** The first row matching `re`, or -1. */
export const lineAt = (lines: string[], re: RegExp): number => lines.findIndex((l) => re.test(l));

/** Rewrites the first row matching `re`, if any. */
export function replaceAt(lines: string[], re: RegExp, to: (l: string) => string): void {
  const i = lineAt(lines, re);
  if (i >= 0) lines[i] = to(lines[i] ?? '');
}
