/**
 * An agent's own word: what the agent says it asks, in its own structured form, relayed by the hook
 * program AKK adds to it (`dist/agent-hook.js`) to every AKK server on the machine. One request a
 * line over a private Unix socket per server (`words-<pid>.sock` in the word folder); each server
 * answers at once whether it handles it. No schema library here: the hook program starts in the
 * agent's way and loads only this; the server checks each request against `agent-word-schema.ts`.
 */
import type { AgentName } from './agents';

/** The most a word may carry: an agent's request with its whole tool input. */
export const MAX_WORD_BYTES = 1_048_576;

/** A server's socket in the word folder. */
export const WORD_SOCKET = /^words-\d+\.sock$/;

export function wordSocketName(pid: number): string {
  return `words-${pid}.sock`;
}

/**
 * The word folder when nobody names one: private to the user, in the runtime folder where the
 * system has one (`$XDG_RUNTIME_DIR`), else in the temporary folder under the user's id.
 */
export function defaultWordDir(runtimeDir: string | undefined, tmpDir: string, uid: number): string {
  return runtimeDir ? `${runtimeDir}/agent-knock-knock` : `${tmpDir}/akk-${uid}/words`;
}

/** One request as the hook relays it: the agent, its event, the process that asked, and its input. */
export interface AgentWord {
  v: 1;
  agent: AgentName;
  event: string;
  /** The agent's own process (Claude Code's `CLAUDE_PID`). */
  pid?: number;
  /** The tmux pane the agent runs in (`TMUX_PANE`), when it does. */
  pane?: string;
  input: Record<string, unknown>;
}

/** A server's answer: not handled (the agent goes on as without AKK), or the output the agent is given. */
export type WordReply = { handled: false } | { handled: true; output: Record<string, unknown> };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A reply line read back, or undefined for anything that is not one. */
export function wordReplyOf(value: unknown): WordReply | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value).sort().join(',');
  if (value.handled === false && keys === 'handled') return { handled: false };
  if (value.handled === true && keys === 'handled,output' && isRecord(value.output))
    return { handled: true, output: value.output };
  return undefined;
}
