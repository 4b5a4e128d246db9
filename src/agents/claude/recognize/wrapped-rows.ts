/**
 * Option rows too long for the pane (single-select, and multi-select after the `[ ]` box): Claude
 * Code wraps a label and its description at word boundaries, both continuing under the label. Only
 * the styles tell the two apart: the description is drawn in its theme's description style (one of
 * the profile's `descriptionStyles`, each taken from captures under a theme and colour depth), the
 * label in the row's own, different style. A row's lines are split by style and accepted only when
 * every description line has one known description style, the label's differs from it, and
 * re-wrapping the joined label and description at the pane's width gives exactly the lines drawn.
 * A style no qualified rendering draws is manual, with that reason.
 */
import type { NumberedRow } from '../../../adapters/numbered-rows';
import { styleKeyAt, wrapWords } from '../../../adapters/screen';
import type { ManualRecognition, ScreenSnapshot } from '../../../adapters/types';
import type { ClaudeProfile } from './profile';
import { manual } from '../../../adapters/types';

interface RowText {
  label: string;
  description?: string;
}

/**
 * The description styles a version knows: each style with the rendering conditions (`theme/depth`)
 * whose captures show it, and the conditions qualified on the version (null: any, while
 * qualification judges a capture).
 */
interface DescriptionStyles {
  table: Readonly<Record<string, readonly string[]>>;
  qualified: readonly string[] | null;
  version: string;
}

export function descriptionStylesOf(p: ClaudeProfile): DescriptionStyles {
  return { table: p.questionnaire.descriptionStyles, qualified: p.renderings, version: p.version };
}

/** Why a known description style may not be read on this version: its conditions were never qualified on it. */
function unqualified(styles: DescriptionStyles, style: string | null): string | undefined {
  const conditions = style === null ? undefined : styles.table[style];
  if (!conditions || styles.qualified === null || conditions.some((c) => styles.qualified?.includes(c)))
    return undefined;
  const themes = [...new Set(conditions.map((c) => c.split('/')[0]))];
  const depths = [...new Set(conditions.map((c) => (c.split('/')[1] === '256' ? '256 colours' : 'truecolor')))];
  return (
    `Claude Code's ${themes.join(' or ')} theme at ${depths.join(' or ')} is not qualified on ${styles.version}: ` +
    'answer in the terminal'
  );
}

const UNSEEN_STYLE =
  'an option line is drawn in a style no qualified rendering of this version draws (its theme or colour depth)';

/**
 * Each row's label and description. `first` is the screen line of the first row; `indent` the
 * column where a row's label and its continuation lines start; `rows` carry the label's text only
 * (a multi-select row's box taken off).
 */
export function unwrapRows(
  s: ScreenSnapshot,
  rows: readonly NumberedRow[],
  first: number,
  indent: number,
  styles: DescriptionStyles,
): RowText[] | ManualRecognition {
  const descriptionStyles = styles.table;
  const out: RowText[] = [];
  let at = first;
  const width = s.cols - indent;
  // One screen is drawn under one rendering: every description on it has the same style.
  let screenStyle: string | null = null;
  const known = (style: string | null): boolean => style !== null && Object.hasOwn(descriptionStyles, style);
  const isDescription = (style: string | null): boolean =>
    known(style) && (screenStyle === null || style === screenStyle);
  for (const r of rows) {
    const lines = [r.text, ...r.continuation];
    const styleOf = (k: number): string | null => styleKeyAt(s.styled?.[at + k] ?? '', indent);
    // A label with one description line; a second line in the label's style is the label wrapping.
    const described =
      r.continuation.length === 0 || !s.styled || (isDescription(styleOf(1)) && styleOf(1) !== styleOf(0));
    if (s.styled && r.continuation.length === 1 && described) {
      screenStyle = styleOf(1);
      const why = unqualified(styles, screenStyle);
      if (why) return manual(why);
    }
    if (lines.length <= 2 && described && lines.every((l) => [...l].length <= width)) {
      out.push({ label: r.text, ...(r.continuation[0] ? { description: r.continuation[0] } : {}) });
      at += lines.length;
      continue;
    }
    if (!s.styled) return manual('a wrapped option cannot be read without the styled screen');
    const labelStyle = styleOf(0);
    if (known(labelStyle)) return manual('an option label drawn in a description style');
    const label = [r.text];
    const description: string[] = [];
    for (const [k, text] of r.continuation.entries()) {
      const style = styleOf(1 + k);
      if (isDescription(style)) {
        const why = unqualified(styles, style);
        if (why) return manual(why);
        screenStyle = style;
        description.push(text);
      } else if (style === labelStyle && description.length === 0) label.push(text);
      else if (known(style)) return manual('option descriptions on one screen are drawn in different styles');
      else if (style === labelStyle) return manual('an option label line follows its description');
      else return manual(UNSEEN_STYLE);
    }
    const joined = { label: label.join(' '), description: description.join(' ') };
    const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
    if (!same(wrapWords(joined.label, width), label)) return manual('a wrapped option label does not re-wrap as drawn');
    if (description.length > 0 && !same(wrapWords(joined.description, width), description))
      return manual('a wrapped option description does not re-wrap as drawn');
    out.push({ label: joined.label, ...(description.length > 0 ? { description: joined.description } : {}) });
    at += lines.length;
  }
  return out;
}

/**
 * Rows of a layout whose descriptions sit left of the label (multi-select in the 2.1.263
 * generation): a wrapped label continues under itself at `labelIndent`, its description at
 * `descriptionIndent`, so the columns tell them apart; each is accepted only when re-wrapping it at
 * the pane's width gives exactly the lines drawn. With the styled screen, every description line
 * is in one known description style (the screen's), and no label line is.
 */
export function unwrapByIndent(
  s: ScreenSnapshot,
  rows: readonly NumberedRow[],
  first: number,
  labelIndent: number,
  descriptionIndent: number,
  styles: DescriptionStyles,
): RowText[] | ManualRecognition {
  const descriptionStyles = styles.table;
  const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
  const known = (style: string | null): boolean => style !== null && Object.hasOwn(descriptionStyles, style);
  const out: RowText[] = [];
  let at = first;
  let screenStyle: string | null = null;
  for (const r of rows) {
    const label = [r.text, ...r.continuation.slice(0, r.wrapped)];
    const description = r.continuation.slice(r.wrapped);
    if (s.styled) {
      for (let k = 1; k < label.length; k++)
        if (known(styleKeyAt(s.styled[at + k] ?? '', labelIndent)))
          return manual('an option label drawn in a description style');
      for (const [k] of description.entries()) {
        const style = styleKeyAt(s.styled[at + label.length + k] ?? '', descriptionIndent);
        if (!known(style)) return manual(UNSEEN_STYLE);
        const why = unqualified(styles, style);
        if (why) return manual(why);
        if (screenStyle !== null && style !== screenStyle)
          return manual('option descriptions on one screen are drawn in different styles');
        screenStyle = style;
      }
    }
    if (!same(wrapWords(label.join(' '), s.cols - labelIndent), label))
      return manual('a wrapped option label does not re-wrap as drawn');
    if (description.length > 0 && !same(wrapWords(description.join(' '), s.cols - descriptionIndent), description))
      return manual('a wrapped option description does not re-wrap as drawn');
    out.push({ label: label.join(' '), ...(description.length > 0 ? { description: description.join(' ') } : {}) });
    at += 1 + r.continuation.length;
  }
  return out;
}
