// Claude Code's prompts of a normal working day beyond questions, Bash and new files: an edit of
// an existing file with its diff, a web fetch, an MCP tool call and the plan-mode approval, each
// answered both ways.
import { AFTER, FOLLOW_UP, type DriveStep, type NamedScenario, type Workspace } from '../../../qualify/scenario-types';
import type { ClaudeTurn } from './turns';

const IDLE: DriveStep = { state: 'idle', until: { all: ['❯'] }, then: [{ prompt: 'go' }], shapes: ['idle'] };

/** After No: the client interrupts the turn; the next prompt carries the rejection to the model. */
function rejected(question: string): DriveStep {
  return {
    state: 'rejected',
    until: { all: ['❯'], none: [question] },
    then: [{ prompt: 'continue' }],
    answer: 'tool',
    shapes: ['after-answer', 'idle'],
  };
}

/** A decision on a permission prompt: `Yes` once, or the exact `No` row. */
function decided(
  name: string,
  description: string,
  turns: ClaudeTurn[],
  prompt: { state: string; question: string; subject: string; shape: string },
  choice: 'Yes' | 'No',
  extra: Partial<NamedScenario> = {},
): NamedScenario {
  const step: DriveStep = {
    state: prompt.state,
    until: { all: [prompt.subject, prompt.question] },
    then: [{ choose: choice }],
    shapes: [prompt.shape],
    ...(choice === 'Yes' ? { answer: 'tool' as const } : {}),
  };
  return {
    name,
    agent: 'claude',
    description,
    turns: [...turns, { kind: 'text', text: FOLLOW_UP }],
    steps: choice === 'Yes' ? [IDLE, step, AFTER] : [IDLE, step, rejected(prompt.question), AFTER],
    ...extra,
  };
}

/** A file the edit scenarios change: one short line and one that wraps at 80 columns. */
const CONFIG = [
  'name: demo',
  'port: 8080',
  'description: "Demo service that answers health checks and reports its build metadata to the dashboard"',
  'workers: 2',
  '',
].join('\n');

const EDIT_TURNS: ClaudeTurn[] = [
  { kind: 'read', filePath: '{{workDir}}/config.yaml' },
  {
    kind: 'edit',
    filePath: '{{workDir}}/config.yaml',
    oldString: 'port: 8080\ndescription: "Demo service that answers health checks',
    newString: 'port: 9090\ndescription: "Demo service that answers readiness and health checks',
  },
];
const EDIT = {
  state: 'permission-edit',
  question: 'Do you want to make this edit to',
  subject: 'config.yaml',
  shape: 'permission-edit',
};

const FETCH_TURNS: ClaudeTurn[] = [
  { kind: 'fetch', url: 'https://docs.example.com/guide/install', prompt: 'Summarise the installation steps' },
];
const FETCH = {
  state: 'permission-fetch',
  question: 'Do you want to allow Claude to fetch this content?',
  subject: 'docs.example.com',
  shape: 'permission-fetch',
};

const MCP_TURNS: ClaudeTurn[] = [
  { kind: 'mcp', server: 'tickets', tool: 'create_ticket', input: { title: 'Flaky login test', priority: 'high' } },
];
const MCP = {
  state: 'permission-mcp',
  question: 'Do you want to proceed?',
  subject: 'tickets',
  shape: 'permission-mcp',
};

/** The plan the model writes to the plan file the client names, then asks to carry out. */
export const PLAN = [
  '# Health check',
  '',
  '1. Add a /healthz endpoint that returns 200 with the build version.',
  '2. Cover it with an integration test.',
  '',
].join('\n');
const PLAN_TURNS: ClaudeTurn[] = [
  { kind: 'write', filePath: '{{planFile}}', content: PLAN },
  { kind: 'exit-plan', plan: PLAN },
];
const PLAN_DIALOG: DriveStep['until'] = { all: ['Ready to code?', 'Yes, manually approve edits'] };

