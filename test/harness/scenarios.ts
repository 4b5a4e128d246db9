// Named scenarios: the model's script plus, for the capture driver, the screens to expect and the
// keys that lead from one to the next. Every shape named by the interaction design is covered for
// each client where the client can draw it.
import type { AskQuestion, CodexQuestion, ModelTurn, Scenario } from './fake-model/types';
import type { AgentName } from './versions';

/** One thing done to the terminal. `keys` are tmux key names sent one at a time, each verified by recapture. */
export type Action =
  | { keys: string[] }
  | { text: string }
  | { paste: string }
  /** Let a held model turn finish (`all`: every held turn, and hold none from now on). */
  | { release: true | 'all' }
  /** Submit a composer prompt: type, let the paste-burst window pass, Enter. */
  | { prompt: string }
  /** Press the digit of the numbered row whose label starts with this text. */
  | { choose: string }
  /** Move the cursor (Down, or focus_key) until the focused row contains this text. */
  | { focus: string; focus_key?: string }
  | { sleep: number }
  /** Press the key of the first entry whose `when` text is on screen (key hints that differ between versions). */
  | { keyFor: Array<{ when: string; key: string }> };

/** Plain-screen condition: every `all` substring, one of `any` (when given), no `none` substring. */
export interface Matcher {
  all: string[];
  /** At least one of these, when given. */
  any?: string[];
  none?: string[];
}

export interface DriveStep {
  /** Fixture state name (file `NN-<state>.txt`). */
  state: string;
  /** What the screen must show before it is captured (and settled, unless `animated`). */
  until: Matcher;
  /** The screen animates (spinner): capture as soon as it matches. */
  animated?: boolean;
  /** Actions that lead from this screen to the next step. */
  then?: Action[];
  /**
   * The actions above make the client send the answer: `tool` for a tool result, `user-message` for
   * an answer that arrives as a new user message (Codex async questions). Recorded as ground truth.
   */
  answer?: 'tool' | 'user-message';
  /** For `user-message`: text the answer message contains. */
  answerMatch?: string;
  /** Shapes this screen shows, for the corpus table. */
  shapes?: string[];
}

export interface NamedScenario extends Scenario {
  agent: AgentName;
  description: string;
  /** Extra CLI arguments. */
  args?: string[];
  /** Lowest client version that can reach the scenario. */
  minVersion?: string;
  steps: DriveStep[];
}

// ---------------------------------------------------------------------------------------------
// Question sets

export const Q_DATABASE: AskQuestion = {
  question: 'Which database should the service use?',
  header: 'Database',
  multiSelect: false,
  options: [
    { label: 'SQLite (Recommended)', description: 'Embedded, zero configuration, one file on disk.' },
    { label: 'PostgreSQL', description: 'Client-server database with strong concurrency.' },
    { label: 'MySQL', description: 'Widely hosted client-server database.' },
  ],
};

export const Q_FEATURES: AskQuestion = {
  question: 'Which features should the first release include?',
  header: 'Features',
  multiSelect: true,
  options: [
    { label: 'Authentication', description: 'Sign-in with passwords and sessions.' },
    { label: 'Search', description: 'Full-text search across documents.' },
    { label: 'Export', description: 'Download data as CSV or JSON.' },
    { label: 'Audit log', description: 'Record who changed what and when.' },
  ],
};

export const Q_NAME: AskQuestion = {
  question: 'What should the project be called?',
  header: 'Name',
  multiSelect: false,
  options: [
    { label: 'atlas', description: 'Short and neutral.' },
    { label: 'harbor', description: 'Suggests a safe place for data.' },
  ],
};

