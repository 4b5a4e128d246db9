/**
 * Managed send (`akk/respond`): a new message for the agent's main composer. Only after proving,
 * on a fresh settled screen, that no question or approval owns the input, the agent is idle and
 * the composer is exactly empty, and that nothing was drawn since that screen; then one paste and,
 * after the paste-suppression window and a fresh settled screen with no dialog on it, one Enter.
 * The send is on disk (`sending`, keyed by the request id) before the paste, so a repeated request
 * is answered from the record and a restart finds an interrupted send; a send whose screen moved
 * before the paste is taken back, with nothing typed. Nothing is retried: a failure after the
 * paste is `response_uncertain`.
 */
import type { RespondResult } from '../../shared/protocol';
import { AkkError } from '../../shared/errors';
import { proveEmptyComposer, timingOf } from '../base/adapters';
import type { Session, SettledCapture } from '../sessions';
import type { Send } from '../store';
import type { SendDeps } from './responder-deps';
import { opaqueId } from '../base/ids';
import { sleep } from '../base/sleep';
import { snapshotOf } from '../sessions/screen-snapshot';
import { checkMessageText } from '../../shared/answer-text';

/** The answer to a request id already recorded: its receipt, or the uncertainty it ended in. */
function replay(send: Send, sessionId: string, textDigest: string): RespondResult {
  if (send.sessionId !== sessionId)
    throw new AkkError('invalid_params', 'this request_id was already used for another session');
  if (send.textDigest !== textDigest)
    throw new AkkError('invalid_params', 'this request_id was already used for a different message');
  if (send.status === 'sent')
    return { session_id: send.sessionId, turn_id: send.turnId, sent: true, send_id: send.id, replayed: true };
  throw new AkkError(
    'response_uncertain',
    'this message may already have been sent (its outcome was not proven); check the terminal. ' +
      'Nothing will be retried.',
    {
      send_id: send.id,
    },
  );
}

export async function managedSend(
  d: SendDeps,
  session: Session,
  text: string,
  requestId?: string,
): Promise<RespondResult> {
  checkMessageText(text);
  const textDigest = await d.store.messageDigest(text);
  return d.locks.hold(session.id, `send:${session.id}`, async () => {
    // A repeated request is answered from its record, before (and without) any new proof.
    const earlier = requestId === undefined ? undefined : d.store.getSend(requestId);
    if (earlier) return replay(earlier, session.id, textDigest);
    if (!d.options.inputAllowed)
      throw new AkkError('untrusted_workspace', 'the workspace is not trusted: type in the terminal');
    const blocked = session.observeOnlyReason();
    if (blocked) throw new AkkError('manual_required', `no input is sent to this terminal: ${blocked}`);
    const endpoint = session.endpoint;
    if (!endpoint || session.state === 'exited') throw new AkkError('endpoint_unavailable', 'the terminal is gone');
    const open = d.tracker.current(session.id);
    if (open)
      throw new AkkError(
        'manual_required',
        'a question or approval is open in this terminal and owns the input: answer it first',
        { interaction_id: open.id },
      );

    const proven = await provenEmptyComposer(d, session);
    const generation = proven.generation;
    const timing = timingOf(session.agent);

    const id = requestId ?? opaqueId('send');
    const reserved = await d.store.reserveSend({
      id,
      sessionId: session.id,
      turnId: session.turnId,
      textDigest,
      textLength: text.length,
    });
    if (reserved.kind === 'existing') return replay(reserved.send, session.id, textDigest);
    if (d.options.holdAfterReserveMs > 0) await sleep(d.options.holdAfterReserveMs);
    // Anything drawn since the proof (a dialog whose current row would take the Enter) voids it:
    // the record is taken back and nothing is pasted.
    if (drewSince(session, proven)) {
      await d.store.releaseSend(id);
      throw new AkkError(
        'stale_revision',
        'the terminal drew after its empty composer was proven; the message was not sent',
      );
    }
    try {
      await endpoint.paste(text, { bracketed: true, generation });
      await sleep(timing.enterAfterPaste);
      await provenBeforeEnter(d, session, generation);
      await endpoint.sendKeys(['Enter'], { generation });
    } catch (error) {
      d.log.warn(
        `managed send ${id} to ${session.id} is uncertain: ${error instanceof Error ? error.message : String(error)}`,
      );
      await d.store
        .finishSend(id, 'uncertain')
        .catch((e: unknown) => d.log.warn(`recording send ${id} as uncertain`, e));
      session.setResponseUncertain(true);
      throw new AkkError(
        'response_uncertain',
        'the message may have been pasted without its Enter; check the terminal. Nothing will be retried.',
        { send_id: id },
      );
    }
    await d.store.finishSend(id, 'sent');
    return { session_id: session.id, turn_id: session.turnId, sent: true, send_id: id, replayed: false };
  });
}

