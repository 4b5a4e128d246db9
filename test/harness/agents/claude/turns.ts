// Claude Code's own scenario turns: its AskUserQuestion, Bash and Write tools.
import type { AskOption, TurnBase } from '../../fake-model/turn';

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
  | (TurnBase & { kind: 'write'; filePath: string; content: string });
