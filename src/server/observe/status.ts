/**
 * What a session shows now, read fresh from its terminal: the current step (made answerable by an
 * offer to the connection that asked), or why the screen must be answered by hand. Status is the
 * only thing that makes a step answerable (design 000, "Public model-facing contract").
 */
import type { ScreenCapture, Session } from '../sessions';
import { WORKSPACE_OWNER, type Interaction, type Offer, type Store } from '../store';
import { DISMISSED_REASON } from './dismissal';
import type { InteractionTracker } from './interaction-tracker';
import { quietBeforeOffer } from './when-quiet';
import { recognizeCapture } from './recognition';

interface StatusDeps {
  store: Store;
  tracker: InteractionTracker;
  offerLifetimeMs: number;
  inputAllowed: boolean;
}

export interface SessionStatus {
  session: Session;
  /** The session's current blocking step, if any. */
  interaction: Interaction | undefined;
  /** The offer this call made to the asking connection, if the step is answerable. */
  offer: Offer | null;
  /** The session revision a response must echo. */
  revision: number | null;
  manualReason: string | null;
}

/**
 * A prompt on screen that is exactly one already answered is never offered again (the fence); the
 * person is told why instead of seeing nothing. Two identical prompts in a row cannot be told apart.
 */
const ANSWERED_PROMPT_REASON =
  'this prompt looks exactly like one already answered, so it cannot be told apart on screen: ' +
  'answer it in the terminal';

export async function statusOf(deps: StatusDeps, session: Session, holder: string): Promise<SessionStatus> {
  let manualReason: string | null = null;
  if (session.state !== 'exited' && session.endpoint) {
    // A fresh screen, never a cached one.
    const capture = await quietCapture(session);
    if (capture) {
      const seen = await deps.tracker.observe(session, capture);
      if (seen.recognition.kind === 'manual_required') manualReason = seen.recognition.reason;
      else if (seen.dismissed) manualReason = DISMISSED_REASON;
      else if (seen.fenced && !session.uncertain) manualReason = ANSWERED_PROMPT_REASON;
    }
  } else {
    const last = session.lastCapture;
    const r = last ? recognizeCapture(session.agent, session.version, last, session.profileSource) : undefined;
    if (r?.kind === 'manual_required') manualReason = r.reason;
  }
  const interaction = deps.tracker.current(session.id);
  const answerable = interaction?.status === 'active' && deps.inputAllowed && session.inputAllowed;
  const offer = answerable
    ? await deps.store.createOffer(interaction.id, WORKSPACE_OWNER, deps.offerLifetimeMs, holder)
    : null;
  const stored = deps.store.getSession(session.id);
  // A step offered from the agent's own request is answerable though its screen proves nothing.
  if (manualReason === null && session.state === 'manual_required' && !answerable) {
    // The agent's own word may say what the screen does not (own-activity.ts).
    const said = session.lastClassification?.detail;
    manualReason = typeof said === 'string' ? said : 'the screen does not match a supported prompt exactly';
  }
  return { session, interaction, offer, revision: stored ? stored.revision : null, manualReason };
}

/**
 * A settled capture; when it shows a prompt, one taken once the terminal has been quiet for
 * its agent's quiet time before an offer (bounded), so an offer is not made on a frame the agent is still completing.
 */
async function quietCapture(session: Session): Promise<ScreenCapture | null> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const capture = await session.nextSettled(3000).catch(() => session.lastCapture);
    if (!capture) return null;
    const kind = recognizeCapture(session.agent, session.version, capture, session.profileSource).kind;
    const need = quietBeforeOffer(session);
    const quiet = session.msSinceOutput() ?? need;
    if ((kind !== 'questionnaire' && kind !== 'permission') || quiet >= need || Date.now() >= deadline) return capture;
    await new Promise((r) => setTimeout(r, need - quiet));
  }
}
