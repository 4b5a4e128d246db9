// Claude Code's prompt shapes for the README's table (scripts/qualify/shapes-table.ts): what AKK
// answers, shows only, or has not seen yet, and the corpus shapes of the screens behind each.
import type { PromptShape } from '../../../qualify/agents/types';

export const CLAUDE_PROMPT_SHAPES: PromptShape[] = [
  { prompt: 'Single-select question (and its `Type something.` row)', handling: 'answered', tags: ['single-select'] },
  { prompt: 'Multi-select question', handling: 'answered', tags: ['multi-select'] },
  {
    prompt: 'Multi-select question whose rows wrap (a long label or description)',
    handling: 'answered',
    tags: ['multi-select-wrapped'],
    note: 'gated',
  },
  { prompt: 'Free text', handling: 'answered', tags: ['free-text'] },
  {
    prompt: 'Several questions and the final review',
    handling: 'answered',
    tags: ['multi-question', 'final-review'],
  },
  { prompt: 'Bash command', handling: 'answered', tags: ['permission-bash'] },
  { prompt: 'Create a file', handling: 'answered', tags: ['permission-write'] },
  { prompt: 'Edit a file, with its diff', handling: 'answered', tags: ['permission-edit'], note: 'gated' },
  { prompt: 'Fetch a web page (its domain)', handling: 'answered', tags: ['permission-fetch'], note: 'gated' },
  {
    prompt: 'MCP tool call (server, tool, arguments)',
    handling: 'answered',
    tags: ['permission-mcp'],
    note: 'gated',
  },
  {
    prompt: 'Plan approval (approve with edits approved by hand, or say what to change)',
    handling: 'answered',
    tags: ['plan-approval'],
    note: 'gated',
  },
  { prompt: 'Start-up: folder trust, an API key in the environment', handling: 'shown only', tags: ['startup'] },
  {
    prompt: "Start-up: a project's new MCP server (`.mcp.json`)",
    handling: 'shown only',
    tags: ['startup-mcp-servers'],
  },
  {
    prompt: 'Start-up: the bypass-permissions confirmation (`--dangerously-skip-permissions`; never accepted)',
    handling: 'shown only',
    tags: ['startup-bypass'],
  },
];
