// Gemini CLI in the test harness: the versions it is tested at, where its executable lies in an
// install, how it is launched against the fake model, its scenarios, and its volatile content.
import * as path from 'node:path';
import type { HarnessAgent } from '../../../qualify/agents/types';
import { GEMINI_THEMES, prepareGemini } from './launch';
import { geminiModel } from './model';
import { GEMINI_RULES, GEMINI_VOLATILE_LINES, GEMINI_VOLATILE_PAIRS, GEMINI_VOLATILE_SPANS } from './normalise';
import { GEMINI_PROMPT_SHAPES } from './prompt-shapes';
import { GEMINI_QUESTION_SCENARIOS } from './question-scenarios';
import { GEMINI_SCENARIOS, GEMINI_STARTUP_SCENARIOS } from './scenarios';

// Checked with `npm view @google/gemini-cli@<version> version`.
const NEWEST = '0.61.0';

export const geminiHarness: HarnessAgent = {
  newest: NEWEST,
  versions: [NEWEST],
  themes: GEMINI_THEMES,
  binaryIn: (dir) => path.join(dir, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js'),
  prepare: prepareGemini,
  model: geminiModel,
  scenarios: [...GEMINI_SCENARIOS, ...GEMINI_QUESTION_SCENARIOS, ...GEMINI_STARTUP_SCENARIOS],
  promptShapes: GEMINI_PROMPT_SHAPES,
  corpusShapes: [
    ['idle', 'idle'],
    ['working', 'working'],
    ['permission-shell', 'shell'],
    ['permission-edit', 'edit'],
    ['permission-write', 'write'],
    ['permission-fetch', 'fetch'],
    ['permission-mcp', 'MCP tool'],
    ['ask-user', 'ask_user'],
    ['ask-user-multi-select', 'ask_user multi-select'],
    ['ask-user-checklist', 'ask_user checklist'],
    ['startup', 'start-up'],
    ['after-answer', 'after answer'],
  ],
  normalise: {
    rules: GEMINI_RULES,
    volatileLines: GEMINI_VOLATILE_LINES,
    volatilePairs: GEMINI_VOLATILE_PAIRS,
    volatileSpans: GEMINI_VOLATILE_SPANS,
  },
};
