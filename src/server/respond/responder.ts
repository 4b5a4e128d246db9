/**
 * The fenced response pipeline (design 000, "Recognition and dispatch"; docs/architecture.md), one
 * bounded native step:
 *  1 locks in canonical order · 2 revalidate owner, turn, binding, process and offer ·
 *  3 recapture and require the same fingerprint · 4 resolve semantic ids to the key plan ·
 *  5 reserve durably · 6 dispatch, proving each key's effect · 7 audit receipt ·
 *  8 resume the monitor, which rotates the interaction and wakes the client.
 * Before input a failure is a clean rejection; once input may have been sent it is
 * `response_uncertain`, and nothing is ever retried.
 */
import type { Answer, ApproveRequest, RespondInteractionRequest, ResponseReceipt } from '../../shared/contract';
import { AkkError } from '../../shared/errors';
import type { RespondResult } from '../../shared/protocol';
import { checkMessageText } from '../../shared/answer-text';
import type { Session } from '../sessions';
import { WORKSPACE_OWNER, type FollowUp, type Interaction } from '../store';
import { resolveAnswers, resolveDecision, type ResolvedAnswer, type StoredKeyPlan } from '../step/answer-plan';
import { answersForStore, checkDeliveryMode, expectedRevisionOf, pendingPermission } from './request-checks';
import { checkDecisionAllowed, checkFromText, checkSubmissionAllowed } from '../step/text-resolution';
import { managedSend } from './managed-send';
import { KeyDispatch, type Authority, type Reserved } from './key-dispatch';
import { WordDispatch } from './word-dispatch';
import type { Caller, ResponderDeps } from './responder-deps';
import { DECISION } from '../../shared/decisions';

export { DEFAULT_RESPONDER_OPTIONS } from './responder-deps';

/** What a response carries beside its answer: the person's words, and where they came from. */
interface Extras {
  answers?: Answer[];
  message?: string;
  fromText?: boolean;
}

export class Responder {
  private readonly keys: KeyDispatch;
  private readonly words: WordDispatch;

  constructor(private readonly d: ResponderDeps) {
    this.keys = new KeyDispatch(d);
    this.words = new WordDispatch(d, this.keys);
  }

  respondInteraction(req: RespondInteractionRequest, caller: Caller): Promise<ResponseReceipt> {
    // Words that say not to submit block the whole turn, the click included (precedence rule 3).
    checkSubmissionAllowed(req.message, req.from_text?.text);
    return this.run(
      req.interaction_id,
      req.turn_id,
      caller,
      req.expected_revision,
      (ix, plan) => {
        if (ix.kind === 'permission')
          throw new AkkError('invalid_params', 'this is a permission prompt: use akk/approve');
        if (ix.kind === 'async_question') checkDeliveryMode(req.delivery_mode, plan);
        else if (req.delivery_mode !== undefined)
          throw new AkkError(
            'invalid_params',
            'delivery_mode applies to async questions only; this is a blocking questionnaire',
          );
        const resolved = resolveAnswers(req.answers, ix.options, plan);
        // Words resolve a step only under its policy: read again here, to the same option.
        if (req.from_text) checkFromText(ix, resolved.optionIds, req.from_text);
        return resolved;
      },
      { answers: req.answers, message: req.message, fromText: req.from_text !== undefined },
    );
  }

  /** Managed send: one new composer message, only onto a proven empty composer. */
  sendMessage(session: Session, text: string, requestId?: string): Promise<RespondResult> {
    return managedSend(this.d, session, text, requestId);
  }

