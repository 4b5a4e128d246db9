// Claude Code's scenarios added after its start-up screens: a multi-select question whose rows wrap.
import { AFTER, FOLLOW_UP, type NamedScenario } from '../../../qualify/scenario-types';
import { Q_CHECKS } from './questions';
import { CLAUDE_IDLE } from './scenarios';

/**
 * Scenarios added after the start-up screens, listed after them so that a whole re-capture numbers
 * the screens as the corpus, which gained them by appending, does.
 */
export const CLAUDE_WRAPPED_SCENARIOS: NamedScenario[] = [
  {
    name: 'claude-multi-select-wrapped',
    agent: 'claude',
    description: 'One multi-select question whose rows wrap (80 and 120 columns): two toggles, then Tab to the review.',
    turns: [
      { kind: 'ask', questions: [Q_CHECKS] },
      { kind: 'text', text: FOLLOW_UP },
    ],
    steps: [
      CLAUDE_IDLE,
      {
        state: 'multi-select-wrapped',
        until: { all: [Q_CHECKS.question, 'Smoke test'] },
        then: [{ choose: 'Licence check' }],
        shapes: ['multi-select-wrapped'],
      },
      {
        state: 'multi-select-wrapped-toggled',
        until: { all: ['[✔] Licence check'] },
        then: [{ choose: 'Run the integration suite' }],
        shapes: ['multi-select-wrapped'],
      },
      {
        state: 'multi-select-wrapped-toggled-2',
        until: { all: ['[✔] Run the integration suite'] },
        then: [{ keys: ['Tab'] }],
        shapes: ['multi-select-wrapped'],
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
];
