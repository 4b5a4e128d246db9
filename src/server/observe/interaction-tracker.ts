/**
 * Keeps the store in step with what each terminal shows. On every settled screen it recognises
 * the prompt; a new exact prompt becomes a durable interaction (written before it is mentioned),
 * a changed or vanished prompt invalidates the old one, and the client is woken through the
 * durable outbox. Notifications are never authority: answering needs a fresh `akk/status`.
 */
import { isAgentName } from '../../shared/agents';
import type { InteractionRequiredParams } from '../../shared/protocol';
import type { ListWindow } from '../../adapters/types';
import type { ScreenCapture, Session } from '../sessions';
import { WORKSPACE_OWNER, type Interaction } from '../store';
import { fingerprintOf } from '../base/digest';
import { KeyedMutex } from '../base/keyed-mutex';
import { publicView } from '../step/projection';
import { recognizeCapture } from './recognition';
import { Emitter } from '../sessions/events';
import { AgentWords } from './agent-words';
import { whenQuiet } from './when-quiet';
import { offerStep } from './offer-step';
import { endUncertain, settleIfMovedOn } from './uncertain-outcome';
import { READING_LIST, screenRevision, type Observed, type TrackerDeps } from './observed';

export class InteractionTracker {
  private readonly latest = new Map<string, Observed>();
  private readonly serial = new KeyedMutex();
  /** What each session's agent said in its own words, held against its screen. */
  readonly words = new AgentWords();
  private readonly listToRead = new Emitter<{ session: Session; home: ListWindow }>();
  /** A scrolled list's rows out of sight to read (by the room that owns input); unheard, it stays manual. */
  readonly onListToRead = this.listToRead.event;

  constructor(private readonly deps: TrackerDeps) {}

  /** The last observation of a session's screen. */
  last(sessionId: string): Observed | undefined {
    return this.latest.get(sessionId);
  }

  /** The session's current active or resolving blocking interaction. */
  current(sessionId: string): Interaction | undefined {
    return this.deps.store.listInteractions({ sessionId, statuses: ['active', 'resolving'] }).find((i) => i.blocking);
  }

  async ensureSession(session: Session): Promise<void> {
    const store = this.deps.store;
    if (store.getSession(session.id)) return;
    await store.openSession({
      id: session.id,
      owner: WORKSPACE_OWNER,
      agent: session.agent,
      revision: { generation: session.generation ?? 0, fingerprint: 'none' },
    });
  }

  /**
   * Recognises one settled screen and brings the store in line with it. Observations of one
   * session run one at a time: the monitor and a status call seeing the same new prompt at once
   * would otherwise both create it (the second superseding the first).
   */
  observe(session: Session, capture: ScreenCapture): Promise<Observed> {
    return this.serial.run(session.id, () => this.observeNow(session, capture));
  }

