// Volatile screen content and how captures normalise it, so that re-capturing gives the same files:
// the run folder and the fake model's ids here, each agent's own content in its harness entry
// (src/agents/<agent>/qualify/normalise.ts). Every rule is listed in fixtures/README.md.
import { AGENTS } from '../shared/agents';
import { HARNESS_AGENTS } from './agents';
import type { Rule, VolatileLine, VolatilePair } from './agents/types';
import { RUN_ROOT_PLACEHOLDER, RUN_ROOT_RE } from './launch';
import { SGR_RUN, stripSgr } from './sgr';

export { stripSgr } from './sgr';

/**
 * The run root, also where the terminal wrapped it onto the next line (a newline, possibly with SGR
 * escapes, between any two of its characters). Replaced character by character so line breaks stay.
 */
const ROOT_PREFIX = '/tmp/akk-';
// A line break, with SGR escapes around it and the continuation line's indent.
const GAP = '(?:(?:\\x1b\\[[0-9;:]*m)*\\n(?:\\x1b\\[[0-9;:]*m| )*)?';
const WRAPPED_ROOT = new RegExp(
  [...ROOT_PREFIX].map((c) => c.replace(/[-/]/g, '\\$&')).join(GAP) + GAP + Array(8).fill('[0-9a-f]').join(GAP),
  'g',
);
function sameShapeRoot(match: string): string {
  let i = 0;
  // eslint-disable-next-line no-control-regex
  return match.replace(/\x1b\[[0-9;:]*m|\n|./g, (tok) =>
    tok.length === 1 && tok !== '\n' && tok !== ' ' ? (RUN_ROOT_PLACEHOLDER[i++] ?? tok) : tok,
  );
}

const G = SGR_RUN;

const RUN_ROOT_RULES: Rule[] = [
  // Both clients print the work folder (banner, status line, permission option 2, tool results).
  // Runs live under /tmp/akk-<8 hex>/ (HOME is <root>/home, the work folder <root>/project): the
  // placeholder has the same length, so wrapping is exactly as captured.
  { name: 'run root path', re: RUN_ROOT_RE, to: RUN_ROOT_PLACEHOLDER },
  { name: 'run root path (wrapped)', re: WRAPPED_ROOT, to: sameShapeRoot },
  // A wrapped root whose first line scrolled off the top: only "<8 hex>/home/…" is left on row 1.
  {
    name: 'run root path (tail on the top row)',
    re: new RegExp(`^(\\s*${G})[0-9a-f]{8}(?=/(?:home|project)\\b)`),
    to: '$100000000',
  },
];

/** Ground truth only: ids minted per run by the fake model. */
const TOOL_USE_IDS: Rule = { name: 'tool-use ids', re: /\b(toolu|call)_[0-9a-f]{20,}\b/g, to: '$1_<id>' };

/** Replacements applied to plain and styled captures and to ground-truth answers. */
const RULES: Rule[] = [...RUN_ROOT_RULES, ...AGENTS.flatMap((a) => HARNESS_AGENTS[a].normalise.rules), TOOL_USE_IDS];

export function normalise(text: string): string {
  let out = text;
  for (const r of RULES) out = typeof r.to === 'string' ? out.replace(r.re, r.to) : out.replace(r.re, r.to);
  return out;
}

/**
 * Lines whose content is animated or random (spinner glyph and verb, shimmer colours) and that a
 * re-capture may show differently even after normalisation. compare-captures ignores them.
 */
const VOLATILE_LINES: VolatileLine[] = AGENTS.flatMap((a) => HARNESS_AGENTS[a].normalise.volatileLines);

export function isVolatileLine(line: string): string | undefined {
  const plain = stripSgr(line);
  return VOLATILE_LINES.find((v) => v.re.test(plain))?.name;
}

/**
 * Pairs of lines that differ between two captures of the same step for reasons outside the harness's
 * control; compare-captures accepts them and names them. `styled` is true for `.ansi.txt` files.
 */
export const VOLATILE_PAIRS: VolatilePair[] = AGENTS.flatMap((a) => HARNESS_AGENTS[a].normalise.volatilePairs);

/**
 * A line with the blinking bullet of a pending Claude tool call ("● Creating an empty notes file" /
 * "  Creating an empty notes file") shown as blank.
 */
export function unblink(line: string): string {
  // eslint-disable-next-line no-control-regex
  return line.replace(/^((?:\x1b\[[0-9;:]*m)*)●/, '$1 ');
}

/**
 * The screen without its animated parts (volatile lines blanked, blinking bullets off): what a key
 * press must change to count as having taken effect, and what must stay still to count as settled.
 */
export function stableView(screen: string): string {
  return screen
    .split('\n')
    .map((l) => (isVolatileLine(l) ? '<animated>' : unblink(l)))
    .join('\n');
}

type Style = Record<string, string>;

function applySgr(style: Style, params: string): void {
  const p = params === '' ? ['0'] : params.split(/[;:]/);
  for (let i = 0; i < p.length; i++) {
    const n = Number(p[i]);
    if (n === 0) for (const k of Object.keys(style)) delete style[k];
    else if (n === 38 || n === 48 || n === 58) {
      const key = n === 38 ? 'fg' : n === 48 ? 'bg' : 'ul';
      if (p[i + 1] === '5') {
        style[key] = `5;${p[i + 2]}`;
        i += 2;
      } else if (p[i + 1] === '2') {
        style[key] = `2;${p[i + 2]};${p[i + 3]};${p[i + 4]}`;
        i += 4;
      }
    } else if (n === 39) delete style.fg;
    else if (n === 49) delete style.bg;
    else if (n === 59) delete style.ul;
    else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) style.fg = String(n);
    else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) style.bg = String(n);
    else if (n === 22) {
      delete style.a1;
      delete style.a2;
    } else if (n >= 1 && n <= 9) style[`a${n}`] = '1';
    else if (n >= 23 && n <= 29) delete style[`a${n - 20}`];
  }
}

/**
 * A styled capture as cells (character + effective style) per line, so that two captures that draw
 * the same cells with different but equivalent escape sequences compare equal. tmux carries the
 * style from one line to the next, so the state runs on across lines.
 */
export function styledCells(screen: string): string[] {
  const style: Style = {};
  return screen.split('\n').map((line) => {
    const cells: string[] = [];
    // eslint-disable-next-line no-control-regex
    for (const tok of line.match(/\x1b\[([0-9;:]*)m|[^\x1b]/gu) ?? []) {
      // eslint-disable-next-line no-control-regex
      const m = /^\x1b\[([0-9;:]*)m$/.exec(tok);
      if (m) applySgr(style, m[1] ?? '');
      else {
        const key = Object.keys(style)
          .sort()
          .map((k) => `${k}=${style[k]}`)
          .join(',');
        cells.push(`${tok}\u0000${key}`);
      }
    }
    // Trailing blanks in the default style are not drawn content.
    while (cells.length > 0 && cells[cells.length - 1] === ' \u0000') cells.pop();
    return cells.join('\u0001');
  });
}
