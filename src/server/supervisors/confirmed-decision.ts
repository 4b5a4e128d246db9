/**
 * A supervisor's permission decision (design 000: the responder is also a tool an agent calls):
 * never typed until the person confirms it in the editor. The supervisor must hold its own fresh
 * offer first (`offer_required` otherwise, and the person is not asked); the editor is then asked,
 * naming the caller, the exact prompt and the decision; only a confirmation lets the decision run
 * through the same fenced pipeline as a click. No editor, no answer in time, or a refusal: nothing
 * is typed, and the outcome is typed (`confirmation_unavailable`, `confirmation_refused`).
 */
import type { ApproveRequest, ResponseReceipt } from '../../shared/contract';
import { AkkError } from '../../shared/errors';
import type { ConfirmDecisionParams } from '../../shared/protocol';
import { publicView } from '../observe/projection';
import type { Responder } from '../respond/responder';
import { checkDecisionAllowed } from '../respond/text-resolution';
import type { Store } from '../store';

/** Resolves `true` only when the person confirmed; rejects when no editor can ask. */
export type AskPerson = (params: ConfirmDecisionParams) => Promise<boolean>;

interface Deps {
  store: Store;
  responder: Responder;
  askPerson: AskPerson;
}

export async function confirmedDecision(
  d: Deps,
  req: ApproveRequest,
  supervisor: { holder: string; name: string },
): Promise<ResponseReceipt> {
  checkDecisionAllowed(req);
  const ix = permissionOf(d.store, req);
  // Its own fresh offer, before the person is bothered.
  d.store.checkOffer(ix.id, supervisor.holder);
  const permission = publicView(ix).permission;
  if (!permission) throw new AkkError('invalid_params', 'this is a question: use akk/respondInteraction');
  let confirmed: boolean;
  try {
    confirmed = await d.askPerson({
      caller: supervisor.name,
      permission,
      decision: req.decision,
      ...(req.message !== undefined ? { message: req.message } : {}),
    });
  } catch (error) {
    throw new AkkError(
      'confirmation_unavailable',
      `no editor could ask the person to confirm this decision; nothing was typed (${
        error instanceof Error ? error.message : String(error)
      })`,
    );
  }
  if (!confirmed)
    throw new AkkError('confirmation_refused', 'the person did not confirm this decision; nothing was typed');
  return d.responder.approve({ ...req, interaction_id: ix.id }, { holder: supervisor.holder, echoesRevision: false });
}

/** The permission the request names, or the one pending in its turn. */
function permissionOf(store: Store, req: ApproveRequest) {
  if (req.interaction_id) {
    const ix = store.getInteraction(req.interaction_id);
    if (!ix) throw new AkkError('not_found', `no interaction ${req.interaction_id}`);
    if (ix.kind !== 'permission')
      throw new AkkError('invalid_params', 'this is a question: use akk/respondInteraction');
    return ix;
  }
  const pending = store
    .listInteractions({ turnId: req.turn_id, statuses: ['active'] })
    .filter((i) => i.kind === 'permission');
  const only = pending.length === 1 ? pending[0] : undefined;
  if (!only)
    throw new AkkError(
      pending.length === 0 ? 'not_found' : 'ambiguous_target',
      pending.length === 0 ? `no permission prompt is pending in turn ${req.turn_id}` : 'give interaction_id',
    );
  return only;
}