  private async observeNow(session: Session, capture: ScreenCapture): Promise<Observed> {
    await this.ensureSession(session);
    if (capture.unproven !== undefined) {
      // A screen not proven to be the terminal's proves nothing: the store is left as it is.
      return {
        recognition: { kind: 'manual_required', reason: capture.unproven },
        fingerprint: null,
        interaction: this.current(session.id),
      };
    }
    const seenRaw = recognizeCapture(session.agent, session.version, capture, session.profileSource);
    if (this.deps.lists.reading(session.id)) {
      const reading = { kind: 'manual_required' as const, reason: READING_LIST };
      return { recognition: reading, fingerprint: null, interaction: this.current(session.id) };
    }
    const answering = this.current(session.id)?.status === 'resolving';
    const screen = this.deps.lists.resolve(session.id, seenRaw, answering);
    // The agent's own word, where it spoke, must agree with the prompt the screen proves.
    const recognition = this.words.judge(
      session,
      screen,
      'fingerprintSource' in screen ? fingerprintOf(screen.fingerprintSource) : null,
    );
    const prompt = recognition.kind === 'questionnaire' || recognition.kind === 'permission' ? recognition : undefined;
    const fingerprint = prompt ? fingerprintOf(prompt.fingerprintSource) : null;
    const generation = capture.generation;
    const store = this.deps.store;
    if (session.uncertain) await settleIfMovedOn(this.deps, session, recognition, fingerprint);
    const current = this.current(session.id);
    const currentAuthority = current ? store.getAuthority(current.id) : undefined;

    if (
      prompt &&
      fingerprint &&
      current &&
      currentAuthority?.promptFingerprint === fingerprint &&
      currentAuthority.bindingGeneration === generation
    ) {
      return this.remember(session.id, { recognition, fingerprint, interaction: current });
    }
    if (current?.status === 'resolving') {
      // A response is in flight: the dispatcher proves its effect; nothing is replaced meanwhile.
      return this.remember(session.id, { recognition, fingerprint, interaction: current });
    }
    if (prompt && fingerprint && store.isFenced(session.id, fingerprint)) {
      // This exact prompt was already answered, or is left to the terminal: never offer it again.
      const dismissed = store.dismissedPrompt(session.id, fingerprint);
      return this.remember(session.id, {
        recognition,
        fingerprint,
        interaction: undefined,
        fenced: true,
        ...(dismissed ? { dismissed } : {}),
      });
    }

    const revision = await store.invalidateRevision(session.id, {
      generation,
      fingerprint: fingerprint ?? screenRevision(recognition),
    });
    for (const id of revision.invalidated) await this.updated(session.id, id);
    // Only a supported agent's prompt becomes an interaction (an unknown agent's screen is manual anyway).
    const agent = isAgentName(session.agent) ? session.agent : undefined;
    if (!prompt || !fingerprint || !agent) {
      const fresh = revision.revision !== this.last(session.id)?.revision;
      const observed = this.remember(session.id, {
        recognition,
        fingerprint,
        interaction: undefined,
        revision: revision.revision,
      });
      if (recognition.kind === 'manual_required' && fresh) {
        const window = recognition.window;
        if (window && this.listToRead.size > 0 && this.deps.lists.unread(session.id, window)) {
          this.deps.log.info(`session ${session.id}: reading the rows of a scrolled list out of sight`);
          this.readWhenQuiet(session, revision.revision, window);
        } else {
          this.deps.log.info(`session ${session.id}: answer in the terminal (${recognition.reason})`);
          this.announceManualWhenQuiet(session, revision.revision, recognition.reason);
        }
      }
      return observed;
    }

    const interaction = await offerStep(this.deps, session, agent, prompt, fingerprint);
    this.remember(session.id, { recognition, fingerprint, interaction, revision: revision.revision });
    // The agent's own request is proven when it comes (its screen does not fall quiet while it waits).
    if (prompt === this.words.held(session.id)?.step) await this.required(interaction);
    else this.announceWhenQuiet(session, interaction);
    return this.latest.get(session.id) as Observed;
  }

  /**
   * The agent asked through its own channel where its screen proves nothing (AgentWords): the
   * request is the step, offered and announced at once (the agent's screen does not fall quiet
   * while its hook waits).
   */
  observeWord(session: Session): Promise<void> {
    return this.serial.run(session.id, async () => {
      await this.ensureSession(session);
      const held = this.words.held(session.id);
      const agent = isAgentName(session.agent) ? session.agent : undefined;
      const generation = session.generation;
      const current = this.current(session.id);
      if (!held || !agent || generation === null || current?.status === 'resolving') return;
      // A screen read meanwhile offered it already.
      if (current && this.deps.store.getAuthority(current.id)?.promptFingerprint === held.fingerprint) return;
      const revision = await this.deps.store.invalidateRevision(session.id, {
        generation,
        fingerprint: held.fingerprint,
      });
      for (const id of revision.invalidated) await this.updated(session.id, id);
      const interaction = await offerStep(this.deps, session, agent, held.step, held.fingerprint);
      this.remember(session.id, {
        recognition: held.step,
        fingerprint: held.fingerprint,
        interaction,
        revision: revision.revision,
      });
      await this.required(interaction);
    });
  }

  /** The agent's own request ended (answered in the terminal, or its hook gone): its step with it. */
  wordGone(session: Session, fingerprint: string): Promise<void> {
    return this.serial.run(session.id, async () => {
      const current = this.current(session.id);
      if (current?.status !== 'active' || this.deps.store.getAuthority(current.id)?.promptFingerprint !== fingerprint)
        return;
      await this.deps.store.invalidate(current.id, "the agent's own request ended: it was answered in the terminal");
      await this.updated(session.id, current.id);
      this.deps.log.info(`session ${session.id}: ${current.id} ended with the agent's own request`);
    });
  }

  /**
   * Wakes the client about a new step only once its terminal has been quiet for
   * its agent's quiet time before an offer and the step is still the current one: a frame the agent redraws a
   * moment later (a resize, a dialog still being completed) never reaches the person. The row is
   * on disk already; status and the session list show it either way.
   */
  private announceWhenQuiet(session: Session, ix: Interaction): void {
    whenQuiet(session, () => {
      const now = this.current(session.id);
      if (now?.id !== ix.id || now.status !== 'active') return;
      this.required(ix).catch((e: unknown) => this.deps.log.warn(`announcing ${ix.id}`, e));
    });
  }

