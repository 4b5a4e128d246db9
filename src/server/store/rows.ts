/**
 * Row decoding: rows read back from disk are a trust boundary, so every JSON column is checked
 * with zod and every enum column against its closed list. A row that fails is `store_corrupt`.
 */
import { z } from 'zod';
import { PermissionProjection, TerminalInteraction } from '../../shared/contract';
import { AkkError, isErrorCode, type ErrorCode } from '../../shared/errors';
import { NOTIFICATIONS } from '../../shared/protocol';
import type { Row } from './database';
import {
  RISK_CLASSES,
  type AttachedSession,
  type AuditEntry,
  type AuditEvent,
  type AuthorityRecord,
  type Interaction,
  type InteractionOption,
  type JsonValue,
  type OutboxEntry,
  type ProvenStage,
  type RiskClass,
  type SessionRecord,
  type Turn,
} from './records';
import { SEND_STATUSES, type FollowUp, type FollowUpStatus, type Send } from './message-records';
import { INTERACTION_STATUSES, isStatus, type InteractionStatus } from './status-machine';
import {
  STORED_KINDS,
  keyPlanSchema,
  storedEndpointSchema,
  type StoredContent,
  type StoredKind,
} from './stored-shapes';

function isJson(value: unknown, depth = 0): value is JsonValue {
  if (depth > 64) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => isJson(v, depth + 1));
  if (typeof value === 'object') return Object.values(value).every((v) => isJson(v, depth + 1));
  return false;
}

/** Any JSON value (checked by hand: zod's recursive unions are slow on the hot path). */
const json = z.custom<JsonValue>((v) => isJson(v));

const textAlias = z.object({ optionId: z.string().min(1), alias: z.string().min(1).max(4000) }).strict();

export const textPolicySchema = z.union([
  z.object({ mode: z.literal('never') }).strict(),
  z.object({ mode: z.literal('model_interpreted_low_risk'), aliases: z.array(textAlias).max(64).optional() }).strict(),
  z.object({ mode: z.literal('exact_aliases'), aliases: z.array(textAlias).max(64) }).strict(),
]);

export const freeformSchema = z.union([
  z.object({ allowed: z.literal(false) }),
  z.object({ allowed: z.literal(true), maxLength: z.number().int().nonnegative() }),
]);

const actionSchema = z.object({
  effect: z.enum(['accept', 'decline', 'answer']),
  semanticId: z.string(),
  params: json.optional(),
});

const errorCode = z.custom<ErrorCode>((v) => isErrorCode(v));

const receiptSchema = z.object({
  interactionId: z.string(),
  reservationId: z.string(),
  status: z.enum(['resolved', 'declined']),
  optionIds: z.array(z.string()),
  answerDigest: z.string(),
  answerLength: z.number(),
  provenStep: z.string(),
  resolvedAt: z.number(),
});

const outcomeSchema = z.object({
  status: z.enum(INTERACTION_STATUSES),
  code: errorCode.nullable(),
  reason: z.string().nullable(),
  receipt: receiptSchema.nullable(),
});

const reservationSchema = z.object({
  id: z.string(),
  interactionId: z.string(),
  owner: z.string(),
  at: z.number(),
  optionIds: z.array(z.string()),
  answerDigest: z.string(),
  answerLength: z.number(),
});

const PROVEN_STAGES: readonly ProvenStage[] = [
  'recognized',
  'reserved',
  'input_sent',
  'step_proven',
  'released',
  'closed',
];
const AUDIT_EVENTS: readonly AuditEvent[] = [
  'created',
  'offered',
  'reserved',
  'input_sent',
  'resolved',
  'declined',
  'released',
  'failed',
  'uncertain',
  'dismissed',
  'invalidated',
  'expired',
  'rejected',
  'receipt_replayed',
  'send_reserved',
  'send_delivered',
  'send_uncertain',
  'send_released',
  'follow_up_queued',
  'follow_up_dropped',
  'list_read_started',
  'list_read_finished',
  'list_read_failed',
  'uncertain_settled',
];

