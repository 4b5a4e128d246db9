// Gemini CLI's side of the fake model: its client speaks Google's Generative Language API, and its
// scenarios call its tools by name (shared `tool` turns): it has no turn kinds of its own.
import type { AgentModel } from '../../../qualify/fake-model/types';

export const geminiModel: AgentModel = {
  api: 'google',
  defaultModel: 'gemini-2.5-pro',
  toolCall: () => undefined,
};
