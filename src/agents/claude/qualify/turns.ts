// Claude Code's own scenario turns: its AskUserQuestion, Bash, Write, Read, Edit, WebFetch and
// ExitPlanMode tools, and a tool of an MCP server.
import type { AskOption, TurnBase } from '../../../qualify/fake-model/turn';

/** One question of Claude Code's AskUserQuestion tool. */
export interface AskQuestion {
  question: string;
  /** At most 12 characters (the client's schema). */
  header: string;
  multiSelect: boolean;
  options: AskOption[];
}

export type ClaudeTurn =
  | (TurnBase & { kind: 'ask'; questions: AskQuestion[] })
  | (TurnBase & { kind: 'bash'; command: string; description: string })
  | (TurnBase & { kind: 'write'; filePath: string; content: string })
  | (TurnBase & { kind: 'read'; filePath: string })
  | (TurnBase & { kind: 'edit'; filePath: string; oldString: string; newString: string })
  | (TurnBase & { kind: 'fetch'; url: string; prompt: string })
  /** A tool of an MCP server (`mcp__<server>__<tool>`), with its arguments in the order drawn. */
  | (TurnBase & { kind: 'mcp'; server: string; tool: string; input: Record<string, unknown> })
  | (TurnBase & { kind: 'exit-plan'; plan: string });
