/**
 * The interaction status machine: exactly eight statuses and a table of legal transitions.
 * Nothing else in the store changes a status without asking `assertTransition`.
 */
import { AkkError } from '../../shared/errors';
import type { InteractionStatus } from '../../shared/lifecycle';

// The eight statuses themselves are part of the shared vocabulary (clients render them).
import { INTERACTION_STATUSES, TERMINAL_INTERACTION_STATUSES as TERMINAL_STATUSES } from '../../shared/lifecycle';
export { INTERACTION_STATUSES, TERMINAL_STATUSES };
export type { InteractionStatus };

/**
 * Legal transitions. Terminal statuses have no outgoing edge, so they never come back.
 *  - active -> resolving: a valid response was reserved (before any terminal input);
 *  - active -> dismissed: the person chose to answer the step in the terminal;
 *  - active -> invalidated: the prompt changed or went away, the session was detached, the agent exited;
 *  - resolving -> resolved/declined: the native step was proven done (declined: a proven native reject);
 *  - resolving -> failed: the step failed, or its outcome is uncertain;
 *  - resolving -> active: rejected before any input, and policy allows another try.
 * `expired` stays in the shared vocabulary but no edge leads to it: a terminal prompt has no
 * deadline of its own (an offer's short lifetime is not the interaction's).
 */
export const TRANSITIONS: Readonly<Record<InteractionStatus, readonly InteractionStatus[]>> = {
  active: ['resolving', 'dismissed', 'invalidated'],
  resolving: ['resolved', 'declined', 'failed', 'active'],
  resolved: [],
  declined: [],
  dismissed: [],
  invalidated: [],
  expired: [],
  failed: [],
};

export function isStatus(value: unknown): value is InteractionStatus {
  return typeof value === 'string' && (INTERACTION_STATUSES as readonly string[]).includes(value);
}

export function isTerminal(status: InteractionStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

export function canTransition(from: InteractionStatus, to: InteractionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function assertTransition(from: InteractionStatus, to: InteractionStatus, interactionId: string): void {
  if (!canTransition(from, to)) {
    throw new AkkError('illegal_transition', `interaction cannot move from ${from} to ${to}`, {
      interactionId,
      from,
      to,
    });
  }
}
