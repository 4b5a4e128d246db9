/**
 * Step 6 for a step the agent asked through its own channel (a hook request held open): no key.
 * Before the answer, the request must still be open and the agent's own record must hold no answer
 * given since it came (a person who answered in the terminal first: nothing is sent, the step ends
 * so). The answer is written once on the request's line; its effect is the result of that very call
 * in the agent's own record. A failure before the answer releases the step; after it, the step is
 * `response_uncertain` and nothing is retried. A questionnaire's questions are offered one at a time
 * and answered together: each answer but the last is kept for the request's one answer.
 */
import type { PermissionDecisionKind } from '../../shared/contract';
import { AkkError } from '../../shared/errors';
import type { WordAnswer } from '../../adapters/types';
import { wordAnswerOf, wordReceiptsOf } from '../base/adapters';
import { readAgentRecord } from '../base/read-text';
import { sleep } from '../base/sleep';
import type { KeyDispatch, Reserved } from './key-dispatch';
import type { HeldRequest, ResponderDeps } from './responder-deps';

/** How often the agent's own record is read for the answer's effect. */
const EFFECT_POLL_MS = 50;

/** What a dispatch through the request did: answered it, or kept a question's answer for it. */
type WordOutcome = 'answered' | 'kept';

export class WordDispatch {
  constructor(
    private readonly d: ResponderDeps,
    private readonly keys: KeyDispatch,
  ) {}

  /** The request a step was made from, still open; refused (nothing reserved yet) otherwise. */
  heldFor(r: Pick<Reserved, 'session' | 'authority'>): HeldRequest {
    const held = this.d.tracker.words.held(r.session.id);
    if (!held || held.fingerprint !== r.authority.promptFingerprint)
      throw new AkkError(
        'stale_revision',
        "the agent's own request is no longer open: it was answered in the terminal",
      );
    return held;
  }

  async dispatch(r: Reserved, held: HeldRequest, message: string | undefined): Promise<WordOutcome> {
    const { session } = r;
    const receipts = (): number | undefined => wordReceiptsOf(session.agent, held.word.input, readAgentRecord);
    let sent = false;
    try {
      const before = receipts();
      if (before === undefined || before !== held.receiptsBefore || !held.line.open())
        throw new AkkError('stale_revision', 'the request was answered in the terminal meanwhile; nothing was sent');
      const answer = this.answerOf(r, held, message);
      if (answer === 'kept') return 'kept';
      const output = wordAnswerOf(session.agent, held.word.input, answer);
      if (output === undefined)
        throw new AkkError('manual_required', 'this agent takes no such answer through its request');
      sent = held.line.answer(output);
      if (!sent) throw new AkkError('stale_revision', 'the request ended before the answer; nothing was sent');
      const deadline = Date.now() + this.d.options.proofTimeoutMs;
      for (;;) {
        if ((receipts() ?? before) > before) return 'answered';
        if (Date.now() > deadline)
          throw new AkkError('response_uncertain', "the answer was given but the agent's record does not show it");
        await sleep(EFFECT_POLL_MS);
      }
    } catch (error) {
      throw await this.keys.settleFailure(r, error, sent, undefined);
    }
  }

  /** The request's answer, or `kept` when the step is a question with more to come (its answer kept). */
  private answerOf(r: Reserved, held: HeldRequest, message: string | undefined): WordAnswer | 'kept' {
    const step = held.step;
    if (step.kind === 'permission') {
      const decision = r.resolved.optionIds[0] as PermissionDecisionKind;
      return { kind: 'decision', decision, ...(r.resolved.declines && message ? { message } : {}) };
    }
    // The labels exactly as the agent's request gave them (stored with the step's options), in its order.
    const chosen = new Set(r.resolved.optionIds);
    const labels = r.ix.options.filter((o) => chosen.has(o.optionId)).map((o) => o.label);
    if (labels.length !== chosen.size) throw new AkkError('option_not_stored', 'the option is not stored on this step');
    const answers = { ...held.answers, [step.question.prompt]: labels };
    return this.d.tracker.words.keep(r.session.id, answers) ? 'kept' : { kind: 'answers', answers };
  }
}