function bad(what: string): AkkError {
  return new AkkError('store_corrupt', `stored ${what} does not decode`);
}

function str(row: Row, col: string): string {
  const v = row[col];
  if (typeof v !== 'string') throw bad(col);
  return v;
}
function optStr(row: Row, col: string): string | null {
  const v = row[col];
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') throw bad(col);
  return v;
}
function num(row: Row, col: string): number {
  const v = row[col];
  if (typeof v !== 'number') throw bad(col);
  return v;
}
function optNum(row: Row, col: string): number | null {
  const v = row[col];
  if (v === null || v === undefined) return null;
  if (typeof v !== 'number') throw bad(col);
  return v;
}
function oneOf<T extends string>(row: Row, col: string, values: readonly T[]): T {
  const v = str(row, col);
  const known = values.find((x) => x === v);
  if (known === undefined) throw bad(col);
  return known;
}
function parsed<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad(what);
  }
  const r = schema.safeParse(value);
  if (!r.success) throw bad(what);
  return r.data;
}
function status(row: Row, col: string): InteractionStatus {
  const v = str(row, col);
  if (!isStatus(v)) throw bad(col);
  return v;
}

export function toOption(row: Row): InteractionOption {
  return {
    questionId: str(row, 'question_id'),
    optionId: str(row, 'option_id'),
    label: str(row, 'label'),
    action: parsed(actionSchema, str(row, 'action'), 'action'),
    freeform: parsed(freeformSchema, str(row, 'freeform'), 'freeform'),
  };
}

/** The kind and the payload of that kind: the payload is the public projection as first shown. */
function contentOf(kind: StoredKind, text: string): StoredContent {
  return kind === 'permission'
    ? { kind, payload: parsed(PermissionProjection, text, 'payload') }
    : { kind, payload: parsed(TerminalInteraction, text, 'payload') };
}

export function toInteraction(row: Row, options: InteractionOption[]): Interaction {
  const outcome = optStr(row, 'outcome');
  return {
    id: str(row, 'id'),
    owner: str(row, 'owner'),
    sessionId: str(row, 'session_id'),
    turnId: str(row, 'turn_id'),
    ...contentOf(oneOf<StoredKind>(row, 'kind', STORED_KINDS), str(row, 'payload')),
    payloadHash: str(row, 'payload_hash'),
    title: str(row, 'title'),
    status: status(row, 'status'),
    blocking: num(row, 'blocking') === 1,
    boundRevision: num(row, 'bound_revision'),
    revisionIndependent: num(row, 'revision_independent') === 1,
    textPolicy: parsed(textPolicySchema, str(row, 'text_policy'), 'text policy'),
    riskClass: oneOf<RiskClass>(row, 'risk_class', RISK_CLASSES),
    createdAt: num(row, 'created_at'),
    resolvedAt: optNum(row, 'resolved_at'),
    outcome: outcome === null ? null : parsed(outcomeSchema, outcome, 'outcome'),
    options,
  };
}

export function toAuthority(row: Row): AuthorityRecord {
  const keyPlan = optStr(row, 'key_plan');
  const reservation = optStr(row, 'reservation');
  return {
    interactionId: str(row, 'interaction_id'),
    endpoint: str(row, 'endpoint'),
    processIncarnation: str(row, 'process_incarnation'),
    nativeThread: optStr(row, 'native_thread'),
    bindingGeneration: num(row, 'binding_generation'),
    transcriptIdentity: optStr(row, 'transcript_identity'),
    promptFingerprint: str(row, 'prompt_fingerprint'),
    nativeStep: str(row, 'native_step'),
    keyPlan: keyPlan === null ? null : parsed(keyPlanSchema, keyPlan, 'key plan'),
    reservation: reservation === null ? null : parsed(reservationSchema, reservation, 'reservation'),
    lastProvenStage: oneOf<ProvenStage>(row, 'last_proven_stage', PROVEN_STAGES),
    uncertain: num(row, 'uncertain') === 1,
    uncertainSettledAt: optNum(row, 'uncertain_settled_at'),
  };
}

