// The client versions the harness knows, from each agent's harness entry
// (src/agents/<agent>/qualify/index.ts), and the terminal sizes it captures at.
import { AGENTS, AGENT_DESCRIPTORS, isAgentName, type AgentName } from '../shared/agents';
import { HARNESS_AGENTS } from './agents';

export { AGENTS, type AgentName } from '../shared/agents';
export { compareVersions } from '../adapters/agent-adapter';

function byAgent<T>(value: (agent: AgentName) => T): Readonly<Record<AgentName, T>> {
  return Object.fromEntries(AGENTS.map((a) => [a, value(a)])) as Record<AgentName, T>;
}

/** The npm package installed for each agent. */
export const PACKAGES = byAgent((a) => AGENT_DESCRIPTORS[a].identification.npmPackage);

/** Newest published version at the time the table was last updated (pinned, not resolved at run time). */
export const NEWEST = byAgent((a) => HARNESS_AGENTS[a].newest);

/** Versions named by the interaction profiles, oldest first, followed by NEWEST. */
export const VERSIONS = byAgent((a) => HARNESS_AGENTS[a].versions);

/** The release the VS Code tier sees differ from the one below it (see `HarnessAgent.differing`). */
export const DIFFERING_RELEASE = ((): { agent: AgentName; version: string; below: string } => {
  const agent = AGENTS.find((a) => HARNESS_AGENTS[a].differing);
  const differing = agent && HARNESS_AGENTS[agent].differing;
  if (!agent || !differing) throw new Error('no harness agent names a differing release');
  return { agent, ...differing };
})();

export interface TermSize {
  cols: number;
  rows: number;
}

export const SIZES: readonly TermSize[] = [
  { cols: 80, rows: 24 },
  { cols: 120, rows: 40 },
  { cols: 200, rows: 60 },
];

export function parseAgent(s: string | undefined): AgentName {
  if (isAgentName(s)) return s;
  throw new Error(`unknown agent ${JSON.stringify(s)} (expected ${AGENTS.join(' or ')})`);
}

export function parseSize(s: string): TermSize {
  const m = /^(\d+)x(\d+)$/.exec(s);
  if (!m) throw new Error(`bad size ${JSON.stringify(s)} (expected COLSxROWS, e.g. 120x40)`);
  return { cols: Number(m[1]), rows: Number(m[2]) };
}

export function sizeName(size: TermSize): string {
  return `${size.cols}x${size.rows}`;
}
