// Named scenarios: the model's script plus, for the capture driver, the screens to expect and the
// keys that lead from one to the next. Every shape named by the interaction design is covered for
// each client where the client can draw it: each agent's scenarios are its own
// (src/agents/<agent>/qualify/scenarios.ts), listed here in registry order.
import { AGENTS, type AgentName } from '../shared/agents';
import { HARNESS_AGENTS } from './agents';
import type { NamedScenario } from './scenario-types';

export type { Action, Matcher, NamedScenario } from './scenario-types';

export const SCENARIOS: NamedScenario[] = AGENTS.flatMap((agent) => HARNESS_AGENTS[agent].scenarios);

export function scenariosFor(agent: AgentName): NamedScenario[] {
  return SCENARIOS.filter((s) => s.agent === agent);
}

export function scenario(name: string): NamedScenario {
  const s = SCENARIOS.find((x) => x.name === name);
  if (!s) throw new Error(`no scenario ${name}`);
  return s;
}
