/**
 * The response path: private offers, the durable one-shot reservation made before any terminal
 * input, and the outcomes that follow it (input sent, proven, failed, uncertain).
 *
 * `reserve` checks, in this order: not_found, foreign_owner, receipt of a finished interaction
 * (returned, nothing executed), status (resolving / invalidated / expired / uncertain),
 * stale_revision (echo vs binding, binding vs session, consumed prompt), manual_required,
 * text policy, offer_required / offer_expired, then each answer: question_not_stored,
 * option_not_stored, freeform_not_allowed, text_too_long.
 */
import { AkkError, type ErrorCode } from '../../shared/errors';
import { bump, writeAudit } from './audit';
import { opaqueId } from '../base/ids';
import { canonicalJson, digestOf } from './canonical';
import { answerDigestIn } from './answer-digest';
import { attempt, recordRejection, reject, type Ctx } from './context';
import type { Tx } from './engine';
import { transition } from './interactions';
import { isFenced, loadAuthority, loadInteraction, loadOffer, loadSession, unsettledUncertain } from './queries';
import type { Interaction, Offer, Receipt, Reservation, ReserveResult, ResponseRequest, StoredAnswer } from './records';

function statusRejection(ix: Interaction, uncertain: boolean): [ErrorCode, string] | null {
  switch (ix.status) {
    case 'active':
    case 'resolved':
    case 'declined':
      return null;
    case 'resolving':
      return ['resolving', 'a response to this interaction is already in progress'];
    case 'expired':
      return ['expired', 'the interaction has expired'];
    case 'failed':
      return uncertain
        ? ['response_uncertain', 'the earlier response may have reached the terminal; check it there']
        : ['invalidated', 'the interaction failed and no longer applies'];
    case 'invalidated':
    case 'dismissed':
      return ['invalidated', 'the interaction no longer applies'];
  }
}

function loadOwned(tx: Tx, interactionId: string, owner: string): Interaction {
  const ix = loadInteraction(tx, interactionId);
  const where = { interactionId };
  if (!ix) reject('not_found', `no interaction ${interactionId}`, where);
  if (ix.owner !== owner)
    reject('foreign_owner', 'the interaction belongs to another owner', { ...where, sessionId: ix.sessionId });
  return ix;
}

/**
 * Records a short-lived offer bound to `holder` (the connection that was just shown this exact
 * interaction); the interaction itself must belong to `owner`.
 */
export function createOffer(
  ctx: Ctx,
  interactionId: string,
  owner: string,
  ttlMs: number,
  holder: string = owner,
): Offer {
  const now = ctx.now();
  return attempt(ctx, false, (tx) => {
    if (!(ttlMs > 0)) throw new AkkError('invalid_params', 'an offer needs a positive lifetime', { interactionId });
    const ix = loadOwned(tx, interactionId, owner);
    const where = { interactionId, sessionId: ix.sessionId };
    const blocked = statusRejection(ix, loadAuthority(tx, interactionId)?.uncertain ?? false);
    if (blocked) reject(blocked[0], blocked[1], where);
    if (ix.status !== 'active') reject('invalidated', 'the interaction is finished', where);
    const expiresAt = now + ttlMs;
    tx.run('INSERT OR REPLACE INTO offers (interaction_id, holder, expires_at) VALUES (?, ?, ?)', [
      interactionId,
      holder,
      expiresAt,
    ]);
    writeAudit(tx, now, { event: 'offered', interactionId, sessionId: ix.sessionId });
    return { interactionId, owner: holder, expiresAt };
  });
}

/** The current offer held by `holder`, or `offer_required` / `offer_expired` (counted). */
export function checkOffer(ctx: Ctx, interactionId: string, holder: string): Offer {
  const authority = loadAuthority(ctx.engine.db, interactionId);
  const offer = loadOffer(ctx.engine.db, interactionId, holder);
  let error: AkkError | null = null;
  if (!authority) error = new AkkError('not_found', `no interaction ${interactionId}`, { interactionId });
  else if (!offer || offer.owner !== holder)
    error = new AkkError('offer_required', 'refresh the interaction first', { interactionId });
  else if (offer.expiresAt <= ctx.now())
    error = new AkkError('offer_expired', 'the offer expired; refresh the interaction', { interactionId });
  if (error || !offer) {
    const e = error ?? new AkkError('offer_required', 'refresh the interaction first', { interactionId });
    recordRejection(ctx, e);
    throw e;
  }
  return offer;
}

function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * Reserves a response durably (on disk before this returns) and moves the interaction to
 * `resolving`. Concurrent calls for one interaction produce exactly one reservation; a response
 * to a finished interaction returns its original receipt.
 */
