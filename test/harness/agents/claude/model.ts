// Claude Code's side of the fake model: its client speaks the Anthropic Messages API, and its own
// scenario turns are calls of its AskUserQuestion, Bash and Write tools.
import type { AgentModel } from '../../fake-model/types';

export const claudeModel: AgentModel = {
  api: 'anthropic',
  defaultModel: 'claude-sonnet-4-5',
  toolCall(turn) {
    switch (turn.kind) {
      case 'ask':
        return { name: 'AskUserQuestion', input: { questions: turn.questions } };
      case 'bash':
        return { name: 'Bash', input: { command: turn.command, description: turn.description } };
      case 'write':
        return { name: 'Write', input: { file_path: turn.filePath, content: turn.content } };
      default:
        return undefined;
    }
  },
};
