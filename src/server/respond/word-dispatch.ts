/**
 * Step 6 for a step the agent asked through its own channel (a hook request held open): no key.
 * Before the answer, the request must still be open and the agent's own record must hold no answer
 * given since it came (a person who answered in the terminal first: nothing is sent, the step ends
 * so). The answer is written once on the request's line; its effect is one more answered call in
 * the agent's own record. A failure before the answer releases the step; after it, the step is
 * `response_uncertain` and nothing is retried.
 */
import type { PermissionDecisionKind } from '../../shared/contract';
import { AkkError } from '../../shared/errors';
import { wordAnswerOf, wordReceiptsOf } from '../base/adapters';
import { readTextFile } from '../base/read-text';
import { sleep } from '../base/sleep';
import type { KeyDispatch, Reserved } from './key-dispatch';
import type { HeldRequest, ResponderDeps } from './responder-deps';

/** How often the agent's own record is read for the answer's effect. */
const EFFECT_POLL_MS = 50;

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

  async dispatch(r: Reserved, held: HeldRequest, message: string | undefined): Promise<void> {
    const { session } = r;
    const decision = r.resolved.optionIds[0] as PermissionDecisionKind;
    const receipts = (): number | undefined => wordReceiptsOf(session.agent, held.word.input, readTextFile);
    let sent = false;
    try {
      const output = wordAnswerOf(session.agent, decision, r.resolved.declines ? message : undefined);
      if (output === undefined) throw new AkkError('manual_required', 'this agent takes no answer through its request');
      const before = receipts();
      if (before === undefined || before !== held.receiptsBefore || !held.line.open())
        throw new AkkError('stale_revision', 'the request was answered in the terminal meanwhile; nothing was sent');
      sent = held.line.answer(output);
      if (!sent) throw new AkkError('stale_revision', 'the request ended before the answer; nothing was sent');
      const deadline = Date.now() + this.d.options.proofTimeoutMs;
      for (;;) {
        if ((receipts() ?? before) > before) return;
        if (Date.now() > deadline)
          throw new AkkError('response_uncertain', "the answer was given but the agent's record does not show it");
        await sleep(EFFECT_POLL_MS);
      }
    } catch (error) {
      throw await this.keys.settleFailure(r, error, sent, undefined);
    }
  }
}
