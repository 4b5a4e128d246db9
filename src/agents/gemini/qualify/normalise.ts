// Gemini CLI's volatile screen content, normalised so that re-capturing gives the same files
// (fixtures/README.md lists every rule): the working line's spinner, phrase and seconds, and the
// run folder's name where a dialog names it alone.
import type { Rule, VolatileLine, VolatilePair, VolatileSpan } from '../../../qualify/agents/types';

export const GEMINI_RULES: Rule[] = [
  // "⠋ Thinking... (esc to cancel, 3s)": the seconds count up while the turn works.
  { name: 'gemini working seconds', re: /\(esc to cancel, (?:\d+m )?\d+s\)/g, to: '(esc to cancel, 0s)' },
  // The folder-trust screen offers the run folder's parent by its name alone: "(akk-1a2b3c4d)".
  // Ground truth only: a shell command's result names the process group it ran in.
  { name: 'gemini process group', re: /Process Group PGID: \d+/g, to: 'Process Group PGID: 0' },
  { name: 'gemini run folder name', re: /\(akk-[0-9a-f]{8}\)/g, to: '(akk-00000000)' },
];

export const GEMINI_VOLATILE_LINES: VolatileLine[] = [
  // The spinner turns, and the phrase beside it is one of many the client picks while it works.
  { name: 'gemini working line (spinner, phrase)', re: /\(esc to cancel, 0s\)/ },
];

export const GEMINI_VOLATILE_PAIRS: VolatilePair[] = [];

/** Gemini CLI draws no hint by timing. */
export const GEMINI_VOLATILE_SPANS: VolatileSpan[] = [];
