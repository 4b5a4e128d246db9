/**
 * What every agent flow is given (the workspace, both agents' panes and fake models, the check
 * runner) and the ways its checks compare what reached the fake model.
 */
import type { Page } from 'playwright-core';
import type { FakeModel } from '../harness/fake-model';
import { until, type AgentTmux } from './agent-tmux';

export interface FlowContext {
  workspace: string;
  /** The workspace settings the extension started with. */
  settings: Record<string, unknown>;
  /** Claude Code's pane, and its fake model. */
  agent: AgentTmux;
  model: FakeModel;
  /** Codex's pane, and its fake model. */
  codex: AgentTmux;
  codexModel: FakeModel;
  /** Browser dialogs that opened (none may). */
  dialogs: string[];
  /** Runs one named check with its failure screenshot; after a failure the rest are not run. */
  step: (name: string, shot: string, body: (p: Page) => Promise<void>) => Promise<boolean>;
}

/** JSON with every object's keys sorted, so that two values compare by content alone. */
export function sortedJson(v: unknown): string {
  const sort = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(sort)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.keys(x)
              .sort()
              .map((k) => [k, sort((x as Record<string, unknown>)[k])]),
          )
        : x;
  return JSON.stringify(sort(v));
}

export function check(cond: boolean, message: string): void {
  if (!cond) throw new Error(message);
}

export async function toolResultOf(
  model: FakeModel,
  turn: number,
  timeoutMs = 30_000,
): Promise<{ id: string; content: string; isError: boolean }> {
  const id = await until(
    `the fake model to issue the tool use of turn ${turn}`,
    () => Promise.resolve(model.issued.find((t) => t.turnIndex === turn)?.id),
    timeoutMs,
  );
  return model.waitForToolResult(id, timeoutMs);
}
