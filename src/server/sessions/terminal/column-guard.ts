/**
 * After a resize, the real terminal reflowed its lines: the cursor's row and column are not in the
 * stream. A start-row proof covers the row (every row is a hypothesis); the column it cannot try,
 * so it holds only while the stream sets the column (carriage return, a column or cursor position)
 * before anything whose effect depends on it. This guard reads the stream up to that point:
 * moves up and down, whole-line and whole-screen erases, styles, modes and strings leave the
 * column alone and are let through; a printed character, a tab, a sideways move, a partial erase
 * or a saved cursor ends the proof. Ink redraws after a resize exactly so: it moves down, erases
 * its previous lines one by one upward (`CSI 2K`, `CSI 1A`) and then goes to column 1 (`CSI G`).
 */

export type ColumnVerdict = 'pending' | 'set' | 'depends';

type State = 'ground' | 'escape' | 'charset' | 'csi' | 'string' | 'string-escape';

/** CSI finals that set the column (CHA, HPA, CUP, HVP, CNL, CPL; DECSTBM homes the cursor). */
const SETS_COLUMN = new Set(['G', '`', 'H', 'f', 'E', 'F', 'r']);
/** CSI finals that leave the column alone: vertical moves and scrolls, styles, reports. */
const KEEPS_COLUMN = new Set(['A', 'B', 'e', 'd', 'S', 'T', 'm', 'n', 'c']);
/** Private modes that move the cursor or change the screen's width or origin. */
const MOVING_MODES = new Set([3, 6, 69]);

export class ColumnGuard {
  private state: State = 'ground';
  private params = '';
  private verdict: ColumnVerdict = 'pending';

  get result(): ColumnVerdict {
    return this.verdict;
  }

  /** Reads a chunk up to the column being set (or depended on); later chunks are not read. */
  scan(data: string): ColumnVerdict {
    for (let i = 0; i < data.length && this.verdict === 'pending'; i++) this.step(data[i] ?? '');
    return this.verdict;
  }

  private step(ch: string): void {
    const code = ch.charCodeAt(0);
    switch (this.state) {
      case 'ground':
        return this.ground(ch, code);
      case 'escape':
        return this.escape(ch);
      case 'charset':
        // The designated set applies to what is printed after the column is set, as in every hypothesis.
        this.state = 'ground';
        return;
      case 'csi':
        if (code >= 0x40 && code <= 0x7e) {
          this.state = 'ground';
          this.csi(this.params, ch);
        } else if (code === 0x18 || code === 0x1a) this.state = 'ground';
        else if (code < 0x20) {
          // A control inside a sequence: ESC begins another, the rest are executed where they stand.
          if (ch === '\x1b') this.state = 'escape';
          else this.ground(ch, code);
        } else this.params += ch;
        return;
      case 'string':
        if (ch === '\x07') this.state = 'ground';
        else if (ch === '\x1b') this.state = 'string-escape';
        return;
      case 'string-escape':
        // ESC \ ends the string; ESC and anything else ends it and begins another sequence.
        this.state = 'ground';
        if (ch !== '\\') this.escape(ch);
        return;
    }
  }

  private ground(ch: string, code: number): void {
    if (ch === '\r') this.verdict = 'set';
    else if (ch === '\x1b') this.state = 'escape';
    else if (ch === '\b' || ch === '\t' || code >= 0x80 || (code >= 0x20 && code !== 0x7f)) this.verdict = 'depends';
    // Line feeds and the other C0 controls keep the column.
  }

  private escape(ch: string): void {
    this.state = 'ground';
    if (ch === '[') {
      this.state = 'csi';
      this.params = '';
    } else if (ch === ']' || ch === 'P' || ch === '_' || ch === '^' || ch === 'X') this.state = 'string';
    else if (ch === '(' || ch === ')' || ch === '*' || ch === '+') this.state = 'charset';
    else if (ch === 'E' || ch === 'c') this.verdict = 'set';
    else if (!['M', 'D', '=', '>'].includes(ch)) this.verdict = 'depends';
  }

  private csi(params: string, final: string): void {
    const prefix = /^[?<>=]/.test(params) ? (params[0] ?? '') : '';
    const body = prefix ? params.slice(1) : params;
    if (/[^0-9;:]/.test(body)) {
      // Intermediates: only a cursor shape (`CSI 2 q`) leaves the column and the screen alone.
      this.verdict = final === 'q' && /^[0-9]* $/.test(body) ? 'pending' : 'depends';
      return;
    }
    const values = body === '' ? [] : body.split(';').map((v) => Number(v.split(':')[0] || '0'));
    const only = values.length <= 1 ? (values[0] ?? 0) : -1;
    if (prefix === '?') {
      if (final === 'h' || final === 'l')
        this.verdict = values.some((v) => MOVING_MODES.has(v)) ? 'depends' : 'pending';
      else if (final === 'J' || final === 'K') this.verdict = only === 2 ? 'pending' : 'depends';
      return;
    }
    // Queries and key-protocol settings (`CSI > 4;2 m`, `CSI ? u`) touch neither cursor nor screen.
    if (prefix !== '') return;
    if (SETS_COLUMN.has(final)) this.verdict = 'set';
    else if (final === 'K') this.verdict = only === 2 ? 'pending' : 'depends';
    else if (final === 'J') this.verdict = only === 2 || only === 3 ? 'pending' : 'depends';
    else if (final === 'h' || final === 'l') this.verdict = values.includes(4) ? 'depends' : 'pending';
    else if (!KEEPS_COLUMN.has(final)) this.verdict = 'depends';
  }
}
