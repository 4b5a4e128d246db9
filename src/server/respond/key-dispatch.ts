/**
 * Steps 3 and 6 of the fenced response pipeline (design 000, "Recognition and dispatch"): the
 * recapture that proves the prompt before anything is reserved, and the bounded native step after
 * the reservation. A key goes only to the screen last proven; each key's effect is proven on a
 * proven capture before the next; a failure before any input releases the step, and one after is
 * `response_uncertain`, never retried.
 */
import { AkkError } from '../../shared/errors';
import { readEditor, timingOf } from '../base/adapters';
import type { PlannedStep } from '../../adapters/types';
import { notDelivered, type Session, type SettledCapture } from '../sessions';
import type { AuthorityRecord, FollowUp, Interaction } from '../store';
import type { ResolvedAnswer, StoredKeyPlan } from '../step/answer-plan';
import { sleep } from '../base/sleep';
import { snapshotOf } from '../sessions/screen-snapshot';
import {
  boxesOf,
  expectationMet,
  originalPrompt,
  provenEffect,
  provenPrompt,
  type KeyContext,
  type Observation,
  type ProvenPrompt,
  type ProvenScreen,
} from './step-proof';
import type { ResponderDeps } from './responder-deps';

/** The step's private authority, with the native plan it was proven to have. */
export type Authority = AuthorityRecord & { keyPlan: StoredKeyPlan };

/** A step reserved on disk and about to be typed. */
export interface Reserved {
  ix: Interaction;
  session: Session;
  authority: Authority;
  resolved: ResolvedAnswer;
  reservationId: string;
}

/** The agent still runs in the terminal; an exit (the pane's processes gone) is `agent_exited`. */
function checkAgentRuns(session: Session): void {
  const proc = session.endpoint?.agentProcess();
  if (session.state === 'exited' || !proc || proc.agent === 'unknown')
    throw new AkkError('agent_exited', session.exitReason ?? 'the agent has exited');
}

export class KeyDispatch {
  constructor(private readonly d: ResponderDeps) {}

  /** Step 3: a fresh settled screen shows exactly the prompt the step was created for. */
  async recaptureSamePrompt(session: Session, authority: Authority): Promise<ProvenPrompt> {
    const capture = await session.nextSettled(this.d.options.proofTimeoutMs);
    const seen = await this.d.tracker.observe(session, capture);
    if (
      capture.unproven !== undefined ||
      seen.fingerprint !== authority.promptFingerprint ||
      capture.generation !== authority.bindingGeneration
    ) {
      throw new AkkError('stale_revision', 'the prompt on screen changed; refresh and answer the current one');
    }
    return provenPrompt(
      capture.outputSeq,
      originalPrompt(authority.promptFingerprint, seen.recognition),
      boxesOf(seen.recognition),
    );
  }

  /**
   * Step 6, after the reservation: the message that follows the step is queued first (on disk
   * before the first key), then each key goes to the screen last proven and its effect is proven
   * before the next. Every failure settles the step: released before any input, uncertain after.
   */
  async dispatch(r: Reserved, proven: ProvenPrompt, message: string | undefined): Promise<FollowUp | undefined> {
    const { store } = this.d;
    const { ix, session, authority } = r;
    // `sent` turns true as soon as a write is attempted: only a failure that proves nothing
    // reached the terminal (see `notDelivered`) leaves the step answerable again.
    let sent = false;
    let followUp: FollowUp | undefined;
    let last: ProvenScreen = proven;
    let lastSentAt = 0;
    try {
      if (message !== undefined) followUp = await this.d.followUps.queue(ix, message);
      if (this.d.options.holdAfterReserveMs > 0) await sleep(this.d.options.holdAfterReserveMs);
      for (const step of r.resolved.steps) {
        await this.waitQuiet(session);
        // A step may need quiet time since the previous action (Codex's paste-suppression window before Enter).
        const wait = (step.delayBeforeMs ?? 0) - (Date.now() - lastSentAt);
        if (step.delayBeforeMs !== undefined && wait > 0) await sleep(wait);
        last = await this.stillProven(session, authority, last);
        try {
          await this.send(session, step, authority.bindingGeneration);
        } catch (error) {
          if (!notDelivered(error)) sent = true;
          throw error;
        }
        lastSentAt = Date.now();
        if (!sent) {
          sent = true;
          await store.markInputSent(ix.id, r.reservationId);
        }
        const before: KeyContext = {
          fingerprint: last.fingerprint,
          ...(last.boxes ? { boxes: last.boxes } : {}),
          original: proven.original,
        };
        last = await this.prove(session, step, before, authority.bindingGeneration);
      }
      return followUp;
    } catch (error) {
      throw await this.settleFailure(r, error, sent, followUp);
    }
  }

  /**
   * The key goes only to the screen last proven: if the terminal drew anything since that capture,
   * a new settled capture must show the same thing again, or nothing more is typed.
   */
  private async stillProven(session: Session, authority: Authority, last: ProvenScreen): Promise<ProvenScreen> {
    checkAgentRuns(session);
    if (session.generation !== authority.bindingGeneration)
      throw new AkkError('stale_revision', 'the terminal changed during the response');
    if (session.outputSeq() === last.outputSeq) return last;
    const capture = await session.nextSettled(this.d.options.proofTimeoutMs);
    const now = await this.observation(session, capture);
    if (capture.unproven !== undefined || capture.generation !== authority.bindingGeneration || !last.holds(now))
      throw new AkkError(
        'stale_revision',
        'the screen changed after it was proven and before the next key: nothing more was typed',
      );
    return { ...last, outputSeq: capture.outputSeq };
  }

