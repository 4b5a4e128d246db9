/**
 * The request handlers, one per protocol method. They validate nothing themselves (the
 * registration did) and own no state: sessions live in the registry, interactions in the store.
 */
import { AkkError } from '../../shared/errors';
import { type InteractionSummary, type SessionSummary, type StatusResult } from '../../shared/protocol';
import { recognize } from '../../adapters/recognize';
import { publicView, titleOf } from '../observe/projection';
import type { Responder } from '../respond/responder';
import { snapshotOf } from '../observe/screen-snapshot';
import { QUIET_BEFORE_OFFER_MS, type InteractionTracker } from '../observe/interaction-tracker';
import type { Logger } from '../logging';
import type { RequestHandlers } from './register';
import type { ScreenCapture, Session, SessionRegistry } from '../sessions';
import { WORKSPACE_OWNER, type Interaction, type Store } from '../store';

export interface HandlerDeps {
  log: Logger;
  registry: SessionRegistry;
  store: Store;
  tracker: InteractionTracker;
  responder: Responder;
  offerLifetimeMs: number;
  inputAllowed: boolean;
}

function pendingOf(store: Store, s: SessionSummary): SessionSummary {
  const ix = store.listInteractions({ sessionId: s.session_id, statuses: ['active', 'resolving'] }).find((i) => i.blocking);
  const kind = ix?.kind === 'permission' ? 'permission' : ix?.kind === 'async_question' ? 'async_question' : 'questionnaire';
  return { ...s, pending: ix ? { interaction_id: ix.id, kind, since: new Date(ix.createdAt).toISOString() } : null };
}

export function sessionSummaries(deps: Pick<HandlerDeps, 'registry' | 'store'>): SessionSummary[] {
  return deps.registry.list().map((s) => pendingOf(deps.store, s));
}

function findSession(deps: HandlerDeps, sessionId?: string, turnId?: string): Session {
  const { registry } = deps;
  if (sessionId !== undefined) {
    const s = registry.get(sessionId);
    if (!s) throw new AkkError('unknown_session', `no session ${sessionId}`, { session_id: sessionId });
    if (turnId !== undefined && s.turnId !== turnId) throw new AkkError('unknown_session', `turn ${turnId} is not the current turn of session ${sessionId}`, { session_id: sessionId, turn_id: turnId });
    return s;
  }
  const all = registry.list();
  if (turnId !== undefined) {
    const hit = all.find((s) => s.turn_id === turnId) ?? all.find((s) => deps.store.listInteractions({ sessionId: s.session_id }).some((i) => i.turnId === turnId));
    if (!hit) throw new AkkError('unknown_session', `no session has turn ${turnId}`, { turn_id: turnId });
    return registry.require(hit.session_id);
  }
  if (all.length === 1 && all[0]) return registry.require(all[0].session_id);
  if (all.length === 0) throw new AkkError('unknown_session', 'no session is attached');
  throw new AkkError('invalid_params', 'several sessions are attached: give session_id or turn_id', { session_ids: all.map((s) => s.session_id) });
}

async function status(deps: HandlerDeps, sessionId: string | undefined, turnId: string | undefined, holder: string): Promise<StatusResult> {
  const session = findSession(deps, sessionId, turnId);
  let manualReason: string | null = null;
  if (session.state !== 'exited' && session.endpoint) {
    // A fresh screen, never a cached one: status is what makes a step answerable.
    const capture = await quietCapture(session);
    if (capture) {
      const seen = await deps.tracker.observe(session, capture);
      if (seen.recognition.kind === 'manual_required') manualReason = seen.recognition.reason;
    }
  } else {
    const last = session.lastCapture;
    const r = last ? recognize(session.agent, session.version, snapshotOf(last)) : undefined;
    if (r?.kind === 'manual_required') manualReason = r.reason;
  }
  const ix = deps.tracker.current(session.id);
  let offerExpiresAt: string | null = null;
  if (ix && ix.status === 'active' && deps.inputAllowed && session.inputAllowed) {
    const offer = await deps.store.createOffer(ix.id, WORKSPACE_OWNER, deps.offerLifetimeMs, holder);
    offerExpiresAt = new Date(offer.expiresAt).toISOString();
  }
  const view = ix ? publicView(ix) : { interaction: null, permission: null };
  const storeSession = deps.store.getSession(session.id);
  return {
    session_id: session.id,
    agent: session.agent,
    version: session.version,
    state: session.state,
    turn_id: session.turnId,
    revision: storeSession ? String(storeSession.revision) : null,
    interaction: view.interaction,
    permission: view.permission,
    manual_reason: manualReason ?? (session.state === 'manual_required' ? 'the screen does not match a supported prompt exactly' : null),
    offer_expires_at: offerExpiresAt,
  };
}


