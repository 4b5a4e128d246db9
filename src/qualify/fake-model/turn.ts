// The turn kinds every agent shares: plain text, and a tool call given by name. Each agent's own
// turn kinds (its tools as a scenario names them) live in src/agents/<agent>/qualify/turns.ts.

export interface AskOption {
  label: string;
  description: string;
}

export interface TurnBase {
  /** Text streamed before the tool call (or the whole answer for a text turn). */
  text?: string;
  /** Keep the response open (the client shows its working state) until `release()` is called. */
  hold?: boolean;
  /**
   * Extra HTTP headers on this turn's response, as a real provider sends them beside the stream
   * (e.g. Codex's rate-limit usage, `x-codex-primary-used-percent`).
   */
  headers?: Readonly<Record<string, string>>;
}

export type SharedTurn =
  | (TurnBase & { kind: 'text'; text: string })
  | (TurnBase & { kind: 'tool'; name: string; input: Record<string, unknown> });
