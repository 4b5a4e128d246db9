// Codex in the test harness: the versions it is tested at, where its executable lies in an install,
// how it is launched against the fake model, its scenarios, and its volatile content.
import * as path from 'node:path';
import type { HarnessAgent } from '../../../qualify/agents/types';
import { CODEX_PROMPT_SHAPES } from './prompt-shapes';
import { prepareCodex } from './launch';
import { codexModel } from './model';
import { CODEX_RULES, CODEX_VOLATILE_LINES, CODEX_VOLATILE_PAIRS, CODEX_VOLATILE_SPANS } from './normalise';
import { CODEX_SCENARIOS } from './scenarios';
import { CODEX_STARTUP_SCENARIOS } from './startup-scenarios';

// Each version was checked with `npm view @openai/codex@<version> version`. The live tier runs the
// newest at 120x40 and each seed version at 80x24; the fixture corpus covers every one.
const NEWEST = '0.171.0';

export const codexHarness: HarnessAgent = {
  newest: NEWEST,
  versions: ['0.153.4', '0.154.0', '0.155.1', NEWEST],
  // 0.162.0 opened the generation after 0.161.0's.
  differing: { version: '0.162.0', below: '0.161.0' },
  binaryIn: (dir) => path.join(dir, 'node_modules', '@openai', 'codex', 'bin', 'codex.js'),
  prepare: prepareCodex,
  requirementsFile: 'codex/requirements.toml',
  model: codexModel,
  scenarios: [...CODEX_SCENARIOS, ...CODEX_STARTUP_SCENARIOS],
  promptShapes: CODEX_PROMPT_SHAPES,
  corpusShapes: [
    ['idle', 'idle'],
    ['working', 'working'],
    ['single-select', 'single'],
    ['free-text', 'notes'],
    ['multi-question', 'multi-Q'],
    ['final-review', 'unanswered review'],
    ['permission-command', 'command'],
    ['permission-file-change', 'file change'],
    ['async-question', 'async'],
    ['after-answer', 'after answer'],
  ],
  normalise: {
    rules: CODEX_RULES,
    volatileLines: CODEX_VOLATILE_LINES,
    volatilePairs: CODEX_VOLATILE_PAIRS,
    volatileSpans: CODEX_VOLATILE_SPANS,
  },
};
