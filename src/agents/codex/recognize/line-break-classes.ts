/**
 * Where Codex's option rows may break a line: the Unicode line-breaking algorithm (UAX #14, the
 * pair rules of Unicode 15.0) that its text wrapper applies, for the characters whose classes are
 * modelled here: printable ASCII, Latin-1 letters and the CJK unified ideographs. Any other
 * character is not modelled, and a row holding one cannot be proven.
 */

type BreakClass =
  'SP' | 'AL' | 'NU' | 'HY' | 'BA' | 'IS' | 'EX' | 'SY' | 'QU' | 'OP' | 'CP' | 'CL' | 'PR' | 'PO' | 'ID';

const ASCII_CLASSES: Readonly<Record<string, BreakClass>> = {
  ' ': 'SP',
  '!': 'EX',
  '?': 'EX',
  '"': 'QU',
  "'": 'QU',
  $: 'PR',
  '+': 'PR',
  '\\': 'PR',
  '%': 'PO',
  '(': 'OP',
  '[': 'OP',
  '{': 'OP',
  ')': 'CP',
  ']': 'CP',
  '}': 'CL',
  ',': 'IS',
  '.': 'IS',
  ':': 'IS',
  ';': 'IS',
  '-': 'HY',
  '/': 'SY',
  '|': 'BA',
};

/** The class of one code point, or undefined where it is not modelled. */
function classOf(ch: string): BreakClass | undefined {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp >= 0x30 && cp <= 0x39) return 'NU';
  if (cp >= 0x20 && cp <= 0x7e) return ASCII_CLASSES[ch] ?? 'AL';
  if (cp >= 0xc0 && cp <= 0xff && cp !== 0xd7 && cp !== 0xf7) return 'AL';
  if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf)) return 'ID';
  return undefined;
}

/** Whether every character of `text` has a modelled class. */
export function breakClassesKnown(text: string): boolean {
  for (const ch of text) if (classOf(ch) === undefined) return false;
  return true;
}

/** LB25 (numbers), as pairs. */
const NUMERIC_PAIRS = new Set([
  'CL PO',
  'CP PO',
  'CL PR',
  'CP PR',
  'NU PO',
  'NU PR',
  'PO OP',
  'PO NU',
  'PR OP',
  'PR NU',
  'HY NU',
  'IS NU',
  'NU NU',
  'SY NU',
]);

/** No break between these pairs (LB23 to LB30 as they apply to the modelled classes). */
const JOINED_PAIRS = new Set([
  'AL NU',
  'NU AL',
  'PR ID',
  'ID PO',
  'PR AL',
  'PO AL',
  'AL PR',
  'AL PO',
  'AL AL',
  'IS AL',
  'AL OP',
  'NU OP',
  'CP AL',
  'CP NU',
]);

function breakBetween(classes: readonly BreakClass[], i: number): boolean {
  const before = classes[i - 1] as BreakClass;
  const after = classes[i] as BreakClass;
  if (after === 'SP') return false; // LB7
  if (after === 'CL' || after === 'CP' || after === 'EX' || after === 'IS' || after === 'SY') return false; // LB13
  let j = i - 1;
  while (j >= 0 && classes[j] === 'SP') j--;
  const lastBeforeSpaces = classes[j];
  if (lastBeforeSpaces === 'OP') return false; // LB14
  if (lastBeforeSpaces === 'QU' && after === 'OP') return false; // LB15
  if (before === 'SP') return true; // LB18
  if (before === 'QU' || after === 'QU') return false; // LB19
  if (after === 'BA' || after === 'HY') return false; // LB21
  const pair = `${before} ${after}`;
  if (NUMERIC_PAIRS.has(pair) || JOINED_PAIRS.has(pair)) return false;
  return true; // LB31
}

/**
 * The break opportunities of `text` as the rows' wrapper uses them: code-point indexes where a line
 * may start, never 0 and never after a hyphen (the wrapper leaves hyphens to its word splitter).
 * Undefined when a character is not modelled.
 */
export function breakOpportunities(text: string): number[] | undefined {
  const chars = [...text];
  const classes: BreakClass[] = [];
  for (const ch of chars) {
    const c = classOf(ch);
    if (c === undefined) return undefined;
    classes.push(c);
  }
  const out: number[] = [];
  for (let i = 1; i < chars.length; i++) if (chars[i - 1] !== '-' && breakBetween(classes, i)) out.push(i);
  return out;
}
