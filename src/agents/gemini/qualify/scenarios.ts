// Gemini CLI's scenarios: the idle composer, a working turn, and each tool confirmation it draws
// (a shell command, an edit, a file write, a web fetch, an MCP tool), approved once or refused with
// the row AKK would choose, and its first-start screens answered as a person would.
import type { ModelTurn } from '../../../qualify/fake-model/types';
import { AFTER, FOLLOW_UP, HELLO, type DriveStep, type NamedScenario } from '../../../qualify/scenario-types';
import {
  GEMINI_EDIT,
  GEMINI_EDIT_CALL,
  GEMINI_FETCH,
  GEMINI_MCP,
  GEMINI_MCP_CALL,
  GEMINI_SHELL,
  GEMINI_SHELL_MOVED,
  GEMINI_SHELL_WRAPPED,
  GEMINI_WRITE,
} from './capture-scenario';

export const PLACEHOLDER = 'Type your message or @path/to/file';
/** The rows AKK chooses: "once", and the one that says no. */
const ONCE = 'Allow once';
const NO = 'No, suggest changes';

/** The composer once the client is ready: its placeholder, and the hint line above it. */
export const IDLE: DriveStep = {
  state: 'idle',
  until: { all: [PLACEHOLDER, '? for shortcuts'], none: ['esc to cancel'] },
  then: [{ prompt: 'go' }],
  shapes: ['idle'],
};

/** After a refusal the client cancels the request (the model is sent nothing) and its composer is back. */
const REFUSED: DriveStep = {
  state: 'refused',
  until: { all: [PLACEHOLDER, 'Request cancelled.'] },
  shapes: ['idle'],
};

interface Confirmation {
  /** The scenario's name after `gemini-`, and its state. */
  name: string;
  what: string;
  call: ModelTurn;
  /** Text the confirmation shows once it is drawn whole. */
  shows: string[];
  shape: string;
  workspace?: NamedScenario['workspace'];
}

/** The confirmation approved once: the tool runs and its result is the next request. */
function approved(c: Confirmation): NamedScenario {
  return {
    name: `gemini-${c.name}`,
    agent: 'gemini',
    description: `${c.what}, allowed once.`,
    ...(c.workspace ? { workspace: c.workspace } : {}),
    turns: [c.call, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      IDLE,
      {
        state: `permission-${c.name}`,
        until: { all: c.shows },
        then: [{ choose: ONCE }],
        answer: 'tool',
        shapes: [c.shape],
      },
      AFTER,
    ],
  };
}

/** The confirmation refused with its "no" row (the cursor first moved off "once" where `moved`). */
function refused(c: Confirmation, moved = false): NamedScenario {
  const state = `permission-${c.name.replace(/-reject$/, '')}`;
  const ask: DriveStep = { state, until: { all: c.shows }, then: [{ choose: NO }], shapes: [c.shape] };
  const steps: DriveStep[] = moved
    ? [
        { ...ask, then: [{ keys: ['Down'] }] },
        { ...ask, state: `${state}-second-row`, until: { all: [...c.shows, '● 2.'] } },
      ]
    : [ask];
  return {
    name: `gemini-${c.name}`,
    agent: 'gemini',
    description: `${c.what}, refused${moved ? ' after the cursor moved' : ''}.`,
    ...(c.workspace ? { workspace: c.workspace } : {}),
    turns: [c.call],
    steps: [IDLE, ...steps, REFUSED],
  };
}

const SHELL_SHOWS = ['Allow execution of [Shell]?', ONCE];
const EDIT_SHOWS = ['Apply this change?', ONCE];
const FILES = { files: { [GEMINI_EDIT.file]: `title: release\n${GEMINI_EDIT.old_string}\n` } };

