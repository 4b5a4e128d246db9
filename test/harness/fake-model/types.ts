// Scenario vocabulary shared by the fake model server, the capture driver and the live tier.

export interface AskOption {
  label: string;
  description: string;
}

/** One question of Claude Code's AskUserQuestion tool. */
export interface AskQuestion {
  question: string;
  /** At most 12 characters (the client's schema). */
  header: string;
  multiSelect: boolean;
  options: AskOption[];
}

/** One question of Codex's request_user_input tool. */
export interface CodexQuestion {
  id: string;
  header: string;
  question: string;
  options: AskOption[];
}

interface TurnBase {
  /** Text streamed before the tool call (or the whole answer for a text turn). */
  text?: string;
  /** Keep the response open (the client shows its working state) until `release()` is called. */
  hold?: boolean;
}

export type ModelTurn =
  | (TurnBase & { kind: 'text'; text: string })
  | (TurnBase & { kind: 'ask'; questions: AskQuestion[] })
  | (TurnBase & { kind: 'bash'; command: string; description: string })
  | (TurnBase & { kind: 'write'; filePath: string; content: string })
  | (TurnBase & { kind: 'codex-questions'; questions: CodexQuestion[]; tool?: string })
  | (TurnBase & { kind: 'codex-command'; command: string; justification: string; escalated: boolean })
  | (TurnBase & { kind: 'codex-patch'; patch: string })
  | (TurnBase & { kind: 'tool'; name: string; input: Record<string, unknown> });

export interface Scenario {
  name: string;
  /** Model turns consumed in order, one per main-conversation request. */
  turns: ModelTurn[];
  /** Answer given once the script is exhausted. */
  fallbackText?: string;
}

export type WireApi = 'anthropic' | 'openai';

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
