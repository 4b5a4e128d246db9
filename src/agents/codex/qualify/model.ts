// Codex's side of the fake model: its client speaks the OpenAI Responses API, and its own scenario
// turns are calls of request_user_input, of whichever shell tool the request offers, and of
// apply_patch (a custom tool where the client offers it as one).
import type { AgentModel, OfferedTool, ToolCall } from '../../../qualify/fake-model/types';

function commandCall(tools: readonly OfferedTool[], command: string, extra: Record<string, unknown>): ToolCall {
  const names = new Set(tools.map((t) => t.name));
  if (names.has('exec_command')) return { name: 'exec_command', input: { cmd: command, ...extra } };
  if (names.has('shell_command')) return { name: 'shell_command', input: { command, ...extra } };
  return { name: 'shell', input: { command: ['bash', '-lc', command], ...extra } };
}

export const codexModel: AgentModel = {
  api: 'openai',
  defaultModel: 'gpt-5',
  toolCall(turn, offered) {
    switch (turn.kind) {
      case 'codex-questions':
        return { name: turn.tool ?? 'request_user_input', input: { questions: turn.questions } };
      case 'codex-command': {
        const extra: Record<string, unknown> = turn.escalated
          ? { sandbox_permissions: 'require_escalated', justification: turn.justification }
          : {};
        return commandCall(offered, turn.command, extra);
      }
      case 'codex-patch': {
        const t = offered.find((x) => x.name === 'apply_patch');
        if (t && t.type === 'custom') return { name: 'apply_patch', customInput: turn.patch };
        return { name: 'apply_patch', input: { input: turn.patch } };
      }
      default:
        return undefined;
    }
  },
};
