// Codex's scenarios: the questions its request_user_input tools ask, and every shape of dialog
// it draws, from the idle composer through questions, approvals and async questions to the answer.
import { AFTER, FOLLOW_UP, HELLO, type DriveStep, type NamedScenario } from '../../../qualify/scenario-types';
import { asyncScenarios } from './async-scenarios';
import { longCommandScenarios } from './long-command-scenarios';
import { networkScenarios } from './network-scenarios';
import { permissionRequestScenarios } from './permission-request-scenarios';
import { rateLimitScenarios } from './rate-limit-scenarios';
import type { CodexQuestion } from './turns';

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

// Codex draws the composer before it takes input; the status line with the model name comes when it is ready.
const CODEX_IDLE: DriveStep = {
  state: 'idle',
  until: { all: ['›'], any: ['gpt-5.1-codex default ·', 'GPT-6-Astra default ·', 'gpt-6-astra default ·'] },
  then: [{ prompt: 'go' }],
  shapes: ['idle'],
};
/** Codex takes requests for user input in Default mode only with this feature. */
const CODEX_RUI = ['--enable', 'default_mode_request_user_input'];

export const CODEX_SCENARIOS: NamedScenario[] = [
  {
    name: 'codex-basic',
    agent: 'codex',
    description: 'Idle composer, a held turn (working), the answer.',
    turns: [{ kind: 'text', text: HELLO, hold: true }],
    steps: [
      CODEX_IDLE,
      {
        state: 'working',
        until: { all: ['esc to interrupt'] },
        animated: true,
        then: [{ release: true }],
        shapes: ['working'],
      },
      { state: 'answered', until: { all: [HELLO] }, shapes: ['idle'] },
    ],
  },
  {
    name: 'codex-single-select',
    agent: 'codex',
    description: 'One request_user_input question: a digit answers at once.',
    args: CODEX_RUI,
    turns: [
      { kind: 'codex-questions', questions: [CX_DATABASE] },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CODEX_IDLE,
      {
        state: 'single-select',
        until: { all: [CX_DATABASE.question, 'None of the above'] },
        then: [{ choose: 'PostgreSQL' }],
        answer: 'tool',
        shapes: ['single-select'],
      },
      AFTER,
    ],
  },
  {
    name: 'codex-questionnaire',
    agent: 'codex',
    description: 'Two questions: a choice, then a choice with notes.',
    args: CODEX_RUI,
    turns: [
      { kind: 'codex-questions', questions: [CX_DATABASE, CX_LANGUAGE] },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CODEX_IDLE,
      {
        state: 'multi-question-1',
        until: { all: [CX_DATABASE.question, 'Question 1/2'] },
        then: [{ choose: 'PostgreSQL' }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'multi-question-2',
        until: { all: [CX_LANGUAGE.question, 'Question 2/2'] },
        then: [{ keys: ['Tab'] }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'notes',
        until: { all: [CX_LANGUAGE.question, 'Add notes'] },
        then: [{ text: 'Prefer a small static binary' }],
        shapes: ['multi-question', 'free-text'],
      },
      {
        state: 'notes-typed',
        until: { all: ['Prefer a small static binary'] },
        then: [{ sleep: 300 }, { keys: ['Enter'] }],
        answer: 'tool',
        shapes: ['multi-question', 'free-text'],
      },
      AFTER,
    ],
  },
  {
    name: 'codex-unanswered',
    agent: 'codex',
    description:
      'Three questions: skip to the last and submit, the unanswered confirmation, Go back, ' +
      'None of the above with notes.',
    args: CODEX_RUI,
    turns: [
      { kind: 'codex-questions', questions: [CX_DATABASE, CX_LANGUAGE, CX_DEPLOY] },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CODEX_IDLE,
      {
        state: 'multi-question-1',
        until: { all: [CX_DATABASE.question, 'Question 1/3'] },
        then: [{ keys: ['Right', 'Right'] }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'multi-question-3',
        until: { all: [CX_DEPLOY.question, 'Question 3/3'] },
        then: [{ keys: ['Enter'] }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'unanswered-review',
        until: { all: ['Proceed', 'Go back'] },
        then: [{ focus: 'Go back' }],
        shapes: ['final-review'],
      },
      {
        state: 'unanswered-review-go-back',
        until: { all: ['Proceed', 'Go back'] },
        then: [{ keys: ['Enter'] }],
        shapes: ['final-review'],
      },
      {
        state: 'back-at-1',
        until: { all: [CX_DATABASE.question] },
        then: [{ focus: 'None of the above' }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'none-of-the-above',
        until: { all: [CX_DATABASE.question, 'None of the above'] },
        then: [{ keys: ['Tab'] }],
        shapes: ['multi-question', 'free-text'],
      },
      {
        state: 'none-of-the-above-notes',
        until: { all: ['Add notes'] },
        then: [{ text: 'DuckDB for analytics' }],
        shapes: ['multi-question', 'free-text'],
      },
      {
        state: 'none-of-the-above-typed',
        until: { all: ['DuckDB for analytics'] },
        then: [{ sleep: 300 }, { keys: ['Enter'] }],
        shapes: ['multi-question', 'free-text'],
      },
      {
        state: 'multi-question-2',
        until: { all: [CX_LANGUAGE.question] },
        then: [{ choose: 'Go' }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'multi-question-3-answered',
        until: { all: [CX_DEPLOY.question] },
        then: [{ keys: ['Enter'] }],
        answer: 'tool',
        shapes: ['multi-question', 'single-select'],
      },
      AFTER,
    ],
  },
  {
    name: 'codex-unanswered-proceed',
    agent: 'codex',
    description:
      'Two questions: skip the first, answer the second; the confirmation for one unanswered question, Proceed.',
    args: CODEX_RUI,
    turns: [
      { kind: 'codex-questions', questions: [CX_DATABASE, CX_LANGUAGE] },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CODEX_IDLE,
      {
        state: 'multi-question-1',
        until: { all: [CX_DATABASE.question, 'Question 1/2'] },
        then: [{ keys: ['Right'] }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'multi-question-2',
        until: { all: [CX_LANGUAGE.question, 'Question 2/2'] },
        then: [{ choose: 'Go' }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'unanswered-review-one',
        until: { all: ['Proceed', 'Go back', '1 unanswered question'] },
        then: [{ keys: ['Enter'] }],
        answer: 'tool',
        shapes: ['final-review'],
      },
      AFTER,
    ],
  },
  {
    name: 'codex-command-approve',
    agent: 'codex',
    description: 'An escalated command (require_escalated) approved once.',
    turns: [
      {
        kind: 'codex-command',
        command: 'touch ../outside.txt',
        justification: 'Create a marker file next to the project?',
        escalated: true,
      },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CODEX_IDLE,
      {
        state: 'command-approval',
        until: { all: ['touch ../outside.txt', 'Yes, proceed'] },
        then: [{ keys: ['y'] }],
        answer: 'tool',
        shapes: ['permission-command'],
      },
      AFTER,
    ],
  },
  {
    name: 'codex-command-reject',
    agent: 'codex',
    description: 'An escalated command rejected (interrupts the turn); the next prompt carries the rejection.',
    turns: [
      {
        kind: 'codex-command',
        command: 'touch ../outside.txt',
        justification: 'Create a marker file next to the project?',
        escalated: true,
      },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CODEX_IDLE,
      {
        state: 'command-approval',
        until: { all: ['touch ../outside.txt', 'Yes, proceed'] },
        then: [{ choose: 'No' }],
        shapes: ['permission-command'],
      },
      {
        state: 'rejected',
        until: { all: ['›'], none: ['Yes, proceed'] },
        then: [{ prompt: 'continue' }],
        answer: 'tool',
        shapes: ['after-answer', 'idle'],
      },
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
      {
        state: 'file-change-approval',
        until: { all: ['outside-patch.txt', 'Yes, proceed'] },
        then: [{ keys: ['y'] }],
        answer: 'tool',
        shapes: ['permission-file-change'],
      },
      AFTER,
    ],
  },
  ...asyncScenarios(CODEX_IDLE),
  ...longCommandScenarios(CODEX_IDLE),
  ...rateLimitScenarios(CODEX_IDLE),
  ...networkScenarios(CODEX_IDLE),
  ...permissionRequestScenarios(CODEX_IDLE),
];
