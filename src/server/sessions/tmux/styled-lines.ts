/**
 * `capture-pane -e` writes the SGR state as a change from the previous cell, and that previous
 * cell may be on an earlier row: a row can begin in a colour set two rows above. The adapters
 * read each styled row on its own, so each row is given the state it starts in.
 */

interface SgrState {
  attrs: Set<string>;
  fg?: string;
  bg?: string;
  underline?: string;
}

const ESC = String.fromCharCode(27);
const SGR = new RegExp(`${ESC}\\[([0-9;:]*)m`, 'g');
const ATTR_OFF: Record<string, readonly string[]> = {
  '22': ['1', '2'],
  '23': ['3'],
  '24': ['4', '4:1', '4:2', '4:3', '4:4', '4:5', '21'],
  '25': ['5', '6'],
  '27': ['7'],
  '28': ['8'],
  '29': ['9'],
  '55': ['53'],
};

/** Applies one SGR sequence's parameters to the state, as the terminal does. */
function apply(state: SgrState, params: string): void {
  const p = params === '' ? ['0'] : params.split(';');
  for (let i = 0; i < p.length; i++) {
    const n = p[i] ?? '';
    if (n === '0' || n === '') {
      state.attrs.clear();
      state.fg = state.bg = state.underline = undefined;
    } else if (n === '38' || n === '48' || n === '58') {
      const take = p[i + 1] === '5' ? 2 : p[i + 1] === '2' ? 4 : 0;
      const value = [n, ...p.slice(i + 1, i + 1 + take)].join(';');
      if (n === '38') state.fg = value;
      else if (n === '48') state.bg = value;
      else state.underline = value;
      i += take;
    } else if (n === '39') state.fg = undefined;
    else if (n === '49') state.bg = undefined;
    else if (n === '59') state.underline = undefined;
    else if (/^(3[0-7]|9[0-7])$/.test(n)) state.fg = n;
    else if (/^(4[0-7]|10[0-7])$/.test(n)) state.bg = n;
    else if (ATTR_OFF[n]) for (const a of ATTR_OFF[n]) state.attrs.delete(a);
    else state.attrs.add(n);
  }
}

function parameters(state: SgrState): string {
  return [...[...state.attrs].sort(), state.fg, state.bg, state.underline].filter((x) => x !== undefined).join(';');
}

/** The styled rows, each prefixed with the SGR state the previous rows left in force. */
export function selfContainedRows(styled: string): string {
  const state: SgrState = { attrs: new Set() };
  const rows = styled.split('\n');
  return rows
    .map((row) => {
      const carried = parameters(state);
      for (const m of row.matchAll(SGR)) apply(state, m[1] ?? '');
      return carried === '' ? row : `${ESC}[0;${carried}m${row}`;
    })
    .join('\n');
}
