/**
 * The request handlers, one per protocol method: translation only. The registration validated the
 * params; the domain rooms (sessions, observe, respond, store) decide; to-proto shapes the result.
 */
import { AkkError } from '../../shared/errors';
import type { Logger } from '../base/logging';
import type { EndpointDescription } from '../sessions/endpoint';
import { dismissStep } from '../observe/dismissal';
import type { InteractionTracker } from '../observe/interaction-tracker';
import { acknowledgeUncertain, detachSession, findSession } from '../observe/session-lifecycle';
import { statusOf } from '../observe/status';
import type { Responder } from '../respond/responder';
import { resolveTextRequest } from '../step/text-resolution';
import { confirmedAnswer, confirmedDecision, type AskPerson } from '../respond/confirmed-decision';
import type { SessionRegistry } from '../sessions';
import type { TerminalSessions } from '../sessions/terminal/terminals';
import type { Store } from '../store';
import type { LocalQualifications } from '../qualify/local-qualifications';
import { forgetLocalQualifications, listLocalQualifications } from '../qualify/local-requests';
import type { QualificationRunner } from '../qualify/qualification-runner';
import { refreshSessionProfiles } from '../qualify/profile-sources';
import { agentHooks, connectAgent, disconnectAgent, type HookPlace } from '../connect/connect-requests';
import type { RequestContext, RequestHandlers } from './register';
import { interactionSummary, sessionSummaries, statusResult, supervisorSummary } from './to-proto';

export interface HandlerDeps {
  log: Logger;
  registry: SessionRegistry;
  store: Store;
  tracker: InteractionTracker;
  responder: Responder;
  offerLifetimeMs: number;
  inputAllowed: boolean;
  terminals: TerminalSessions;
  /** Asks the person in the editor to confirm a supervisor's decision. */
  askPerson: AskPerson;
  /** Qualifications made on this machine; absent without the editor's global storage. */
  local: LocalQualifications | undefined;
  /** `agent@version` whose shipped qualification is set aside. */
  withheld: ReadonlySet<string>;
  /** Qualifies a session's binary on this machine, one run at a time. */
  qualifier: QualificationRunner;
  /** Where AKK's hook program is and what runs it, for Connect. */
  hooks: HookPlace;
}

const callerOf = (ctx: RequestContext) => ({ holder: ctx.ownerId, echoesRevision: ctx.echoesRevision });

export function createHandlers(deps: HandlerDeps): RequestHandlers {
  return {
    qualifyVersion: (params) =>
      deps.qualifier.qualify(findSession(deps, params.session_id), params.terminal_background),
    cancelQualification: () => ({ cancelled: deps.qualifier.cancel() }),
    connectAgent: (params) => connectAgent(params, deps.hooks),
    disconnectAgent: (params) => disconnectAgent(params, deps.hooks),
    agentHooks: (params) => agentHooks(params, deps.hooks),
    listLocalQualifications: () => listLocalQualifications(deps.local, deps.withheld),
    forgetLocalQualifications: (params) =>
      forgetLocalQualifications(deps.local, params, () => refreshSessionProfiles(deps.registry)),
    listSessions: async (params, ctx) => {
      if (ctx.supervisor && params.include_candidates)
        throw new AkkError('invalid_params', "the panes that could be attached are the editor's to list");
      const summaries = sessionSummaries(deps.registry, deps.store);
      const sessions = ctx.supervisor ? summaries.map(supervisorSummary) : summaries;
      const notices = await deps.registry.notices.list();
      const tmux = await deps.registry.notices.tmuxFound();
      const listed = { sessions, tmux, ...(notices.length > 0 ? { notices } : {}) };
      if (!params.include_candidates) return listed;
      // Without tmux there are no panes to offer: the notice says why, the sessions are still listed.
      const candidates = await deps.registry.candidates(params.tmux_servers).catch((e: unknown) => {
        if (e instanceof AkkError && e.code === 'tmux_unavailable' && notices.length > 0) return [];
        throw e;
      });
      return { ...listed, candidates };
    },
    attachSession: async (params) => {
      const s = await deps.registry.attach(params.tmux);
      await deps.tracker.ensureSession(s);
      const blocked = s.observeOnlyReason();
      const pane = paneOf(s.endpoint?.describe()) ?? params.tmux.target;
      const observeOnly = blocked ? `, observe only: ${blocked}` : '';
      deps.log.info(
        `attached ${s.id}: ${s.agent} ${s.version ?? '(unknown version)'} in tmux pane ${pane}${observeOnly}`,
      );
      return { session_id: s.id, agent: s.agent, version: s.version, state: s.state };
    },
    detachSession: async (params) => {
      await detachSession(deps, params.session_id);
      return { session_id: params.session_id, detached: true };
    },
    status: async (params, ctx) =>
      statusResult(await statusOf(deps, findSession(deps, params.session_id, params.turn_id), ctx.ownerId)),
    respondInteraction: (params, ctx) =>
      ctx.supervisor
        ? confirmedAnswer(deps, params, { holder: ctx.ownerId, name: ctx.supervisor.name })
        : deps.responder.respondInteraction(params, callerOf(ctx)),
    approve: (params, ctx) =>
      ctx.supervisor
        ? confirmedDecision(deps, params, { holder: ctx.ownerId, name: ctx.supervisor.name })
        : deps.responder.approve(params, callerOf(ctx)),
    resolveText: (params) => resolveTextRequest(deps.store, params),
    identify: (params, ctx) => {
      if (ctx.supervisor) ctx.supervisor.name = params.name;
      return { owner_id: ctx.ownerId, name: ctx.supervisor?.name ?? params.name };
    },
    acknowledgeUncertain: async (params) => {
      const { session, settled } = await acknowledgeUncertain(deps, params.session_id);
      return { session_id: session.id, settled, state: session.state };
    },
    dismissInteraction: (params) => dismissStep(deps, params.interaction_id, params.turn_id),
    respond: (params) =>
      deps.responder.sendMessage(
        findSession(deps, params.session_id, params.turn_id),
        params.request,
        params.request_id,
      ),
    terminalStarted: async (params) => {
      const attached = await deps.terminals.started(params);
      const session = attached.session_id !== null ? deps.registry.get(attached.session_id) : undefined;
      if (session) await deps.tracker.ensureSession(session);
      return attached;
    },
    listInteractions: (params) => {
      const list = deps.store
        .listInteractions({
          ...(params.session_id ? { sessionId: params.session_id } : {}),
          ...(params.statuses ? { statuses: params.statuses } : {}),
        })
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, params.limit ?? 100);
      return { interactions: list.map(interactionSummary) };
    },
  };
}

function paneOf(d: EndpointDescription | undefined): string | undefined {
  return d?.kind === 'tmux' ? d.pane_id : undefined;
}
