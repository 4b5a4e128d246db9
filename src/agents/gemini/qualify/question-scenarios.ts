// Gemini CLI's `ask_user` scenarios: one question with more options than its dialog shows at once
// (the cursor taken to the last row and back, as AKK reads them, then a row chosen by its digit),
// a yes/no question, a question answered with free text in its last row, two questions (a tab each)
// and the review, a free-text question, and a multi-select: its checklist answered (the cursor
// down every row, as AKK reads them, two boxes checked by their digits, the cursor up round to
// Done, and Enter), and dismissed with Escape, which cancels the request.
import type { ModelTurn } from '../../../qualify/fake-model/types';
import { AFTER, FOLLOW_UP, type NamedScenario } from '../../../qualify/scenario-types';
import { IDLE, PLACEHOLDER } from './scenarios';

const FREE_TEXT = 'Enter a custom value';
/** The rows a multi-select question adds after the model's options (the last drawn without a number). */
const ALL = 'All of the above';
const DONE_DESCRIPTION = 'Finish selection';

export const GEMINI_ASK = {
  database: {
    question: 'Which database should the service use?',
    header: 'Database',
    type: 'choice',
    options: [
      { label: 'PostgreSQL', description: 'Relational, strong consistency' },
      { label: 'SQLite', description: 'Embedded, single file' },
      { label: 'Redis', description: 'In-memory key value store' },
    ],
  },
  release: { question: 'Ship the release today?', header: 'Release', type: 'yesno' },
  rollout: {
    question: 'How should the change roll out?',
    header: 'Rollout',
    type: 'choice',
    options: [
      { label: 'All at once', description: 'Every user on the next deploy' },
      { label: 'Gradually', description: 'Ten percent a day behind a flag' },
    ],
  },
  name: { question: 'What should the service be called?', header: 'Name', type: 'text' },
  checks: {
    question: 'Which checks should run before the merge?',
    header: 'Checks',
    type: 'choice',
    multiSelect: true,
    options: [
      { label: 'Unit tests', description: 'Seconds, no network' },
      { label: 'Lint', description: 'Style and common mistakes' },
    ],
  },
} as const;

/** The free text a person types as the answer to the rollout question. */
export const GEMINI_ASK_TYPED = 'Canary first, then everyone';
/** The free text typed as the answer to the release question among two, and to the name question. */
export const GEMINI_ASK_LATER = 'After the freeze';
export const GEMINI_ASK_NAME = 'ledger';

function ask(...questions: Array<(typeof GEMINI_ASK)[keyof typeof GEMINI_ASK]>): ModelTurn {
  return { kind: 'tool', name: 'ask_user', input: { questions } };
}

/** A form AKK leaves to the person, dismissed in the terminal: the client cancels the request. */
function dismissed(name: string, what: string, call: ModelTurn, shows: string): NamedScenario {
  return {
    name: `gemini-question-${name}`,
    agent: 'gemini',
    description: `${what}, left to the terminal and dismissed there with Escape.`,
    turns: [call],
    steps: [
      IDLE,
      {
        state: `question-${name}`,
        until: { all: ['Answer Questions', shows] },
        then: [{ keys: ['Escape'] }],
        shapes: ['ask-user-multi-select'],
      },
      { state: 'dismissed', until: { all: [PLACEHOLDER, 'Request cancelled.'] }, shapes: ['idle'] },
    ],
  };
}

const { database, release, rollout, checks } = GEMINI_ASK;

