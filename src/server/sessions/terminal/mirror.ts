/**
 * A headless terminal emulator fed with the exact bytes an agent wrote to an integrated terminal,
 * so that its screen can be read as tmux's `capture-pane` reads a pane. It is the same emulator
 * (xterm.js) with the same Unicode width rules (version 11) as VS Code's integrated terminal.
 *
 * The mirror answers nothing: whatever the emulator would reply to the program (a cursor-position
 * report, a device attribute) is dropped, because the real terminal answers it.
 */
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { Terminal, type IBufferCell } from '@xterm/headless';
import { ColumnGuard } from './column-guard';
import { plainPen, StartRowProof } from './start-rows';

export interface MirrorScreen {
  /** Plain rows joined with `\n`, each without trailing blanks (as `capture-pane -p`). */
  text: string;
  /** The same rows with SGR escapes (as `capture-pane -p -e`). */
  styled: string;
  cols: number;
  rows: number;
  cursor: { x: number; y: number; visible: boolean };
  /** True while the program shows the alternate screen. */
  alternate: boolean;
}

/** VS Code's default scrollback, so that a resize reflows the same lines as the real terminal. */
const SCROLLBACK = 1000;

interface MirrorOptions {
  /**
   * The stream begins as the program starts, at column 0 of a row it does not say (a command's
   * output from its start): a program that only draws inline can then prove it (StartRowProof).
   */
  programStart?: boolean;
}

/**
 * The mirror starts unproven: the real terminal held a shell's screen that the stream does not
 * say. It is proven once the program has erased every row (a full clear, the alternate screen, or
 * each row erased in turn) and placed the cursor absolutely, both after the last reason to doubt
 * (the start, a resize, lost output); from then on every cell was written by the stream. From a
 * program's start, it is also proven once every row the program could have started on gives the
 * same screen (StartRowProof).
 */
export class ScreenMirror {
  private readonly term: Terminal;
  private cursorHidden = false;
  private pending: Promise<void> = Promise.resolve();
  private doubt: string | null;
  private erasedRows = new Set<number>();
  private positioned = false;
  /** A scroll region narrower than the screen is set: a scroll moves only some rows. */
  private regionScrolls = false;
  private startRows: StartRowProof | null;
  /**
   * The stream is whole from a program's start: a program drawn inline can prove the mirror from
   * any row. Lost output ends it (what the pen became is then not known).
   */
  private inline: boolean;

  constructor(cols: number, rows: number, initialDoubt: string | null = null, options: MirrorOptions = {}) {
    this.term = new Terminal({ cols, rows, scrollback: SCROLLBACK, allowProposedApi: true });
    this.term.loadAddon(new Unicode11Addon());
    this.term.unicode.activeVersion = '11';
    this.doubt = initialDoubt;
    this.inline = options.programStart === true;
    this.startRows = initialDoubt !== null && this.inline ? new StartRowProof(cols, rows, screenKey) : null;
    // DECTCEM (?25): the emulator keeps it private; follow it here. 1049: the alternate screen,
    // which the emulator clears as it enters it.
    const parser = this.term.parser;
    parser.registerCsiHandler({ prefix: '?', final: 'h' }, (params) => this.privateMode(params, true));
    parser.registerCsiHandler({ prefix: '?', final: 'l' }, (params) => this.privateMode(params, false));
    parser.registerCsiHandler({ final: 'J' }, (params) => this.eraseDisplay(first(params)));
    parser.registerCsiHandler({ final: 'K' }, (params) => this.eraseLine(first(params)));
    parser.registerCsiHandler({ final: 'H' }, () => this.absolute());
    parser.registerCsiHandler({ final: 'f' }, () => this.absolute());
    // Rows erased before a scroll are the rows above them after it; a move the proof does not
    // follow (a scroll region, lines inserted or deleted, a reverse scroll) forgets them.
    this.term.onScroll(() => this.scrolled());
    parser.registerCsiHandler({ final: 'r' }, (params) => this.scrollRegion(params));
    for (const final of ['L', 'M', 'S', 'T']) parser.registerCsiHandler({ final }, () => this.forgetErased());
    parser.registerEscHandler({ final: 'M' }, () => this.forgetErased());
  }

  /** Why the mirror may differ from the real terminal; null once proven. */
  get unproven(): string | null {
    return this.doubt;
  }

  /** Output the stream does not show (lost, or before it was read): the mirror must be proven again. */
  doubtWith(reason: string): void {
    this.inline = false;
    this.doubted(reason);
  }

