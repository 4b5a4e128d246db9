/**
 * What the response pipeline is built from: its collaborators, its options and who calls it.
 * Apart from the pipeline itself so that the managed send can share them without a cycle.
 */
import type { Logger } from '../base/logging';
import type { Recognition, WordStep } from '../../adapters/types';
import type { ScreenCapture, Session, SessionRegistry } from '../sessions';
import type { Interaction, Store } from '../store';
import type { DispatchLocks } from './locks';
import type { FollowUps } from './follow-ups';

interface ResponderOptions {
  /** How long a step's effect may take to show on screen. */
  proofTimeoutMs: number;
  inputAllowed: boolean;
  /**
   * Fault injection for crash tests only (AKK_FAULT_HOLD_AFTER_RESERVE_MS): wait this long between
   * the durable reservation and the first key, so a test can kill the server exactly there.
   */
  holdAfterReserveMs: number;
  /**
   * Fault injection for tests only (AKK_FAULT_FAIL_AFTER_INPUT): the first terminal write delivers
   * its bytes and then reports a failure, as a tmux error after partial delivery would.
   */
  failAfterInput: boolean;
  /**
   * Fault injection for tests only (AKK_FAULT_DROP_INPUT): every key the responder sends is lost on
   * the way and reported delivered, as a key a busy client swallows would be.
   */
  dropInput: boolean;
}

export const DEFAULT_RESPONDER_OPTIONS: ResponderOptions = {
  proofTimeoutMs: 5000,
  inputAllowed: true,
  holdAfterReserveMs: 0,
  failAfterInput: false,
  dropInput: false,
};

/** Who answers: the connection holding the offer, and whether it promised to echo revisions. */
export interface Caller {
  holder: string;
  echoesRevision: boolean;
}

/**
 * What responding needs of the room that keeps the store in step with the screens (observe/): to
 * have a fresh capture read and recorded, to say a step changed, and the step open now. A port, so
 * that respond/ never imports observe/ (services.ts hands it the tracker).
 */
/** A request of the agent's own, held to be answered through the channel that asked. */
export interface HeldRequest {
  word: { input: Record<string, unknown> };
  line: { answer(output: Record<string, unknown>): boolean; open(): boolean };
  /** The step offered now, and the answers of the questions before it. */
  step: WordStep;
  answers: Readonly<Record<string, readonly string[]>>;
  fingerprint: string;
  receiptsBefore: number | undefined;
}

interface ScreenObserver {
  observe(session: Session, capture: ScreenCapture): Promise<{ recognition: Recognition; fingerprint: string | null }>;
  updated(sessionId: string, interactionId: string): Promise<void>;
  current(sessionId: string): Interaction | undefined;
  /** The agents' own requests held to be answered through their channel. */
  words: {
    held(sessionId: string): HeldRequest | undefined;
    /** Keeps a question's answer for the request's one answer; false when it is the last. */
    keep(sessionId: string, answers: Readonly<Record<string, readonly string[]>>): boolean;
  };
  /** Offers the step the agent's own request asks now. */
  observeWord(session: Session): Promise<void>;
}

/** What the managed send needs: everything but the queue of messages that follow steps. */
export interface SendDeps {
  store: Store;
  registry: SessionRegistry;
  tracker: ScreenObserver;
  locks: DispatchLocks;
  log: Logger;
  options: ResponderOptions;
}

export interface ResponderDeps extends SendDeps {
  followUps: FollowUps;
}
