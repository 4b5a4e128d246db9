// Harness sessions for the live tests that drive a client by keys (no AKK server): the newest
// client at 120x40 on a scenario, stopped after the test by the fixture (test/support/agent-fixture.ts).
import { scenario } from '../../src/qualify/scenarios';
import { startSession, type Session } from '../../src/qualify/session';
import { NEWEST, type AgentName } from '../../src/qualify/versions';
import { stopAfterTest } from '../support/agent-fixture';

/** A starter for sessions of the newest client of `agent`. */
export function liveSessions(agent: AgentName): (scenarioName: string) => Promise<Session> {
  return async (name: string): Promise<Session> =>
    stopAfterTest(
      await startSession({ agent, version: NEWEST[agent], size: { cols: 120, rows: 40 }, scenario: scenario(name) }),
    );
}