export function reserve(ctx: Ctx, req: ResponseRequest): ReserveResult {
  const now = ctx.now();
  const found = loadInteraction(ctx.engine.db, req.interactionId);
  // A finished interaction answers with its receipt and executes nothing.
  const receipt = found?.outcome?.receipt;
  if (found && found.owner === req.owner && receipt && (found.status === 'resolved' || found.status === 'declined')) {
    ctx.engine.write(false, (tx) => {
      writeAudit(tx, now, {
        event: 'receipt_replayed',
        interactionId: found.id,
        sessionId: found.sessionId,
        reservationId: receipt.reservationId,
      });
      bump(tx, 'receipt_replayed');
    });
    return { kind: 'receipt', receipt };
  }
  // Everything below runs synchronously: nothing can change the interaction in between.
  return attempt(ctx, true, (tx): ReserveResult => {
    const where = { interactionId: req.interactionId, sessionId: found?.sessionId };
    if (!found) reject('not_found', `no interaction ${req.interactionId}`, { interactionId: req.interactionId });
    if (found.owner !== req.owner) reject('foreign_owner', 'the interaction belongs to another owner', where);
    const ix = found;
    const authority = loadAuthority(tx, ix.id);
    if (!authority) throw new AkkError('store_corrupt', 'interaction without authority record');
    const blocked = statusRejection(ix, authority.uncertain);
    if (blocked) reject(blocked[0], blocked[1], where);
    if (ix.status !== 'active') reject('invalidated', 'the interaction is finished', where);
    const session = loadSession(tx, ix.sessionId);
    if (req.expectedRevision !== ix.boundRevision)
      reject('stale_revision', 'the interaction changed since it was shown', where);
    if (!session || (!ix.revisionIndependent && session.revision !== ix.boundRevision)) {
      reject('stale_revision', 'the session moved to a newer revision', where);
    }
    if (isFenced(tx, ix.sessionId, authority.promptFingerprint))
      reject('stale_revision', 'this exact prompt was already answered', where);
    if (authority.keyPlan === null) reject('manual_required', 'this step can only be answered in the terminal', where);
    if (req.source === 'text' && ix.textPolicy.mode === 'never') {
      reject('freeform_not_allowed', 'typed text does not answer this interaction', where);
    }
    const holder = req.holder ?? req.owner;
    const offer = loadOffer(tx, ix.id, holder);
    if (!offer || offer.owner !== holder) reject('offer_required', 'refresh the interaction first', where);
    if (offer.expiresAt <= now) reject('offer_expired', 'the offer expired; refresh the interaction', where);

    if (req.answers.length === 0) reject('invalid_params', 'a response names at least one option', where);
    const questions = new Set(ix.options.map((o) => o.questionId));
    const answered = new Set<string>();
    let answerLength = 0;
    const chosen = req.answers.map((a: StoredAnswer) => {
      if (!questions.has(a.questionId)) reject('question_not_stored', 'no such question on this interaction', where);
      // A multi-select answer names several options of one question; no option twice.
      const key = `${a.questionId}\u0000${a.optionId}`;
      if (answered.has(key)) reject('invalid_params', 'an option is chosen twice', where);
      answered.add(key);
      const option = ix.options.find((o) => o.questionId === a.questionId && o.optionId === a.optionId);
      if (!option) reject('option_not_stored', 'no such option on this question', where);
      if (a.text !== undefined && a.text.length > 0) {
        if (!option.freeform.allowed) reject('freeform_not_allowed', 'this option takes no free-form text', where);
        const length = codePoints(a.text);
        if (length > option.freeform.maxLength)
          reject('text_too_long', `free-form text is limited to ${option.freeform.maxLength} characters`, where);
        answerLength += length;
      }
      return option;
    });

    const answers = req.answers.map((a) => ({ q: a.questionId, o: a.optionId, t: a.text ?? '' }));
    const answerDigest = answerDigestIn(tx, answers);
    const actionDigest = digestOf(chosen.map((o) => o.action));
    const reservation: Reservation = {
      id: opaqueId('rv'),
      interactionId: ix.id,
      owner: holder,
      at: now,
      optionIds: chosen.map((o) => o.optionId),
      answerDigest,
      answerLength,
    };
    transition(tx, now, ix, 'resolving', {
      event: 'reserved',
      reservationId: reservation.id,
      actionDigest,
      answerDigest,
      answerLength,
    });
    tx.run(`UPDATE authority SET reservation = ?, last_proven_stage = 'reserved' WHERE interaction_id = ?`, [
      canonicalJson(reservation),
      ix.id,
    ]);
    // Reserved: no connection's offer stands any more.
    tx.run('DELETE FROM offers WHERE interaction_id = ?', [ix.id]);
    tx.run('INSERT INTO fences (session_id, fingerprint, interaction_id, fenced_at) VALUES (?, ?, ?, ?)', [
      ix.sessionId,
      authority.promptFingerprint,
      ix.id,
      now,
    ]);
    return { kind: 'reserved', reservation, interaction: { ...ix, status: 'resolving' } };
  });
}

/** The in-flight interaction and its reservation, or `illegal_transition`. */
function inFlight(
  tx: Tx,
  interactionId: string,
  reservationId: string,
): { ix: Interaction; reservation: Reservation; stage: string } {
  const ix = loadInteraction(tx, interactionId);
  const authority = loadAuthority(tx, interactionId);
  if (!ix || !authority) reject('not_found', `no interaction ${interactionId}`, { interactionId });
  const reservation = authority.reservation;
  if (ix.status !== 'resolving' || !reservation || reservation.id !== reservationId) {
    throw new AkkError('illegal_transition', 'no such reservation in flight', { interactionId, status: ix.status });
  }
  return { ix, reservation, stage: authority.lastProvenStage };
}

