/**
 * Checks of a response request that need no terminal: the revision the caller rendered, an async
 * question's delivery mode, and the answers as the store records them.
 */
import type { Answer, DeliveryMode } from '../../shared/contract';
import { AkkError } from '../../shared/errors';
import type { Interaction, Store } from '../store';
import type { ResolvedAnswer, StoredKeyPlan } from '../step/answer-plan';
import type { Caller } from './responder-deps';

/**
 * The revision the caller rendered. A client that declared it echoes revisions must send one;
 * for other callers the interaction's own binding stands in.
 */
export function expectedRevisionOf(echo: string | undefined, caller: Caller, ix: Interaction): number {
  if (echo === undefined) {
    if (caller.echoesRevision)
      throw new AkkError(
        'invalid_params',
        'expected_revision is missing: this client declared that it echoes the revision it rendered',
      );
    return ix.boundRevision;
  }
  const expected = /^\d{1,15}$/.test(echo) ? Number(echo) : NaN;
  if (!Number.isSafeInteger(expected))
    throw new AkkError('invalid_params', 'expected_revision is not a revision this server issued');
  return expected;
}

/**
 * Async questions: the mode must be one the native answer key is proven to perform; without one,
 * the advertised `steer_current_turn` is the default, else the only advertised mode.
 */
export function checkDeliveryMode(mode: DeliveryMode | undefined, plan: StoredKeyPlan): void {
  const modes = plan.deliveryModes ?? [];
  if (modes.length === 0) throw new AkkError('manual_required', 'no delivery mode is proven for this async question');
  if (mode !== undefined && !modes.includes(mode)) {
    throw new AkkError('invalid_params', `this async question is delivered as ${modes.join(' or ')}, not ${mode}`, {
      delivery_modes: modes,
    });
  }
  if (mode === undefined && !modes.includes('steer_current_turn') && modes.length !== 1) {
    throw new AkkError('invalid_params', `choose a delivery_mode: ${modes.join(' or ')}`, { delivery_modes: modes });
  }
}

export function answersForStore(
  ix: Interaction,
  resolved: ResolvedAnswer,
  answers: Answer[] | undefined,
): Array<{ questionId: string; optionId: string; text?: string }> {
  return resolved.optionIds.map((optionId) => {
    const option = ix.options.find((o) => o.optionId === optionId);
    const text = answers?.find((a) => a.response_kind === 'free_text');
    return {
      questionId: option?.questionId ?? '',
      optionId,
      ...(text && text.response_kind === 'free_text' && option?.action.semanticId === 'free_text'
        ? { text: text.text }
        : {}),
    };
  });
}

/**
 * The permission pending now in the turn (active, or being answered): an approval by turn id
 * never falls back to an earlier, finished permission (that would answer with its receipt and
 * leave the agent blocked), and two pending at once are named rather than guessed between.
 */
export function pendingPermission(store: Store, turnId: string): Interaction {
  const pending = store
    .listInteractions({ turnId, statuses: ['active', 'resolving'] })
    .filter((i) => i.kind === 'permission');
  if (pending.length > 1) {
    throw new AkkError(
      'ambiguous_target',
      `several permission prompts are pending in turn ${turnId}: give interaction_id`,
      {
        turn_id: turnId,
        interaction_ids: pending.map((i) => i.id),
      },
    );
  }
  const found = pending[0];
  if (!found) throw new AkkError('not_found', `no permission prompt is pending in turn ${turnId}`, { turn_id: turnId });
  return found;
}
