/**
 * Every custom request and notification between the editor (client) and the AKK server.
 * Method strings appear nowhere else in the code base. Requests carry queries and semantic
 * actions only (ids and typed answers), never keys, indexes or labels.
 *
 * Params are zod schemas because requests may reach the server from any tool over stdio:
 * the server validates them at the boundary. Results are plain types: the server owns them.
 */
import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from './answer-text';
import {
  ApproveRequest,
  RespondInteractionRequest,
  ResolveTextRequest,
  type TextResolution,
  type PermissionDecisionKind,
  type PermissionProjection,
  type ResponseReceipt,
  type TerminalInteraction,
} from './contract';
import { INTERACTION_STATUSES } from './lifecycle';
import { AgentHooksParams, ConnectAgentParams, type AgentHooksResult, type ConnectAgentResult } from './connect-shapes';
import { Id } from './opaque-id';
import {
  CancelQualificationParams,
  ForgetLocalQualificationsParams,
  ListLocalQualificationsParams,
  QualifyVersionParams,
  type CancelQualificationResult,
  type ForgetLocalQualificationsResult,
  type ListLocalQualificationsResult,
  type QualificationProgressParams,
  type QualifyVersionResult,
} from './qualification-shapes';
import {
  TerminalEndedParams,
  TerminalOutputParams,
  TerminalStartedParams,
  type TerminalStartedResult,
} from './terminal-params';
import type { AgentName, InteractionStatus, SessionState } from './lifecycle';
import {
  TmuxServerRef,
  TmuxTarget,
  type CandidatePane,
  type InteractionSummary,
  type SessionSummary,
} from './listing-shapes';

export { TmuxServerRef, TmuxTarget };
export type { CandidatePane, InteractionSummary, SessionSummary };

// ---------------------------------------------------------------- requests

const ListSessionsParams = z
  .object({
    /** Also list panes running a supported agent that are not attached yet. */
    include_candidates: z.boolean().optional(),
    /** tmux servers to search for candidates; the default server when omitted. */
    tmux_servers: z.array(TmuxServerRef).max(16).optional(),
  })
  .strict();
interface ListSessionsResult {
  sessions: SessionSummary[];
  candidates?: CandidatePane[];
  /** What this machine keeps the server from doing, each with what works instead (shown above the list). */
  notices?: string[];
  /**
   * The tmux the server runs (found on PATH or where package managers put it, which an editor
   * started from a desktop may not have on its PATH): what new sessions start in; `version` null
   * when it does not run.
   */
  tmux?: { binary: string; version: string | null };
}

const AttachSessionParams = z.object({ tmux: TmuxTarget }).strict();
interface AttachSessionResult {
  session_id: string;
  agent: AgentName | 'unknown';
  version: string | null;
  state: SessionState;
}

const DetachSessionParams = z.object({ session_id: Id }).strict();
interface DetachSessionResult {
  session_id: string;
  detached: true;
}

const StatusParams = z.object({ session_id: Id.optional(), turn_id: Id.optional() }).strict();
export interface StatusResult {
  session_id: string;
  agent: AgentName | 'unknown';
  version: string | null;
  state: SessionState;
  turn_id: string | null;
  /** The revision a response must echo as `expected_revision`. */
  revision: string | null;
  /** The current public questionnaire step, or null. */
  interaction: TerminalInteraction | null;
  /** The pending permission decision, or null. */
  permission: PermissionProjection | null;
  /** Why the screen must be answered by hand, when the state is `manual_required`. */
  manual_reason: string | null;
  /** When the offer created by this call lapses (ISO time), if an offer was made. */
  offer_expires_at: string | null;
  /**
   * The step is not a low-risk question (a permission, a plan to approve): an answer an agent gives
   * for the person (a supervisor, a language-model tool) is typed only once the person confirms it.
   */
  confirm_before_answer: boolean;
}

const RespondInteractionParams = RespondInteractionRequest;
type RespondInteractionResult = ResponseReceipt;

const ApproveParams = ApproveRequest;

/** Words offered as an answer: resolved under the step's policy; nothing is typed. */
const ResolveTextParams = ResolveTextRequest;

/**
 * A supervisor (an MCP client, through `dist/mcp.js`) names itself on its connection, so that the
 * person is told who asks when a decision needs their confirmation.
 */