/** Long and unusual labels: wrapping, emoji with a variation selector, accents, CJK, quotes. */
export const Q_UNUSUAL: AskQuestion[] = [
  {
    question:
      'When the nightly synchronisation job finds two conflicting edits of the same record made on different devices while offline, which resolution policy should it apply before notifying the owners of the record?',
    header: 'Conflicts',
    multiSelect: false,
    options: [
      {
        label: 'Keep the most recent edit according to the device clock and archive the other one',
        description: 'Simple and predictable, but clock skew between devices can pick the wrong winner.',
      },
      { label: 'Merge field by field', description: 'Non-overlapping changes survive; overlapping fields need a rule.' },
      { label: 'Ask the owner ✏️', description: 'Nothing is lost; the record stays locked until someone decides.' },
      { label: 'Café "naïve" mode', description: 'Accented letters and quotes in a label.' },
    ],
  },
  {
    question: 'Which locales ship first?',
    header: 'Locales',
    multiSelect: true,
    options: [
      { label: '日本語', description: 'Japanese (double-width characters).' },
      { label: 'Español', description: 'Spanish.' },
      { label: 'Français', description: 'French.' },
      { label: 'Deutsch 🇩🇪', description: 'German, with a flag.' },
    ],
  },
  {
    question: 'Pick a colour theme.',
    header: 'Theme',
    multiSelect: false,
    options: [
      { label: 'Light', description: 'Dark text on a light background.' },
      { label: 'Dark', description: 'Light text on a dark background.' },
    ],
  },
  {
    question: 'How often should backups run?',
    header: 'Backups',
    multiSelect: false,
    options: [
      { label: 'Hourly', description: 'At most one hour of data at risk.' },
      { label: 'Daily', description: 'Cheaper storage, one day at risk.' },
      { label: 'Weekly', description: 'Cheapest, one week at risk.' },
    ],
  },
];

export const CX_DATABASE: CodexQuestion = {
  id: 'database',
  header: 'Database',
  question: 'Which database should the service use?',
  options: [
    { label: 'SQLite (Recommended)', description: 'Embedded, zero configuration.' },
    { label: 'PostgreSQL', description: 'Client-server with strong concurrency.' },
  ],
};

export const CX_LANGUAGE: CodexQuestion = {
  id: 'language',
  header: 'Language',
  question: 'Which language should the worker be written in?',
  options: [
    { label: 'Rust', description: 'Fast, strict compiler.' },
    { label: 'Go', description: 'Simple concurrency.' },
    { label: 'Python', description: 'Quickest to write.' },
  ],
};

export const CX_DEPLOY: CodexQuestion = {
  id: 'deploy_target',
  header: 'Deploy',
  question: 'Where should it be deployed first?',
  options: [
    { label: 'Staging', description: 'Shared test environment.' },
    { label: 'Production', description: 'Live traffic.' },
  ],
};

// ---------------------------------------------------------------------------------------------
// Scenarios

const FOLLOW_UP = 'Thanks, noted. Continuing with the plan.';
const HELLO = 'Hello from the scripted model.';

const CLAUDE_IDLE: DriveStep = { state: 'idle', until: { all: ['❯'] }, then: [{ prompt: 'go' }], shapes: ['idle'] };
// Codex draws the composer before it takes input; the status line with the model name comes when it is ready.
const CODEX_IDLE: DriveStep = {
  state: 'idle',
  until: { all: ['›'], any: ['gpt-5.1-codex default ·', 'GPT-6-Astra default ·', 'gpt-6-astra default ·'] },
  then: [{ prompt: 'go' }],
  shapes: ['idle'],
};
const AFTER: DriveStep = { state: 'after-answer', until: { all: [FOLLOW_UP] }, shapes: ['after-answer'] };
/** Codex takes requests for user input in Default mode only with this feature. */
const CODEX_RUI = ['--enable', 'default_mode_request_user_input'];

/** `request_user_input_async` is offered to Astra models only. */
export const CODEX_ASTRA = ['-c', 'model="gpt-6-astra"'];
export const CX_ASYNC_QUESTION = 'Which database should the service use?';

/**
 * The async question, then a held turn so the agent is still working when the answer arrives,
 * then the follow-up (held too when a capture must see the screen after the answer).
 */
