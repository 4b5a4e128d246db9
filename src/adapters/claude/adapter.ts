/** Claude Code's adapter: its profiles by version, and what each proves on a screen. */
import { defineAdapter } from '../agent-adapter';
import { proveClaudeComposer } from './composer';
import { CLAUDE_PROFILES } from './profile';
import { readFreeTextEditor } from './questionnaire';
import { recognizeClaude } from './recognize';

export const claudeAdapter = defineAdapter('claude', {
  profiles: CLAUDE_PROFILES,
  recognize: recognizeClaude,
  readEditor: readFreeTextEditor,
  proveEmptyComposer: proveClaudeComposer,
});