export function toSession(row: Row): SessionRecord {
  return {
    id: str(row, 'id'),
    owner: str(row, 'owner'),
    agent: str(row, 'agent'),
    revision: num(row, 'revision'),
    createdAt: num(row, 'created_at'),
    updatedAt: num(row, 'updated_at'),
    closedAt: optNum(row, 'closed_at'),
  };
}

export function toTurn(row: Row): Turn {
  return {
    id: str(row, 'id'),
    sessionId: str(row, 'session_id'),
    startedAt: num(row, 'started_at'),
    endedAt: optNum(row, 'ended_at'),
  };
}

function optStatus(row: Row, col: string): InteractionStatus | null {
  return optStr(row, col) === null ? null : status(row, col);
}

function optCode(row: Row, col: string): ErrorCode | null {
  const v = optStr(row, col);
  if (v === null) return null;
  if (!isErrorCode(v)) throw bad(col);
  return v;
}

export function toAudit(row: Row): AuditEntry {
  return {
    seq: num(row, 'seq'),
    at: num(row, 'at'),
    event: oneOf<AuditEvent>(row, 'event', AUDIT_EVENTS),
    interactionId: optStr(row, 'interaction_id'),
    sessionId: optStr(row, 'session_id'),
    from: optStatus(row, 'from_status'),
    to: optStatus(row, 'to_status'),
    code: optCode(row, 'code'),
    reservationId: optStr(row, 'reservation_id'),
    actionDigest: optStr(row, 'action_digest'),
    answerDigest: optStr(row, 'answer_digest'),
    answerLength: optNum(row, 'answer_length'),
  };
}

export function toAttached(row: Row): AttachedSession {
  const { generation, ...endpoint } = parsed(storedEndpointSchema, str(row, 'endpoint'), 'endpoint');
  return {
    sessionId: str(row, 'session_id'),
    endpoint,
    generation: generation ?? null,
    agent: str(row, 'agent'),
    version: str(row, 'version'),
    attachedAt: num(row, 'attached_at'),
    updatedAt: num(row, 'updated_at'),
  };
}

const NOTIFICATION_METHODS: readonly string[] = Object.values(NOTIFICATIONS);

export function toOutbox(row: Row): OutboxEntry {
  return {
    id: num(row, 'id'),
    method: oneOf(row, 'method', NOTIFICATION_METHODS),
    params: parsed(json, str(row, 'params'), 'outbox params'),
    createdAt: num(row, 'created_at'),
    deliveredAt: optNum(row, 'delivered_at'),
  };
}

export function toSend(row: Row): Send {
  return {
    id: str(row, 'id'),
    sessionId: str(row, 'session_id'),
    turnId: optStr(row, 'turn_id'),
    status: oneOf(row, 'status', SEND_STATUSES),
    textDigest: str(row, 'text_digest'),
    textLength: num(row, 'text_length'),
    createdAt: num(row, 'created_at'),
    updatedAt: num(row, 'updated_at'),
  };
}

const FOLLOW_UP_STATUSES: readonly FollowUpStatus[] = ['queued', 'sent', 'uncertain', 'dropped'];

export function toFollowUp(row: Row): FollowUp {
  return {
    id: str(row, 'id'),
    sessionId: str(row, 'session_id'),
    interactionId: str(row, 'interaction_id'),
    status: oneOf(row, 'status', FOLLOW_UP_STATUSES),
    text: optStr(row, 'text'),
    textDigest: str(row, 'text_digest'),
    textLength: num(row, 'text_length'),
    reason: optStr(row, 'reason'),
    createdAt: num(row, 'created_at'),
    updatedAt: num(row, 'updated_at'),
  };
}
