/**
 * Sending a permission decision the person confirmed. The decision is about what they saw: this
 * agent session, this tool, this exact command or file. When the server answers that the prompt
 * changed (a redraw made a new revision), the fresh status is read once more; only when the
 * pending permission is the same in every shown field is the same decision sent to it, once.
 * Anything else is reported as changed, and nothing more is sent.
 */
import type * as vscode from 'vscode';
import type { PermissionDecisionKind, PermissionProjection, ResponseReceipt } from '../shared/contract';
import type { PendingInteractions } from './pending';
import { outcomeFor } from './rpc-error';
import type { ServerClient } from './server-client';

export function samePermission(a: PermissionProjection, b: PermissionProjection): boolean {
  return a.agent === b.agent && a.tool === b.tool && a.title === b.title && a.subject === b.subject && a.decisions.join() === b.decisions.join();
}

export async function sendDecision(
  client: ServerClient,
  pending: PendingInteractions,
  log: vscode.LogOutputChannel,
  sessionId: string,
  seen: PermissionProjection,
  decision: PermissionDecisionKind,
): Promise<ResponseReceipt> {
  const send = (p: PermissionProjection): Promise<ResponseReceipt> =>
    client.request('approve', { interaction_id: p.interaction_id, turn_id: p.turn_id, decision });
  try {
    return await send(seen);
  } catch (error) {
    if (outcomeFor(error).kind !== 'changed') throw error;
    const fresh = (await pending.refresh(sessionId))?.status.permission;
    if (!fresh || fresh.interaction_id === seen.interaction_id || !samePermission(fresh, seen)) throw error;
    log.info(`The permission prompt was redrawn unchanged (${seen.interaction_id} -> ${fresh.interaction_id}); sending the confirmed decision to the current one.`);
    return send(fresh);
  }
}
