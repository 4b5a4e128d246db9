// Codex's async question (request_user_input_async, offered to Astra models): asked while the turn
// keeps working, collapsed to a summary, opened, answered by an option or through Other, and the
// answer steering the running turn.
import type { ModelTurn } from '../../../qualify/fake-model/types';
import { AFTER, FOLLOW_UP, type DriveStep, type NamedScenario } from '../../../qualify/scenario-types';

/** `request_user_input_async` is offered to Astra models only. */
export const CODEX_ASTRA = ['-c', 'model="gpt-6-astra"'];
export const CX_ASYNC_QUESTION = 'Which database should the service use?';

/**
 * The async question, then a held turn so the agent is still working when the answer arrives,
 * then the follow-up (held too when a capture must see the screen after the answer).
 */
export function codexAsyncTurns(holdFollowUp: boolean): ModelTurn[] {
  return [
    {
      kind: 'tool',
      name: 'request_user_input_async',
      input: { questions: [{ title: CX_ASYNC_QUESTION, options: ['SQLite', 'PostgreSQL'] }] },
    },
    { kind: 'text', text: 'Still working on it.', hold: true },
    { kind: 'text', text: FOLLOW_UP, ...(holdFollowUp ? { hold: true } : {}) },
  ];
}

const ASYNC_COLLAPSED: DriveStep = {
  state: 'async-collapsed',
  // Settled with the spinner masked: the status line's title ("renaming... ⠋") must have arrived.
  until: { all: ['1 question', 'to answer'] },
  then: [
    {
      keyFor: [
        { when: 'shift+← to answer', key: 'S-Left' },
        { when: 'alt + ↑ to answer', key: 'M-Up' },
        // 0.156 and 0.157 write the same key without spaces.
        { when: 'alt+↑ to answer', key: 'M-Up' },
      ],
    },
  ],
  shapes: ['async-question', 'working'],
};

/** The answer on screen (steered at once, or queued until the next tool call), arriving as a user message. */
function asyncAnswered(shown: string, answerMatch: string): DriveStep {
  return {
    state: 'async-answered',
    // 0.162 and later quote the question in the steering message instead: "› > <question>".
    until: {
      all: [shown],
      any: ['↪ Re:', 'Messages to be submitted after next tool call', `› > ${CX_ASYNC_QUESTION}`],
    },
    then: [{ release: 'all' }],
    answer: 'user-message',
    answerMatch,
    shapes: ['async-question', 'after-answer'],
  };
}

/** The async question's scenarios, after `idle` (the composer ready for a prompt). */
export function asyncScenarios(idle: DriveStep): NamedScenario[] {
  return [
    {
      name: 'codex-async-question',
      agent: 'codex',
      description:
        'request_user_input_async (offered to Astra models): collapsed summary, expanded question, ' +
        'answer steers the running turn.',
      minVersion: '0.154.0',
      args: CODEX_ASTRA,
      turns: codexAsyncTurns(true),
      steps: [
        idle,
        ASYNC_COLLAPSED,
        {
          state: 'async-question',
          until: { all: [CX_ASYNC_QUESTION, 'Other'] },
          then: [{ choose: 'PostgreSQL' }],
          shapes: ['async-question'],
        },
        // Newer clients steer the running turn at once ("↪ Re:"); 0.154/0.155 queue the answer until the
        // turn's next tool call or end ("Messages to be submitted after next tool call"), so the held turn is released.
        asyncAnswered('PostgreSQL', CX_ASYNC_QUESTION),
        AFTER,
      ],
    },
    {
      name: 'codex-async-other',
      agent: 'codex',
      description:
        'An async question answered through its native Other row: the digit only focuses the row, ' +
        'text is typed into it, Enter sends it.',
      minVersion: '0.154.0',
      args: CODEX_ASTRA,
      turns: codexAsyncTurns(true),
      steps: [
        idle,
        ASYNC_COLLAPSED,
        {
          state: 'async-question',
          until: { all: [CX_ASYNC_QUESTION, '3. Other'] },
          then: [{ focus: 'Other', focus_key: '3' }],
          shapes: ['async-question'],
        },
        {
          state: 'async-other',
          until: { all: ['› 3. Other'] },
          then: [{ text: 'DuckDB for analytics' }],
          shapes: ['async-question', 'free-text'],
        },
        {
          state: 'async-other-typed',
          until: { all: ['› 3. DuckDB for analytics'] },
          then: [{ sleep: 300 }, { keys: ['Enter'] }],
          shapes: ['async-question', 'free-text'],
        },
        asyncAnswered('DuckDB for analytics', 'DuckDB for analytics'),
        AFTER,
      ],
    },
  ];
}
