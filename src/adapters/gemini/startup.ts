/**
 * Gemini CLI's first-start screens (folder trust, the sign-in method, the API key; in an editor's
 * terminal, connecting the editor and the terminal's keybindings), named so the person is told what
 * the terminal asks, and never answered. The API key screen draws the key it found: nothing of the
 * screen is put in what is told. The editor dialog is drawn one cell wider than the terminal: its
 * right border is cut off, and its box is read to the terminal's edge.
 */
import { bottomLine, displayWidth } from '../screen';
import type { ManualRecognition, ScreenSnapshot } from '../types';
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

/** The rows of the box that ends the screen (whole, or cut off at the right edge), the focus mark aside. */
function lastBoxRows(s: ScreenSnapshot, cursor: string): string[] | undefined {
  const frame = confirmationFrame(s);
  const rows = frame === undefined ? clippedBox(s) : 'kind' in frame ? undefined : frame.inner.map((l) => l.trim());
  return rows?.map((r) => (r.startsWith(`${cursor} `) ? r.slice(cursor.length + 1) : r));
}

/** The first-start screen that ends the screen, named; undefined for any other screen. */
export function recognizeGeminiStartup(s: ScreenSnapshot, p: GeminiGeneration): ManualRecognition | undefined {
  const rows = lastBoxRows(s, p.cursor);
  if (!rows) return undefined;
  const leads = (lead: string | undefined): boolean => lead === undefined || rows.some((r) => r.startsWith(lead));
  const screen = p.startup.find((x) => x.rows.every((r) => rows.includes(r)) && leads(x.lead));
  return (
    screen && { kind: 'manual_required', startup: screen.name, reason: `before it starts, it asks ${screen.asks}` }
  );
}