export const GEMINI_QUESTION_SCENARIOS: NamedScenario[] = [
  {
    name: 'gemini-question',
    agent: 'gemini',
    description:
      'One question with more rows than its dialog shows: the cursor to the last row and back, then a row chosen.',
    turns: [ask(database), { kind: 'text', text: FOLLOW_UP }],
    steps: [
      IDLE,
      {
        state: 'question',
        until: { all: [database.question, `● 1.  ${database.options[0].label}`] },
        then: [{ keys: ['Down', 'Down', 'Down'] }],
        shapes: ['ask-user'],
      },
      {
        state: 'question-last-row',
        until: { all: [database.question, `● 4.  ${FREE_TEXT}`, 'Enter to submit'] },
        then: [{ keys: ['Up'] }],
        shapes: ['ask-user'],
      },
      {
        state: 'question-window',
        until: { all: [database.question, `● 3.  ${database.options[2].label}`] },
        then: [{ choose: database.options[1].label }],
        answer: 'tool',
        shapes: ['ask-user'],
      },
      AFTER,
    ],
  },
  {
    name: 'gemini-question-yesno',
    agent: 'gemini',
    description: 'A yes/no question, answered No.',
    turns: [ask(release), { kind: 'text', text: FOLLOW_UP }],
    steps: [
      IDLE,
      {
        state: 'question-yesno',
        until: { all: [release.question, '● 1.  Yes', `3.  ${FREE_TEXT}`] },
        then: [{ choose: 'No' }],
        answer: 'tool',
        shapes: ['ask-user'],
      },
      AFTER,
    ],
  },
  {
    name: 'gemini-question-typed',
    agent: 'gemini',
    description: 'A question with two options, answered with free text in its last row.',
    turns: [ask(rollout), { kind: 'text', text: FOLLOW_UP }],
    steps: [
      IDLE,
      {
        state: 'question-two-options',
        until: { all: [rollout.question, `3.  ${FREE_TEXT}`] },
        then: [{ keys: ['3'] }],
        shapes: ['ask-user'],
      },
      {
        state: 'question-editing',
        until: { all: [rollout.question, `● 3.  ${FREE_TEXT}`, 'Enter to submit'] },
        then: [{ text: GEMINI_ASK_TYPED }],
        shapes: ['ask-user'],
      },
      {
        state: 'question-typed',
        until: { all: [rollout.question, `● 3.  ${GEMINI_ASK_TYPED}`] },
        then: [{ sleep: 400 }, { keys: ['Enter'] }],
        answer: 'tool',
        shapes: ['ask-user'],
      },
      AFTER,
    ],
  },
  {
    name: 'gemini-question-several',
    agent: 'gemini',
    description: 'Two questions, a tab each: a row chosen, then free text; the review submitted.',
    turns: [ask(rollout, release), { kind: 'text', text: FOLLOW_UP }],
    steps: [
      IDLE,
      {
        state: 'question-first-tab',
        until: { all: [rollout.question, '← □ Rollout │ □ Release │ ≡ Review →'] },
        then: [{ choose: rollout.options[1].label }],
        shapes: ['ask-user'],
      },
      {
        state: 'question-second-tab',
        until: { all: [release.question, '← ✓ Rollout │ □ Release │ ≡ Review →'] },
        then: [{ keys: ['3'] }],
        shapes: ['ask-user'],
      },
      {
        state: 'question-second-tab-editing',
        until: { all: [release.question, `● 3.  ${FREE_TEXT}`, 'Enter to submit'] },
        then: [{ text: GEMINI_ASK_LATER }],
        shapes: ['ask-user'],
      },
      {
        state: 'question-second-tab-typed',
        until: { all: [release.question, `● 3.  ${GEMINI_ASK_LATER}`] },
        then: [{ sleep: 400 }, { keys: ['Enter'] }],
        shapes: ['ask-user'],
      },
      {
        state: 'question-review',
        until: {
          all: ['Review your answers:', `Rollout → ${rollout.options[1].label}`, `Release → ${GEMINI_ASK_LATER}`],
        },
        then: [{ keys: ['Enter'] }],
        answer: 'tool',
        shapes: ['ask-user'],
      },
      AFTER,
    ],
  },
  {
    name: 'gemini-question-text',
    agent: 'gemini',
    description: 'A question answered with free text only, in its field.',
    turns: [ask(GEMINI_ASK.name), { kind: 'text', text: FOLLOW_UP }],
    steps: [
      IDLE,
      {
        state: 'question-text',
        until: { all: [GEMINI_ASK.name.question, '> Enter your response'] },
        then: [{ text: GEMINI_ASK_NAME }],
        shapes: ['ask-user'],
      },
      {
        state: 'question-text-typed',
        until: { all: [GEMINI_ASK.name.question, `> ${GEMINI_ASK_NAME}`] },
        then: [{ sleep: 400 }, { keys: ['Enter'] }],
        answer: 'tool',
        shapes: ['ask-user'],
      },
      AFTER,
    ],
  },
  {
    name: 'gemini-question-checklist',
    agent: 'gemini',
    description:
      'A question that takes several options: the cursor down every row to Done, two rows checked by their ' +
      'digits, the cursor up from the first row round to Done, and Enter there.',
    turns: [ask(checks), { kind: 'text', text: FOLLOW_UP }],
    steps: [
      IDLE,
      {
        state: 'checklist',
        until: { all: [checks.question, `● 1. [ ] ${checks.options[0].label}`] },
        then: [{ keys: ['Down'] }],
        shapes: ['ask-user-checklist'],
      },
      {
        state: 'checklist-second-row',
        until: { all: [checks.question, `● 2. [ ] ${checks.options[1].label}`] },
        then: [{ keys: ['Down'] }],
        shapes: ['ask-user-checklist'],
      },
      {
        state: 'checklist-all-row',
        until: { all: [checks.question, `● 3. [ ] ${ALL}`] },
        then: [{ keys: ['Down'] }],
        shapes: ['ask-user-checklist'],
      },
      {
        state: 'checklist-free-text-row',
        until: { all: [checks.question, `● 4. [ ] ${FREE_TEXT}`, 'Enter to submit'] },
        then: [{ keys: ['Down'] }],
        shapes: ['ask-user-checklist'],
      },
      {
        state: 'checklist-done-row',
        until: { all: [checks.question, DONE_DESCRIPTION, 'Enter to select'] },
        then: [{ keys: ['2'] }],
        shapes: ['ask-user-checklist'],
      },
      {
        state: 'checklist-one-checked',
        until: { all: [checks.question, `● 2. [x] ${checks.options[1].label}`] },
        then: [{ keys: ['1'] }],
        shapes: ['ask-user-checklist'],
      },
      {
        state: 'checklist-two-checked',
        until: { all: [checks.question, `● 1. [x] ${checks.options[0].label}`, `3. [x] ${ALL}`] },
        then: [{ keys: ['Up'] }],
        shapes: ['ask-user-checklist'],
      },
      {
        state: 'checklist-done-checked',
        until: { all: [checks.question, DONE_DESCRIPTION, `3. [x] ${ALL}`] },
        then: [{ keys: ['Enter'] }],
        answer: 'tool',
        shapes: ['ask-user-checklist'],
      },
      AFTER,
    ],
  },
  dismissed('multi-select', 'A question that takes several options', ask(GEMINI_ASK.checks), 'Select all that apply'),
];
