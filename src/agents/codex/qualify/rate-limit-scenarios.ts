// Codex's rate-limit choices: a model response whose headers report the usage limit nearly used up
// makes the client offer, once the turn ends, to switch to a model with lower credit usage. Only
// the person answers it; the harness keeps the configured model, as the person would.
import { AFTER, FOLLOW_UP, type DriveStep, type NamedScenario } from '../../../qualify/scenario-types';

/**
 * The headers of a response that has used 95% of the primary (five-hour) limit: the client offers
 * the switch from 90% on (its threshold), and names the limit by its window.
 */
const CX_NEARLY_USED_LIMIT: Readonly<Record<string, string>> = {
  'x-codex-primary-used-percent': '95',
  'x-codex-primary-window-minutes': '300',
};

/** The rate-limit scenario, after the idle step every Codex scenario starts from. */
export function rateLimitScenarios(idle: DriveStep): NamedScenario[] {
  return [
    {
      name: 'codex-rate-limit',
      agent: 'codex',
      description:
        'A response reporting 95% of the usage limit used: the switch to a cheaper model is offered, ' +
        'and the configured one kept.',
      turns: [{ kind: 'text', text: FOLLOW_UP, headers: CX_NEARLY_USED_LIMIT }],
      steps: [
        idle,
        {
          state: 'rate-limit',
          until: { all: ['Approaching rate limits'] },
          then: [{ keys: ['Down', 'Enter'] }],
          shapes: ['rate-limit'],
        },
        AFTER,
      ],
    },
  ];
}