/** Whether the terminal drew, or its binding moved, since the capture. */
function drewSince(session: Session, capture: SettledCapture): boolean {
  return session.outputSeq() !== capture.outputSeq || session.generation !== capture.generation;
}

/**
 * A settled screen that shows the agent idle at an exactly empty composer, with nothing drawn
 * since it was taken once the agent's quiet time before a key has passed. A screen that moves in
 * that time is proven again from a new capture, until the proof timeout.
 */
async function provenEmptyComposer(d: SendDeps, session: Session): Promise<SettledCapture> {
  const deadline = Date.now() + d.options.proofTimeoutMs;
  const { quietBeforeKey } = timingOf(session.agent);
  for (;;) {
    const capture = await session.nextSettled(Math.max(1, deadline - Date.now()));
    if (capture.unproven !== undefined) throw new AkkError('manual_required', capture.unproven);
    const seen = await d.tracker.observe(session, capture);
    const r = seen.recognition;
    if (r.kind === 'questionnaire' || r.kind === 'permission')
      throw new AkkError(
        'manual_required',
        'a question or approval is open in this terminal and owns the input: answer it first',
      );
    if (r.kind === 'manual_required') throw new AkkError('manual_required', r.reason);
    if (r.state !== 'idle') throw new AkkError('manual_required', `the agent is ${r.state}, not idle at its composer`);
    const proof = proveEmptyComposer(session.agent, session.version, snapshotOf(capture), session.profileSource);
    if (!proof.sendable) throw new AkkError('manual_required', proof.reason);
    if (session.generation !== capture.generation)
      throw new AkkError('stale_revision', 'the terminal changed before the message was sent');
    // The agent's own quiet time before a key (its profile).
    const quietFor = session.msSinceOutput() ?? 0;
    if (quietFor < quietBeforeKey) await sleep(quietBeforeKey - quietFor);
    if (!drewSince(session, capture)) return capture;
    if (Date.now() >= deadline)
      throw new AkkError(
        'stale_revision',
        'the terminal kept drawing after its empty composer was proven; the message was not sent',
      );
  }
}

/**
 * Between the paste and its Enter: a fresh settled screen at the same binding shows no question,
 * approval or unknown dialog that the Enter would answer, and the agent not at work. Otherwise the
 * Enter is not pressed (the pasted text stays where it went, and the send is uncertain).
 */
async function provenBeforeEnter(d: SendDeps, session: Session, generation: number): Promise<void> {
  const capture = await session.nextSettled(d.options.proofTimeoutMs);
  if (capture.unproven !== undefined || capture.generation !== generation || session.generation !== generation)
    throw new AkkError('stale_revision', 'the terminal changed between the paste and its Enter; Enter was not pressed');
  const r = (await d.tracker.observe(session, capture)).recognition;
  if (r.kind !== 'activity')
    throw new AkkError('stale_revision', 'a dialog was drawn between the paste and its Enter; Enter was not pressed');
  if (r.state === 'working')
    throw new AkkError(
      'stale_revision',
      'the agent began working between the paste and its Enter; Enter was not pressed',
    );
  if (drewSince(session, capture))
    throw new AkkError('stale_revision', 'the terminal drew again before the Enter; Enter was not pressed');
}
