// The harness registry's turn types: every agent's own scenario turns, for the fake model's
// ModelTurn. With agents/index.ts, the only harness files outside an agent's folder that name it.
import type { ClaudeTurn } from '../../agents/claude/qualify/turns';
import type { CodexTurn } from '../../agents/codex/qualify/turns';

export type * from '../../agents/claude/qualify/turns';
export type * from '../../agents/codex/qualify/turns';

export type AgentTurn = ClaudeTurn | CodexTurn;
