/**
 * The exact command of a Codex command approval, read from its `$ <command>` paragraph and proven
 * by its "don't ask again" row, both as Codex wraps them at the pane width.
 *
 * A line break hides what separated the two lines: one blank, several, a new line, or nothing (a
 * word cut at the edge). The command is rebuilt with nothing or one blank at each break of the
 * paragraph and must re-wrap to exactly the drawn lines; when the paragraph wraps, the row must
 * repeat that command verbatim (re-wrapped to exactly its drawn lines too), so that each break of
 * the paragraph is read where the row shows it within a line. A break that falls at the same place
 * in both cannot be read, and such a screen stays manual. What remains unseen is the length of a
 * run of blanks at a break where the row shows one blank: the run between two words, which the
 * shell reads alike.
 */
import { displayWidth } from '../../../adapters/screen';
import type { ManualRecognition } from '../../../adapters/types';
import { manual } from '../../../adapters/types';
import { wrapParagraph } from './command-paragraph-wrap';
import { breakClassesKnown } from './line-break-classes';
import { wrapOptionRow } from './option-row-wrap';
import { namesCommandPrefix } from './shell-words';

interface ApprovalCommandLayout {
  /** Cells the `$` paragraph can use. */
  paragraphWidth: number;
  /** Cells the row's text can use (its cursor and number columns aside). */
  rowWidth: number;
  /** The row's text around the command prefix it names. */
  rowBefore: string;
  rowAfter: string;
}

export interface ApprovalCommand {
  command: string;
  /** The `$` paragraph runs over more than one line. */
  commandWrapped: boolean;
}

/** At most this many ways to read the paragraph's breaks are tried. */
const MAX_READINGS = 64;

const same = (a: readonly string[], b: readonly string[] | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/** Where each line break falls in `text` (the joined lines): from the end of a line to the start of the next. */
function breaks(text: string, lines: readonly string[], offset: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let at = 0;
  lines.forEach((l, i) => {
    const start = text.indexOf(l, at);
    if (i > 0) out.push([at - offset, start - offset]);
    at = start + l.length;
  });
  return out;
}

/** The paragraph's lines joined every way a break could have been drawn (nothing where a word was cut). */
function readings(contents: readonly string[], width: number): string[] | undefined {
  let texts = [contents[0] ?? ''];
  for (let k = 1; k < contents.length; k++) {
    const cut = displayWidth(contents[k - 1] ?? '') >= width - 1;
    const joins = cut ? ['', ' '] : [' '];
    texts = texts.flatMap((t) => joins.map((j) => t + j + (contents[k] ?? '')));
    if (texts.length > MAX_READINGS) return undefined;
  }
  return texts;
}

/**
 * The command, from the paragraph's lines (each with its two-cell margin) and the row's text lines
 * (number and indent removed); or why it cannot be proven.
 */
export function readApprovalCommand(
  paragraph: readonly string[],
  row: readonly string[],
  layout: ApprovalCommandLayout,
): ApprovalCommand | ManualRecognition {
  const [first, ...rest] = paragraph;
  if (!first?.startsWith('  $ ') || first.length <= 4) return manual('the command line is missing');
  if (rest.some((l) => !/^ {2}\S/.test(l))) return manual('a continuation of the command is not where Codex draws it');
  // The row may wrap inside its own words (before the command's opening quote, in a narrow pane):
  // read here as one text, it is proven below by re-wrapping to exactly its drawn lines.
  const rowText = row.join(' ');
  if (!rowText.startsWith(layout.rowBefore) || !rowText.endsWith(layout.rowAfter))
    return manual('the second choice is not the persistent "don\'t ask again" row');
  const contents = paragraph.map((l) => l.slice(2));
  const rowFits = (x: string): boolean =>
    same(row, wrapOptionRow(`${layout.rowBefore}${x}${layout.rowAfter}`, layout.rowWidth));
  const redrawn = (text: string): string[] => wrapParagraph(text, layout.paragraphWidth).map((l) => l.trimEnd());
  if (contents.length === 1) {
    if (!same(contents, redrawn(contents[0] ?? ''))) return manual('the command line is wider than Codex draws it');
    return proveSingleLine(contents[0]?.slice(2) ?? '', row, layout, rowFits);
  }
  if (!breakClassesKnown(contents.join('') + row.join('')))
    return manual('the wrapped command holds a character whose line breaking is not proven');
  const texts = readings(contents, layout.paragraphWidth);
  if (!texts) return manual('the command runs over too many lines to prove');
  const drawn = texts.filter((t) => same(contents, redrawn(t)));
  if (drawn.length === 0) return manual('the command lines do not re-wrap the way Codex draws them');
  const proven = drawn.map((t) => t.slice(2)).filter(rowFits);
  if (proven.length === 0) return manual('the "don\'t ask again" row does not repeat the wrapped command exactly');
  const [command] = proven;
  if (proven.length > 1 || command === undefined) return manual('the wrapped command can be read more than one way');
  const label = `${layout.rowBefore}${command}${layout.rowAfter}`;
  const rowBreaks = breaks(label, row, layout.rowBefore.length);
  const unread = breaks(`$ ${command}`, contents, 2).some(([a, b]) => rowBreaks.some(([c, d]) => a <= d && c <= b));
  if (unread) return manual('the command breaks where its "don\'t ask again" row breaks too: the gap cannot be read');
  return { command, commandWrapped: true };
}

/** Every way the row's lines could have been joined (nothing or one blank at each break). */
function rowReadings(row: readonly string[]): string[] | undefined {
  let texts = [row[0] ?? ''];
  for (let k = 1; k < row.length; k++) {
    texts = texts.flatMap((t) => ['', ' '].map((j) => t + j + (row[k] ?? '')));
    if (texts.length > MAX_READINGS) return undefined;
  }
  return texts;
}

/** A command on one line is read as drawn; the row must name it, or a prefix of it, and wrap exactly. */
function proveSingleLine(
  command: string,
  row: readonly string[],
  layout: ApprovalCommandLayout,
  rowFits: (x: string) => boolean,
): ApprovalCommand | ManualRecognition {
  if (rowFits(command)) return { command, commandWrapped: false };
  const { rowBefore, rowAfter } = layout;
  const named = (rowReadings(row) ?? []).some((text) => {
    if (!text.startsWith(rowBefore) || !text.endsWith(rowAfter)) return false;
    const x = text.slice(rowBefore.length, text.length - rowAfter.length);
    return namesCommandPrefix(x, command) && rowFits(x);
  });
  return named
    ? { command, commandWrapped: false }
    : manual('the "don\'t ask again" row does not name this command or a prefix of it');
}