export const GEMINI_SCENARIOS: NamedScenario[] = [
  {
    name: 'gemini-basic',
    agent: 'gemini',
    description: 'Idle composer, a held turn (working), the answer.',
    turns: [{ kind: 'text', text: HELLO, hold: true }],
    steps: [
      IDLE,
      {
        state: 'working',
        until: { all: ['esc to cancel'] },
        animated: true,
        then: [{ release: true }],
        shapes: ['working'],
      },
      { state: 'answered', until: { all: [HELLO, PLACEHOLDER] }, shapes: ['idle'] },
    ],
  },
  approved({
    name: 'shell',
    what: 'A shell command',
    call: { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL },
    shows: [...SHELL_SHOWS, GEMINI_SHELL.command],
    shape: 'permission-shell',
  }),
  refused(
    {
      name: 'shell-reject',
      what: 'A shell command',
      call: { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL_MOVED },
      shows: [...SHELL_SHOWS, GEMINI_SHELL_MOVED.command],
      shape: 'permission-shell',
    },
    true,
  ),
  refused({
    name: 'shell-wrapped',
    what: 'A shell command longer than the box is wide where it wraps',
    call: { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL_WRAPPED },
    shows: [...SHELL_SHOWS, 'greek.txt'],
    shape: 'permission-shell',
  }),
  approved({
    name: 'edit',
    what: 'An edit with its diff',
    call: GEMINI_EDIT_CALL,
    shows: [...EDIT_SHOWS, GEMINI_EDIT.new_string],
    shape: 'permission-edit',
    workspace: FILES,
  }),
  refused({
    name: 'edit-reject',
    what: 'An edit with its diff',
    call: GEMINI_EDIT_CALL,
    shows: [...EDIT_SHOWS, GEMINI_EDIT.new_string],
    shape: 'permission-edit',
    workspace: FILES,
  }),
  approved({
    name: 'write',
    what: 'A new file written',
    call: {
      kind: 'tool',
      name: 'write_file',
      input: { file_path: `{{workDir}}/${GEMINI_WRITE.file}`, content: GEMINI_WRITE.content },
    },
    shows: [...EDIT_SHOWS, GEMINI_WRITE.file],
    shape: 'permission-write',
  }),
  refused({
    name: 'fetch',
    what: 'A web fetch',
    call: { kind: 'tool', name: 'web_fetch', input: { prompt: GEMINI_FETCH.prompt } },
    shows: ['Do you want to proceed?', GEMINI_FETCH.url, ONCE],
    shape: 'permission-fetch',
  }),
  approved({
    name: 'mcp',
    what: "An MCP server's tool",
    call: GEMINI_MCP_CALL,
    shows: [`Allow execution of MCP tool "${GEMINI_MCP.tool}"`, ONCE],
    shape: 'permission-mcp',
    workspace: { mcpServers: [GEMINI_MCP.server] },
  }),
];

/**
 * The first-start screens the harness's settings otherwise configure away, each left in place by its
 * `Workspace.startup` name (launch.ts), answered as a person would: the folder not trusted; the key
 * in the environment chosen as the sign-in, and taken as it is.
 */
export const GEMINI_STARTUP_SCENARIOS: NamedScenario[] = [
  {
    name: 'gemini-startup-trust',
    agent: 'gemini',
    description: 'The folder-trust screen, answered in the terminal: the cursor moved to "Don\'t trust", then Enter.',
    workspace: { startup: ['trust'] },
    turns: [{ kind: 'text', text: FOLLOW_UP }],
    steps: [
      {
        state: 'startup-folder-trust',
        until: { all: ['Do you trust the files in this folder?'] },
        then: [{ keys: ['Down', 'Down', 'Enter'] }],
        shapes: ['startup'],
      },
      IDLE,
      AFTER,
    ],
  },
  {
    name: 'gemini-startup-auth',
    agent: 'gemini',
    description: 'The sign-in method and the API key screens, answered in the terminal with the key it found.',
    workspace: { startup: ['auth'] },
    turns: [{ kind: 'text', text: FOLLOW_UP }],
    steps: [
      {
        state: 'startup-auth-method',
        until: { all: ['How would you like to authenticate for this project?'] },
        then: [{ keys: ['Enter'] }],
        shapes: ['startup'],
      },
      {
        state: 'startup-api-key',
        until: { all: ['Enter Gemini API Key'] },
        then: [{ keys: ['Enter'] }],
        shapes: ['startup'],
      },
      IDLE,
      AFTER,
    ],
  },
  {
    name: 'gemini-startup-editor',
    agent: 'gemini',
    description:
      "In VS Code's terminal: connecting the editor, then the terminal's keybindings, each declined in the terminal.",
    workspace: { startup: ['editor'] },
    turns: [{ kind: 'text', text: FOLLOW_UP }],
    steps: [
      {
        state: 'startup-ide-connect',
        until: { all: ['to Gemini CLI?', "3. No, don't ask again"] },
        then: [{ keys: ['Down', 'Enter'] }],
        shapes: ['startup'],
      },
      {
        state: 'startup-terminal-keybindings',
        until: { all: ['Gemini CLI works best with Shift+Enter/Ctrl+Enter', 'Do you want to continue?'] },
        then: [{ keys: ['Down', 'Enter'] }],
        shapes: ['startup'],
      },
      IDLE,
      AFTER,
    ],
  },
];