export function codexAsyncTurns(holdFollowUp: boolean): ModelTurn[] {
  return [
    { kind: 'tool', name: 'request_user_input_async', input: { questions: [{ title: CX_ASYNC_QUESTION, options: ['SQLite', 'PostgreSQL'] }] } },
    { kind: 'text', text: 'Still working on it.', hold: true },
    { kind: 'text', text: FOLLOW_UP, ...(holdFollowUp ? { hold: true } : {}) },
  ];
}

const ASYNC_COLLAPSED: DriveStep = {
  state: 'async-collapsed',
  // Settled with the spinner masked: the status line's title ("renaming... ⠋") must have arrived.
  until: { all: ['1 question', 'to answer'] },
  then: [{ keyFor: [{ when: 'shift+← to answer', key: 'S-Left' }, { when: 'alt + ↑ to answer', key: 'M-Up' }] }],
  shapes: ['async-question', 'working'],
};

/** The answer on screen (steered at once, or queued until the next tool call), arriving as a user message. */
function asyncAnswered(shown: string, answerMatch: string): DriveStep {
  return {
    state: 'async-answered',
    until: { all: [shown], any: ['↪ Re:', 'Messages to be submitted after next tool call'] },
    then: [{ release: 'all' }],
    answer: 'user-message',
    answerMatch,
    shapes: ['async-question', 'after-answer'],
  };
}

