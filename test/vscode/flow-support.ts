/**
 * What every agent flow is given (the workspace, both agents' panes and fake models, the check
 * runner) and the ways its checks compare what reached the fake model.
 */
import type { Page } from 'playwright-core';
import type { FakeModel } from '../../src/qualify/fake-model';
import { stableView } from '../../src/qualify/normalise';
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

/**
 * Longer than the server's whole response window (its proof timeout is 5 s): a key sent late, after
 * a hold or a slow proof, would show within it.
 */
const NOTHING_SENT_WINDOW_MS = 6500;

/**
 * Nothing reached the agent: over a window long enough to catch a late key, its screen (without its
 * animations) did not change and the fake model received no new request.
 */
export async function checkNothingSent(
  what: string,
  screen: () => Promise<string>,
  model: Pick<FakeModel, 'requests'>,
): Promise<void> {
  // Side requests (a title, a quota check) come without input; a turn's request does not.
  const turns = (): number => model.requests.filter((r) => !r.side).length;
  const before = stableView(await screen());
  const requests = turns();
  await new Promise((r) => setTimeout(r, NOTHING_SENT_WINDOW_MS));
  check(stableView(await screen()) === before, `${what}: the screen changed, so something was typed`);
  check(turns() === requests, `${what}: the fake model received a turn's request`);
}

/** What Claude Code tells the model of a tool use the person rejected. */
export const REJECTED_BY_USER = /^The user doesn't want to proceed with this tool use\./;

/**
 * The model received exactly these answers: each `"question"="answer"` pair, and no other pair
 * (a pattern where an answer's exact spelling varies, such as escaped quotes).
 */
export function checkExactAnswers(content: string, pairs: ReadonlyArray<readonly [string, string | RegExp]>): void {
  for (const [q, a] of pairs) {
    const found = typeof a === 'string' ? content.includes(`"${q}"="${a}"`) : a.test(content);
    check(found, `the model did not receive "${q}"=${String(a)}: ${content}`);
  }
  const received = content.match(/"="/g)?.length ?? 0;
  check(received === pairs.length, `the model received ${received} answers, not exactly ${pairs.length}: ${content}`);
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