  approve(req: ApproveRequest, caller: Caller): Promise<ResponseReceipt> {
    checkDecisionAllowed(req);
    const interactionId = req.interaction_id ?? pendingPermission(this.d.store, req.turn_id).id;
    return this.run(
      interactionId,
      req.turn_id,
      caller,
      req.expected_revision,
      (ix, plan) => {
        if (ix.kind !== 'permission')
          throw new AkkError('invalid_params', 'this is a question: use akk/respondInteraction');
        const option = ix.options.find((o) => o.action.semanticId === req.decision);
        if (!option)
          throw new AkkError(
            req.decision === DECISION.reject ? 'manual_required' : 'option_not_stored',
            req.decision === DECISION.reject
              ? 'no exact native reject action is proven on this prompt'
              : 'approve_once is not offered',
          );
        return {
          steps: resolveDecision(req.decision, plan),
          optionIds: [option.optionId],
          digestParts: [option.optionId],
          declines: req.decision === DECISION.reject,
        };
      },
      { message: req.message },
    );
  }

  private async run(
    interactionId: string,
    turnId: string,
    caller: Caller,
    expectedRevision: string | undefined,
    plan: (ix: Interaction, keyPlan: StoredKeyPlan) => ResolvedAnswer,
    extras: Extras = {},
  ): Promise<ResponseReceipt> {
    // Everything the request carries is checked before anything is locked or reserved.
    checkMessageText(extras.message);
    const { store, locks } = this.d;
    const first = store.getInteraction(interactionId);
    if (!first) throw new AkkError('not_found', `no interaction ${interactionId}`, { interaction_id: interactionId });
    if (first.owner !== WORKSPACE_OWNER)
      throw new AkkError('foreign_owner', 'the interaction belongs to another store');
    const expected = expectedRevisionOf(expectedRevision, caller, first);
    // 1. locks: terminal, store writer, turn.
    return locks.hold(first.sessionId, first.turnId, async () => {
      const ix = store.getInteraction(interactionId) as Interaction;
      // Idempotency: a finished interaction answers with its original receipt and executes nothing.
      const receipt = ix.outcome?.receipt;
      if (receipt && (ix.status === 'resolved' || ix.status === 'declined')) return this.receiptOf(ix, true);
      // 2. revalidate status, owner, turn, session, binding generation, process identity, offer.
      const { session, authority } = this.revalidate(ix, turnId, caller);
      // 3. the same exact prompt: recaptured on screen, or the agent's own request still open.
      const held = authority.nativeStep.startsWith('word:') ? this.words.heldFor({ session, authority }) : undefined;
      const proven = held ? undefined : await this.keys.recaptureSamePrompt(session, authority);
      // 4. semantic ids → adapter-owned plan (rejections here send nothing and reserve nothing).
      const resolved = plan(ix, authority.keyPlan);
      // Through the agent's own request, a rejection carries the person's reason; nothing follows an approval.
      if (held && extras.message !== undefined && !resolved.declines)
        throw new AkkError('invalid_params', "no message follows an answer given through the agent's own request");
      // 5. reserve durably (on disk before any input).
      const reservation = await store.reserve({
        interactionId: ix.id,
        owner: WORKSPACE_OWNER,
        holder: caller.holder,
        expectedRevision: expected,
        answers: answersForStore(ix, resolved, extras.answers),
        ...(extras.fromText ? { source: 'text' as const } : {}),
      });
      if (reservation.kind === 'receipt') return this.receiptOf(store.getInteraction(ix.id) as Interaction, true);
      const reserved: Reserved = { ix, session, authority, resolved, reservationId: reservation.reservation.id };
      // 6. dispatch one bounded native step, proving each key's (or the answer's) effect.
      if (held) {
        const outcome = await this.words.dispatch(reserved, held, extras.message);
        const receipt = await this.finish(reserved, undefined);
        // A question's answer kept for the request's one answer: the next question is offered now.
        if (outcome === 'kept') await this.d.tracker.observeWord(session);
        return receipt;
      }
      const followUp = await this.keys.dispatch(reserved, proven as NonNullable<typeof proven>, extras.message);
      // 7. audit receipt (digests only) and 8. resume the monitor.
      return this.finish(reserved, followUp);
    });
  }

