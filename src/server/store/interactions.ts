/**
 * Creating interactions and closing them without a response: supersede, dismiss, invalidate and
 * revision invalidation. Every status change goes through `transition`, which asks the status
 * machine, writes the ledger line and counts the outcome in the same transaction.
 */
import { AkkError, type ErrorCode } from '../../shared/errors';
import { bump, writeAudit } from './audit';
import { opaqueId } from '../base/ids';
import { canonicalJson, sha256 } from './canonical';
import { attempt, reject, type Ctx } from './context';
import type { Tx } from './engine';
import { isFenced, loadAuthority, loadInteraction, loadRevisionSource, loadSession, slotHolder } from './queries';
import {
  RISK_CLASSES,
  type AuditEvent,
  type FreeformPolicy,
  type Interaction,
  type NewInteraction,
  type Receipt,
  type RevisionSource,
  type TextResolutionPolicy,
} from './records';
import { freeformSchema, textPolicySchema } from './rows';
import { assertTransition, isTerminal, type InteractionStatus } from './status-machine';
import { STORED_KINDS, payloadSchema } from './stored-shapes';

interface TransitionNote {
  event: AuditEvent;
  code?: ErrorCode | null;
  reason?: string | null;
  receipt?: Receipt | null;
  reservationId?: string | null;
  actionDigest?: string | null;
  answerDigest?: string | null;
  answerLength?: number | null;
}

/** Moves one interaction along a legal edge, with its ledger line and counter. */
export function transition(
  tx: Tx,
  at: number,
  ix: { id: string; sessionId: string; status: InteractionStatus },
  to: InteractionStatus,
  note: TransitionNote,
): void {
  assertTransition(ix.status, to, ix.id);
  const terminal = isTerminal(to);
  const outcome = terminal
    ? canonicalJson({ status: to, code: note.code ?? null, reason: note.reason ?? null, receipt: note.receipt ?? null })
    : null;
  tx.run('UPDATE interactions SET status = ?, resolved_at = ?, outcome = ? WHERE id = ? AND status = ?', [
    to,
    terminal ? at : null,
    outcome,
    ix.id,
    ix.status,
  ]);
  if (tx.changes() !== 1) throw new AkkError('internal_error', `interaction ${ix.id} changed underneath a transition`);
  if (terminal && to !== 'resolved' && to !== 'declined') {
    tx.run('DELETE FROM offers WHERE interaction_id = ?', [ix.id]);
    tx.run(
      `UPDATE authority SET last_proven_stage = CASE WHEN last_proven_stage IN ('recognized', 'released') THEN 'closed'
                                  ELSE last_proven_stage END
       WHERE interaction_id = ?`,
      [ix.id],
    );
  }
  writeAudit(tx, at, {
    event: note.event,
    interactionId: ix.id,
    sessionId: ix.sessionId,
    from: ix.status,
    to,
    code: note.code ?? null,
    reservationId: note.reservationId ?? null,
    actionDigest: note.actionDigest ?? null,
    answerDigest: note.answerDigest ?? null,
    answerLength: note.answerLength ?? null,
  });
  bump(tx, note.event);
}

/** The partial unique index is the last line of defence for the blocking slot. */
function insertInteraction(tx: Tx, params: Array<string | number | null>, sessionId: string): void {
  try {
    tx.run(
      `INSERT INTO interactions (id, owner, session_id, turn_id, kind, payload, payload_hash, title, status, blocking,
         bound_revision, revision_independent, text_policy, risk_class, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?)`,
      params,
    );
  } catch (error) {
    if (/UNIQUE constraint failed: interactions\.session_id/.test(String(error))) {
      reject('blocking_slot_taken', 'the session already has a blocking interaction', { sessionId });
    }
    throw error;
  }
}

/** Typed text never resolves an interaction unless its creator states a policy explicitly. */
function validText(policy: TextResolutionPolicy | undefined): TextResolutionPolicy {
  if (policy === undefined) return { mode: 'never' };
  const r = textPolicySchema.safeParse(policy);
  if (!r.success) throw new AkkError('invalid_params', 'invalid text-resolution policy');
  return r.data;
}

function validFreeform(policy: FreeformPolicy | undefined): FreeformPolicy {
  if (policy === undefined) return { allowed: false };
  const r = freeformSchema.safeParse(policy);
  if (!r.success) throw new AkkError('invalid_params', 'invalid free-form policy');
  return r.data;
}

