/** Claude Code's adapter: its profile generations, the versions qualified for each, and what each proves. */
import { defineAdapter } from '../agent-adapter';
import { proveClaudeComposer } from './composer';
import { QUALIFIED_VERSIONS } from './qualified-versions';
import { CLAUDE_GENERATIONS } from './profile';
import { readFreeTextEditor } from './questionnaire';
import { recognizeClaude } from './recognize';

export const claudeAdapter = defineAdapter('claude', {
  generations: CLAUDE_GENERATIONS,
  versions: QUALIFIED_VERSIONS,
  recognize: recognizeClaude,
  readEditor: readFreeTextEditor,
  proveEmptyComposer: proveClaudeComposer,
});
