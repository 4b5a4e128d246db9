// Codex's volatile screen content, normalised so that re-capturing gives the same files
// (fixtures/README.md lists every rule): turn summaries and working timers, ids and timings in
// command output, and the thread title in the status line.
import { stripSgr } from '../../../qualify/sgr';
import type { Rule, VolatileLine, VolatilePair, VolatileSpan } from '../../../qualify/agents/types';

/** Any run of SGR escapes. */
const SGR = '(?:\\x1b\\[[0-9;:]*m)*';

export const CODEX_RULES: Rule[] = [
  // Codex 0.155.1 ends a turn with a dim "  done 12:21 PM" line of its own.
  { name: 'turn end clock', re: /\bdone \d{1,2}:\d{2} ?[AP]M/g, to: 'done 12:00 PM' },
  // Codex 0.156 and later end a turn with a dim line holding only the 24-hour clock: "  19:20".
  {
    name: 'turn end clock (24-hour)',
    // eslint-disable-next-line no-control-regex
    re: /^((?:\x1b\[[0-9;:]*m)*\s{2}(?:\x1b\[[0-9;:]*m)*)\d{1,2}:\d{2}((?:\x1b\[[0-9;:]*m)*)$/gm,
    to: '$100:00$2',
  },
  // Codex: "Worked for 1s • 11:26" / "Worked for <1s • 11:26", "Working (3s • esc to interrupt)".
  {
    name: 'codex turn summary',
    re: /Worked for (?:<1s|(?:\d+h )?(?:\d+m )?\d+s) • \d{1,2}:\d{2}/g,
    to: 'Worked for 0s • 00:00',
  },
  { name: 'codex working seconds', re: /Working \((?:\d+h )?(?:\d+m )?\d+s •/g, to: 'Working (0s •' },
  // Codex 0.158-0.160 greet with a line picked at random per launch, under the banner's folder line
  // (indented by five; the folder-trust screen's folder line, indented by two, is followed by its question).
  {
    name: 'codex greeting',
    re: new RegExp(
      `(^${SGR} {5}${SGR}/tmp/akk-0{8}/project${SGR}\\n${SGR}\\n${SGR} {2}${SGR})([^\\s\\x1b][^\\n\\x1b]*)`,
      'gm',
    ),
    to: '$1Hello.',
  },
  // Ground truth only: ids and timings in command output.
  { name: 'codex chunk id', re: /Chunk ID: [0-9a-f]+/g, to: 'Chunk ID: 000000' },
  { name: 'codex wall time', re: /Wall time: \d+(?:\.\d+)? seconds/g, to: 'Wall time: 0.0 seconds' },
];

export const CODEX_VOLATILE_LINES: VolatileLine[] = [
  { name: 'codex working line (shimmer)', re: /Working \(0s •|esc to interrupt\)/ },
];

/** The status line up to the thread title, which is generated per session (and missing until it is). */
const THREAD_TITLE = /^(\s*\S+ default · [^·]*?)(?: · .*)?\s*$/;

export const CODEX_VOLATILE_PAIRS: VolatilePair[] = [
  {
    // Codex colours the thread title in the status line with a colour chosen per session.
    name: 'codex thread title colour in the status line',
    test: (a, b, _row, styled) => styled && stripSgr(a) === stripSgr(b) && / default · .* · /.test(stripSgr(a)),
    canonical: (plain) => THREAD_TITLE.exec(plain)?.[1],
  },
  {
    // Codex 0.154/0.155 show "renaming... ⠋" in place of the thread title while the title request runs.
    name: 'codex thread title still being generated',
    test: (a, b) => {
      const [x, y] = [stripSgr(a), stripSgr(b)];
      const re = /^(.* default · .* · )(.*)$/;
      const [mx, my] = [re.exec(x), re.exec(y)];
      return (
        !!mx && !!my && mx[1] === my[1] && (/^renaming\.\.\./.test(mx[2] ?? '') || /^renaming\.\.\./.test(my[2] ?? ''))
      );
    },
    canonical: (plain) => THREAD_TITLE.exec(plain)?.[1],
  },
];

/** Codex draws no hint by timing. */
export const CODEX_VOLATILE_SPANS: VolatileSpan[] = [];
