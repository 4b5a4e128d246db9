/**
 * How Codex wraps the `$ <command>` paragraph of an approval: ratatui's word wrapper with trimming
 * off. Lines break at spaces only; a word wider than a whole line is cut where it reaches the edge.
 * At a break the blanks are dropped as far as the ended line has room for them (the first blank
 * always), and any left over begin the next line.
 */
import { displayWidth } from '../../../adapters/screen';

export function wrapParagraph(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  let word = '';
  let wordWidth = 0;
  let blanks: string[] = [];
  let blanksWidth = 0;
  let afterWord = false;
  for (const ch of text) {
    const w = displayWidth(ch);
    const blank = ch === ' ';
    if (w > width) continue;
    const wordEnds = afterWord && blank;
    const overflowsEmptyLine = line === '' && wordWidth + blanksWidth + w > width;
    if (wordEnds || overflowsEmptyLine) {
      line += blanks.join('') + word;
      lineWidth += blanksWidth + wordWidth;
      blanks = [];
      blanksWidth = 0;
      word = '';
      wordWidth = 0;
    }
    if (lineWidth >= width || (w > 0 && lineWidth + blanksWidth + wordWidth >= width)) {
      let room = Math.max(0, width - lineWidth);
      lines.push(line);
      line = '';
      lineWidth = 0;
      while (blanks.length > 0 && displayWidth(blanks[0] ?? '') <= room) {
        const bw = displayWidth(blanks.shift() ?? '');
        blanksWidth -= bw;
        room -= bw;
      }
      // The blank that ended the line is not carried to the next one.
      if (blank && blanks.length === 0) continue;
    }
    if (blank) {
      blanks.push(ch);
      blanksWidth += w;
    } else {
      word += ch;
      wordWidth += w;
    }
    afterWord = !blank;
  }
  if (line === '' && word === '' && blanks.length > 0) lines.push('');
  line += blanks.join('') + word;
  if (line !== '') lines.push(line);
  return lines;
}