  private doubted(reason: string): void {
    this.doubt = reason;
    this.erasedRows.clear();
    this.positioned = false;
    this.closeStartRows();
  }

  /** The program's cursor keys mode: application mode (`ESC O A`) or normal (`ESC [ A`). */
  get applicationCursorKeys(): boolean {
    return this.term.modes.applicationCursorKeysMode;
  }

  /** Whether the program asked for bracketed paste. */
  get bracketedPaste(): boolean {
    return this.term.modes.bracketedPasteMode;
  }

  get cols(): number {
    return this.term.cols;
  }

  get rows(): number {
    return this.term.rows;
  }

  /** Feeds output; resolves once the emulator has applied it (writes are applied in order). */
  write(data: string | Uint8Array): Promise<void> {
    const done = this.pending.then(() => this.apply(data));
    this.pending = done;
    return done;
  }

  private async apply(data: string | Uint8Array): Promise<void> {
    const proof = this.startRows;
    await Promise.all([new Promise<void>((resolve) => this.term.write(data, resolve)), proof?.write(data)]);
    if (!proof || this.startRows !== proof) return;
    if (this.doubt !== null && (await proof.proves(this.term))) this.doubt = null;
    if (this.doubt === null || !proof.open) this.closeStartRows();
  }

  /** Resolves once every write so far has been applied. */
  settled(): Promise<void> {
    return this.pending;
  }

  /**
   * The terminal was resized: the real one reflowed its lines as the mirror may not have, so the
   * mirror is doubted with `reason`. A program drawn inline redraws its last lines from a row the
   * stream does not say: every row is tried again (StartRowProof), provided the stream sets the
   * column before anything depends on it (ColumnGuard) and the pen is as a fresh terminal's.
   */
  resize(cols: number, rows: number, reason: string): void {
    if (cols === this.term.cols && rows === this.term.rows) return;
    this.term.resize(cols, rows);
    this.doubted(reason);
    if (this.inline && plainPen(this.term))
      this.startRows = new StartRowProof(cols, rows, screenKey, new ColumnGuard());
  }

  screen(): MirrorScreen {
    const buffer = this.term.buffer.active;
    const plain: string[] = [];
    const styled: string[] = [];
    const cell = buffer.getNullCell();
    for (let y = 0; y < this.term.rows; y++) {
      const line = buffer.getLine(buffer.baseY + y);
      if (!line) {
        plain.push('');
        styled.push('');
        continue;
      }
      const row = renderRow(line, this.term.cols, cell);
      plain.push(row.plain);
      styled.push(row.styled);
    }
    return {
      text: plain.join('\n'),
      styled: styled.join('\n'),
      cols: this.term.cols,
      rows: this.term.rows,
      cursor: { x: buffer.cursorX, y: buffer.cursorY, visible: !this.cursorHidden },
      alternate: buffer.type === 'alternate',
    };
  }

  dispose(): void {
    this.closeStartRows();
    this.term.dispose();
  }

  private closeStartRows(): void {
    this.startRows?.dispose();
    this.startRows = null;
  }

  // Each handler only watches: returning false lets the emulator apply the sequence as well.
  private privateMode(params: (number | number[])[], set: boolean): boolean {
    if (params.includes(25)) this.cursorHidden = !set;
    if (set && params.includes(1049)) this.eraseAll();
    return false;
  }

  // An erase from the cursor covers known rows only once the cursor was placed absolutely: before,
  // the real cursor may be on another row than the mirror's (the program started below the shell's
  // lines), and the rows it erases there are not the mirror's.
  private eraseDisplay(mode: number): boolean {
    const { cursorX: x, cursorY: y } = this.term.buffer.active;
    if (mode === 2 || mode === 3) this.eraseAll();
    else if (mode === 0 && this.positioned) for (let r = x === 0 ? y : y + 1; r < this.term.rows; r++) this.erased(r);
    return false;
  }

  private eraseLine(mode: number): boolean {
    const { cursorX: x, cursorY: y } = this.term.buffer.active;
    if (this.positioned && (mode === 2 || (mode === 0 && x === 0))) this.erased(y);
    return false;
  }

  private absolute(): boolean {
    this.positioned = true;
    this.checkProof();
    return false;
  }

