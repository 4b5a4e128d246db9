/**
 * Lifecycle vocabularies shared by the server and the editor: the states of an agent
 * terminal session and the eight statuses of a persistent interaction (design 001, "Status machine").
 */

/** What an attached agent terminal is doing, as far as the server can prove. */
export type SessionState =
  | 'starting'
  | 'idle'
  | 'working'
  /** A supported prompt is on screen and recognised exactly. */
  | 'waiting_input'
  /** A prompt is on screen that cannot be proven exact: answer it in the terminal. */
  | 'manual_required'
  /** Input may have reached the terminal but its effect could not be proven. */
  | 'response_uncertain'
  | 'exited';

/** States of a turn under way: the agent works, or waits on a step (answered here or in the terminal). */
export const IN_TURN: ReadonlySet<SessionState> = new Set(['working', 'waiting_input', 'manual_required']);

/** The eight statuses of an interaction. */
export const INTERACTION_STATUSES = [
  'active',
  'resolving',
  'resolved',
  'declined',
  'dismissed',
  'invalidated',
  'expired',
  'failed',
] as const;
export type InteractionStatus = (typeof INTERACTION_STATUSES)[number];

export const TERMINAL_INTERACTION_STATUSES: readonly InteractionStatus[] = [
  'resolved',
  'declined',
  'dismissed',
  'invalidated',
  'expired',
  'failed',
];

/** Agents the server knows how to identify: the registry's names (src/shared/agents.ts). */
export { AGENTS, type AgentName } from './agents';
