// Codex's own scenario turns: request_user_input, a shell command and apply_patch.
import type { AskOption, TurnBase } from '../../../qualify/fake-model/turn';

/** One question of Codex's request_user_input tool. */
export interface CodexQuestion {
  id: string;
  header: string;
  question: string;
  options: AskOption[];
}

export type CodexTurn =
  | (TurnBase & { kind: 'codex-questions'; questions: CodexQuestion[]; tool?: string })
  | (TurnBase & { kind: 'codex-command'; command: string; justification: string; escalated: boolean })
  | (TurnBase & { kind: 'codex-patch'; patch: string });
