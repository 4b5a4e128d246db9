/**
 * A client release that was never qualified, live through `node dist/server.js --stdio`: the real
 * release just before the first qualified one of each agent (Claude Code 2.1.261, Codex 0.153.3,
 * Gemini CLI 0.52.0) asks a question or for a permission. The session names the version and the nearest qualified
 * version. Idle, it is idle, and nobody is told anything; once it waits, the client is told that
 * it waits, what it asks and that it is answered in the terminal; an approval is refused, and
 * nothing is typed: the screen stays as it was and the fake model never receives a tool result.
 */
import { strict as assert } from 'node:assert';
import {
  NOTIFICATIONS,
  REQUESTS,
  type InteractionRequiredParams,
  type SessionSummary,
} from '../../src/shared/protocol';
import { agentBinary } from '../../src/qualify/install-agents';
import { stableView } from '../../src/qualify/normalise';
import type { Scenario } from '../../src/qualify/fake-model/types';
import { PACKAGES, type AgentName } from '../../src/qualify/versions';
import { Q_DATABASE } from '../../src/agents/claude/qualify/questions';
import { startServerAgent, toldLeftToTerminal, userPrompt } from '../support/server-agent';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { prompt } from '../support/gemini-live';
import { sleep } from '../../src/qualify/wait';

const CASES: ReadonlyArray<{
  agent: AgentName;
  version: string;
  nearest: string;
  scenario: Scenario;
  onScreen: string;
  /** What the client must be told the agent asks (from the scenario). */
  asks: string;
  /** The client's own way to stop updating itself (its documentation). */
  updatesOff: string;
}> = [
  {
    agent: 'claude',
    version: '2.1.261',
    nearest: '2.1.263',
    scenario: {
      name: 'unqualified-claude-bash',
      turns: [{ kind: 'bash', command: 'touch never.txt', description: 'Create never.txt' }],
    },
    onScreen: 'Do you want to proceed?',
    asks: 'touch never.txt',
    updatesOff: 'DISABLE_AUTOUPDATER=1',
  },
  {
    agent: 'claude',
    version: '2.1.261',
    nearest: '2.1.263',
    scenario: { name: 'unqualified-claude-question', turns: [{ kind: 'ask', questions: [Q_DATABASE] }] },
    onScreen: Q_DATABASE.question,
    asks: Q_DATABASE.question,
    updatesOff: 'DISABLE_AUTOUPDATER=1',
  },
  {
    agent: 'codex',
    version: '0.153.3',
    nearest: '0.153.4',
    scenario: {
      name: 'unqualified-codex-command',
      turns: [
        {
          kind: 'codex-command',
          command: 'touch ../never.txt',
          justification: 'Create a marker file next to the project?',
          escalated: true,
        },
      ],
    },
    onScreen: 'Would you like to run the following command?',
    asks: 'touch ../never.txt',
    updatesOff: 'check_for_update_on_startup = false',
  },
  {
    agent: 'gemini',
    version: '0.52.0',
    nearest: '0.53.0',
    scenario: {
      name: 'unqualified-gemini-shell',
      turns: [
        {
          kind: 'tool',
          name: 'run_shell_command',
          input: { command: 'touch never.txt', description: 'Create never.txt' },
        },
      ],
    },
    onScreen: 'Allow execution of',
    asks: 'touch never.txt',
    updatesOff: 'general.enableAutoUpdate to false',
  },
];

for (const c of CASES) {
  describe(`${c.agent} ${c.version}, never qualified, waiting on "${c.asks}", through the server (live)`, function () {
    this.timeout(120_000);
    before(async function () {
      this.timeout(INSTALL_TIMEOUT_MS);
      await agentBinary(c.agent, c.version);
    });

    it('names the nearest qualified version, keeps every step manual and types nothing', async () => {
      const agent = await startServerAgent(c.agent, c.scenario, {}, { version: c.version });
      if (c.agent === 'codex') await agent.term.waitForScreen((s) => s.includes('default ·'), 30_000, 'Codex ready');
      // Idle, the agent waits for nobody: the session is idle and the client is told nothing.
      const idle = await agent.waitStatus((x) => x.state === 'idle', 30_000, 'idle');
      assert.equal(idle.manual_reason, null);
      const told = (): InteractionRequiredParams[] =>
        agent.server.notifications
          .filter((n) => n.method === NOTIFICATIONS.interactionRequired)
          .map((n) => n.params as InteractionRequiredParams);
      await sleep(1000);
      assert.deepEqual(told(), [], 'the client was told of a wait while the agent was idle');
      if (c.agent === 'gemini') await prompt(agent, 'make the file');
      else await userPrompt(agent.term, 'make the file');
      await agent.term.waitForScreen((s) => s.includes(c.onScreen), 30_000, 'the permission prompt');

      const listed = await agent.call(REQUESTS.listSessions.method, {});
      const session = (listed.result as { sessions: SessionSummary[] }).sessions.find(
        (s) => s.session_id === agent.sessionId,
      );
      assert.equal(session?.version, c.version);
      assert.equal(session?.unqualified_version?.nearest_qualified, c.nearest);
      // No record of AKK's holds it as differing, so qualifying it here can make it answered.
      assert.equal(session?.unqualified_version?.qualifiable, true);
      const note = session?.unqualified_version?.note ?? '';
      assert.match(note, new RegExp(`${c.version.replace(/\./g, '\\.')} is not a qualified version`));
      assert.ok(note.includes(`nearest qualified: ${c.nearest}`), note);
      assert.ok(note.includes(`npm run qualify -- ${c.agent} ${c.version}`), note);
      // And how to stay on a qualified version: install it, and keep the client from updating itself.
      const pinning = session?.unqualified_version?.pinning ?? '';
      assert.ok(pinning.includes(`npm install -g ${PACKAGES[c.agent]}@${c.nearest}`), pinning);
      assert.ok(pinning.includes(c.updatesOff), pinning);

      const s = await agent.waitStatus((x) => x.state === 'manual_required', 30_000, 'manual');
      const reason = s.manual_reason ?? '';
      assert.ok(reason.startsWith('It asks: '), reason);
      assert.ok(reason.includes(c.asks), `the reason does not say what it asks: ${reason}`);
      assert.ok(reason.endsWith(note), reason);
      assert.equal(s.interaction, null);
      assert.equal(s.permission, null);
      // Left to the terminal, the wait is still news: the client is woken with the reason.
      await toldLeftToTerminal(agent, reason);

      const before = stableView(await agent.term.capture());
      const approve = await agent.call(REQUESTS.approve.method, {
        turn_id: s.turn_id ?? 'none',
        decision: 'approve_once',
      });
      assert.ok(approve.error, `an approval was accepted: ${JSON.stringify(approve.result)}`);
      const listedSteps = await agent.call(REQUESTS.listInteractions.method, { session_id: agent.sessionId });
      const steps = (listedSteps.result as { interactions: Array<{ status: string }> }).interactions;
      assert.deepEqual(
        steps.filter((x) => x.status === 'active'),
        [],
      );

      await sleep(3000);
      // Apart from animations (a blinking bullet, a spinner), the screen is exactly as it was.
      assert.equal(stableView(await agent.term.capture()), before, 'the screen changed: something was typed');
      assert.deepEqual(agent.model.toolResults(), [], 'the model received an answer');
    });
  });
}