const IdentifyParams = z
  .object({
    name: z
      .string()
      .min(1)
      .max(100)
      .refine((v) => ![...v].some((c) => c < ' ' || c === '\u007f'), 'a name without control characters'),
  })
  .strict();
interface IdentifyResult {
  /** The connection's own owner id: its offers are its own. */
  owner_id: string;
  name: string;
}
type ApproveResult = ResponseReceipt;

/** Managed send: a new message for the agent's composer. */
const RespondParams = z
  .object({
    session_id: Id.optional(),
    turn_id: Id.optional(),
    request: z.string().min(1).max(MAX_MESSAGE_LENGTH),
    /**
     * The caller's id for this message. A repeated request with the same id is answered from the
     * durable record and never pasted twice; without one the server assigns a fresh id.
     */
    request_id: Id.optional(),
  })
  .strict();
export interface RespondResult {
  session_id: string;
  turn_id: string | null;
  sent: true;
  /** The request id the send is recorded under. */
  send_id: string;
  /** True when this answers a repeated request from the record; nothing was pasted this time. */
  replayed: boolean;
}

/**
 * The person checked the terminal after an uncertain response: the session stops being held as
 * `response_uncertain` and a new turn begins. The uncertain step stays failed; nothing is retried.
 */
const AcknowledgeUncertainParams = z.object({ session_id: Id }).strict();
interface AcknowledgeUncertainResult {
  session_id: string;
  /** The interactions whose uncertain outcome this settled (may be empty). */
  settled: string[];
  state: SessionState;
}

/**
 * The person will answer a waiting step in the terminal ("Answer in the Terminal"): the step is
 * dismissed and, while the same exact prompt stays on screen, neither announced nor offered again.
 * Nothing is typed. A repeated request answers with the same result.
 */
const DismissInteractionParams = z.object({ interaction_id: Id, turn_id: Id }).strict();
export interface DismissInteractionResult {
  interaction_id: string;
  session_id: string;
  status: 'dismissed';
}

const ListInteractionsParams = z
  .object({
    session_id: Id.optional(),
    statuses: z.array(z.enum(INTERACTION_STATUSES)).max(8).optional(),
    limit: z.number().int().min(1).max(500).optional(),
  })
  .strict();
interface ListInteractionsResult {
  interactions: InteractionSummary[];
}

// ---------------------------------------------------------------- notifications

export interface InteractionRequiredParams {
  session_id: string;
  turn_id: string;
  /** A wake-up signal only: call `akk/status` before answering. */
  interaction: TerminalInteraction | null;
  permission: PermissionProjection | null;
  /**
   * Set (and both of the above null) when the agent waits on a screen that is left to the
   * terminal: why it cannot be answered from the editor. The person must still hear of it.
   */
  manual_reason: string | null;
}

export interface InteractionUpdatedParams {
  session_id: string;
  interaction_id: string;
  status: InteractionStatus;
  outcome: string | null;
}

interface SessionsChangedParams {
  sessions: SessionSummary[];
}

// ---------------------------------------------------------------- the method table

/** Requests, client to server. */
export const REQUESTS = {
  listSessions: { method: 'akk/listSessions', params: ListSessionsParams },
  attachSession: { method: 'akk/attachSession', params: AttachSessionParams },
  detachSession: { method: 'akk/detachSession', params: DetachSessionParams },
  status: { method: 'akk/status', params: StatusParams },
  respondInteraction: { method: 'akk/respondInteraction', params: RespondInteractionParams },
  approve: { method: 'akk/approve', params: ApproveParams },
  resolveText: { method: 'akk/resolveText', params: ResolveTextParams },
  identify: { method: 'akk/identify', params: IdentifyParams },
  respond: { method: 'akk/respond', params: RespondParams },
  listInteractions: { method: 'akk/listInteractions', params: ListInteractionsParams },
  acknowledgeUncertain: { method: 'akk/acknowledgeUncertain', params: AcknowledgeUncertainParams },
  dismissInteraction: { method: 'akk/dismissInteraction', params: DismissInteractionParams },
  terminalStarted: { method: 'akk/terminalStarted', params: TerminalStartedParams },
  listLocalQualifications: { method: 'akk/listLocalQualifications', params: ListLocalQualificationsParams },
  forgetLocalQualifications: { method: 'akk/forgetLocalQualifications', params: ForgetLocalQualificationsParams },
  qualifyVersion: { method: 'akk/qualifyVersion', params: QualifyVersionParams },
  cancelQualification: { method: 'akk/cancelQualification', params: CancelQualificationParams },
  connectAgent: { method: 'akk/connectAgent', params: ConnectAgentParams },
  disconnectAgent: { method: 'akk/disconnectAgent', params: ConnectAgentParams },
  agentHooks: { method: 'akk/agentHooks', params: AgentHooksParams },
} as const;

