/**
 * Gemini CLI's first-start screens (folder trust, the sign-in method, the API key; in an editor's
 * terminal, connecting the editor and the terminal's keybindings), named so the person is told what
 * the terminal asks, and never answered. The API key screen draws the key it found: nothing of the
 * screen is put in what is told. The editor dialog is drawn one cell wider than the terminal: its
 * right border is cut off, and its box is read to the terminal's edge.
 */
import { bottomLine, displayWidth } from '../../../adapters/screen';
import type { ManualRecognition, ScreenSnapshot } from '../../../adapters/types';
import { confirmationFrame } from './confirmation-frame';
import type { GeminiGeneration } from './profile';

/**
 * A box cut off at the terminal's right edge that ends the screen: `╭─…` and `╰─…` to the last
 * column at one margin, and between them rows that begin with `│` at that margin. Its rows without
 * the left border, trimmed.
 */
function clippedBox(s: ScreenSnapshot): string[] | undefined {
  const bottom = bottomLine(s);
  const drawn = (s.plain[bottom] ?? '').trimEnd();
  const margin = drawn.length - drawn.trimStart().length;
  const edge = (line: string, corner: string): boolean =>
    line.startsWith(`${' '.repeat(margin)}${corner}─`) &&
    /^─+$/.test(line.slice(margin + 1)) &&
    displayWidth(line) === s.cols;
  if (bottom < 0 || !edge(drawn, '╰')) return undefined;
  const rows: string[] = [];
  for (let i = bottom - 1; i >= 0; i--) {
    const line = (s.plain[i] ?? '').trimEnd();
    if (edge(line, '╭')) return rows.reverse();
    if (!line.startsWith(`${' '.repeat(margin)}│`)) return undefined;
    rows.push(line.slice(margin + 1).trim());
  }
  return undefined;
}

/** A row of the box: its text with the focus mark aside, and whether the mark was there. */
interface BoxRow {
  text: string;
  cursor: boolean;
}

/** The rows of the box that ends the screen (whole, or cut off at the right edge). */
function lastBoxRows(s: ScreenSnapshot, cursor: string): BoxRow[] | undefined {
  const frame = confirmationFrame(s);
  const rows = frame === undefined ? clippedBox(s) : 'kind' in frame ? undefined : frame.inner.map((l) => l.trim());
  return rows?.map((r) =>
    r.startsWith(`${cursor} `) ? { text: r.slice(cursor.length + 1), cursor: true } : { text: r, cursor: false },
  );
}

/**
 * Whether the box is drawn exactly as the screen's record says: its numbered rows one under the
 * other, numbered from 1, as many as recorded, the cursor on exactly one of them and on no other
 * row; its last row with text the recorded one.
 */
function drawnExactly(rows: readonly BoxRow[], screen: { choices: number; last: string }): boolean {
  const numbered = rows.flatMap((r, i) => (/^\d{1,2}\. \S/.test(r.text) ? [i] : []));
  const first = numbered[0] ?? 0;
  const inOrder = numbered.every((at, n) => at === first + n && rows[at]?.text.startsWith(`${n + 1}. `));
  const marked = rows.filter((r) => r.cursor);
  const last = [...rows].reverse().find((r) => r.text !== '');
  return (
    numbered.length === screen.choices &&
    inOrder &&
    marked.length === (screen.choices > 0 ? 1 : 0) &&
    marked.every((r) => numbered.includes(rows.indexOf(r))) &&
    last?.text === screen.last
  );
}

/**
 * The first-start screen that ends the screen, named; a screen that resembles one but is not drawn
 * exactly as this version draws it is manual, unnamed; undefined for any other screen.
 */
export function recognizeGeminiStartup(s: ScreenSnapshot, p: GeminiGeneration): ManualRecognition | undefined {
  const rows = lastBoxRows(s, p.cursor);
  if (!rows) return undefined;
  const texts = rows.map((r) => r.text);
  const leads = (lead: string | undefined): boolean => lead === undefined || texts.some((r) => r.startsWith(lead));
  const screen = p.startup.find((x) => x.rows.every((r) => texts.includes(r)) && leads(x.lead));
  if (!screen) return undefined;
  if (!drawnExactly(rows, screen))
    return { kind: 'manual_required', reason: 'a start-up screen is not drawn exactly as this version draws it' };
  return { kind: 'manual_required', startup: screen.name, reason: `before it starts, it asks ${screen.asks}` };
}