  /**
   * Records the outcome of a failed dispatch and returns the error the caller gets. A store that
   * cannot record it still settles the call: the caller gets a typed error, and a session that may
   * have received input is held as uncertain in memory either way.
   */
  /** Settles a step whose dispatch failed: released when nothing was sent, uncertain once something may have been. */
  async settleFailure(r: Reserved, error: unknown, sent: boolean, followUp: FollowUp | undefined) {
    const { store } = this.d;
    const { ix, session } = r;
    const why = error instanceof Error ? error.message : String(error);
    if (followUp)
      await this.d.followUps
        .drop(followUp, `the step was not answered: ${why}`)
        .catch((e: unknown) => this.d.log.warn(`dropping message ${followUp.id}`, e));
    if (!sent) {
      try {
        await store.markFailed(ix.id, r.reservationId, {
          code: error instanceof AkkError ? error.code : 'internal_error',
          beforeInput: true,
        });
      } catch (e) {
        this.d.log.error(`releasing ${ix.id} after a failure before input`, e);
        return new AkkError(
          'store_io',
          `nothing was typed (${why}), but the step could not be released: ${
            e instanceof Error ? e.message : String(e)
          }`,
          { input_delivered: false },
        );
      }
      // The step is answerable again, or the screen has moved on: the tracker reads it afresh.
      this.observeSoon(session);
      return error;
    }
    session.setResponseUncertain(true);
    try {
      await store.markUncertain(ix.id, r.reservationId);
      await this.d.tracker.updated(ix.sessionId, ix.id);
    } catch (e) {
      this.d.log.error(`recording ${ix.id} as uncertain`, e);
    }
    this.d.log.warn(`response to ${ix.id} is uncertain: ${why}`);
    const cause = error instanceof AkkError && error.code === 'agent_exited' ? 'the agent exited meanwhile' : why;
    return new AkkError(
      'response_uncertain',
      `input reached the terminal but its effect could not be proven (${cause}); check the terminal. ` +
        'Nothing will be retried.',
    );
  }

  observeSoon(session: Session): void {
    void session
      .nextSettled(this.d.options.proofTimeoutMs)
      .then((c) => this.d.tracker.observe(session, c))
      .catch((e: unknown) => this.d.log.warn(`after response: ${String(e)}`));
  }

  private async waitQuiet(session: Session): Promise<void> {
    // How long the agent needs the screen still before a key: its profile says.
    const need = timingOf(session.agent).quietBeforeKey;
    const deadline = Date.now() + this.d.options.proofTimeoutMs;
    for (;;) {
      const quiet = session.msSinceOutput() ?? need;
      if (quiet >= need) return;
      if (Date.now() > deadline)
        throw new AkkError('terminal_not_settled', 'the terminal did not settle before input; nothing was typed');
      await sleep(need - quiet + 5);
    }
  }

  private async send(session: Session, step: PlannedStep, generation: number): Promise<void> {
    const endpoint = session.endpoint;
    if (!endpoint) throw new AkkError('endpoint_unavailable', 'the terminal is gone');
    if (!this.d.options.dropInput) {
      if ('keys' in step.action) await endpoint.sendKeys(step.action.keys, { generation });
      else await endpoint.sendLiteral(step.action.text, { generation });
    }
    if (this.d.options.failAfterInput)
      throw new AkkError('internal_error', 'injected fault: the write failed after its bytes were delivered');
  }

  private async observation(session: Session, capture: SettledCapture): Promise<Observation> {
    const observed = await this.d.tracker.observe(session, capture);
    const editor = readEditor(session.agent, session.version, snapshotOf(capture), session.profileSource);
    return { recognition: observed.recognition, fingerprint: observed.fingerprint, editor };
  }

  /**
   * Waits for settled screens until the step's postcondition holds on a proven capture at the
   * response's binding generation, or the proof times out. The capture that proves it is the
   * screen the next key may go to.
   */
  private async prove(
    session: Session,
    step: PlannedStep,
    before: KeyContext,
    generation: number,
  ): Promise<ProvenScreen> {
    const deadline = Date.now() + this.d.options.proofTimeoutMs;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new AkkError('terminal_not_settled', `the effect of the step was not seen (${step.expect.kind})`);
      const capture = await session.nextSettled(remaining).catch((e: unknown) => {
        if (e instanceof AkkError && e.code === 'agent_exited') throw e;
        return undefined;
      });
      if (!capture) continue;
      // A resize (or re-attach) moves the binding: nothing seen at another size proves this step.
      if (capture.generation !== generation || session.generation !== generation) {
        checkAgentRuns(session);
        throw new AkkError('stale_revision', 'the terminal was resized or re-attached during the response');
      }
      if (capture.unproven === undefined) {
        const now = await this.observation(session, capture);
        if (expectationMet(step.expect, before, now)) return provenEffect(capture.outputSeq, step.expect, before, now);
      }
      await sleep(50);
    }
  }
}