function validate(input: NewInteraction): void {
  const nonEmpty = (v: unknown): boolean => typeof v === 'string' && v.length > 0;
  if (!nonEmpty(input.owner) || !nonEmpty(input.sessionId) || !nonEmpty(input.turnId)) {
    throw new AkkError('invalid_params', 'owner, sessionId and turnId are required');
  }
  if (typeof input.title !== 'string') throw new AkkError('invalid_params', 'an interaction has a listing title');
  if (!STORED_KINDS.includes(input.kind)) throw new AkkError('invalid_params', `unknown kind ${String(input.kind)}`);
  // Only what reads back: the payload is the public projection of its kind.
  if (!payloadSchema(input.kind).safeParse(input.payload).success) {
    throw new AkkError('invalid_params', `the payload is not a ${input.kind} projection`);
  }
  if (!RISK_CLASSES.includes(input.riskClass))
    throw new AkkError('invalid_params', `unknown risk class ${String(input.riskClass)}`);
  if (input.options.length === 0) throw new AkkError('invalid_params', 'an interaction stores at least one option');
  const ids = new Set<string>();
  for (const o of input.options) {
    if (!nonEmpty(o.optionId) || !nonEmpty(o.questionId))
      throw new AkkError('invalid_params', 'option and question ids are required');
    if (ids.has(o.optionId)) throw new AkkError('invalid_params', `duplicate option id ${o.optionId}`);
    ids.add(o.optionId);
  }
  const a = input.authority;
  if (
    !nonEmpty(a.promptFingerprint) ||
    !nonEmpty(a.endpoint) ||
    !nonEmpty(a.processIncarnation) ||
    !nonEmpty(a.nativeStep)
  ) {
    throw new AkkError(
      'invalid_params',
      'the authority record needs endpoint, process incarnation, fingerprint and native step',
    );
  }
}

/**
 * Persists a new interaction bound to the session's current revision. The authority record must
 * carry that revision's binding generation and exact prompt fingerprint; a fenced (already
 * consumed) fingerprint cannot be offered again.
 */
