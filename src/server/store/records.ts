/**
 * Domain types of the interaction store. Every store function returns these, never rows.
 * The private authority record (`AuthorityRecord`) is deliberately not part of `Interaction`:
 * it is reachable only through `Store.getAuthority` and never leaves the server.
 */
import type { ErrorCode } from '../../shared/errors';
import type { InteractionStatus } from './status-machine';
import type { AttachedEndpoint, StoredContent, StoredKeyPlan } from './stored-shapes';

export type { InteractionStatus } from './status-machine';
export type { StoredContent, StoredKeyPlan } from './stored-shapes';

/**
 * The account that owns the sessions and interactions of one workspace store. Rows belong to the
 * workspace, so they survive a window reload; offers belong to the connection that asked for them.
 */
export const WORKSPACE_OWNER = 'workspace';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Risk of the step the interaction authorizes. The last three are high risk. */
export type RiskClass = 'low' | 'elevated' | 'destructive' | 'irreversible' | 'external_regulated';
export const RISK_CLASSES: readonly RiskClass[] = [
  'low',
  'elevated',
  'destructive',
  'irreversible',
  'external_regulated',
];

/** One word or number that answers an option exactly (recorded when the interaction is created). */
export interface TextAlias {
  optionId: string;
  alias: string;
}

/** Whether typed text (rather than a structured answer) may resolve the interaction. */
export type TextResolutionPolicy =
  | { mode: 'never'; aliases?: undefined }
  | { mode: 'model_interpreted_low_risk'; aliases?: TextAlias[] }
  | { mode: 'exact_aliases'; aliases: TextAlias[] };

/** Whether an option may carry free-form text, and how much. */
export type FreeformPolicy = { allowed: false } | { allowed: true; maxLength: number };

/**
 * The server-owned meaning of an option. `semanticId` names the adapter's input-plan entry;
 * `effect: 'decline'` makes a proven step land on `declined` instead of `resolved`.
 */
interface StoredAction {
  effect: 'accept' | 'decline' | 'answer';
  semanticId: string;
  params?: JsonValue;
}

export interface InteractionOption {
  questionId: string;
  optionId: string;
  label: string;
  action: StoredAction;
  freeform: FreeformPolicy;
}

/** The session's current revision: bumped whenever binding generation or prompt fingerprint change. */
export interface SessionRecord {
  id: string;
  owner: string;
  agent: string;
  revision: number;
  createdAt: number;
  updatedAt: number;
  closedAt: number | null;
}

/** Private half of a session revision (never projected). */
export interface RevisionSource {
  generation: number;
  fingerprint: string;
}

export interface Turn {
  id: string;
  sessionId: string;
  startedAt: number;
  endedAt: number | null;
}

/** The receipt of a proven step: returned again, unchanged, for every duplicate response. */
export interface Receipt {
  interactionId: string;
  reservationId: string;
  status: 'resolved' | 'declined';
  optionIds: string[];
  answerDigest: string;
  answerLength: number;
  provenStep: string;
  resolvedAt: number;
}

/** Why an interaction left `active`/`resolving`; `receipt` only for resolved/declined. */
interface InteractionOutcome {
  status: InteractionStatus;
  code: ErrorCode | null;
  reason: string | null;
  receipt: Receipt | null;
}

/**
 * The public interaction record (safe to project after the caller's own filtering): its kind and
 * payload (`StoredContent`) and the rest. `payloadHash` is over the canonical payload, which is
 * what the person was shown; the listing `title` is kept beside it, outside the hash.
 */
export type Interaction = InteractionRecord & StoredContent;

interface InteractionRecord {
  id: string;
  owner: string;
  sessionId: string;
  turnId: string;
  payloadHash: string;
  /** One-line summary for history lists; never part of the public projection. */
  title: string;
  status: InteractionStatus;
  blocking: boolean;
  boundRevision: number;
  revisionIndependent: boolean;
  textPolicy: TextResolutionPolicy;
  riskClass: RiskClass;
  createdAt: number;
  resolvedAt: number | null;
  outcome: InteractionOutcome | null;
  options: InteractionOption[];
}

export type ProvenStage = 'recognized' | 'reserved' | 'input_sent' | 'step_proven' | 'released' | 'closed';

export interface Reservation {
  id: string;
  interactionId: string;
  owner: string;
  at: number;
  optionIds: string[];
  answerDigest: string;
  answerLength: number;
}

export interface Offer {
  interactionId: string;
  owner: string;
  expiresAt: number;
}