/** The result type of each request, by table key. */
interface RequestResults {
  listSessions: ListSessionsResult;
  attachSession: AttachSessionResult;
  detachSession: DetachSessionResult;
  status: StatusResult;
  respondInteraction: RespondInteractionResult;
  approve: ApproveResult;
  resolveText: TextResolution;
  identify: IdentifyResult;
  respond: RespondResult;
  listInteractions: ListInteractionsResult;
  acknowledgeUncertain: AcknowledgeUncertainResult;
  dismissInteraction: DismissInteractionResult;
  terminalStarted: TerminalStartedResult;
  listLocalQualifications: ListLocalQualificationsResult;
  forgetLocalQualifications: ForgetLocalQualificationsResult;
  qualifyVersion: QualifyVersionResult;
  cancelQualification: CancelQualificationResult;
  connectAgent: ConnectAgentResult;
  disconnectAgent: ConnectAgentResult;
  agentHooks: AgentHooksResult;
}

export type RequestName = keyof typeof REQUESTS;

/**
 * What a supervisor may ask over the supervisor socket: read the sessions and steps, answer and
 * decide (a decision only once the person confirms it in the editor). Attaching, detaching, sending
 * new messages and terminal traffic stay with the editor.
 */
export const SUPERVISOR_REQUESTS: readonly RequestName[] = [
  'identify',
  'listSessions',
  'status',
  'listInteractions',
  'resolveText',
  'respondInteraction',
  'approve',
];
export type RequestParams<K extends RequestName> = z.infer<(typeof REQUESTS)[K]['params']>;
export type RequestResult<K extends RequestName> = RequestResults[K];

/** Notifications, server to client. */
export const NOTIFICATIONS = {
  interactionRequired: 'akk/interactionRequired',
  interactionUpdated: 'akk/interactionUpdated',
  sessionsChanged: 'akk/sessionsChanged',
  qualificationProgress: 'akk/qualificationProgress',
} as const;

export interface NotificationParamsMap {
  interactionRequired: InteractionRequiredParams;
  interactionUpdated: InteractionUpdatedParams;
  sessionsChanged: SessionsChangedParams;
  qualificationProgress: QualificationProgressParams;
}
export type NotificationName = keyof typeof NOTIFICATIONS;

/** Notifications, client to server: validated like requests; a malformed one is logged and dropped. */
export const CLIENT_NOTIFICATIONS = {
  terminalOutput: { method: 'akk/terminalOutput', params: TerminalOutputParams },
  terminalEnded: { method: 'akk/terminalEnded', params: TerminalEndedParams },
} as const;
export type ClientNotificationName = keyof typeof CLIENT_NOTIFICATIONS;
export type ClientNotificationParams<K extends ClientNotificationName> = z.infer<
  (typeof CLIENT_NOTIFICATIONS)[K]['params']
>;

/** Requests, server to client. */
export const SERVER_REQUESTS = {
  terminalWrite: 'akk/terminalWrite',
  confirmDecision: 'akk/confirmDecision',
} as const;

/**
 * A supervisor (an MCP client) decided a permission, or answered a step that is not low risk (a
 * plan to approve, say): the editor asks the person, naming the caller, the prompt and the decision
 * or answer. Nothing is typed unless the answer is `confirmed: true`.
 */
export type ConfirmDecisionParams =
  | { caller: string; permission: PermissionProjection; decision: PermissionDecisionKind; message?: string }
  | {
      caller: string;
      interaction: TerminalInteraction;
      /** The answer as the person reads it: the chosen options' labels, or the words to type. */
      answer: string;
      message?: string;
    };
export interface ConfirmDecisionResult {
  confirmed: boolean;
}

/** Largest JSON-RPC message the server accepts, in bytes. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export const SERVER_NAME = 'agent-knock-knock-server';
