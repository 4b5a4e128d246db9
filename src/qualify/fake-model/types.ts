// Scenario vocabulary shared by the fake model server, the capture driver and the live tier.
import type { AgentTurn } from '../agents/turns';
import type { SharedTurn } from './turn';

export type * from '../agents/turns';

/** One scripted model turn: text, a named tool call, or one of an agent's own turn kinds. */
export type ModelTurn = SharedTurn | AgentTurn;

export interface Scenario {
  name: string;
  /** Model turns consumed in order, one per main-conversation request. */
  turns: ModelTurn[];
  /** Answer given once the script is exhausted. */
  fallbackText?: string;
}

export type WireApi = 'anthropic' | 'openai' | 'google';

/** A tool the client offers in a request (top-level, namespaced, or as `additional_tools`). */
export interface OfferedTool {
  name: string;
  type: string;
}

/** A tool call the model makes: JSON arguments, or the raw input of a custom (freeform) tool. */
export type ToolCall = { name: string; input: Record<string, unknown> } | { name: string; customInput: string };

/** One agent's side of the fake model: the wire its client speaks, and its own turns as tool calls. */
export interface AgentModel {
  api: WireApi;
  /** The model named in replies when the request names none. */
  defaultModel: string;
  /** The call for one of the agent's own turn kinds, or undefined for a kind that is not its own. */
  toolCall(turn: ModelTurn, offered: readonly OfferedTool[]): ToolCall | undefined;
  /** Values the client's request carries for the script (`{{name}}` in later turns). */
  requestVars?(body: unknown): Record<string, string>;
}

export interface RecordedRequest {
  seq: number;
  at: string;
  method: string;
  url: string;
  api: WireApi | 'other';
  /** True for side requests (titles, quota checks) that do not consume a scenario turn. */
  side: boolean;
  /** Index of the scenario turn answered, when not a side request. */
  turnIndex?: number;
  body: unknown;
}

export interface IssuedToolUse {
  turnIndex: number;
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface ToolResult {
  id: string;
  /** The tool result as text (Claude content blocks joined; Codex output string). */
  content: string;
  isError: boolean;
  requestSeq: number;
}
