// Claude Code's scenarios: the question sets its AskUserQuestion tool asks, and every shape of
// dialog it draws, from the idle prompt through questions and permissions to the answer.
import { AFTER, FOLLOW_UP, HELLO, type DriveStep, type NamedScenario } from '../../../qualify/scenario-types';
import { Q_DATABASE, Q_FEATURES, Q_NAME, Q_UNUSUAL } from './questions';

export const CLAUDE_IDLE: DriveStep = {
  state: 'idle',
  until: { all: ['❯'] },
  then: [{ prompt: 'go' }],
  shapes: ['idle'],
};

export const CLAUDE_SCENARIOS: NamedScenario[] = [
  {
    name: 'claude-basic',
    agent: 'claude',
    description: 'Idle prompt, a held turn (working), the answer.',
    turns: [{ kind: 'text', text: HELLO, hold: true }],
    steps: [
      CLAUDE_IDLE,
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
    name: 'claude-single-select',
    agent: 'claude',
    description: 'One single-select question answered with a digit.',
    turns: [
      { kind: 'ask', questions: [Q_DATABASE] },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CLAUDE_IDLE,
      {
        state: 'single-select',
        until: { all: [Q_DATABASE.question, 'Enter to select'] },
        then: [{ choose: 'PostgreSQL' }],
        answer: 'tool',
        shapes: ['single-select'],
      },
      AFTER,
    ],
  },
  {
    name: 'claude-multi-select',
    agent: 'claude',
    description: 'One multi-select question: two toggles, then Tab to the review.',
    turns: [
      { kind: 'ask', questions: [Q_FEATURES] },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CLAUDE_IDLE,
      {
        state: 'multi-select',
        until: { all: [Q_FEATURES.question, 'Audit log'] },
        then: [{ choose: 'Search' }],
        shapes: ['multi-select'],
      },
      {
        state: 'multi-select-toggled',
        until: { all: ['[✔] Search'] },
        then: [{ choose: 'Audit log' }],
        shapes: ['multi-select'],
      },
      {
        state: 'multi-select-toggled-2',
        until: { all: ['[✔] Audit log'] },
        then: [{ keys: ['Tab'] }],
        shapes: ['multi-select'],
      },
      {
        state: 'final-review',
        until: { all: ['Review your answers', 'Submit answers'] },
        then: [{ choose: 'Submit answers' }],
        answer: 'tool',
        shapes: ['final-review'],
      },
      AFTER,
    ],
  },
  {
    name: 'claude-free-text',
    agent: 'claude',
    description: 'One question answered through the automatic "Type something" row.',
    turns: [
      { kind: 'ask', questions: [Q_NAME] },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CLAUDE_IDLE,
      {
        state: 'single-select',
        until: { all: [Q_NAME.question, 'Type something'] },
        then: [{ choose: 'Type something' }],
        shapes: ['single-select'],
      },
      {
        state: 'free-text',
        until: { all: [Q_NAME.question, 'Type something'] },
        then: [{ text: 'orbit-7' }],
        shapes: ['free-text'],
      },
      {
        state: 'free-text-typed',
        until: { all: ['orbit-7'] },
        then: [{ keys: ['Enter'] }],
        answer: 'tool',
        shapes: ['free-text'],
      },
      AFTER,
    ],
  },
  {
    name: 'claude-multi-question',
    agent: 'claude',
    description: 'Three questions (single, multi, free text) with the tab header and the final review.',
    turns: [
      { kind: 'ask', questions: [Q_DATABASE, Q_FEATURES, Q_NAME] },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CLAUDE_IDLE,
      {
        state: 'multi-question-1',
        until: { all: [Q_DATABASE.question, 'Submit'] },
        then: [{ choose: 'PostgreSQL' }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'multi-question-2',
        until: { all: [Q_FEATURES.question] },
        then: [{ choose: 'Export' }],
        shapes: ['multi-question', 'multi-select'],
      },
      {
        state: 'multi-question-2-toggled',
        until: { all: ['[✔] Export'] },
        then: [{ choose: 'Authentication' }],
        shapes: ['multi-question', 'multi-select'],
      },
      {
        state: 'multi-question-2-toggled-2',
        until: { all: ['[✔] Authentication'] },
        then: [{ keys: ['Tab'] }],
        shapes: ['multi-question', 'multi-select'],
      },
      {
        state: 'multi-question-3',
        until: { all: [Q_NAME.question] },
        then: [{ choose: 'Type something' }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'multi-question-3-free-text',
        until: { all: [Q_NAME.question, 'Type something'] },
        then: [{ text: 'orbit-7' }],
        shapes: ['multi-question', 'free-text'],
      },
      {
        state: 'multi-question-3-typed',
        until: { all: ['orbit-7'] },
        then: [{ keys: ['Enter'] }],
        shapes: ['multi-question', 'free-text'],
      },
      {
        state: 'final-review',
        until: { all: ['Review your answers', 'Submit answers'] },
        then: [{ choose: 'Submit answers' }],
        answer: 'tool',
        shapes: ['final-review'],
      },
      AFTER,
    ],
  },
  {
    name: 'claude-unusual-labels',
    agent: 'claude',
    description: 'Four questions, four options, long wrapping question and labels, emoji, accents, CJK.',
    turns: [
      { kind: 'ask', questions: Q_UNUSUAL },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CLAUDE_IDLE,
      {
        state: 'unusual-1',
        until: { all: ['Merge field by field'] },
        then: [{ choose: 'Ask the owner' }],
        shapes: ['multi-question', 'single-select', 'long-labels'],
      },
      {
        state: 'unusual-2',
        until: { all: ['Español'] },
        then: [{ choose: '日本語' }],
        shapes: ['multi-question', 'multi-select', 'unusual-labels'],
      },
      {
        state: 'unusual-2-toggled',
        until: { all: ['[✔] 日本語'] },
        then: [{ choose: 'Deutsch' }],
        shapes: ['multi-question', 'multi-select', 'unusual-labels'],
      },
      {
        state: 'unusual-2-toggled-2',
        until: { all: ['[✔] Deutsch'] },
        then: [{ keys: ['Tab'] }],
        shapes: ['multi-question', 'multi-select', 'unusual-labels'],
      },
      {
        state: 'unusual-3',
        until: { all: ['Pick a colour theme.'] },
        then: [{ choose: 'Dark' }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'unusual-4',
        until: { all: ['How often should backups run?'] },
        then: [{ choose: 'Weekly' }],
        shapes: ['multi-question', 'single-select'],
      },
      {
        state: 'final-review',
        until: { all: ['Review your answers', 'Submit answers'] },
        then: [{ choose: 'Submit answers' }],
        answer: 'tool',
        shapes: ['final-review', 'unusual-labels'],
      },
      AFTER,
    ],
  },
  {
    name: 'claude-bash-approve',
    agent: 'claude',
    description: 'Bash permission prompt approved once.',
    turns: [
      { kind: 'bash', command: 'touch notes.txt', description: 'Create an empty notes file' },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CLAUDE_IDLE,
      {
        state: 'permission-bash',
        until: { all: ['touch notes.txt', 'Do you want to proceed?'] },
        then: [{ choose: 'Yes' }],
        answer: 'tool',
        shapes: ['permission-bash'],
      },
      AFTER,
    ],
  },
  {
    name: 'claude-bash-reject',
    agent: 'claude',
    description: 'Bash permission prompt rejected with No (interrupts), then a new prompt carries the rejection.',
    turns: [
      { kind: 'bash', command: 'touch notes.txt', description: 'Create an empty notes file' },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CLAUDE_IDLE,
      {
        state: 'permission-bash',
        until: { all: ['touch notes.txt', 'Do you want to proceed?'] },
        then: [{ choose: 'No' }],
        shapes: ['permission-bash'],
      },
      {
        state: 'rejected',
        until: { all: ['❯'], none: ['Do you want to proceed?'] },
        then: [{ prompt: 'continue' }],
        answer: 'tool',
        shapes: ['after-answer', 'idle'],
      },
      AFTER,
    ],
  },
  {
    name: 'claude-bash-amend',
    agent: 'claude',
    description: 'Bash permission prompt: focus No, Tab to amend, type what to do instead.',
    turns: [
      { kind: 'bash', command: 'touch notes.txt', description: 'Create an empty notes file' },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CLAUDE_IDLE,
      {
        state: 'permission-bash',
        until: { all: ['touch notes.txt', 'Do you want to proceed?'] },
        then: [{ focus: 'No' }],
        shapes: ['permission-bash'],
      },
      {
        state: 'permission-bash-no-focused',
        until: { all: ['Do you want to proceed?'] },
        then: [{ keys: ['Tab'] }],
        shapes: ['permission-bash'],
      },
      {
        state: 'permission-bash-amend',
        until: { all: ['tell Claude what to do differently'] },
        then: [{ text: 'use a README instead' }],
        shapes: ['permission-bash', 'free-text'],
      },
      {
        state: 'permission-bash-amend-typed',
        until: { all: ['use a README instead'] },
        then: [{ keys: ['Enter'] }],
        answer: 'tool',
        shapes: ['permission-bash', 'free-text'],
      },
      AFTER,
    ],
  },
  {
    name: 'claude-write',
    agent: 'claude',
    description: 'Write permission prompt (create a file) approved once.',
    turns: [
      { kind: 'write', filePath: '{{workDir}}/hello.txt', content: 'Hello, world!\nSecond line.\n' },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CLAUDE_IDLE,
      {
        state: 'permission-write',
        until: { all: ['hello.txt', 'Do you want to create'] },
        then: [{ choose: 'Yes' }],
        answer: 'tool',
        shapes: ['permission-write'],
      },
      AFTER,
    ],
  },
];
