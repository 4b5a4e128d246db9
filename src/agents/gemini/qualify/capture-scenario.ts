// What the Gemini CLI capture (capture-screens.ts) asks of the client, step by step: the model's
// turns, the keys pressed, and what each step's confirmation asks. The adapter's tests take what a
// screen must say from here, never from the captured files.
import type { ModelTurn } from '../../../qualify/fake-model/types';

interface CaptureKey {
  /** A tmux key name. */
  key: string;
  /** The screen after the key is stored under this state, once it shows `shows`. */
  state?: string;
  shows?: string;
}

export interface CaptureStep {
  /** The state the confirmation is stored under. */
  state: string;
  prompt: string;
  turns: ModelTurn[];
  /** Text the confirmation shows once it is drawn. */
  shows: string;
  keys: CaptureKey[];
  /** The model holds its answer until the screen is stored: the agent is seen working. */
  held?: true;
  /** Text on screen once the step is over (the composer, hidden while a confirmation shows). */
  after: string;
}

const COMPOSER = 'Type your message';

/** A call that is rejected: the client cancels the request, and the model is asked nothing more. */
function rejected(state: string, prompt: string, call: ModelTurn, shows: string, keys: CaptureKey[] = []): CaptureStep {
  return { state, prompt, turns: [call], shows, keys: [...keys, { key: 'Escape' }], after: COMPOSER };
}

export const GEMINI_SHELL = { command: 'touch approved.txt', description: 'Create approved.txt' };
export const GEMINI_SHELL_MOVED = { command: 'touch rejected.txt', description: 'Create rejected.txt' };
export const GEMINI_SHELL_WRAPPED = {
  command:
    "printf '%s\\n' alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma " +
    'tau upsilon phi chi psi omega > greek.txt',
  description: 'Write the Greek letters to greek.txt',
};
export const GEMINI_EDIT = {
  file: 'notes.txt',
  old_string: 'status: draft',
  new_string: 'status: final',
  instruction: 'Mark the notes final',
};
export const GEMINI_WRITE = { file: 'plan.txt', content: 'step one\nstep two\n' };
export const GEMINI_FETCH = {
  prompt: 'Summarise https://example.com/release-notes',
  url: 'https://example.com/release-notes',
};
export const GEMINI_MCP = {
  server: 'tickets',
  tool: 'create_ticket',
  args: { title: 'Flaky login test', priority: 'high' },
};

/** The model's call of the edit, in the work folder (`{{workDir}}`). */
export const GEMINI_EDIT_CALL: ModelTurn = {
  kind: 'tool',
  name: 'replace',
  input: {
    file_path: `{{workDir}}/${GEMINI_EDIT.file}`,
    old_string: GEMINI_EDIT.old_string,
    new_string: GEMINI_EDIT.new_string,
    instruction: GEMINI_EDIT.instruction,
  },
};
/** The client names an MCP server's tool `mcp_<server>_<tool>` to the model. */
export const GEMINI_MCP_CALL: ModelTurn = {
  kind: 'tool',
  name: `mcp_${GEMINI_MCP.server}_${GEMINI_MCP.tool}`,
  input: GEMINI_MCP.args,
};

export const GEMINI_CAPTURE = {
  files: { [GEMINI_EDIT.file]: `title: release\n${GEMINI_EDIT.old_string}\n` } as Record<string, string>,
  idle: COMPOSER,
  steps: [
    {
      state: 'working',
      prompt: 'Think it over',
      turns: [{ kind: 'text', text: 'Thought it over.', hold: true }],
      shows: 'esc to cancel',
      keys: [],
      held: true,
      after: 'Thought it over.',
    },
    {
      state: 'permission-shell',
      prompt: 'Create approved.txt',
      turns: [
        { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL },
        { kind: 'text', text: 'Created approved.txt.' },
      ],
      shows: 'Allow execution of',
      keys: [{ key: '1' }],
      after: 'Created approved.txt.',
    },
    rejected(
      'permission-shell-again',
      'Create rejected.txt',
      { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL_MOVED },
      'Allow execution of',
      [{ key: 'Down', state: 'permission-shell-second-row', shows: 'Allow execution of' }],
    ),
    rejected(
      'permission-shell-wrapped',
      'Write the Greek letters',
      { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL_WRAPPED },
      'Allow execution of',
    ),
    rejected('permission-edit', 'Mark the notes final', GEMINI_EDIT_CALL, 'Apply this change?'),
    rejected(
      'permission-write',
      'Write the plan',
      {
        kind: 'tool',
        name: 'write_file',
        input: { file_path: `{{workDir}}/${GEMINI_WRITE.file}`, content: GEMINI_WRITE.content },
      },
      'Apply this change?',
    ),
    rejected(
      'permission-fetch',
      'Summarise the release notes',
      { kind: 'tool', name: 'web_fetch', input: { prompt: GEMINI_FETCH.prompt } },
      'Do you want to proceed?',
    ),
    rejected('permission-mcp', 'File a ticket', GEMINI_MCP_CALL, 'Allow execution of'),
  ] satisfies CaptureStep[],
};

/**
 * The first start in a home without settings, each screen answered as a person would: the folder
 * not trusted, the API key in the environment chosen, and taken as it is.
 */
export const GEMINI_FIRST_RUN = [
  { state: 'folder-trust', shows: 'Do you trust the files in this folder?', key: '3' },
  { state: 'auth-method', shows: 'How would you like to authenticate for this project?', key: 'Enter' },
  { state: 'api-key', shows: 'Enter Gemini API Key', key: 'Enter' },
] as const;
