// Claude Code's side of the fake model: its client speaks the Anthropic Messages API, and its own
// scenario turns are calls of its own tools (turns.ts).
import type { AgentModel } from '../../../qualify/fake-model/types';

export const claudeModel: AgentModel = {
  api: 'anthropic',
  defaultModel: 'claude-sonnet-4-5',
  /** In plan mode the client names the plan file it wants written: `{{planFile}}`. */
  requestVars(body): Record<string, string> {
    const m = /(?:create your plan at|A plan file already exists at) (\/\S+\.md)/.exec(JSON.stringify(body ?? ''));
    return m?.[1] ? { planFile: m[1] } : {};
  },
  toolCall(turn) {
    switch (turn.kind) {
      case 'ask':
        return { name: 'AskUserQuestion', input: { questions: turn.questions } };
      case 'bash':
        return { name: 'Bash', input: { command: turn.command, description: turn.description } };
      case 'write':
        return { name: 'Write', input: { file_path: turn.filePath, content: turn.content } };
      case 'read':
        return { name: 'Read', input: { file_path: turn.filePath } };
      case 'edit':
        return {
          name: 'Edit',
          input: { file_path: turn.filePath, old_string: turn.oldString, new_string: turn.newString },
        };
      case 'fetch':
        return { name: 'WebFetch', input: { url: turn.url, prompt: turn.prompt } };
      case 'mcp':
        return { name: `mcp__${turn.server}__${turn.tool}`, input: turn.input };
      case 'exit-plan':
        return { name: 'ExitPlanMode', input: { plan: turn.plan } };
      default:
        return undefined;
    }
  },
};
