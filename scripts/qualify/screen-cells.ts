// A styled screen (SGR escapes between characters) read as cells: each character with the full
// SGR state in force. Two screens drawn with different but equivalent escapes compare equal.

interface Style {
  fg?: string;
  bg?: string;
  flags: Set<string>;
}

const FLAG_ON: Record<string, string> = {
  '1': 'bold',
  '2': 'dim',
  '3': 'italic',
  '4': 'underline',
  '5': 'blink',
  '7': 'inverse',
  '8': 'hidden',
  '9': 'strike',
};
const FLAG_OFF: Record<string, string[]> = {
  '22': ['bold', 'dim'],
  '23': ['italic'],
  '24': ['underline'],
  '25': ['blink'],
  '27': ['inverse'],
  '28': ['hidden'],
  '29': ['strike'],
};

function apply(s: Style, params: string): Style {
  const next: Style = { fg: s.fg, bg: s.bg, flags: new Set(s.flags) };
  const p = params === '' ? ['0'] : params.split(/[;:]/);
  for (let i = 0; i < p.length; i++) {
    const n = p[i] ?? '';
    const on = FLAG_ON[n];
    const off = FLAG_OFF[n];
    if (n === '0' || n === '') Object.assign(next, { fg: undefined, bg: undefined, flags: new Set<string>() });
    else if (on) next.flags.add(on);
    else if (off) for (const f of off) next.flags.delete(f);
    else if (n === '39') next.fg = undefined;
    else if (n === '49') next.bg = undefined;
    else if (n === '38' || n === '48') {
      const take = p[i + 1] === '5' ? 2 : p[i + 1] === '2' ? 4 : 0;
      const value = p.slice(i + 1, i + 1 + take).join(';');
      if (n === '38') next.fg = value;
      else next.bg = value;
      i += take;
    } else if (/^(3[0-7]|9[0-7])$/.test(n)) next.fg = n;
    else if (/^(4[0-7]|10[0-7])$/.test(n)) next.bg = n;
  }
  return next;
}

function key(s: Style): string {
  return `${s.fg ?? '-'}/${s.bg ?? '-'}/${[...s.flags].sort().join(',')}`;
}

const SGR_AT = /^\x1b\[([0-9;:]*)m/; // eslint-disable-line no-control-regex

/** The cells of one styled line: [character, style key]; trailing blank cells dropped. */
export function cellsOf(line: string): Array<[string, string]> {
  const cells: Array<[string, string]> = [];
  let style: Style = { flags: new Set() };
  let i = 0;
  while (i < line.length) {
    const m = SGR_AT.exec(line.slice(i, i + 64));
    if (m) {
      style = apply(style, m[1] ?? '');
      i += m[0].length;
      continue;
    }
    const cp = line.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(cp);
    cells.push([ch, key(style)]);
    i += ch.length;
  }
  while (cells.length > 0 && cells[cells.length - 1]?.[0] === ' ') cells.pop();
  return cells;
}

/** Up to `limit` differences, row by row: the plain text first, then each cell's style. */
export function cellDiff(aStyled: string, bStyled: string, aPlain: string, bPlain: string, limit = 8): string[] {
  const out: string[] = [];
  const ap = aPlain.split('\n');
  const bp = bPlain.split('\n');
  const as = aStyled.split('\n');
  const bs = bStyled.split('\n');
  const rows = Math.max(ap.length, bp.length, as.length, bs.length);
  for (let y = 0; y < rows && out.length < limit; y++) {
    const a = (ap[y] ?? '').trimEnd();
    const b = (bp[y] ?? '').trimEnd();
    if (a !== b) {
      out.push(`row ${y} text: tmux ${JSON.stringify(a)} / mirror ${JSON.stringify(b)}`);
      continue;
    }
    const ac = cellsOf(as[y] ?? '');
    const bc = cellsOf(bs[y] ?? '');
    const n = Math.max(ac.length, bc.length);
    for (let x = 0; x < n; x++) {
      const [ca, sa] = ac[x] ?? [' ', '-/-/'];
      const [cb, sb] = bc[x] ?? [' ', '-/-/'];
      if (ca !== cb || sa !== sb) {
        out.push(`row ${y} cell ${x}: tmux ${JSON.stringify(ca)} ${sa} / mirror ${JSON.stringify(cb)} ${sb}`);
        break;
      }
    }
  }
  return out;
}
