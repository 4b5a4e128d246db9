/**
 * Sending a permission decision the person confirmed. The decision is bound to the exact prompt
 * they saw: if the server answers that the prompt changed, nothing more is sent; the person sees
 * the current prompt and decides again (an identical command asked a second time is a new question).
 * The revision the person saw travels with it (design 001, "Revision binding and invalidation").
 */
import type { PermissionDecisionKind, PermissionProjection, ResponseReceipt } from '../../shared/contract';
import type { ServerClient } from '../core/server-client';

export function sendDecision(
  client: ServerClient,
  seen: PermissionProjection,
  revision: string,
  decision: PermissionDecisionKind,
  message?: string,
): Promise<ResponseReceipt> {
  return client.request('approve', {
    interaction_id: seen.interaction_id,
    turn_id: seen.turn_id,
    decision,
    expected_revision: revision,
    ...(message !== undefined ? { message } : {}),
  });
}
