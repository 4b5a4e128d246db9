// Shared set-up for live tests: one fresh client session per test, always stopped afterwards,
// and a check that its private tmux server is really gone.
import { execFileSync } from 'node:child_process';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { agentBinary } from '../harness/install-agents';
import { scenario } from '../harness/scenarios';
import { startSession, type Session } from '../harness/session';
import { NEWEST, type AgentName } from '../harness/versions';

export const INSTALL_TIMEOUT_MS = 15 * 60_000;

export function tmuxServerAlive(socket: string): boolean {
  try {
    execFileSync('tmux', ['-L', socket, 'list-sessions'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Registers before/afterEach hooks and returns a starter for the newest client of `agent`. */
export function liveSessions(ctx: Mocha.Suite, agent: AgentName): (scenarioName: string) => Promise<Session> {
  let current: Session | undefined;
  ctx.beforeAll(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary(agent, NEWEST[agent]);
  });
  ctx.afterEach(async () => {
    const s = current;
    current = undefined;
    if (!s) return;
    await s.stop();
    assert.equal(tmuxServerAlive(s.term.socket), false, `tmux server ${s.term.socket} still running`);
    assert.equal(fs.existsSync(s.term.root), false, `run folder ${s.term.root} left behind`);
  });
  return async (name: string): Promise<Session> => {
    current = await startSession({
      agent,
      version: NEWEST[agent],
      size: { cols: 120, rows: 40 },
      scenario: scenario(name),
    });
    return current;
  };
}

/**
 * For suites that drive an agent through the AKK server: installs the newest client once, and
 * stops each test's agent (its server, tmux and fake model) after the test.
 */
export function serverAgentHooks(
  agent: AgentName,
  current: () => { stop(): Promise<void> } | undefined,
  clear: () => void,
): void {
  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary(agent, NEWEST[agent]);
  });
  afterEach(async () => {
    await current()?.stop();
    clear();
  });
}