  /**
   * A screen the agent waits on that is left to the terminal (an inexact prompt, an unqualified
   * version or rendering, a start-up question) is still news for the person: once the terminal has
   * been quiet as long as before an offer and the same screen is still the current one, the client
   * is woken with the reason. Nothing is offered and nothing is typed.
   */
  private announceManualWhenQuiet(session: Session, revision: number, reason: string): void {
    whenQuiet(session, () => {
      const now = this.latest.get(session.id);
      const still = now?.revision === revision && now.recognition.kind === 'manual_required';
      if (session.state === 'exited' || !still) return;
      const params: InteractionRequiredParams = {
        session_id: session.id,
        turn_id: session.turnId ?? '',
        interaction: null,
        permission: null,
        manual_reason: reason,
      };
      this.deps.send('interactionRequired', params).catch((e: unknown) => this.deps.log.warn('announcing', e));
    });
  }

  /** Once the terminal is quiet and the same window is still the current screen, its list is read. */
  private readWhenQuiet(session: Session, revision: number, home: ListWindow): void {
    whenQuiet(session, () => {
      const now = this.latest.get(session.id);
      if (session.state === 'exited' || now?.revision !== revision || this.deps.lists.reading(session.id)) return;
      this.listToRead.fire({ session, home });
    });
  }

  /** Settles the session's uncertain outcome (durably) and starts a new turn. */
  endUncertain(session: Session, how: 'screen_moved_on' | 'acknowledged'): Promise<string[]> {
    return endUncertain(this.deps, session, how);
  }

  /**
   * Closes the session's open steps that can no longer be answered (the agent exited, the session
   * was detached): invalidated with the reason, and the client told. In-flight steps finish first.
   */
  async closeOpen(sessionId: string, reason: string): Promise<string[]> {
    return this.serial.run(sessionId, async () => {
      const open = this.deps.store.listInteractions({ sessionId, statuses: ['active'] });
      for (const ix of open) {
        await this.deps.store.invalidate(ix.id, reason);
        await this.updated(sessionId, ix.id);
      }
      if (open.length > 0) this.deps.log.info(`session ${sessionId}: ${open.length} open step(s) closed: ${reason}`);
      return open.map((ix) => ix.id);
    });
  }

  /**
   * The person will answer the step in the terminal: dismissed (its exact prompt fenced while it
   * stays on screen) and the client told. Nothing is typed. Runs between observations of the
   * session; returns the step as it is afterwards.
   */
  async dismiss(ix: Interaction, reason: string): Promise<Interaction | undefined> {
    return this.serial.run(ix.sessionId, async () => {
      const now = this.deps.store.getInteraction(ix.id);
      if (now?.status !== 'active') return now; // answered, replaced or dismissed meanwhile
      const dismissed = await this.deps.store.dismiss(ix.id, reason);
      const last = this.latest.get(ix.sessionId);
      if (last?.interaction?.id === ix.id) this.remember(ix.sessionId, { ...last, interaction: undefined, dismissed });
      await this.updated(ix.sessionId, ix.id);
      this.deps.log.info(`session ${ix.sessionId}: ${ix.kind} ${ix.id} left to the terminal (${reason})`);
      return dismissed;
    });
  }

  private remember(sessionId: string, o: Observed): Observed {
    this.latest.set(sessionId, o);
    return o;
  }

  forget(sessionId: string): void {
    this.latest.delete(sessionId);
    this.deps.lists.forget(sessionId);
    this.words.forget(sessionId);
  }

  private async required(ix: Interaction): Promise<void> {
    const view = publicView(ix);
    const params: InteractionRequiredParams = {
      session_id: ix.sessionId,
      turn_id: ix.turnId,
      interaction: view.interaction,
      permission: view.permission,
      manual_reason: null,
    };
    await this.deps.send('interactionRequired', params);
  }

  async updated(sessionId: string, interactionId: string): Promise<void> {
    const ix = this.deps.store.getInteraction(interactionId);
    if (!ix) return;
    await this.deps.send('interactionUpdated', {
      session_id: sessionId,
      interaction_id: interactionId,
      status: ix.status,
      outcome: ix.outcome?.code ?? ix.outcome?.reason ?? null,
    });
  }
}
