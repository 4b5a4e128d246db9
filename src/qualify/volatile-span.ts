// A span of a line that a client draws or leaves out by timing (a hint that appears once a
// background check has answered), with the blank padding that moves around it. Unlike a volatile
// line, the rest of the row keeps its text and its styles in a screen's canonical form.
import { stripSgr } from './sgr';
import type { VolatilePair, VolatileSpan } from './agents/types';

/** Cell separator of styledCells; a plain row's cells are its code points. */
const CELL = '\u0001';

/**
 * The row's cells without the span and with every run of blank cells of one style as one cell,
 * for a row of the span's kind; undefined for any other row. `cells` is one row of styledCells,
 * or a plain row.
 */
export function withoutSpan(span: VolatileSpan, cells: string, styled: boolean): string | undefined {
  const list = styled ? (cells === '' ? [] : cells.split(CELL)) : Array.from(cells);
  const chars = list.map((c) => (styled ? (c.split('\u0000')[0] ?? '') : c));
  const plain = chars.join('');
  if (!span.row.test(plain)) return undefined;
  const drop = new Set<number>();
  for (const m of plain.matchAll(span.span)) {
    const start = Array.from(plain.slice(0, m.index)).length;
    for (let i = 0; i < Array.from(m[0]).length; i++) drop.add(start + i);
  }
  const kept = list.filter((_, i) => !drop.has(i));
  const blank = (c: string): boolean => (styled ? c.startsWith(' \u0000') : c === ' ');
  const collapsed = kept.filter((c, i) => !(blank(c) && i > 0 && kept[i - 1] === c));
  while (collapsed.length > 0 && blank(collapsed[collapsed.length - 1] ?? '')) collapsed.pop();
  return `<${span.name}>${collapsed.join(styled ? CELL : '')}`;
}

/** The span as a pair for comparing two captures of one step: equal once it is set aside. */
export function spanPair(span: VolatileSpan): VolatilePair {
  const plainForm = (line: string): string | undefined => withoutSpan(span, stripSgr(line), false);
  return {
    name: span.name,
    test: (a, b) => {
      const [x, y] = [plainForm(a), plainForm(b)];
      return x !== undefined && x === y;
    },
    canonical: () => undefined,
  };
}