  private scrolled(): void {
    if (this.doubt === null || !this.positioned) return;
    if (this.regionScrolls) {
      this.forgetErased();
      return;
    }
    const shifted = new Set<number>([this.term.rows - 1]);
    for (const r of this.erasedRows) if (r > 0) shifted.add(r - 1);
    this.erasedRows = shifted;
    this.checkProof();
  }

  private scrollRegion(params: (number | number[])[]): boolean {
    const top = first(params);
    const bottom = typeof params[1] === 'number' ? params[1] : 0;
    this.regionScrolls = top > 1 || (bottom !== 0 && bottom < this.term.rows);
    return false;
  }

  private forgetErased(): boolean {
    if (this.doubt !== null) this.erasedRows.clear();
    return false;
  }

  private eraseAll(): void {
    for (let r = 0; r < this.term.rows; r++) this.erasedRows.add(r);
    this.checkProof();
  }

  private erased(row: number): void {
    this.erasedRows.add(row);
    this.checkProof();
  }

  private checkProof(): void {
    if (this.doubt === null || !this.positioned) return;
    for (let r = 0; r < this.term.rows; r++) if (!this.erasedRows.has(r)) return;
    this.doubt = null;
  }
}

/** The screen as compared across start rows: every row with its styles, then the cursor. */
function screenKey(term: Terminal): string {
  const buffer = term.buffer.active;
  const cell = buffer.getNullCell();
  const rows: string[] = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.baseY + y);
    rows.push(line ? renderRow(line, term.cols, cell).styled : '');
  }
  rows.push(`cursor ${buffer.cursorX},${buffer.cursorY}`);
  return rows.join('\n');
}

function first(params: (number | number[])[]): number {
  const p = params[0];
  return typeof p === 'number' ? p : 0;
}

interface BufferLineLike {
  getCell(x: number, cell?: IBufferCell): IBufferCell | undefined;
}

/** One row as plain text and as text with SGR escapes, trailing blank cells dropped from both. */
function renderRow(line: BufferLineLike, cols: number, cell: IBufferCell): { plain: string; styled: string } {
  const cells: Array<{ chars: string; sgr: string }> = [];
  for (let x = 0; x < cols; x++) {
    const c = line.getCell(x, cell);
    if (!c || c.getWidth() === 0) continue; // the second half of a wide character
    cells.push({ chars: c.getChars() || ' ', sgr: sgrOf(c) });
  }
  let end = cells.length;
  while (end > 0 && cells[end - 1]?.chars === ' ') end--;
  let plain = '';
  let styled = '';
  let current = '';
  for (let i = 0; i < end; i++) {
    const c = cells[i];
    if (!c) continue;
    plain += c.chars;
    if (c.sgr !== current) {
      styled += `\x1b[0m${c.sgr === '' ? '' : `\x1b[${c.sgr}m`}`;
      current = c.sgr;
    }
    styled += c.chars;
  }
  if (current !== '') styled += '\x1b[0m';
  return { plain, styled };
}

/** The SGR parameters of a cell's attributes, as tmux writes them (empty for the default). */
function sgrOf(c: IBufferCell): string {
  const p: string[] = [];
  if (c.isBold()) p.push('1');
  if (c.isDim()) p.push('2');
  if (c.isItalic()) p.push('3');
  if (c.isUnderline()) p.push('4');
  if (c.isBlink()) p.push('5');
  if (c.isInverse()) p.push('7');
  if (c.isInvisible()) p.push('8');
  if (c.isStrikethrough()) p.push('9');
  const fg = colour(c.isFgDefault(), c.isFgPalette(), c.isFgRGB(), c.getFgColorMode(), c.getFgColor(), 30);
  const bg = colour(c.isBgDefault(), c.isBgPalette(), c.isBgRGB(), c.getBgColorMode(), c.getBgColor(), 40);
  if (fg) p.push(fg);
  if (bg) p.push(bg);
  return p.join(';');
}

/** xterm.js colour modes: 16-colour palette, 256-colour palette (see its buffer attributes). */
const CM_P16 = 0x1000000;

function colour(
  isDefault: boolean,
  isPalette: boolean,
  isRgb: boolean,
  mode: number,
  value: number,
  base: 30 | 40,
): string | undefined {
  if (isDefault) return undefined;
  if (isRgb) return `${base + 8};2;${(value >> 16) & 0xff};${(value >> 8) & 0xff};${value & 0xff}`;
  if (!isPalette) return undefined;
  if (mode === CM_P16) return value < 8 ? String(base + value) : String(base + 60 + value - 8);
  return `${base + 8};5;${value}`;
}
