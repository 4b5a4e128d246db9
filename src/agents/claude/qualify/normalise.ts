// Claude Code's volatile screen content, normalised so that re-capturing gives the same files
// (fixtures/README.md lists every rule): turn summaries with a random verb and a clock, the
// animated spinner line, and how an overflowing transcript leaves the top row.
import { SGR_RUN, stripSgr } from '../../../qualify/sgr';
import type { Rule, VolatileLine, VolatilePair, VolatileSpan } from '../../../qualify/agents/types';
import { spanPair } from '../../../qualify/volatile-span';

const G = SGR_RUN;

export const CLAUDE_RULES: Rule[] = [
  // Claude: "✻ Crunched for 1s · done 11:28 AM" (random past-tense verb, duration, wall clock). In the
  // styled capture the glyph and the text are separate SGR runs.
  {
    name: 'claude turn summary',
    re: new RegExp(
      `([✻✽✶✳✢·*])(${G}) (${G})\\p{L}+(?:-\\p{L}+)* for (?:\\d+h )?(?:\\d+m )?\\d+s · done \\d{1,2}:\\d{2} ?[AP]M`,
      'gu',
    ),
    to: '$1$2 $3Worked for 0s · done 12:00 PM',
  },
  // Claude working line: "✢ Thinking…" (animated glyph, random verb), sometimes with counters
  // "(3s · ↓ 12 tokens · esc to interrupt)". Plain captures only: styled ones shimmer per letter.
  { name: 'claude spinner verb', re: /^[✻✽✶✳✢·*] \p{L}+(?:-\p{L}+)*…/gmu, to: '✻ Working…' },
  {
    name: 'claude spinner counters',
    re: /\((?:\d+h )?(?:\d+m )?\d+s · ([↓↑]) \d+(?:\.\d+k)? tokens/g,
    to: '(0s · $1 0 tokens',
  },
  // Plan mode names its plan file with three random words: "~/.claude/plans/go-humble-boot.md".
  { name: 'claude plan file', re: /(\.claude\/plans\/)[a-z]+(?:-[a-z]+)*\.md/g, to: '$1plan-file.md' },
  {
    name: 'claude spinner seconds',
    re: /\((?:\d+h )?(?:\d+m )?\d+s · esc to interrupt/g,
    to: '(0s · esc to interrupt',
  },
];

export const CLAUDE_VOLATILE_LINES: VolatileLine[] = [
  { name: 'claude spinner line (glyph, verb, shimmer)', re: /^\s*[✻✽✶✳✢·*] \p{L}+(?:-\p{L}+)*…/u },
  // The logo's first row: its art blinks while working and, from 2.1.271, waves when idle. A frame
  // of the wave may draw it with any block element, tildes or dots, or with no art at all (the art
  // moved a row down): the row is the banner's by its words, whatever its art.
  { name: 'claude logo animation while working', re: /^[\s\u2580-\u259f~·]*\sClaude Code v/u },
];

/** The characters of the logo's art in any frame of its animation: block elements, tildes and dots. */
const ART = '\\u2580-\\u259f~·';
/**
 * A banner row of the logo: its art (at least one mark of it), two spaces, then the model line or
 * the work folder. Only in the screen's first rows, where the banner is drawn.
 */
const LOGO_ROW = new RegExp(`^[ ${ART}]*[${ART}][ ${ART}]*? {2}(\\S.*)$`, 'u');
const LOGO_ROWS = 6;
/** The same banner row with its art not drawn in this frame (the art moved a row down). */
const BARE_LOGO_ROW = /^ {9,}(\S.*)$/;

export const CLAUDE_VOLATILE_SPANS: VolatileSpan[] = [
  {
    // The footer's "← for agents" hint is drawn once the client's agents check has answered: a screen
    // drawn before it (a loaded machine, the first screen after an answer) has the footer without it.
    name: 'claude footer agents hint',
    row: /^\s*(?:[⏸⏵]+ .* on\b|\? for shortcuts|← for agents)/u,
    span: / · ← for agents|← for agents · /gu,
  },
];

export const CLAUDE_VOLATILE_PAIRS: VolatilePair[] = [
  ...CLAUDE_VOLATILE_SPANS.map(spanPair),
  {
    // From 2.1.271 the logo waves on the idle screen too: the block art of its rows changes.
    name: 'claude logo art',
    test: (a, b, row) => {
      if (row >= LOGO_ROWS) return false;
      const [pa, pb] = [stripSgr(a), stripSgr(b)];
      const [x, y] = [LOGO_ROW.exec(pa), LOGO_ROW.exec(pb)];
      if (x && y) return x[1] === y[1];
      // One frame drew the art, the other none: the same words at the same column.
      const [art, bare] = x ? [pa, pb] : [pb, pa];
      const words = (x ?? y)?.[1];
      const blank = BARE_LOGO_ROW.exec(bare);
      return words !== undefined && !!blank && blank[1] === words && bare.indexOf(words) === art.indexOf(words);
    },
    canonical: (plain, row) => (row < LOGO_ROWS ? LOGO_ROW.exec(plain)?.[1] : undefined),
  },
  {
    // When Claude's transcript fills an 80x24 screen, the top row is left either blank or holding the
    // first logo line, depending on how the last redraw scrolled.
    name: 'claude top row after the transcript overflowed',
    test: (a, b, row) => {
      if (row !== 0) return false;
      const [x, y] = [stripSgr(a).trim(), stripSgr(b).trim()];
      const logo = /^▐[▛▜▙▟█]+\s+Claude Code v/;
      return (x === '' && logo.test(y)) || (y === '' && logo.test(x));
    },
    canonical: (plain, row) =>
      row === 0 && (plain.trim() === '' || /^▐[▛▜▙▟█]+\s+Claude Code v/.test(plain.trim())) ? '' : undefined,
  },
];
