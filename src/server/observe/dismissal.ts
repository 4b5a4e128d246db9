/**
 * "Answer in the Terminal": the person will answer a waiting step at the agent's own prompt
 * (design 001, "Status machine": Dismissed). The step is dismissed, and its exact prompt is fenced
 * while it stays on screen, so it is neither announced nor offered again; status says it is being
 * answered in the terminal. Nothing is typed. Once the screen moves on, prompts are offered again.
 */
import { AkkError } from '../../shared/errors';
import type { DismissInteractionResult } from '../../shared/protocol';
import type { Store } from '../store';
import type { InteractionTracker } from './interaction-tracker';

/** The dismissal's reason in the record, and what status says while the prompt stays on screen. */
const ANSWERED_IN_TERMINAL = 'answered in the terminal';
export const DISMISSED_REASON = 'you chose to answer this step in the terminal';

/** Dismisses the step; a repeated request answers the same, an answered or closed step is refused. */
export async function dismissStep(
  deps: { store: Store; tracker: InteractionTracker },
  interactionId: string,
  turnId: string,
): Promise<DismissInteractionResult> {
  const ix = deps.store.getInteraction(interactionId);
  if (!ix) throw new AkkError('not_found', `no interaction ${interactionId}`, { interaction_id: interactionId });
  if (ix.turnId !== turnId) {
    throw new AkkError('stale_revision', 'the interaction belongs to another turn', { turn_id: ix.turnId });
  }
  const after = ix.status === 'active' ? await deps.tracker.dismiss(ix, ANSWERED_IN_TERMINAL) : ix;
  switch (after?.status) {
    case 'dismissed':
      return { interaction_id: ix.id, session_id: ix.sessionId, status: 'dismissed' };
    case 'resolving':
      throw new AkkError('resolving', 'an answer to this step is being typed and proven');
    default:
      throw new AkkError('invalidated', 'the step no longer waits for an answer');
  }
}
