/**
 * The proof for a program that draws inline, below the shell's lines, without ever erasing the
 * whole terminal or placing the cursor absolutely (Ink-based agents such as Gemini CLI).
 *
 * When the program starts, the cursor is at column 0 of a row the stream does not say, and every
 * other cell holds something the stream does not say either. So every start row is a hypothesis:
 * one headless terminal per row, each starting with every cell unknown (a sentinel character) and
 * its cursor at column 0 of that row, all fed the same bytes. The screen is proven when every
 * hypothesis shows the same screen, with no unknown cell left on it: whatever the real start row
 * and whatever the shell had drawn, the real terminal shows that screen.
 *
 * Running a terminal per row from the start would cost as many parses of every byte. Only the two
 * extremes run from the start (the top row and the bottom row), and the bytes are kept: a cursor's
 * row after any sequence of relative moves, line feeds and prints is monotone in the row it started
 * on, so once the extremes' cursors agree every hypothesis's does. The rows between are built from
 * the kept bytes only when both extremes give the mirror's screen, and fed every later chunk.
 *
 * After a resize the column is not known either: with a ColumnGuard the proof holds only while the
 * stream sets the column before anything depends on it, and is given up otherwise.
 */
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { Terminal } from '@xterm/headless';
import type { ColumnGuard } from './column-guard';

/** A character no agent draws; a cell still holding it was never written by the program. */
const UNKNOWN = '\uE000';
/** The bytes kept before the hypotheses are built; beyond it the proof is given up until the next doubt. */
const MAX_KEPT_BYTES = 8 * 1024 * 1024;

/** A screen as compared across hypotheses: its rows with styles, and the cursor. */
type ScreenReader = (term: Terminal) => string;

export class StartRowProof {
  private kept: Array<string | Uint8Array> | null = [];
  private keptBytes = 0;
  /** The top-row and bottom-row hypotheses, from the start. */
  private extremes: [Terminal, Terminal] | null;
  /** The rows between, once built. */
  private between: Terminal[] | null = null;

  private readonly decoder = new TextDecoder('utf-8');

  constructor(
    private readonly cols: number,
    private readonly rows: number,
    private readonly read: ScreenReader,
    /** Where the cursor's column is not known (after a resize): what must set it first. */
    private readonly column?: ColumnGuard,
  ) {
    this.extremes = [this.hypothesis(0), this.hypothesis(rows - 1)];
  }

  /** Whether the proof can still be given (the kept bytes did not overflow). */
  get open(): boolean {
    return this.extremes !== null;
  }

  /** Feeds a chunk the mirror is fed; resolves once every terminal here has applied it. */
  async write(data: string | Uint8Array): Promise<void> {
    if (!this.extremes) return;
    if (this.column?.result === 'pending') {
      const text = typeof data === 'string' ? data : this.decoder.decode(data, { stream: true });
      if (this.column.scan(text) === 'depends') {
        this.dispose();
        return;
      }
    }
    if (this.kept) {
      this.keptBytes += data.length;
      if (this.keptBytes > MAX_KEPT_BYTES) {
        this.dispose();
        return;
      }
      this.kept.push(data);
    }
    await Promise.all([...this.extremes, ...(this.between ?? [])].map((t) => apply(t, data)));
  }

  /**
   * After a chunk: whether every start row gives the screen of `mirror` (which started on the top
   * row), with no unknown cell. The screens are read only once the cursors agree.
   */
  async proves(mirror: Terminal): Promise<boolean> {
    if (!this.extremes) return false;
    const [top, bottom] = this.extremes;
    const [b, m] = [bottom.buffer.active, mirror.buffer.active];
    if (b.cursorX !== m.cursorX || b.cursorY !== m.cursorY) return false;
    const screen = this.read(mirror);
    if (screen.includes(UNKNOWN) || this.read(bottom) !== screen || this.read(top) !== screen) return false;
    if (!this.between && this.kept) {
      const kept = this.kept;
      this.kept = null;
      this.between = [];
      for (let start = 1; start < this.rows - 1; start++) {
        const t = this.hypothesis(start);
        for (const chunk of kept) await apply(t, chunk);
        this.between.push(t);
      }
    }
    return (this.between ?? []).every((t) => this.read(t) === screen);
  }

  dispose(): void {
    for (const t of [...(this.extremes ?? []), ...(this.between ?? [])]) t.dispose();
    this.extremes = null;
    this.between = null;
    this.kept = null;
  }

  /** A terminal with every cell unknown and its cursor at column 0 of row `start`. */
  private hypothesis(start: number): Terminal {
    const t = headless(this.cols, this.rows);
    const fill = Array.from({ length: this.rows }, (_, y) => `\x1b[${y + 1};1H${UNKNOWN.repeat(this.cols)}`).join('');
    t.write(`${fill}\x1b[${start + 1};1H`);
    return t;
  }
}

/** The emulator's current pen, where this version of it keeps it (not part of its public API). */
interface PenHolder {
  _core?: { _inputHandler?: { _curAttrData?: { fg?: unknown; bg?: unknown } } };
}

/**
 * Whether `term` writes as a fresh terminal does, as every hypothesis starts: default colours and
 * attributes, no insert or origin mode, wrapping on. Where the pen cannot be read, it is not.
 */
export function plainPen(term: Terminal): boolean {
  const m = term.modes;
  if (m.insertMode || m.originMode || !m.wraparoundMode || m.reverseWraparoundMode) return false;
  const pen = (term as unknown as PenHolder)._core?._inputHandler?._curAttrData;
  return pen?.fg === 0 && pen.bg === 0;
}

/** A terminal as the mirror's, without scrollback: no hypothesis is ever read above its screen. */
function headless(cols: number, rows: number): Terminal {
  const t = new Terminal({ cols, rows, scrollback: 0, allowProposedApi: true });
  t.loadAddon(new Unicode11Addon());
  t.unicode.activeVersion = '11';
  return t;
}

function apply(t: Terminal, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve) => t.write(data, resolve));
}
