/**
 * A system whose processes the server cannot read (native Windows, a locked-down container: no
 * /proc and no ps), forced here with AKK_PROCESS_TABLE=none on the real server over stdio. A real
 * Claude Code typed into a shell is listed from the command line the editor reports, as Claude
 * Code, version unknown, observe only with the reason; its permission prompt on screen is offered
 * to no one and gets no input; a command that names no agent is not listed; and the server keeps
 * answering every request.
 */
import { strict as assert } from 'node:assert';
import { REQUESTS } from '../../src/shared/protocol';
import { agentBinary } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { userPrompt } from '../support/server-agent';
import { startTerminalAgent, type TerminalAgent } from '../support/terminal-agent';
import { sleep } from '../../src/qualify/wait';

interface Listed {
  session_id: string;
  agent: string;
  version: string | null;
  observe_only_reason?: string;
}

describe('live: a system whose processes cannot be read (AKK_PROCESS_TABLE=none)', function () {
  this.timeout(120_000);
  let a: TerminalAgent | undefined;
  const asked = process.env.AKK_PROCESS_TABLE;

  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary('claude', NEWEST.claude);
    process.env.AKK_PROCESS_TABLE = 'none';
  });
  after(() => {
    if (asked === undefined) delete process.env.AKK_PROCESS_TABLE;
    else process.env.AKK_PROCESS_TABLE = asked;
  });
  afterEach(async () => {
    await a?.stop();
    a = undefined;
  });

  it('lists the agent its command names as observe only, with why; its prompt gets no input', async () => {
    a = await startTerminalAgent(
      'claude',
      { name: 'no-process-table', turns: [{ kind: 'bash', command: 'touch never.txt', description: 'x' }] },
      { cols: 120, rows: 40 },
      {},
      undefined,
      'claude',
    );
    const list = (await a.call(REQUESTS.listSessions.method, {})).result as { sessions: Listed[] };
    const mine = list.sessions.find((x) => x.session_id === a?.sessionId);
    assert.equal(mine?.agent, 'claude');
    assert.equal(mine?.version, null, 'a version was claimed without reading the process');
    assert.match(mine?.observe_only_reason ?? '', /^AKK cannot read this system's processes/);

    await userPrompt(a.term, 'make the file');
    await a.term.waitForScreen((x) => x.includes('Do you want to proceed?'), 30_000, 'the permission on screen');
    await sleep(1500);
    const s = await a.status();
    assert.equal(s.permission, null, 'a permission was offered where the agent is not identified');
    await sleep(5000); // longer than a response's whole window
    assert.deepEqual(a.writes, []);
    assert.equal(a.model.toolResults().length, 0);

    // Another command in another terminal, naming no agent: nothing is listed for it.
    const other = await a.call(REQUESTS.terminalStarted.method, {
      terminal_id: 'term-2',
      execution_id: 'exec-9',
      name: 'bash',
      shell_pid: a.term.panePid(),
      command_line: 'ls -la',
    });
    assert.deepEqual(other.result, { session_id: null, agent: 'unknown', version: null });
    const again = await a.call(REQUESTS.listSessions.method, {});
    assert.ok(again.result, `the server stopped answering: ${JSON.stringify(again.error)}`);
  });
});
