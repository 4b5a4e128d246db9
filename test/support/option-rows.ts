/**
 * The numbered option rows of a prompt as each agent draws them, for tests that change a proven
 * screen the ways a real one could differ. Claude Code and Codex draw their rows bare (`❯ 1. Yes`,
 * `› 1. SQLite`); Gemini CLI draws them inside its dialog's box (`│ ● 1. Allow once        │`).
 * A row is changed in its content only: a boxed row keeps its borders and its width, and a row
 * added to a screen is drawn as its neighbours are (the same box, the same styles), so what the
 * recognizer sees is a screen the client could have drawn with other words, not a broken frame.
 */
import { displayWidth } from '../../src/adapters/screen';
import type { ScreenSnapshot } from '../../src/adapters/types';
import type { AgentName } from '../../src/shared/agents';
import { editLine, plainOf, restyle } from './screen-edits';

/** One agent's way of drawing option rows. */
export interface RowForm {
  /** The glyph drawn before the row the cursor is on. */
  cursor: string;
  /** What a drawn line holds where rows are drawn (inside the box when the agent boxes them); else undefined. */
  content(line: string): string | undefined;
  /** `line` holding `content` instead (in the box, padded to its width); undefined when it does not fit. */
  withContent(line: string, content: string): string | undefined;
  /** The prompt's last row of its own: its footer, or for a boxed prompt the last row drawn inside the box. */
  footer(plain: readonly string[]): number;
  /** Where a label too long for its row continues on the next line. */
  wrapAt(parts: RowParts): number;
}

/** A row's parts: the cursor's cell, its number, and where its label starts (after any checkbox). */
export interface RowParts {
  /** The column of the cursor's cell within the content. */
  slot: number;
  cursor: boolean;
  number: string;
  /** Where the number starts, and where the label's words start, within the content. */
  numberAt: number;
  labelAt: number;
  /** A checkbox (`[ ]`, `[x]`, `[✔]`) is drawn between the number and the label. */
  checkbox: boolean;
}

/** Index of the last line with visible content, or -1. */
export function lastContent(plain: readonly string[]): number {
  for (let i = plain.length - 1; i >= 0; i--) if ((plain[i] ?? '').trim() !== '') return i;
  return -1;
}

const bare = (cursor: string): RowForm => ({
  cursor,
  content: (line) => line,
  withContent: (_line, content) => content,
  footer: lastContent,
  // Under the label's first word (after any checkbox), as Claude Code and Codex wrap a label.
  wrapAt: (parts) => parts.labelAt,
});

/**
 * `│ … │`, at any margin: the border and one cell of padding each side, the content between; or a
 * box drawn wider than the terminal, its right border cut off (`│ …` to the edge).
 */
const BOXED = /^( *│ )(.*?)( │ *)$/;
const CLIPPED = /^( *│ )(.*)$/;
const BOX_BOTTOM = /^ *╰─+╯? *$/;

function boxedContent(line: string): string | undefined {
  return (BOXED.exec(line) ?? CLIPPED.exec(line))?.[2];
}

const boxed = (cursor: string): RowForm => ({
  cursor,
  content: boxedContent,
  withContent: (line, content) => {
    const m = BOXED.exec(line);
    if (!m) {
      const clipped = CLIPPED.exec(line);
      return clipped ? `${clipped[1] ?? ''}${content.trimEnd()}` : undefined;
    }
    const room = displayWidth(m[2] ?? '') - displayWidth(content);
    return room < 0 ? undefined : `${m[1] ?? ''}${content}${' '.repeat(room)}${m[3] ?? ''}`;
  },
  footer: (plain) => {
    const last = lastContent(plain);
    if (!BOX_BOTTOM.test(plain[last] ?? '')) return last;
    for (let i = last - 1; i >= 0; i--) {
      // An empty row of a box cut off at the right is its left border alone.
      if (/^ *│ *$/.test(plain[i] ?? '')) continue;
      const content = boxedContent(plain[i] ?? '');
      if (content === undefined) break;
      if (content.trim() !== '') return i;
    }
    return last;
  },
  // Gemini CLI draws a row as its number (`1.`), a cell of space, then the label as text of its own
  // (after any checkbox); a question's label text begins with a space (`1.  Label`). A label that
  // wraps continues where that text begins: a cell left of its words in a question's rows.
  wrapAt: (parts) => parts.numberAt + parts.number.length + 2 + (parts.checkbox ? 3 : 0),
});

