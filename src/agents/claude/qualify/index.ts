// Claude Code in the test harness: the versions it is tested at, where its executable lies in an
// install, how it is launched against the fake model, its scenarios, and its volatile content.
import * as path from 'node:path';
import type { HarnessAgent } from '../../../qualify/agents/types';
import { CLAUDE_PROMPT_SHAPES } from './prompt-shapes';
import { CLAUDE_THEMES, prepareClaude } from './launch';
import { claudeModel } from './model';
import { CLAUDE_RULES, CLAUDE_VOLATILE_LINES, CLAUDE_VOLATILE_PAIRS, CLAUDE_VOLATILE_SPANS } from './normalise';
import { CLAUDE_DAILY_SCENARIOS, CLAUDE_STARTUP_SCENARIOS } from './daily-scenarios';
import { CLAUDE_SCENARIOS } from './scenarios';
import { CLAUDE_WRAPPED_SCENARIOS } from './wrapped-scenarios';

// Each version was checked with `npm view @anthropic-ai/claude-code@<version> version`. The live tier
// runs the newest at 120x40 and each seed version at 80x24; the fixture corpus covers every one.
const NEWEST = '2.1.332';

export const claudeHarness: HarnessAgent = {
  newest: NEWEST,
  versions: ['2.1.263', '2.1.266', '2.1.267', NEWEST],
  themes: CLAUDE_THEMES,
  readsStyles: true,
  binaryIn: (dir) => path.join(dir, 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe'),
  prepare: prepareClaude,
  model: claudeModel,
  scenarios: [...CLAUDE_SCENARIOS, ...CLAUDE_DAILY_SCENARIOS, ...CLAUDE_STARTUP_SCENARIOS, ...CLAUDE_WRAPPED_SCENARIOS],
  promptShapes: CLAUDE_PROMPT_SHAPES,
  corpusShapes: [
    ['idle', 'idle'],
    ['working', 'working'],
    ['single-select', 'single'],
    ['multi-select', 'multi'],
    ['free-text', 'free text'],
    ['multi-question', 'multi-Q header'],
    ['final-review', 'review'],
    ['permission-bash', 'Bash'],
    ['permission-write', 'Write'],
    ['after-answer', 'after answer'],
  ],
  normalise: {
    rules: CLAUDE_RULES,
    volatileLines: CLAUDE_VOLATILE_LINES,
    volatilePairs: CLAUDE_VOLATILE_PAIRS,
    volatileSpans: CLAUDE_VOLATILE_SPANS,
  },
};
