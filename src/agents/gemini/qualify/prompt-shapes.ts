// Gemini CLI's prompt shapes for the README's table (scripts/qualify/shapes-table.ts): what AKK answers,
// shows only, or has not seen yet, and the corpus shapes of the screens behind each.
import type { PromptShape } from '../../../qualify/agents/types';

export const GEMINI_PROMPT_SHAPES: PromptShape[] = [
  {
    prompt: 'Shell command confirmation (a command that wraps in its box is left to the terminal)',
    handling: 'answered',
    tags: ['permission-shell'],
  },
  { prompt: 'Edit confirmation with its diff', handling: 'answered', tags: ['permission-edit'] },
  { prompt: 'File write confirmation', handling: 'answered', tags: ['permission-write'] },
  { prompt: 'Web fetch confirmation', handling: 'answered', tags: ['permission-fetch'] },
  { prompt: 'MCP tool confirmation', handling: 'answered', tags: ['permission-mcp'] },
  {
    prompt:
      '`ask_user`: a choice or yes/no question by its digit or with free text, a free-text question, several ' +
      'questions (a tab each) and the review (a list longer than the dialog shows is read first, the cursor ' +
      'taken to its last row and back)',
    handling: 'answered',
    tags: ['ask-user'],
  },
  {
    prompt:
      '`ask_user` question that takes several options: its checklist read (the cursor taken to its last row ' +
      'and back), the options toggled by their digits, then the cursor taken up round to Done and Enter',
    handling: 'answered',
    tags: ['ask-user-checklist'],
  },
  {
    prompt: '`ask_user` question that takes several options, on a version not qualified with its checklist',
    handling: 'shown only',
    tags: ['ask-user-multi-select'],
  },
  {
    prompt: 'Start-up: folder trust, the sign-in method, the API key; in VS Code: connecting it, the keybindings',
    handling: 'shown only',
    tags: ['startup'],
  },
];
