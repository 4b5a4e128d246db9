/**
 * The one fixture of the tests that run real clients (a mocha root-hook plugin of the live and
 * integration tiers): the newest client of each agent is installed once before the run (the first run
 * downloads it), and after each test everything that test started — the fake model, the client in its
 * private tmux server, the AKK server — is stopped, and its tmux server and run folder are proven gone.
 * Tests only start what they need (`startServerAgent`, `startSession`); nothing of theirs outlives them.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { agentBinary } from '../../src/qualify/install-agents';
import { AGENTS, NEWEST } from '../../src/qualify/versions';

export const INSTALL_TIMEOUT_MS = 15 * 60_000;

interface Running {
  term: { socket: string; root: string };
  stop(): Promise<void>;
}

const running = new Set<Running>();

/** Hands a started agent to the fixture, which stops it after the test. */
export function stopAfterTest<T extends Running>(started: T): T {
  running.add(started);
  return started;
}

export function tmuxServerAlive(socket: string): boolean {
  try {
    execFileSync('tmux', ['-L', socket, 'list-sessions'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    this.timeout(INSTALL_TIMEOUT_MS);
    for (const agent of AGENTS) await agentBinary(agent, NEWEST[agent]);
  },
  async afterEach(): Promise<void> {
    const started = [...running].reverse();
    running.clear();
    for (const s of started) {
      await s.stop();
      assert.equal(tmuxServerAlive(s.term.socket), false, `tmux server ${s.term.socket} still running`);
      assert.equal(existsSync(s.term.root), false, `run folder ${s.term.root} left behind`);
    }
  },
};
