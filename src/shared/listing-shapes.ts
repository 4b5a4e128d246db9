/**
 * The shapes the session and interaction listings share: tmux addresses, session and candidate
 * summaries, interaction summaries. Imported by the protocol table (`protocol.ts`), which re-exports them.
 */
import { z } from 'zod';
import type { AgentName, InteractionStatus, SessionState } from './lifecycle';

export const TmuxServerRef = z
  .object({
    /** The `-L` socket name. */
    socket: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9_.-]+$/, 'a tmux socket name')
      .optional(),
    /** The `-S` socket path. */
    socketPath: z.string().min(1).max(4096).optional(),
  })
  .strict()
  .refine((v) => !(v.socket !== undefined && v.socketPath !== undefined), {
    message: 'give socket or socketPath, not both',
  });
export type TmuxServerRef = z.infer<typeof TmuxServerRef>;

export const TmuxTarget = z
  .object({
    socket: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9_.-]+$/, 'a tmux socket name')
      .optional(),
    socketPath: z.string().min(1).max(4096).optional(),
    /** A pane id such as `%3`, or `session:window.pane`. */
    target: z
      .string()
      .min(1)
      .max(400)
      .regex(/^[^\s;]+$/, 'a tmux pane target'),
  })
  .strict()
  .refine((v) => !(v.socket !== undefined && v.socketPath !== undefined), {
    message: 'give socket or socketPath, not both',
  });
export type TmuxTarget = z.infer<typeof TmuxTarget>;

export interface SessionSummary {
  session_id: string;
  agent: AgentName | 'unknown';
  /** The exact client version, or null when it could not be identified. */
  version: string | null;
  state: SessionState;
  turn_id: string | null;
  /** Changes on resize, respawn, agent restart and re-attach; input is bound to one generation. */
  binding_generation: number | null;
  /**
   * Where the session lives, for display and for focusing its terminal: a tmux pane, or an
   * editor's integrated terminal (`target` is then its name).
   */
  endpoint: {
    kind: 'tmux' | 'terminal';
    socket?: string;
    socketPath?: string;
    target: string;
    pane_id?: string;
    terminal_id?: string;
  };
  /** True when the session outlives a window reload and an editor restart (tmux panes). */
  survives_reload: boolean;
  /** Why no input will be sent to this session, when that is so. */
  observe_only_reason?: string;
  /**
   * When the exact version is identified but not qualified: every prompt is answered in the terminal.
   * Names the nearest qualified version and what to do.
   */
  unqualified_version?: {
    nearest_qualified: string | null;
    note: string;
    /** How to install the nearest qualified version and keep the client on it; null without one. */
    pinning: string | null;
    /**
     * Whether qualifying it on this machine can make it answered: false for a release AKK's own
     * records hold as drawing screens differently.
     */
    qualifiable: boolean;
  };
  /** Answered by a qualification made on this machine for the binary it runs. */
  qualified_on_this_machine?: true;
  pending: { interaction_id: string; kind: 'questionnaire' | 'async_question' | 'permission'; since: string } | null;
}

export interface CandidatePane {
  endpoint: { kind: 'tmux'; socket?: string; socketPath?: string; target: string; pane_id: string };
  agent: AgentName | 'unknown';
  version: string | null;
  command: string;
  attached_session_id: string | null;
}

export interface InteractionSummary {
  interaction_id: string;
  session_id: string;
  turn_id: string;
  kind: 'questionnaire' | 'async_question' | 'permission';
  status: InteractionStatus;
  outcome: string | null;
  title: string;
  created_at: string;
  resolved_at: string | null;
}