export const ROW_FORMS: { readonly [N in AgentName]: RowForm } = {
  claude: bare('❯'),
  codex: bare('›'),
  gemini: boxed('●'),
};

/** The parts of a numbered row's content (`❯ 1. Label`, `  2.  Label`, `● 3. [ ] Label`); undefined for any other. */
export function rowParts(form: RowForm, content: string): RowParts | undefined {
  const m = /^(\s*)(\S| ) (\d{1,2})\. (\[[ x✔]\] )? */u.exec(content);
  if (!m || (m[2] !== form.cursor && m[2] !== ' ')) return undefined;
  const slot = (m[1] ?? '').length;
  const number = m[3] ?? '';
  return { slot, cursor: m[2] === form.cursor, number, numberAt: slot + 2, labelAt: m[0].length, checkbox: !!m[4] };
}

/** The parts of the row drawn on `line`, or undefined when `line` is not a numbered row. */
export function rowOn(form: RowForm, line: string): RowParts | undefined {
  const content = form.content(line);
  return content === undefined ? undefined : rowParts(form, content);
}

/**
 * The choice rows: numbered rows among the 30 lines above the last drawn line, where dialogs sit,
 * from the last row numbered 1 (a numbered list drawn above the choices, such as a plan's, is content).
 */
export function rowIndexes(form: RowForm, plain: readonly string[]): number[] {
  const last = lastContent(plain);
  const out: number[] = [];
  plain.forEach((l, i) => {
    if (i > last - 30 && i <= last && rowOn(form, l)) out.push(i);
  });
  const ones = out.filter((i) => rowOn(form, plain[i] ?? '')?.number === '1');
  const firstRow = ones[ones.length - 1];
  return firstRow === undefined ? out : out.filter((i) => i >= firstRow);
}

/** `text` with the cell at `at` (one code unit wide) replaced by `ch`. */
export function setCell(text: string, at: number, ch: string): string {
  return `${text.slice(0, at)}${ch}${text.slice(at + 1)}`;
}

/**
 * The screen with the content of row `index` changed by `change`, in the plain and the styled
 * capture alike; a string saying why not when the changed content does not fit where it is drawn.
 */
export function editContent(
  s: ScreenSnapshot,
  form: RowForm,
  index: number,
  change: (content: string) => string,
): ScreenSnapshot | string {
  const edit = (line: string): string | undefined => {
    const content = form.content(line);
    return content === undefined ? undefined : form.withContent(line, change(content));
  };
  if (form.content(s.plain[index] ?? '') === undefined) return 'the row to change is not drawn where rows are';
  if (edit(s.plain[index] ?? '') === undefined) return 'the changed row does not fit where it is drawn';
  return editLine(s, index, (line) => edit(line) ?? line);
}

/**
 * The screen with `contents` drawn as rows at `index` in place of `remove` rows, each drawn as row
 * `like` is (its box, and in the styled capture its styles: the cells it keeps keep theirs, new
 * ones take the style of the first cell they replace); a string saying why not when one does not fit.
 */
export function spliceRowsLike(
  s: ScreenSnapshot,
  form: RowForm,
  index: number,
  remove: number,
  like: number,
  contents: readonly string[],
): ScreenSnapshot | string {
  const model = s.plain[like] ?? '';
  const drawn = contents.map((c) => form.withContent(model, c));
  if (drawn.some((d) => d === undefined)) return 'a changed row does not fit where it is drawn';
  const plain = [...s.plain];
  plain.splice(index, remove, ...(drawn as string[]));
  if (!s.styled) return { ...s, plain };
  const styledModel = s.styled[like] ?? '';
  const styledPlain = plainOf(styledModel);
  const styled = [...s.styled];
  styled.splice(
    index,
    remove,
    ...contents.map((c) => restyle(styledModel, form.withContent(styledPlain, c) ?? styledPlain)),
  );
  return { ...s, plain, styled };
}