/** Private mutation authority. Never copied into any public projection. */
export interface AuthorityRecord {
  interactionId: string;
  endpoint: string;
  processIncarnation: string;
  nativeThread: string | null;
  bindingGeneration: number;
  transcriptIdentity: string | null;
  promptFingerprint: string;
  nativeStep: string;
  /** Adapter-owned semantic-id-to-input plan; `null` means the step is manual only. */
  keyPlan: StoredKeyPlan | null;
  reservation: Reservation | null;
  lastProvenStage: ProvenStage;
  uncertain: boolean;
  /** When an uncertain outcome was settled (the screen moved on, or the person checked it). */
  uncertainSettledAt: number | null;
}

export type AuditEvent =
  | 'created'
  | 'offered'
  | 'reserved'
  | 'input_sent'
  | 'resolved'
  | 'declined'
  | 'released'
  | 'failed'
  | 'uncertain'
  | 'dismissed'
  | 'invalidated'
  | 'expired'
  | 'rejected'
  | 'receipt_replayed'
  | 'send_reserved'
  | 'send_delivered'
  | 'send_uncertain'
  | 'send_released'
  | 'follow_up_queued'
  | 'follow_up_dropped'
  | ListReadingEvent
  | 'uncertain_settled';

/** A scrolled list's reading (keys no step asked for): begun, finished, failed. */
export type ListReadingEvent = 'list_read_started' | 'list_read_finished' | 'list_read_failed';

/** One ledger line. Answers appear only as digests and lengths, never as text. */
export interface AuditEntry {
  seq: number;
  at: number;
  event: AuditEvent;
  interactionId: string | null;
  sessionId: string | null;
  from: InteractionStatus | null;
  to: InteractionStatus | null;
  code: ErrorCode | null;
  reservationId: string | null;
  actionDigest: string | null;
  answerDigest: string | null;
  answerLength: number | null;
}

export interface AttachedSession {
  sessionId: string;
  endpoint: AttachedEndpoint;
  /** The last binding generation, when it was kept. */
  generation: number | null;
  agent: string;
  version: string;
  attachedAt: number;
  updatedAt: number;
}

export interface NewAttachedSession {
  sessionId: string;
  endpoint: AttachedEndpoint;
  generation?: number;
  agent: string;
  version: string;
}

export interface OutboxEntry {
  id: number;
  /** A notification method of the protocol table. */
  method: string;
  params: JsonValue;
  createdAt: number;
  deliveredAt: number | null;
}

export interface StoreWarning {
  code: 'store_corrupt' | 'stale_lock_recovered' | 'journal_damaged';
  message: string;
  /** Where a damaged file was moved, when it was. */
  movedTo?: string;
}

// ---- inputs ----

interface NewOption {
  questionId: string;
  optionId: string;
  label: string;
  action: StoredAction;
  freeform?: FreeformPolicy;
}

interface NewAuthority {
  endpoint: string;
  processIncarnation: string;
  nativeThread?: string | null;
  transcriptIdentity?: string | null;
  promptFingerprint: string;
  nativeStep: string;
  keyPlan: StoredKeyPlan | null;
}

export type NewInteraction = NewInteractionRecord & StoredContent;

interface NewInteractionRecord {
  owner: string;
  sessionId: string;
  turnId: string;
  /** One-line summary for history lists (kept outside the payload and its hash). */
  title: string;
  blocking: boolean;
  riskClass: RiskClass;
  options: NewOption[];
  authority: NewAuthority;
  revisionIndependent?: boolean;
  /** Defaults to `never`. High-risk interactions keep `never` unless a policy is stated here. */
  textPolicy?: TextResolutionPolicy;
  /** Invalidate the session's current active blocking interaction instead of failing. */
  supersede?: boolean;
}

/** One chosen option of a response, as the store checks it (the contract's `Answer` is typed by the client). */
export interface StoredAnswer {
  questionId: string;
  optionId: string;
  /** Free-form text; only its digest and length are ever stored. */
  text?: string;
}

export interface ResponseRequest {
  interactionId: string;
  /** The account the interaction belongs to. */
  owner: string;
  /** The connection that holds the offer and answers; defaults to `owner`. */
  holder?: string;
  expectedRevision: number;
  answers: StoredAnswer[];
  /** `text` when the answer was inferred from typed text rather than a structured choice. */
  source?: 'structured' | 'text';
}

export type ReserveResult =
  { kind: 'reserved'; reservation: Reservation; interaction: Interaction } | { kind: 'receipt'; receipt: Receipt };

export interface NewSession {
  id: string;
  owner: string;
  agent: string;
  revision: RevisionSource;
}
