// The harness registry: one entry per agent of src/shared/agents.ts, each in its own folder. With
// agents/turns.ts, the only harness files outside an agent's folder that name it.
import type { AgentName } from '../../shared/agents';
import { claudeHarness } from '../../agents/claude/qualify';
import { codexHarness } from '../../agents/codex/qualify';
import { geminiHarness } from '../../agents/gemini/qualify';
import type { HarnessAgent } from './types';

export const HARNESS_AGENTS: { readonly [N in AgentName]: HarnessAgent } = {
  claude: claudeHarness,
  codex: codexHarness,
  gemini: geminiHarness,
};

export function harnessAgent(agent: AgentName): HarnessAgent {
  return HARNESS_AGENTS[agent];
}