/** Records that terminal input may now have happened (after this, no return to `active`). */
export function markInputSent(ctx: Ctx, interactionId: string, reservationId: string): void {
  const now = ctx.now();
  attempt(ctx, true, (tx) => {
    const { ix } = inFlight(tx, interactionId, reservationId);
    tx.run(`UPDATE authority SET last_proven_stage = 'input_sent' WHERE interaction_id = ?`, [interactionId]);
    writeAudit(tx, now, { event: 'input_sent', interactionId, sessionId: ix.sessionId, reservationId });
  });
}

/**
 * The native step is proven done: `resolved` (or `declined` when every chosen action declines).
 * `releaseFence` lifts the fence on its prompt (a step that only navigated answered nothing, so
 * the same prompt may be offered again).
 */
export function markResolved(
  ctx: Ctx,
  interactionId: string,
  reservationId: string,
  provenStep: string,
  opts: { releaseFence?: boolean } = {},
): Receipt {
  const now = ctx.now();
  return attempt(ctx, true, (tx) => {
    if (provenStep.length === 0)
      throw new AkkError('invalid_params', 'resolution needs the proven native step', { interactionId });
    const { ix, reservation } = inFlight(tx, interactionId, reservationId);
    const chosen = ix.options.filter((o) => reservation.optionIds.includes(o.optionId));
    const status = chosen.length > 0 && chosen.every((o) => o.action.effect === 'decline') ? 'declined' : 'resolved';
    const receipt: Receipt = {
      interactionId,
      reservationId,
      status,
      optionIds: reservation.optionIds,
      answerDigest: reservation.answerDigest,
      answerLength: reservation.answerLength,
      provenStep,
      resolvedAt: now,
    };
    transition(tx, now, ix, status, {
      event: status,
      receipt,
      reservationId,
      answerDigest: reservation.answerDigest,
      answerLength: reservation.answerLength,
    });
    tx.run(`UPDATE authority SET last_proven_stage = 'step_proven' WHERE interaction_id = ?`, [interactionId]);
    if (opts.releaseFence === true) tx.run('DELETE FROM fences WHERE interaction_id = ?', [interactionId]);
    return receipt;
  });
}

/**
 * The step failed. If it was rejected before any input (nothing recorded as sent) and policy
 * allows another try, the interaction returns to `active` and its prompt is no longer fenced;
 * otherwise it is `failed` with `code`.
 */
export function markFailed(
  ctx: Ctx,
  interactionId: string,
  reservationId: string,
  failure: { code: ErrorCode; beforeInput: boolean },
): Interaction {
  const now = ctx.now();
  return attempt(ctx, true, (tx) => {
    const { ix, stage } = inFlight(tx, interactionId, reservationId);
    if (failure.beforeInput && stage === 'reserved') {
      transition(tx, now, ix, 'active', { event: 'released', code: failure.code, reservationId });
      tx.run(`UPDATE authority SET reservation = NULL, last_proven_stage = 'released' WHERE interaction_id = ?`, [
        interactionId,
      ]);
      tx.run('DELETE FROM fences WHERE interaction_id = ?', [interactionId]);
      if (failure.code === 'manual_required') bump(tx, 'manual');
    } else {
      transition(tx, now, ix, 'failed', { event: 'failed', code: failure.code, reservationId });
    }
    return loadInteraction(tx, interactionId) ?? ix;
  });
}

/** Input may have reached the terminal but its effect is unproven: `failed`, flagged uncertain, never retried. */
export function markUncertain(ctx: Ctx, interactionId: string, reservationId: string): Interaction {
  const now = ctx.now();
  return attempt(ctx, true, (tx) => {
    const { ix } = inFlight(tx, interactionId, reservationId);
    transition(tx, now, ix, 'failed', { event: 'uncertain', code: 'response_uncertain', reservationId });
    tx.run('UPDATE authority SET uncertain = 1 WHERE interaction_id = ?', [interactionId]);
    return loadInteraction(tx, interactionId) ?? ix;
  });
}

/**
 * Settles the session's unsettled uncertain outcomes: the screen has since proven another state, or
 * the person checked the terminal. The interactions stay `failed` and flagged uncertain for the
 * record; only the session stops being held as uncertain. Returns the settled interaction ids.
 */
export function settleUncertain(ctx: Ctx, sessionId: string, how: 'screen_moved_on' | 'acknowledged'): string[] {
  const now = ctx.now();
  return attempt(ctx, true, (tx) => {
    const ids = unsettledUncertain(tx, sessionId);
    for (const interactionId of ids) {
      tx.run('UPDATE authority SET uncertain_settled_at = ? WHERE interaction_id = ?', [now, interactionId]);
      writeAudit(tx, now, {
        event: 'uncertain_settled',
        interactionId,
        sessionId,
        code: how === 'acknowledged' ? null : 'stale_revision',
      });
      bump(tx, `uncertain_settled.${how}`);
    }
    return ids;
  });
}