  /** Step 2: the step is answerable now, by this caller, on this terminal and agent process. */
  private revalidate(ix: Interaction, turnId: string, caller: Caller): { session: Session; authority: Authority } {
    const { store, registry } = this.d;
    if (store.getAuthority(ix.id)?.uncertain)
      throw new AkkError(
        'response_uncertain',
        'an earlier response to this step may have reached the terminal; check it there',
      );
    if (ix.status === 'invalidated')
      throw new AkkError('stale_revision', 'the prompt on screen changed; refresh and answer the current one');
    if (ix.status === 'expired') throw new AkkError('expired', 'the step expired; refresh and answer the current one');
    if (ix.status === 'resolving') throw new AkkError('resolving', 'a response to this step is already in progress');
    if (ix.status !== 'active') throw new AkkError('invalidated', `the step is ${ix.status} and no longer answerable`);
    if (ix.turnId !== turnId)
      throw new AkkError('stale_revision', 'the interaction belongs to another turn', { turn_id: ix.turnId });
    if (!this.d.options.inputAllowed)
      throw new AkkError('untrusted_workspace', 'the workspace is not trusted: answer in the terminal');
    const session = registry.get(ix.sessionId);
    if (!session) throw new AkkError('unknown_session', 'the session of this interaction is not attached');
    const blocked = session.observeOnlyReason();
    if (blocked) throw new AkkError('manual_required', `no input is sent to this terminal: ${blocked}`);
    const authority = store.getAuthority(ix.id);
    if (!authority || authority.keyPlan === null)
      throw new AkkError('manual_required', 'this step has no proven native plan');
    if (session.generation !== authority.bindingGeneration)
      throw new AkkError('stale_revision', 'the terminal was resized, restarted or re-attached');
    const proc = session.endpoint?.agentProcess();
    if (!proc || `${proc.pid}:${proc.startTime}` !== authority.processIncarnation)
      throw new AkkError('stale_revision', 'the agent process changed');
    store.checkOffer(ix.id, caller.holder);
    return { session, authority: { ...authority, keyPlan: authority.keyPlan } };
  }

  /** Steps 7 and 8: the receipt on disk, the client told, the monitor looking at the screen again. */
  private async finish(r: Reserved, followUp: FollowUp | undefined): Promise<ResponseReceipt> {
    const { store } = this.d;
    const { ix, session, authority } = r;
    try {
      await store.markResolved(ix.id, r.reservationId, `${authority.nativeStep}:${r.resolved.steps.length}`, {
        releaseFence: authority.keyPlan.navigationOnly === true,
      });
    } catch (error) {
      // The answer was typed and its effect seen, but the store cannot say so: the session is held
      // as uncertain (nothing more is typed there) and the caller is told, never left waiting.
      session.setResponseUncertain(true);
      if (followUp) await this.d.followUps.drop(followUp, 'the answer could not be recorded').catch(() => undefined);
      const why = error instanceof Error ? error.message : String(error);
      this.d.log.error(`response to ${ix.id} was typed and proven but could not be recorded: ${why}`);
      throw new AkkError(
        'response_uncertain',
        `the answer was typed and its effect seen, but it could not be recorded (${why}); check the terminal. ` +
          'Nothing will be retried.',
        { recorded: false },
      );
    }
    const done = store.getInteraction(ix.id) as Interaction;
    await this.d.tracker.updated(ix.sessionId, ix.id);
    if (followUp) this.d.followUps.deliverSoon(ix.sessionId);
    this.keys.observeSoon(session);
    return this.receiptOf(done, false);
  }

  private receiptOf(ix: Interaction, replayed: boolean): ResponseReceipt {
    const receipt = ix.outcome?.receipt;
    return {
      interaction_id: ix.id,
      turn_id: ix.turnId,
      outcome: ix.status === 'declined' ? 'declined' : 'resolved',
      replayed,
      receipt_id: receipt?.reservationId ?? ix.id,
    };
  }
}
