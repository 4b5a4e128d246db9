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
import { readEditor } from '../../adapters/recognize';
import type { PlannedStep } from '../../adapters/types';
import { notDelivered, type Session } from '../sessions';
import { WORKSPACE_OWNER, type Interaction } from '../store';
import { resolveAnswers, resolveDecision, type ResolvedAnswer, type StoredKeyPlan } from './answer-plan';
import { answersForStore, checkDeliveryMode, expectedRevisionOf } from './request-checks';
import { checkFromText, checkSubmissionAllowed } from './text-resolution';
import { sleep } from '../sleep';
import { managedSend } from './managed-send';
import { snapshotOf } from '../observe/screen-snapshot';
import { expectationMet } from './step-proof';
import type { Caller, ResponderDeps } from './responder-deps';

export { DEFAULT_RESPONDER_OPTIONS } from './responder-deps';

/** What a response carries beside its answer: the person's words, and where they came from. */
interface Extras {
  answers?: Answer[];
  message?: string;
  fromText?: boolean;
}

export class Responder {
  constructor(private readonly d: ResponderDeps) {}

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
    checkSubmissionAllowed(req.message);
    const interactionId = req.interaction_id ?? this.pendingPermission(req.turn_id);
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
            req.decision === 'reject' ? 'manual_required' : 'option_not_stored',
            req.decision === 'reject'
              ? 'no exact native reject action is proven on this prompt'
              : 'approve_once is not offered',
          );
        return {
          steps: resolveDecision(req.decision, plan),
          optionIds: [option.optionId],
          digestParts: [option.optionId],
          declines: req.decision === 'reject',
        };
      },
      { message: req.message },
    );
  }

  /**
   * The permission pending now in the turn: an approval by turn id never falls back to an earlier,
   * finished permission (that would answer with its receipt and leave the agent blocked).
   */
  private pendingPermission(turnId: string): string {
    const pending = this.d.store
      .listInteractions({ turnId, statuses: ['active', 'resolving'] })
      .filter((i) => i.kind === 'permission');
    if (pending.length > 1) {
      throw new AkkError(
        'ambiguous_target',
        `several permission prompts are pending in turn ${turnId}: give interaction_id`,
        {
          turn_id: turnId,
          interaction_ids: pending.map((i) => i.id),
        },
      );
    }
    const found = pending[0];
    if (!found)
      throw new AkkError('not_found', `no permission prompt is pending in turn ${turnId}`, { turn_id: turnId });
    return found.id;
  }

  private async run(
    interactionId: string,
    turnId: string,
    caller: Caller,
    expectedRevision: string | undefined,
    plan: (ix: Interaction, keyPlan: StoredKeyPlan) => ResolvedAnswer,
    extras: Extras = {},
  ): Promise<ResponseReceipt> {
    const { store, registry, locks } = this.d;
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
      if (store.getAuthority(ix.id)?.uncertain)
        throw new AkkError(
          'response_uncertain',
          'an earlier response to this step may have reached the terminal; check it there',
        );
      if (ix.status === 'invalidated')
        throw new AkkError('stale_revision', 'the prompt on screen changed; refresh and answer the current one');
      if (ix.status === 'expired')
        throw new AkkError('expired', 'the step expired; refresh and answer the current one');
      if (ix.status === 'resolving') throw new AkkError('resolving', 'a response to this step is already in progress');
      if (ix.status !== 'active')
        throw new AkkError('invalidated', `the step is ${ix.status} and no longer answerable`);
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
      if (authority.uncertain)
        throw new AkkError(
          'response_uncertain',
          'an earlier response to this step may have reached the terminal; check it there',
        );
      if (session.generation !== authority.bindingGeneration)
        throw new AkkError('stale_revision', 'the terminal was resized, restarted or re-attached');
      const proc = session.endpoint?.agentProcess();
      if (!proc || `${proc.pid}:${proc.startTime}` !== authority.processIncarnation)
        throw new AkkError('stale_revision', 'the agent process changed');
      store.checkOffer(ix.id, caller.holder);

      // 3. recapture and require the same exact prompt.
      const capture = await session.nextSettled(this.d.options.proofTimeoutMs);
      const seen = await this.d.tracker.observe(session, capture);
      if (seen.fingerprint !== authority.promptFingerprint || capture.generation !== authority.bindingGeneration) {
        throw new AkkError('stale_revision', 'the prompt on screen changed; refresh and answer the current one');
      }
      // 4. semantic ids → adapter-owned plan (rejections here send nothing and reserve nothing).
      const keyPlan = authority.keyPlan;
      const resolved = plan(ix, keyPlan);

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
      const reservationId = reservation.reservation.id;
      // The message that follows the step is on disk before the step's first key.
      const followUp = extras.message === undefined ? undefined : await this.d.followUps.queue(ix, extras.message);
      if (this.d.options.holdAfterReserveMs > 0) await sleep(this.d.options.holdAfterReserveMs);

      // 6. dispatch one bounded native step, proving each key's effect before the next.
      // `sent` turns true as soon as a write is attempted: only a failure that proves nothing
      // reached the terminal (see `notDelivered`) leaves the step answerable again.
      let sent = false;
      let lastSentAt = 0;
      try {
        for (const step of resolved.steps) {
          await this.waitQuiet(session);
          // A step may need quiet time since the previous action (Codex's paste-suppression window before Enter).
          const wait = (step.delayBeforeMs ?? 0) - (Date.now() - lastSentAt);
          if (step.delayBeforeMs !== undefined && wait > 0) await sleep(wait);
          if (session.generation !== authority.bindingGeneration)
            throw new AkkError('stale_revision', 'the terminal changed during the response');
          try {
            await this.send(session, step, authority.bindingGeneration);
          } catch (error) {
            if (!notDelivered(error)) sent = true;
            throw error;
          }
          lastSentAt = Date.now();
          if (!sent) {
            sent = true;
            await store.markInputSent(ix.id, reservationId);
          }
          await this.prove(session, step, authority.promptFingerprint);
        }
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        if (followUp) await this.d.followUps.drop(followUp, `the step was not answered: ${why}`);
        if (!sent) {
          await store.markFailed(ix.id, reservationId, {
            code: error instanceof AkkError ? error.code : 'internal_error',
            beforeInput: true,
          });
          throw error;
        }
        await store.markUncertain(ix.id, reservationId);
        session.setResponseUncertain(true);
        await this.d.tracker.updated(ix.sessionId, ix.id);
        this.d.log.warn(`response to ${ix.id} is uncertain: ${error instanceof Error ? error.message : String(error)}`);
        throw new AkkError(
          'response_uncertain',
          'input reached the terminal but its effect could not be proven; check the terminal. Nothing will be retried.',
        );
      }
      // 7. audit receipt (digests only) and 8. resume the monitor.
      await store.markResolved(ix.id, reservationId, `${authority.nativeStep}:${resolved.steps.length}`, {
        releaseFence: keyPlan.navigationOnly === true,
      });
      const done = store.getInteraction(ix.id) as Interaction;
      await this.d.tracker.updated(ix.sessionId, ix.id);
      if (followUp) this.d.followUps.deliverSoon(ix.sessionId);
      void session
        .nextSettled(this.d.options.proofTimeoutMs)
        .then((c) => this.d.tracker.observe(session, c))
        .catch((e: unknown) => this.d.log.warn(`after response: ${String(e)}`));
      return this.receiptOf(done, false);
    });
  }

  private async waitQuiet(session: Session): Promise<void> {
    const need = this.d.options.quietBeforeKeyMs;
    const deadline = Date.now() + this.d.options.proofTimeoutMs;
    for (;;) {
      const quiet = session.msSinceOutput() ?? need;
      if (quiet >= need) return;
      if (Date.now() > deadline) throw new AkkError('stale_revision', 'the terminal did not settle before input');
      await sleep(need - quiet + 5);
    }
  }

  private async send(session: Session, step: PlannedStep, generation: number): Promise<void> {
    const endpoint = session.endpoint;
    if (!endpoint) throw new AkkError('endpoint_unavailable', 'the terminal is gone');
    if ('keys' in step.action) await endpoint.sendKeys(step.action.keys, { generation });
    else await endpoint.sendLiteral(step.action.text, { generation });
    if (this.d.options.failAfterInput)
      throw new AkkError('internal_error', 'injected fault: the write failed after its bytes were delivered');
  }

  /** Waits for settled screens until the step's postcondition holds, or the proof times out. */
  private async prove(session: Session, step: PlannedStep, beforeFingerprint: string): Promise<void> {
    const deadline = Date.now() + this.d.options.proofTimeoutMs;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`the effect of the step was not seen (${step.expect.kind})`);
      const capture = await session.nextSettled(remaining).catch(() => undefined);
      if (!capture) continue;
      const observed = await this.d.tracker.observe(session, capture);
      const editor = readEditor(session.agent, session.version, snapshotOf(capture));
      if (
        expectationMet(step.expect, beforeFingerprint, {
          recognition: observed.recognition,
          fingerprint: observed.fingerprint,
          editor,
        })
      )
        return;
      await sleep(50);
    }
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