export function createInteraction(ctx: Ctx, input: NewInteraction): Interaction {
  const now = ctx.now();
  const id = opaqueId('ix');
  return attempt(ctx, true, (tx) => {
    validate(input);
    const textPolicy = validText(input.textPolicy);
    const options = input.options.map((o) => ({ ...o, freeform: validFreeform(o.freeform) }));
    const payload = canonicalJson(input.payload);
    const session = loadSession(tx, input.sessionId);
    const where = { sessionId: input.sessionId };
    if (!session || session.closedAt !== null) reject('unknown_session', `no open session ${input.sessionId}`, where);
    if (session.owner !== input.owner) reject('foreign_owner', 'the session belongs to another owner', where);
    const source = loadRevisionSource(tx, input.sessionId);
    const a = input.authority;
    if (!source || source.fingerprint !== a.promptFingerprint) {
      reject('stale_revision', 'the prompt fingerprint is not the session revision', where);
    }
    if (isFenced(tx, input.sessionId, a.promptFingerprint)) {
      reject('stale_revision', 'this exact prompt was already answered', where);
    }
    if (input.blocking) {
      const holder = slotHolder(tx, input.sessionId);
      if (holder) {
        if (holder.status !== 'active' || !input.supersede) {
          reject('blocking_slot_taken', 'the session already has a blocking interaction', {
            ...where,
            interactionId: holder.id,
          });
        }
        transition(tx, now, { id: holder.id, sessionId: input.sessionId, status: 'active' }, 'invalidated', {
          event: 'invalidated',
          reason: 'superseded',
        });
      }
    }
    tx.run('INSERT OR IGNORE INTO turns (id, session_id, started_at) VALUES (?, ?, ?)', [
      input.turnId,
      input.sessionId,
      now,
    ]);
    insertInteraction(
      tx,
      [
        id,
        input.owner,
        input.sessionId,
        input.turnId,
        input.kind,
        payload,
        sha256(payload),
        input.title,
        input.blocking ? 1 : 0,
        session.revision,
        input.revisionIndependent ? 1 : 0,
        canonicalJson(textPolicy),
        input.riskClass,
        now,
      ],
      input.sessionId,
    );
    options.forEach((o, position) =>
      tx.run(
        `INSERT INTO options (interaction_id, option_id, question_id, position, label, action, freeform)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [id, o.optionId, o.questionId, position, o.label, canonicalJson(o.action), canonicalJson(o.freeform)],
      ),
    );
    tx.run(
      `INSERT INTO authority (interaction_id, endpoint, process_incarnation, native_thread, binding_generation,
         transcript_identity, prompt_fingerprint, native_step, key_plan, last_proven_stage, uncertain)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'recognized', 0)`,
      [
        id,
        a.endpoint,
        a.processIncarnation,
        a.nativeThread ?? null,
        source.generation,
        a.transcriptIdentity ?? null,
        a.promptFingerprint,
        a.nativeStep,
        a.keyPlan === null ? null : canonicalJson(a.keyPlan),
      ],
    );
    writeAudit(tx, now, { event: 'created', interactionId: id, sessionId: input.sessionId, to: 'active' });
    bump(tx, 'created');
    const created = loadInteraction(tx, id);
    if (!created) throw new AkkError('internal_error', 'created interaction not found');
    return created;
  });
}

/** Closes an active interaction without a response: its prompt went away (`invalidated`). */
export function invalidate(ctx: Ctx, id: string, reason: string): Interaction {
  return closeActive(ctx, id, 'invalidated', reason);
}

/**
 * The person will answer the step in the terminal: `dismissed`, and its exact prompt fenced so it
 * is neither announced nor offered again while it stays on screen. The fence lasts until the
 * session moves to another prompt (see `invalidateRevision`); nothing is sent to the terminal.
 */
export function dismiss(ctx: Ctx, id: string, reason: string): Interaction {
  return closeActive(ctx, id, 'dismissed', reason, (tx, ix, now) => {
    const authority = loadAuthority(tx, id);
    if (!authority) throw new AkkError('store_corrupt', 'interaction without authority record');
    // An answered prompt's fence stays what it is (it is never lifted).
    tx.run('INSERT OR IGNORE INTO fences (session_id, fingerprint, interaction_id, fenced_at) VALUES (?, ?, ?, ?)', [
      ix.sessionId,
      authority.promptFingerprint,
      id,
      now,
    ]);
  });
}

function closeActive(
  ctx: Ctx,
  id: string,
  to: 'dismissed' | 'invalidated',
  reason: string,
  also?: (tx: Tx, ix: Interaction, now: number) => void,
): Interaction {
  const now = ctx.now();
  return attempt(ctx, true, (tx) => {
    const ix = loadInteraction(tx, id);
    if (!ix) reject('not_found', `no interaction ${id}`, { interactionId: id });
    if (ix.status !== 'active') {
      throw new AkkError('illegal_transition', `interaction is ${ix.status}`, {
        interactionId: id,
        from: ix.status,
        to,
      });
    }
    transition(tx, now, ix, to, { event: to, reason });
    also?.(tx, ix, now);
    return loadInteraction(tx, id) ?? ix;
  });
}

/**
 * Moves the session to a new revision. Every active interaction bound to an older revision is
 * invalidated, except revision-independent ones when only the prompt changed (a new binding
 * generation invalidates those too). In-flight (`resolving`) interactions are left to finish.
 */
export function invalidateRevision(
  ctx: Ctx,
  sessionId: string,
  next: RevisionSource,
): { revision: number; invalidated: string[] } {
  const now = ctx.now();
  return attempt(ctx, true, (tx) => {
    const session = loadSession(tx, sessionId);
    const source = loadRevisionSource(tx, sessionId);
    if (!session || !source) reject('unknown_session', `no session ${sessionId}`, { sessionId });
    if (source.generation === next.generation && source.fingerprint === next.fingerprint) {
      return { revision: session.revision, invalidated: [] };
    }
    const revision = session.revision + 1;
    const generationChanged = source.generation !== next.generation;
    tx.run(
      'UPDATE sessions SET binding_generation = ?, prompt_fingerprint = ?, revision = ?, updated_at = ? WHERE id = ?',
      [next.generation, next.fingerprint, revision, now, sessionId],
    );
    // A dismissed prompt is fenced only while it stays on screen.
    tx.run(
      `DELETE FROM fences WHERE session_id = ? AND fingerprint != ?
         AND interaction_id IN (SELECT id FROM interactions WHERE session_id = ? AND status = 'dismissed')`,
      [sessionId, next.fingerprint, sessionId],
    );
    const rows = tx.all(
      `SELECT id FROM interactions WHERE session_id = ? AND status = 'active' AND bound_revision < ?
         AND (revision_independent = 0 OR ? = 1) ORDER BY created_at, id`,
      [sessionId, revision, generationChanged ? 1 : 0],
    );
    const invalidated: string[] = [];
    for (const row of rows) {
      const iid = String(row.id);
      transition(tx, now, { id: iid, sessionId, status: 'active' }, 'invalidated', {
        event: 'invalidated',
        code: 'stale_revision',
        reason: generationChanged ? 'binding generation changed' : 'prompt changed',
      });
      invalidated.push(iid);
    }
    return { revision, invalidated };
  });
}
