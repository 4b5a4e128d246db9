/**
 * Codex's rate-limit choices as the captures show them: a response whose headers report the primary
 * usage limit used to 90% or more (`x-codex-primary-used-percent`; 89 draws nothing, 90 does) makes
 * the client offer, once the task has ended, to switch to a model with lower credit usage. Three
 * rows, the cursor on `Switch to …`; Enter on `Keep current model` closes it and nothing is sent to
 * the model. It is offered once per session. AKK only names it; the person answers.
 */
import type { ModelTurn } from '../../../../qualify/fake-model/types';
import type { Dialog, DialogStep } from '../../../../qualify/answer-key/conversation';
import type { Expected, Token } from '../../../../qualify/answer-key/types';

/** The usage, in percent of the limit, from which the client offers the switch. */
const THRESHOLD = 90;
/** The rows: switch, keep, keep and never show again. */
const ROWS = 3;
const KEEP = 1;

/** Whether a model response's headers report the primary limit used to the threshold. */
export function reportsNearlyUsedLimit(turn: ModelTurn): boolean {
  const used = Number(turn.headers?.['x-codex-primary-used-percent']);
  return Number.isFinite(used) && used >= THRESHOLD;
}

export class RateLimitDialog implements Dialog {
  private cursor = 0;

  stepId(): string {
    return `rate-limit:${this.cursor}`;
  }

  expected(): Expected {
    return { kind: 'manual_required', because: 'a rate-limit choice only the person answers', dialog: 'rate-limit' };
  }

  apply(token: Token): DialogStep {
    if (token === 'Up' || token === 'Down') {
      this.cursor = Math.max(0, Math.min(ROWS - 1, this.cursor + (token === 'Down' ? 1 : -1)));
      return {};
    }
    if (token !== 'Enter' || this.cursor !== KEEP) throw new Error(`unmodelled key ${token} on the rate-limit choices`);
    const why = 'a rate-limit choice AKK never answers: the harness kept the current model as the person would';
    return { answer: { kind: 'not_offered', why }, outcome: 'closed' };
  }
}