export const CLAUDE_DAILY_SCENARIOS: NamedScenario[] = [
  decided('claude-edit-approve', 'Edit of an existing file (with its diff) approved once.', EDIT_TURNS, EDIT, 'Yes', {
    workspace: { files: { 'config.yaml': CONFIG } },
  }),
  decided('claude-edit-reject', 'Edit of an existing file rejected with No.', EDIT_TURNS, EDIT, 'No', {
    workspace: { files: { 'config.yaml': CONFIG } },
  }),
  decided('claude-fetch-approve', 'WebFetch of a domain approved once.', FETCH_TURNS, FETCH, 'Yes'),
  decided('claude-fetch-reject', 'WebFetch of a domain rejected with No.', FETCH_TURNS, FETCH, 'No'),
  decided('claude-mcp-approve', 'An MCP tool call approved once.', MCP_TURNS, MCP, 'Yes', {
    workspace: { mcpServers: ['tickets'] },
  }),
  decided('claude-mcp-reject', 'An MCP tool call rejected with No.', MCP_TURNS, MCP, 'No', {
    workspace: { mcpServers: ['tickets'] },
  }),
  {
    name: 'claude-plan-approve',
    agent: 'claude',
    description: 'Plan mode: the plan approved with edits approved by hand.',
    args: ['--permission-mode', 'plan'],
    turns: [...PLAN_TURNS, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      IDLE,
      {
        state: 'plan-approval',
        until: PLAN_DIALOG,
        then: [{ choose: 'Yes, manually approve edits' }],
        answer: 'tool',
        shapes: ['plan-approval'],
      },
      AFTER,
    ],
  },
  {
    name: 'claude-plan-feedback',
    agent: 'claude',
    description: 'Plan mode: the plan sent back with what to change, typed into the dialog.',
    args: ['--permission-mode', 'plan'],
    turns: [...PLAN_TURNS, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      IDLE,
      {
        state: 'plan-approval',
        until: PLAN_DIALOG,
        then: [{ choose: 'Tell Claude what to change' }],
        shapes: ['plan-approval'],
      },
      {
        state: 'plan-feedback',
        until: { all: ['Ready to code?', '❯ 3. Tell Claude what to change'] },
        then: [{ text: 'Also add a readiness probe' }],
        shapes: ['plan-approval', 'free-text'],
      },
      {
        state: 'plan-feedback-typed',
        until: { all: ['Also add a readiness probe'] },
        then: [{ keys: ['Enter'] }],
        answer: 'tool',
        shapes: ['plan-approval', 'free-text'],
      },
      AFTER,
    ],
  },
];

/** One start-up screen: its title, and the keys the person answers it with. */
interface StartupStep {
  name: string;
  title: string;
  keys: string[];
  /** Its corpus shape, for a screen added after the release history was qualified with `startup`. */
  shape?: string;
}

/** Start-up screens left in place: each captured, then answered by the harness as the person would. */
function startup(
  name: string,
  configured: string[],
  screens: StartupStep[],
  extra: Omit<Workspace, 'startup'> = {},
): NamedScenario {
  return {
    name: `claude-startup-${name}`,
    agent: 'claude',
    description: `The start-up screens ${screens.map((s) => `"${s.title}"`).join(', ')}, answered in the terminal.`,
    workspace: { ...extra, startup: configured },
    turns: [{ kind: 'text', text: FOLLOW_UP }],
    steps: [
      ...screens.map((s): DriveStep => ({
        state: `startup-${s.name}`,
        until: { all: [s.title] },
        then: [{ keys: s.keys }],
        shapes: [s.shape ?? 'startup'],
      })),
      IDLE,
      AFTER,
    ],
  };
}

// The folder-trust screen's cursor starts on "No, exit": Down, then Enter trusts the folder.
const TRUST: StartupStep = { name: 'trust', title: 'Accessing workspace:', keys: ['Down', 'Enter'] };
// The cursor starts on "No (recommended)": Up, then Enter uses the key (the fake model's).
const API_KEY: StartupStep = {
  name: 'api-key',
  title: 'Detected a custom API key in your environment',
  keys: ['Up', 'Enter'],
};
// A project's `.mcp.json` names a server not yet approved; the cursor starts on "Continue without
// using this MCP server": Up twice, then Enter uses the server (for this project only).
const MCP_SERVERS: StartupStep = {
  name: 'mcp-servers',
  title: 'New MCP server found in this project',
  keys: ['Up', 'Up', 'Enter'],
  shape: 'startup-mcp-servers',
};
// `--dangerously-skip-permissions` on first use; the cursor starts on "No, exit": Down, then Enter
// accepts, as the person would (the scripted turn uses no tool). AKK itself never accepts it.
const BYPASS: StartupStep = {
  name: 'bypass',
  title: 'WARNING: Claude Code running in Bypass Permissions mode',
  keys: ['Down', 'Enter'],
  shape: 'startup-bypass',
};
export const CLAUDE_STARTUP_SCENARIOS: NamedScenario[] = [
  startup('trust', ['trust'], [TRUST]),
  startup('api-key', ['api-key'], [API_KEY]),
  // In the order the corpus gained them (appended), so that a whole re-capture numbers them alike.
  startup('bypass', ['bypass'], [BYPASS]),
  startup('mcp-servers', ['mcp-servers'], [MCP_SERVERS], { mcpServers: ['tickets'] }),
];
