// The harness registry's turn types: every agent's own scenario turns, for the fake model's
// ModelTurn. With agents/index.ts, the only harness files outside an agent's folder that name it.
import type { ClaudeTurn } from './claude/turns';
import type { CodexTurn } from './codex/turns';

export type * from './claude/turns';
export type * from './codex/turns';

export type AgentTurn = ClaudeTurn | CodexTurn;