export const SCENARIOS: NamedScenario[] = [
  // ----------------------------------------------------------------------------- Claude Code
  {
    name: 'claude-basic',
    agent: 'claude',
    description: 'Idle prompt, a held turn (working), the answer.',
    turns: [{ kind: 'text', text: HELLO, hold: true }],
    steps: [
      CLAUDE_IDLE,
      { state: 'working', until: { all: ['esc to interrupt'] }, animated: true, then: [{ release: true }], shapes: ['working'] },
      { state: 'answered', until: { all: [HELLO] }, shapes: ['idle'] },
    ],
  },
  {
    name: 'claude-single-select',
    agent: 'claude',
    description: 'One single-select question answered with a digit.',
    turns: [{ kind: 'ask', questions: [Q_DATABASE] }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CLAUDE_IDLE,
      { state: 'single-select', until: { all: [Q_DATABASE.question, 'Enter to select'] }, then: [{ choose: 'PostgreSQL' }], answer: 'tool', shapes: ['single-select'] },
      AFTER,
    ],
  },
  {
    name: 'claude-multi-select',
    agent: 'claude',
    description: 'One multi-select question: two toggles, then Tab to the review.',
    turns: [{ kind: 'ask', questions: [Q_FEATURES] }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CLAUDE_IDLE,
      { state: 'multi-select', until: { all: [Q_FEATURES.question, 'Audit log'] }, then: [{ choose: 'Search' }], shapes: ['multi-select'] },
      { state: 'multi-select-toggled', until: { all: ['[✔] Search'] }, then: [{ choose: 'Audit log' }], shapes: ['multi-select'] },
      { state: 'multi-select-toggled-2', until: { all: ['[✔] Audit log'] }, then: [{ keys: ['Tab'] }], shapes: ['multi-select'] },
      { state: 'final-review', until: { all: ['Review your answers', 'Submit answers'] }, then: [{ choose: 'Submit answers' }], answer: 'tool', shapes: ['final-review'] },
      AFTER,
    ],
  },
  {
    name: 'claude-free-text',
    agent: 'claude',
    description: 'One question answered through the automatic "Type something" row.',
    turns: [{ kind: 'ask', questions: [Q_NAME] }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CLAUDE_IDLE,
      { state: 'single-select', until: { all: [Q_NAME.question, 'Type something'] }, then: [{ choose: 'Type something' }], shapes: ['single-select'] },
      { state: 'free-text', until: { all: [Q_NAME.question, 'Type something'] }, then: [{ text: 'orbit-7' }], shapes: ['free-text'] },
      { state: 'free-text-typed', until: { all: ['orbit-7'] }, then: [{ keys: ['Enter'] }], answer: 'tool', shapes: ['free-text'] },
      AFTER,
    ],
  },
  {
    name: 'claude-multi-question',
    agent: 'claude',
    description: 'Three questions (single, multi, free text) with the tab header and the final review.',
    turns: [{ kind: 'ask', questions: [Q_DATABASE, Q_FEATURES, Q_NAME] }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CLAUDE_IDLE,
      { state: 'multi-question-1', until: { all: [Q_DATABASE.question, 'Submit'] }, then: [{ choose: 'PostgreSQL' }], shapes: ['multi-question', 'single-select'] },
      { state: 'multi-question-2', until: { all: [Q_FEATURES.question] }, then: [{ choose: 'Export' }], shapes: ['multi-question', 'multi-select'] },
      { state: 'multi-question-2-toggled', until: { all: ['[✔] Export'] }, then: [{ choose: 'Authentication' }], shapes: ['multi-question', 'multi-select'] },
      { state: 'multi-question-2-toggled-2', until: { all: ['[✔] Authentication'] }, then: [{ keys: ['Tab'] }], shapes: ['multi-question', 'multi-select'] },
      { state: 'multi-question-3', until: { all: [Q_NAME.question] }, then: [{ choose: 'Type something' }], shapes: ['multi-question', 'single-select'] },
      { state: 'multi-question-3-free-text', until: { all: [Q_NAME.question, 'Type something'] }, then: [{ text: 'orbit-7' }], shapes: ['multi-question', 'free-text'] },
      { state: 'multi-question-3-typed', until: { all: ['orbit-7'] }, then: [{ keys: ['Enter'] }], shapes: ['multi-question', 'free-text'] },
      { state: 'final-review', until: { all: ['Review your answers', 'Submit answers'] }, then: [{ choose: 'Submit answers' }], answer: 'tool', shapes: ['final-review'] },
      AFTER,
    ],
  },
  {
    name: 'claude-unusual-labels',
    agent: 'claude',
    description: 'Four questions, four options, long wrapping question and labels, emoji, accents, CJK.',
    turns: [{ kind: 'ask', questions: Q_UNUSUAL }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CLAUDE_IDLE,
      { state: 'unusual-1', until: { all: ['Merge field by field'] }, then: [{ choose: 'Ask the owner' }], shapes: ['multi-question', 'single-select', 'long-labels'] },
      { state: 'unusual-2', until: { all: ['Español'] }, then: [{ choose: '日本語' }], shapes: ['multi-question', 'multi-select', 'unusual-labels'] },
      { state: 'unusual-2-toggled', until: { all: ['[✔] 日本語'] }, then: [{ choose: 'Deutsch' }], shapes: ['multi-question', 'multi-select', 'unusual-labels'] },
      { state: 'unusual-2-toggled-2', until: { all: ['[✔] Deutsch'] }, then: [{ keys: ['Tab'] }], shapes: ['multi-question', 'multi-select', 'unusual-labels'] },
      { state: 'unusual-3', until: { all: ['Pick a colour theme.'] }, then: [{ choose: 'Dark' }], shapes: ['multi-question', 'single-select'] },
      { state: 'unusual-4', until: { all: ['How often should backups run?'] }, then: [{ choose: 'Weekly' }], shapes: ['multi-question', 'single-select'] },
      { state: 'final-review', until: { all: ['Review your answers', 'Submit answers'] }, then: [{ choose: 'Submit answers' }], answer: 'tool', shapes: ['final-review', 'unusual-labels'] },
      AFTER,
    ],
  },
  {
    name: 'claude-bash-approve',
    agent: 'claude',
    description: 'Bash permission prompt approved once.',
    turns: [{ kind: 'bash', command: 'touch notes.txt', description: 'Create an empty notes file' }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CLAUDE_IDLE,
      { state: 'permission-bash', until: { all: ['touch notes.txt', 'Do you want to proceed?'] }, then: [{ choose: 'Yes' }], answer: 'tool', shapes: ['permission-bash'] },
      AFTER,
    ],
  },
  {
    name: 'claude-bash-reject',
    agent: 'claude',
    description: 'Bash permission prompt rejected with No (interrupts), then a new prompt carries the rejection.',
    turns: [{ kind: 'bash', command: 'touch notes.txt', description: 'Create an empty notes file' }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CLAUDE_IDLE,
      { state: 'permission-bash', until: { all: ['touch notes.txt', 'Do you want to proceed?'] }, then: [{ choose: 'No' }], shapes: ['permission-bash'] },
      { state: 'rejected', until: { all: ['❯'], none: ['Do you want to proceed?'] }, then: [{ prompt: 'continue' }], answer: 'tool', shapes: ['after-answer', 'idle'] },
      AFTER,
    ],
  },
  {
    name: 'claude-bash-amend',
    agent: 'claude',
    description: 'Bash permission prompt: focus No, Tab to amend, type what to do instead.',
    turns: [{ kind: 'bash', command: 'touch notes.txt', description: 'Create an empty notes file' }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CLAUDE_IDLE,
      { state: 'permission-bash', until: { all: ['touch notes.txt', 'Do you want to proceed?'] }, then: [{ focus: 'No' }], shapes: ['permission-bash'] },
      { state: 'permission-bash-no-focused', until: { all: ['Do you want to proceed?'] }, then: [{ keys: ['Tab'] }], shapes: ['permission-bash'] },
      { state: 'permission-bash-amend', until: { all: ['tell Claude what to do differently'] }, then: [{ text: 'use a README instead' }], shapes: ['permission-bash', 'free-text'] },
      { state: 'permission-bash-amend-typed', until: { all: ['use a README instead'] }, then: [{ keys: ['Enter'] }], answer: 'tool', shapes: ['permission-bash', 'free-text'] },
      AFTER,
    ],
  },
  {
    name: 'claude-write',
    agent: 'claude',
    description: 'Write permission prompt (create a file) approved once.',
    turns: [{ kind: 'write', filePath: '{{workDir}}/hello.txt', content: 'Hello, world!\nSecond line.\n' }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CLAUDE_IDLE,
      { state: 'permission-write', until: { all: ['hello.txt', 'Do you want to create'] }, then: [{ choose: 'Yes' }], answer: 'tool', shapes: ['permission-write'] },
      AFTER,
    ],
  },
  // ----------------------------------------------------------------------------------- Codex
  {
    name: 'codex-basic',
    agent: 'codex',
    description: 'Idle composer, a held turn (working), the answer.',
    turns: [{ kind: 'text', text: HELLO, hold: true }],
    steps: [
      CODEX_IDLE,
      { state: 'working', until: { all: ['esc to interrupt'] }, animated: true, then: [{ release: true }], shapes: ['working'] },
      { state: 'answered', until: { all: [HELLO] }, shapes: ['idle'] },
    ],
  },
  {
    name: 'codex-single-select',
    agent: 'codex',
    description: 'One request_user_input question: a digit answers at once.',
    args: CODEX_RUI,
    turns: [{ kind: 'codex-questions', questions: [CX_DATABASE] }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CODEX_IDLE,
      { state: 'single-select', until: { all: [CX_DATABASE.question, 'None of the above'] }, then: [{ choose: 'PostgreSQL' }], answer: 'tool', shapes: ['single-select'] },
      AFTER,
    ],
  },
  {
    name: 'codex-questionnaire',
    agent: 'codex',
    description: 'Two questions: a choice, then a choice with notes.',
    args: CODEX_RUI,
    turns: [{ kind: 'codex-questions', questions: [CX_DATABASE, CX_LANGUAGE] }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CODEX_IDLE,
      { state: 'multi-question-1', until: { all: [CX_DATABASE.question, 'Question 1/2'] }, then: [{ choose: 'PostgreSQL' }], shapes: ['multi-question', 'single-select'] },
      { state: 'multi-question-2', until: { all: [CX_LANGUAGE.question, 'Question 2/2'] }, then: [{ keys: ['Tab'] }], shapes: ['multi-question', 'single-select'] },
      { state: 'notes', until: { all: [CX_LANGUAGE.question, 'Add notes'] }, then: [{ text: 'Prefer a small static binary' }], shapes: ['multi-question', 'free-text'] },
      { state: 'notes-typed', until: { all: ['Prefer a small static binary'] }, then: [{ sleep: 300 }, { keys: ['Enter'] }], answer: 'tool', shapes: ['multi-question', 'free-text'] },
      AFTER,
    ],
  },
  {
    name: 'codex-unanswered',
    agent: 'codex',
    description: 'Three questions: skip to the last and submit, the unanswered confirmation, Go back, None of the above with notes.',
    args: CODEX_RUI,
    turns: [{ kind: 'codex-questions', questions: [CX_DATABASE, CX_LANGUAGE, CX_DEPLOY] }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CODEX_IDLE,
      { state: 'multi-question-1', until: { all: [CX_DATABASE.question, 'Question 1/3'] }, then: [{ keys: ['Right', 'Right'] }], shapes: ['multi-question', 'single-select'] },
      { state: 'multi-question-3', until: { all: [CX_DEPLOY.question, 'Question 3/3'] }, then: [{ keys: ['Enter'] }], shapes: ['multi-question', 'single-select'] },
      { state: 'unanswered-review', until: { all: ['Proceed', 'Go back'] }, then: [{ focus: 'Go back' }], shapes: ['final-review'] },
      { state: 'unanswered-review-go-back', until: { all: ['Proceed', 'Go back'] }, then: [{ keys: ['Enter'] }], shapes: ['final-review'] },
      { state: 'back-at-1', until: { all: [CX_DATABASE.question] }, then: [{ focus: 'None of the above' }], shapes: ['multi-question', 'single-select'] },
      { state: 'none-of-the-above', until: { all: [CX_DATABASE.question, 'None of the above'] }, then: [{ keys: ['Tab'] }], shapes: ['multi-question', 'free-text'] },
      { state: 'none-of-the-above-notes', until: { all: ['Add notes'] }, then: [{ text: 'DuckDB for analytics' }], shapes: ['multi-question', 'free-text'] },
      { state: 'none-of-the-above-typed', until: { all: ['DuckDB for analytics'] }, then: [{ sleep: 300 }, { keys: ['Enter'] }], shapes: ['multi-question', 'free-text'] },
      { state: 'multi-question-2', until: { all: [CX_LANGUAGE.question] }, then: [{ choose: 'Go' }], shapes: ['multi-question', 'single-select'] },
      { state: 'multi-question-3-answered', until: { all: [CX_DEPLOY.question] }, then: [{ keys: ['Enter'] }], answer: 'tool', shapes: ['multi-question', 'single-select'] },
      AFTER,
    ],
  },
  {
    name: 'codex-unanswered-proceed',
    agent: 'codex',
    description: 'Two questions: skip the first, answer the second; the confirmation for one unanswered question, Proceed.',
    args: CODEX_RUI,
    turns: [{ kind: 'codex-questions', questions: [CX_DATABASE, CX_LANGUAGE] }, { kind: 'text', text: FOLLOW_UP }],
    steps: [
      CODEX_IDLE,
      { state: 'multi-question-1', until: { all: [CX_DATABASE.question, 'Question 1/2'] }, then: [{ keys: ['Right'] }], shapes: ['multi-question', 'single-select'] },
      { state: 'multi-question-2', until: { all: [CX_LANGUAGE.question, 'Question 2/2'] }, then: [{ choose: 'Go' }], shapes: ['multi-question', 'single-select'] },
      { state: 'unanswered-review-one', until: { all: ['Proceed', 'Go back', '1 unanswered question'] }, then: [{ keys: ['Enter'] }], answer: 'tool', shapes: ['final-review'] },
      AFTER,
    ],
  },
  {
    name: 'codex-command-approve',
    agent: 'codex',
    description: 'An escalated command (require_escalated) approved once.',
    turns: [
      { kind: 'codex-command', command: 'touch ../outside.txt', justification: 'Create a marker file next to the project?', escalated: true },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CODEX_IDLE,
      { state: 'command-approval', until: { all: ['touch ../outside.txt', 'Yes, proceed'] }, then: [{ keys: ['y'] }], answer: 'tool', shapes: ['permission-command'] },
      AFTER,
    ],
  },
  {
    name: 'codex-command-reject',
    agent: 'codex',
    description: 'An escalated command rejected (interrupts the turn); the next prompt carries the rejection.',
    turns: [
      { kind: 'codex-command', command: 'touch ../outside.txt', justification: 'Create a marker file next to the project?', escalated: true },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CODEX_IDLE,
      { state: 'command-approval', until: { all: ['touch ../outside.txt', 'Yes, proceed'] }, then: [{ choose: 'No' }], shapes: ['permission-command'] },
      { state: 'rejected', until: { all: ['›'], none: ['Yes, proceed'] }, then: [{ prompt: 'continue' }], answer: 'tool', shapes: ['after-answer', 'idle'] },
      AFTER,
    ],
  },
  {
    name: 'codex-file-change',
    agent: 'codex',
    description: 'A patch outside the writable roots: file-change approval, approved once.',
    turns: [
      {
        kind: 'codex-command',
        command: "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: ../outside-patch.txt\n+hello\n*** End Patch\nEOF",
        justification: '',
        escalated: false,
      },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CODEX_IDLE,
      { state: 'file-change-approval', until: { all: ['outside-patch.txt', 'Yes, proceed'] }, then: [{ keys: ['y'] }], answer: 'tool', shapes: ['permission-file-change'] },
      AFTER,
    ],
  },
  {
    name: 'codex-async-question',
    agent: 'codex',
    description: 'request_user_input_async (offered to Astra models): collapsed summary, expanded question, answer steers the running turn.',
    minVersion: '0.154.0',
    args: CODEX_ASTRA,
    turns: codexAsyncTurns(true),
    steps: [
      CODEX_IDLE,
      ASYNC_COLLAPSED,
      { state: 'async-question', until: { all: [CX_ASYNC_QUESTION, 'Other'] }, then: [{ choose: 'PostgreSQL' }], shapes: ['async-question'] },
      // Newer clients steer the running turn at once ("↪ Re:"); 0.154/0.155 queue the answer until the
      // turn's next tool call or end ("Messages to be submitted after next tool call"), so the held turn is released.
      asyncAnswered('PostgreSQL', CX_ASYNC_QUESTION),
      AFTER,
    ],
  },
  {
    name: 'codex-async-other',
    agent: 'codex',
    description: 'An async question answered through its native Other row: the digit only focuses the row, text is typed into it, Enter sends it.',
    minVersion: '0.154.0',
    args: CODEX_ASTRA,
    turns: codexAsyncTurns(true),
    steps: [
      CODEX_IDLE,
      ASYNC_COLLAPSED,
      { state: 'async-question', until: { all: [CX_ASYNC_QUESTION, '3. Other'] }, then: [{ focus: 'Other', focus_key: '3' }], shapes: ['async-question'] },
      { state: 'async-other', until: { all: ['› 3. Other'] }, then: [{ text: 'DuckDB for analytics' }], shapes: ['async-question', 'free-text'] },
      { state: 'async-other-typed', until: { all: ['› 3. DuckDB for analytics'] }, then: [{ sleep: 300 }, { keys: ['Enter'] }], shapes: ['async-question', 'free-text'] },
      asyncAnswered('DuckDB for analytics', 'DuckDB for analytics'),
      AFTER,
    ],
  },
];

export function scenariosFor(agent: AgentName): NamedScenario[] {
  return SCENARIOS.filter((s) => s.agent === agent);
}

export function scenario(name: string): NamedScenario {
  const s = SCENARIOS.find((x) => x.name === name);
  if (!s) throw new Error(`no scenario ${name}`);
  return s;
}
