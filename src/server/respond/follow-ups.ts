/**
 * Messages that follow a step (design 001, "Text and click in the same turn"): a reason given with
 * a rejection, or words sent with a click. Each is queued on disk before the step's first key and
 * is sent, as a managed send keyed by its own id, only once the step is proven done and the agent
 * is back at a proven empty composer; never pasted into a dialog. While the screen is not ready
 * nothing has been typed, so waiting and looking again is safe; once a paste may have happened
 * the outcome is final (sent or uncertain) and nothing is retried. A message whose step was not
 * answered, whose session ended, or that waited too long is dropped with the reason.
 */
import { AkkError } from '../../shared/errors';
import { checkMessageText } from '../../shared/answer-text';
import type { RespondResult } from '../../shared/protocol';
import type { Logger } from '../base/logging';
import type { Session, SessionRegistry } from '../sessions';
import type { FollowUp, Interaction, Store } from '../store';
import { opaqueId } from '../base/ids';
import { sleep } from '../base/sleep';

interface FollowUpDeps {
  store: Store;
  registry: SessionRegistry;
  log: Logger;
  /** The managed send, keyed by the message's id (a repeated id is answered from its record). */
  send(session: Session, text: string, id: string): Promise<RespondResult>;
  /** How long a message waits for an empty composer before it is dropped. */
  maxWaitMs: number;
  /** Time between looks at the screen while the agent is busy. */
  pollMs: number;
  /** The store's clock (a message's age is measured from its `createdAt`). */
  now: () => number;
}

/** Refusals that mean "not now": the screen is not ready yet, and nothing was typed. */
const NOT_YET = new Set(['manual_required', 'stale_revision', 'resolving']);

export class FollowUps {
  private readonly running = new Set<string>();
  private stopped = false;

  constructor(private readonly d: FollowUpDeps) {}

  /** Checks and queues a message for the step; it is on disk when this resolves. */
  async queue(ix: Interaction, text: string): Promise<FollowUp> {
    checkMessageText(text);
    return this.d.store.queueFollowUp({ id: opaqueId('fu'), sessionId: ix.sessionId, interactionId: ix.id, text });
  }

  async drop(f: FollowUp, reason: string): Promise<void> {
    await this.d.store.finishFollowUp(f.id, 'dropped', reason);
    this.d.log.info(`message ${f.id} after ${f.interactionId} dropped: ${reason}`);
  }

  /** Starts delivering the session's queued messages, unless that is under way already. */
  deliverSoon(sessionId: string): void {
    if (this.running.has(sessionId) || this.stopped) return;
    this.running.add(sessionId);
    void this.deliver(sessionId)
      .catch((e: unknown) => this.d.log.warn(`delivering messages to ${sessionId}`, e))
      .finally(() => this.running.delete(sessionId));
  }

  /** After a restart: every session with queued messages. */
  resume(): void {
    for (const sessionId of new Set(this.d.store.queuedFollowUps().map((f) => f.sessionId)))
      this.deliverSoon(sessionId);
  }

  dispose(): void {
    this.stopped = true;
  }

  private async deliver(sessionId: string): Promise<void> {
    for (;;) {
      const next = this.d.store.queuedFollowUps(sessionId)[0];
      if (!next || this.stopped) return;
      await this.deliverOne(next);
    }
  }

  private async deliverOne(f: FollowUp): Promise<void> {
    const deadline = f.createdAt + this.d.maxWaitMs;
    for (;;) {
      if (this.stopped) return;
      const session = this.d.registry.get(f.sessionId);
      if (!session || session.state === 'exited') return this.drop(f, 'the session ended before the message was sent');
      // Only after its step is proven done: never after a step that failed or may have been half typed.
      const step = this.d.store.getInteraction(f.interactionId)?.status;
      if (step !== 'resolved' && step !== 'declined' && step !== 'resolving')
        return this.drop(f, `its step is ${step ?? 'gone'}, not answered; nothing was sent`);
      // A step that stays `resolving` past the deadline (its outcome could not be recorded) ends the
      // wait too: nothing is ever polled for without end.
      if (this.d.now() > deadline)
        return this.drop(
          f,
          step === 'resolving'
            ? 'its step was never recorded as answered; nothing was sent'
            : 'the agent did not come back to an empty composer in time; nothing was sent',
        );
      if (step === 'resolving') {
        await sleep(this.d.pollMs);
        continue;
      }
      try {
        await this.d.send(session, f.text ?? '', f.id);
        await this.d.store.finishFollowUp(f.id, 'sent', null);
        this.d.log.info(`message ${f.id} after ${f.interactionId} sent`);
        return;
      } catch (error) {
        const code = error instanceof AkkError ? error.code : 'internal_error';
        if (code === 'response_uncertain') {
          await this.d.store.finishFollowUp(f.id, 'uncertain', error instanceof Error ? error.message : code);
          return;
        }
        if (!NOT_YET.has(code)) return this.drop(f, error instanceof Error ? error.message : code);
      }
      await sleep(this.d.pollMs);
    }
  }
}
