// What the fake model says on each vendor's wire for a scripted turn: the tool call of the agents
// speaking it, the values a request gives the turn, and ids unique across the whole conversation.
import { randomBytes } from 'node:crypto';
import { AGENTS, agentLabel, type AgentName } from '../../shared/agents';
import { HARNESS_AGENTS } from '../agents';
import type { ModelTurn, OfferedTool, ToolCall, WireApi } from './types';

// Ids must be unique across the whole conversation and across server restarts.
const runTag = randomBytes(6).toString('hex');
let idCounter = 0;
export function newId(prefix: string): string {
  idCounter += 1;
  return `${prefix}${runTag}${randomBytes(3).toString('hex')}${String(idCounter).padStart(4, '0')}`;
}

export function substitute<T>(value: T, vars: Record<string, string>): T {
  let s = JSON.stringify(value);
  for (const [k, v] of Object.entries(vars)) s = s.split(`{{${k}}}`).join(JSON.stringify(v).slice(1, -1));
  return JSON.parse(s) as T;
}

/** The agents whose clients speak `api`, in registry order. */
function agentsOn(api: WireApi): AgentName[] {
  return AGENTS.filter((a) => HARNESS_AGENTS[a].model.api === api);
}

/** The model named in replies on `api` when the request names none. */
export function defaultModel(api: WireApi): string {
  const agent = agentsOn(api)[0];
  return agent ? HARNESS_AGENTS[agent].model.defaultModel : 'unknown';
}

/** Values a client's request tells the model (e.g. the plan file it asks for), for `{{name}}` in turns. */
export function requestVars(api: WireApi, body: unknown): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const a of agentsOn(api)) Object.assign(vars, HARNESS_AGENTS[a].model.requestVars?.(body) ?? {});
  return vars;
}

/** The tool call of one turn on `api`: none for text, the named tool, or an own turn of an agent on that wire. */
export function turnCall(api: WireApi, turn: ModelTurn, offered: readonly OfferedTool[]): ToolCall | undefined {
  if (turn.kind === 'text') return undefined;
  if (turn.kind === 'tool') return { name: turn.name, input: turn.input };
  for (const agent of agentsOn(api)) {
    const call = HARNESS_AGENTS[agent].model.toolCall(turn, offered);
    if (call) return call;
  }
  throw new Error(
    `turn kind ${turn.kind} is not a ${agentsOn(api)
      .map((a) => agentLabel(a))
      .join(' or ')} turn`,
  );
}
