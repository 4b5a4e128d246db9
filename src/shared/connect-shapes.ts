/**
 * Connecting an agent's hooks (`akk/connectAgent`, `akk/disconnectAgent`): AKK's hook entry added
 * to, or taken out of, the agent's user settings or a project's local settings. Asked first without
 * `apply` (what the file would become, shown to the person), then with it.
 */
import { z } from 'zod';
import { AGENTS } from './agents';

export const ConnectAgentParams = z
  .object({
    /** An agent with hooks (its descriptor's `hooks`); another is refused with a typed error. */
    agent: z.enum(AGENTS),
    /** `user`: the agent's own settings for every project; `project`: one folder's local settings. */
    scope: z.enum(['user', 'project']),
    /** The project folder (absolute), for `project`. */
    folder: z.string().min(1).max(4096).optional(),
    /** False: nothing is written; the result says what would be. */
    apply: z.boolean(),
  })
  .strict();
export type ConnectAgentParams = z.infer<typeof ConnectAgentParams>;

export interface ConnectAgentResult {
  /** The settings file. */
  file: string;
  /** Its text before (null: there was none) and after (null: it is removed). */
  before: string | null;
  after: string | null;
  /** Whether the text changes (false: AKK's entry was there already, or was not there to remove). */
  changed: boolean;
  /** Whether the change was written. */
  applied: boolean;
}

export const AgentHooksParams = z
  .object({
    agent: z.enum(AGENTS),
    /** The project folder (absolute) whose local settings are read too. */
    folder: z.string().min(1).max(4096).optional(),
  })
  .strict();

/** Whether an agent's hooks are connected, and what a session AKK starts is given. */
export interface AgentHooksResult {
  /** False: the agent has no hooks AKK can connect (the rest is empty). */
  has_hooks: boolean;
  user: { file: string; connected: boolean } | null;
  project: { file: string; connected: boolean } | null;
  /** Which setting in which file switches the agent's hooks off, or null. */
  switched_off: string | null;
  /**
   * The settings a session AKK starts is given (`--settings`) so that it says what it asks; null
   * when its settings connect it already, or the agent has no hooks.
   */
  session_settings: string | null;
}
