/** A permission and a question as the server projects them, for the confirmation tests. */
import type { PermissionProjection, TerminalInteraction } from '../../../src/shared/contract';
import { DECISION } from '../../../src/shared/decisions';

export function permission(subject: string): PermissionProjection {
  return {
    interaction_id: 'int_perm',
    turn_id: 'turn_1',
    agent: 'claude',
    tool: 'bash',
    title: 'Bash command',
    subject,
    decisions: [DECISION.approveOnce, DECISION.reject],
  };
}

export function question(prompt: string, context?: string): TerminalInteraction {
  return {
    schema: 'agent-knock-knock/terminal-interaction',
    version: 1,
    interaction_id: 'int_q',
    turn_id: 'turn_1',
    agent: 'codex',
    kind: 'questionnaire',
    state: 'pending',
    step: { index: 1, total: 1 },
    questions: [
      {
        question_id: 'q1',
        prompt,
        ...(context !== undefined ? { context } : {}),
        required: true,
        response_kind: 'free_text',
        options: [],
      },
    ],
    capabilities: { batch_response: false, free_text: true, multi_select: false },
  };
}
