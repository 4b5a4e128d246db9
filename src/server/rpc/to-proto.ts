/**
 * Domain values as the protocol shapes them (src/shared/protocol.ts): sessions with their pending
 * step, interaction summaries, and status results. No decisions are made here.
 */
import { needsConfirmation } from '../respond/confirmed-decision';
import type { InteractionSummary, SessionSummary, StatusResult } from '../../shared/protocol';
import type { SessionStatus } from '../observe/status';
import { publicView } from '../step/projection';
import type { SessionRegistry } from '../sessions';
import type { Interaction, Store } from '../store';

type ListedKind = InteractionSummary['kind'];

function listedKind(ix: Interaction): ListedKind {
  return ix.kind === 'permission' ? 'permission' : ix.kind === 'async_question' ? 'async_question' : 'questionnaire';
}

function withPending(store: Store, s: SessionSummary): SessionSummary {
  const ix = store
    .listInteractions({ sessionId: s.session_id, statuses: ['active', 'resolving'] })
    .find((i) => i.blocking);
  return {
    ...s,
    pending: ix ? { interaction_id: ix.id, kind: listedKind(ix), since: new Date(ix.createdAt).toISOString() } : null,
  };
}

export function sessionSummaries(registry: SessionRegistry, store: Store): SessionSummary[] {
  return registry.list().map((s) => withPending(store, s));
}

/**
 * A session as a supervisor (another agent, over the supervisor socket) sees it: what waits and
 * where it runs by kind and name, never the binding generation or the tmux socket and pane that
 * would let it address the terminal itself.
 */
export function supervisorSummary(s: SessionSummary): SessionSummary {
  const { endpoint } = s;
  return {
    ...s,
    binding_generation: null,
    endpoint: { kind: endpoint.kind, target: endpoint.kind === 'terminal' ? endpoint.target : 'tmux' },
  };
}

export function interactionSummary(ix: Interaction): InteractionSummary {
  return {
    interaction_id: ix.id,
    session_id: ix.sessionId,
    turn_id: ix.turnId,
    kind: listedKind(ix),
    status: ix.status,
    outcome: ix.outcome?.code ?? ix.outcome?.reason ?? null,
    title: ix.title,
    created_at: new Date(ix.createdAt).toISOString(),
    resolved_at: ix.resolvedAt === null ? null : new Date(ix.resolvedAt).toISOString(),
  };
}

export function statusResult(s: SessionStatus): StatusResult {
  const view = s.interaction ? publicView(s.interaction) : { interaction: null, permission: null };
  return {
    session_id: s.session.id,
    agent: s.session.agent,
    version: s.session.version,
    state: s.session.state,
    turn_id: s.session.turnId,
    revision: s.revision === null ? null : String(s.revision),
    interaction: view.interaction,
    permission: view.permission,
    manual_reason: s.manualReason,
    offer_expires_at: s.offer ? new Date(s.offer.expiresAt).toISOString() : null,
    confirm_before_answer: s.interaction !== undefined && needsConfirmation(s.interaction),
  };
}
