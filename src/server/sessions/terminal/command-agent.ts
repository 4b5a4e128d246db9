/**
 * The agent a terminal's command line names, for a system whose processes cannot be read: the
 * program word (after any `NAME=value` assignments and an `env`, `npx` or `bunx` before it) is one
 * of an agent's executable names (`claude`, `codex`, with `.exe`, `.cmd` or `.ps1` on Windows). It
 * only ever lists a session as observe only: a name is not an identification, and nothing is typed.
 */
import { AGENTS, AGENT_DESCRIPTORS, type AgentName } from '../../../shared/agents';

const LAUNCHERS = new Set(['env', 'npx', 'bunx', 'pnpx']);
const ASSIGNMENT_RE = /^[A-Za-z_][A-Za-z0-9_]*=/;

export function commandAgent(commandLine: string | undefined): AgentName | null {
  if (!commandLine) return null;
  const words = commandLine.trim().split(/\s+/);
  let i = 0;
  while (i < words.length && (ASSIGNMENT_RE.test(words[i] ?? '') || LAUNCHERS.has(words[i] ?? ''))) i++;
  const word = (words[i] ?? '').replace(/^["']|["']$/g, '');
  const base = word.slice(Math.max(word.lastIndexOf('/'), word.lastIndexOf('\\')) + 1);
  const program = base.replace(/\.(exe|cmd|ps1)$/i, '');
  // `npx @openai/codex@latest`: the package, without its version.
  const pkg = word.replace(/(?<=.)@[^/@]*$/, '');
  for (const agent of AGENTS) {
    const names = AGENT_DESCRIPTORS[agent].identification.executables.filter((n) => !/\.[cm]?js$/.test(n));
    if (names.includes(program) || names.includes(base)) return agent;
    if (AGENT_DESCRIPTORS[agent].identification.packagePattern.test(pkg)) return agent;
  }
  return null;
}
