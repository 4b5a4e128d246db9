/**
 * The bytes a terminal sends for a key, for an endpoint that writes bytes itself: the tmux key
 * names the adapters plan with (see KEY_NAME_RE), spelled as xterm.js spells them, in the
 * program's current cursor-keys mode.
 */
import { AkkError } from '../../../shared/errors';
import { KEY_NAME_RE } from '../endpoint';

const ESC = '\x1b';

const FIXED: Readonly<Record<string, string>> = {
  Enter: '\r',
  Escape: ESC,
  Tab: '\t',
  BTab: `${ESC}[Z`,
  Space: ' ',
  BSpace: '\x7f',
  Home: `${ESC}[H`,
  End: `${ESC}[F`,
  PageUp: `${ESC}[5~`,
  PPage: `${ESC}[5~`,
  PageDown: `${ESC}[6~`,
  NPage: `${ESC}[6~`,
  IC: `${ESC}[2~`,
  DC: `${ESC}[3~`,
};
const ARROWS: Readonly<Record<string, string>> = { Up: 'A', Down: 'B', Right: 'C', Left: 'D' };
const FUNCTION_KEYS = ['OP', 'OQ', 'OR', 'OS', '[15~', '[17~', '[18~', '[19~', '[20~', '[21~', '[23~', '[24~'];

/** The bytes for one key name; `invalid_params` for a name outside KEY_NAME_RE. */
export function keyBytes(name: string, applicationCursorKeys: boolean): string {
  if (!KEY_NAME_RE.test(name)) throw new AkkError('invalid_params', `not a key name: ${JSON.stringify(name)}`);
  const fixed = FIXED[name];
  if (fixed !== undefined) return fixed;
  const arrow = /^(?:([SM])-)?(Up|Down|Left|Right)$/.exec(name);
  if (arrow) {
    const final = ARROWS[arrow[2] ?? ''] ?? '';
    if (arrow[1] === 'S') return `${ESC}[1;2${final}`;
    if (arrow[1] === 'M') return `${ESC}[1;3${final}`;
    return `${ESC}${applicationCursorKeys ? 'O' : '['}${final}`;
  }
  const fn = /^F(\d+)$/.exec(name);
  if (fn) return `${ESC}${FUNCTION_KEYS[Number(fn[1]) - 1] ?? ''}`;
  const ctrl = /^C-([a-z])$/.exec(name);
  if (ctrl) return String.fromCharCode((ctrl[1] ?? 'a').charCodeAt(0) - 96);
  const meta = /^M-([a-z])$/.exec(name);
  if (meta) return `${ESC}${meta[1] ?? ''}`;
  return name; // a digit or a letter
}