/**
 * A settled capture; when it shows a prompt, one taken once the terminal has been quiet for
 * QUIET_BEFORE_OFFER_MS (bounded), so an offer is not made on a frame the agent is still completing.
 */
async function quietCapture(session: Session): Promise<ScreenCapture | null> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const capture = await session.nextSettled(3000).catch(() => session.lastCapture);
    if (!capture) return null;
    const kind = recognize(session.agent, session.version, snapshotOf(capture)).kind;
    const quiet = session.msSinceOutput() ?? QUIET_BEFORE_OFFER_MS;
    if ((kind !== 'questionnaire' && kind !== 'permission') || quiet >= QUIET_BEFORE_OFFER_MS || Date.now() >= deadline) return capture;
    await new Promise((r) => setTimeout(r, QUIET_BEFORE_OFFER_MS - quiet));
  }
}

function summaryOf(ix: Interaction): InteractionSummary {
  return {
    interaction_id: ix.id,
    session_id: ix.sessionId,
    turn_id: ix.turnId,
    kind: ix.kind === 'permission' ? 'permission' : ix.kind === 'async_question' ? 'async_question' : 'questionnaire',
    status: ix.status,
    outcome: ix.outcome?.code ?? ix.outcome?.reason ?? null,
    title: titleOf(ix),
    created_at: new Date(ix.createdAt).toISOString(),
    resolved_at: ix.resolvedAt === null ? null : new Date(ix.resolvedAt).toISOString(),
  };
}

export function createHandlers(deps: HandlerDeps): RequestHandlers {
  return {
    listSessions: async (params) => {
      const sessions = sessionSummaries(deps);
      if (!params.include_candidates) return { sessions };
      return { sessions, candidates: await deps.registry.candidates(params.tmux_servers) };
    },
    attachSession: async (params) => {
      const s = await deps.registry.attach(params.tmux);
      await deps.tracker.ensureSession(s);
      const blocked = s.observeOnlyReason();
      deps.log.info(`attached ${s.id}: ${s.agent} ${s.version ?? '(unknown version)'} in tmux pane ${s.endpoint?.describe().pane_id ?? params.tmux.target}${blocked ? `, observe only: ${blocked}` : ''}`);
      return { session_id: s.id, agent: s.agent, version: s.version, state: s.state };
    },
    detachSession: async (params) => {
      deps.registry.require(params.session_id);
      // Steps of a detached session can no longer be answered from here: close them, and say why.
      await deps.tracker.closeOpen(params.session_id, 'the session was detached');
      await deps.registry.detach(params.session_id);
      deps.tracker.forget(params.session_id);
      if (deps.store.getSession(params.session_id)) await deps.store.closeSession(params.session_id);
      return { session_id: params.session_id, detached: true };
    },
    status: (params, ctx) => status(deps, params.session_id, params.turn_id, ctx.ownerId),
    respondInteraction: (params, ctx) => deps.responder.respondInteraction(params, { holder: ctx.ownerId, echoesRevision: ctx.echoesRevision }),
    approve: (params, ctx) => deps.responder.approve(params, { holder: ctx.ownerId, echoesRevision: ctx.echoesRevision }),
    acknowledgeUncertain: async (params) => {
      const session = deps.registry.get(params.session_id);
      if (!session) throw new AkkError('unknown_session', `no session ${params.session_id}`, { session_id: params.session_id });
      const settled = session.uncertain || deps.store.unsettledUncertain(session.id).length > 0 ? await deps.tracker.endUncertain(session, 'acknowledged') : [];
      return { session_id: session.id, settled, state: session.state };
    },
    respond: (params) => deps.responder.sendMessage(findSession(deps, params.session_id, params.turn_id), params.request, params.request_id),
    listInteractions: (params) => {
      const list = deps.store
        .listInteractions({ ...(params.session_id ? { sessionId: params.session_id } : {}), ...(params.statuses ? { statuses: params.statuses } : {}) })
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, params.limit ?? 100);
      return { interactions: list.map(summaryOf) };
    },
  };
}
