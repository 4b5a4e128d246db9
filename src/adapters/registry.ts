/**
 * The adapter registry: one implementation per agent of the registry in src/shared/agents.ts.
 * The only file outside an agent's own folder that names its adapter.
 */
import { isAgentName, type AgentKind, type AgentName } from '../shared/agents';
import type { AgentAdapter } from './agent-adapter';
import { claudeAdapter } from '../agents/claude/recognize/adapter';
import { codexAdapter } from '../agents/codex/recognize/adapter';
import { geminiAdapter } from '../agents/gemini/recognize/adapter';

export const ADAPTERS: { readonly [N in AgentName]: AgentAdapter & { agent: N } } = {
  claude: claudeAdapter,
  codex: codexAdapter,
  gemini: geminiAdapter,
};

/** The adapter of a supported agent; undefined for anything else. */
export function adapterOf(agent: AgentKind): AgentAdapter | undefined {
  return isAgentName(agent) ? ADAPTERS[agent] : undefined;
}
