/**
 * A supervising agent with a Gemini CLI session: the SDK's own MCP client runs `node dist/mcp.js`
 * on the server's supervisor socket (`node dist/server.js --stdio`, attached to the newest Gemini
 * CLI in tmux against the loopback fake model). It lists the shell confirmation as drawn, is refused
 * "always" (never offered), and its "allow once" is typed only after the person confirms in the
 * editor (the test's stdio client answers `akk/confirmDecision` as the person would): the command
 * runs. Its refusal of the next command, once confirmed, closes the confirmation and nothing runs.
 * Ground truth is the work folder and what the fake model received.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GEMINI_SHELL } from '../../src/agents/gemini/qualify/capture-scenario';
import { agentBinary } from '../../src/qualify/install-agents';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { NEWEST } from '../../src/qualify/versions';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { prompt, REFUSED_SHELL } from '../support/gemini-live';
import {
  askedPerson,
  errorCode,
  mcpClient,
  pendingStep,
  untilAsked,
  type McpSupervisor,
  type Step,
} from '../support/mcp-supervisor';
import { startServerAgent } from '../support/server-agent';
import { sleep } from '../../src/qualify/wait';

const VERSION = NEWEST.gemini;
const TURNS: ModelTurn[] = [
  { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL },
  { kind: 'text', text: 'Ran it.' },
  { kind: 'tool', name: 'run_shell_command', input: REFUSED_SHELL },
];

const decide = (c: McpSupervisor, step: Step, decision: string) =>
  c.call('decide_permission', {
    interaction_id: step.permission?.interaction_id,
    turn_id: step.permission?.turn_id,
    expected_revision: step.revision,
    decision,
  });

describe(`a supervising agent through the MCP server with Gemini CLI ${VERSION} (live)`, function () {
  this.timeout(120_000);
  let dir: string;
  let client: McpSupervisor | undefined;
  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary('gemini', VERSION);
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'akk-sup-'));
  });
  afterEach(async () => {
    await client?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a command allowed once after the person confirms runs; refused after confirming, it does not', async () => {
    const socket = join(dir, 'supervisor.sock');
    const a = await startServerAgent(
      'gemini',
      { name: 'gemini-supervisor', turns: TURNS, fallbackText: 'Done.' },
      {},
      { size: { cols: 120, rows: 40 } },
      { supervisorSocket: socket },
    );
    const person = askedPerson(a);
    client = await mcpClient(socket, 'supervisor-gemini');
    await prompt(a, 'create the file');
    const step = await pendingStep(client, (s) => s.permission?.subject === GEMINI_SHELL.command);
    assert.equal(step.agent, 'gemini');
    assert.deepEqual(step.permission?.decisions, ['approve_once', 'reject']);

    // "Allow for this session" and "always" rows are never offered: refused, and nobody is asked.
    const always = await decide(client, step, 'approve_always');
    assert.equal(always.isError, true, JSON.stringify(always.value));
    assert.equal(person.asked.length, 0);

    const allowed = decide(client, step, 'approve_once');
    await untilAsked(person.asked);
    const asking = person.asked[0];
    assert.ok(asking && 'permission' in asking, JSON.stringify(asking));
    assert.equal(asking.caller, 'supervisor-gemini 1.0.0');
    assert.equal(asking.decision, 'approve_once');
    assert.equal(asking.permission.subject, GEMINI_SHELL.command);
    // Nothing is typed while the person has not answered: the confirmation still waits.
    await sleep(1500);
    assert.equal(existsSync(join(a.term.workDir, 'approved.txt')), false);
    assert.equal(a.model.toolResults().length, 0);
    person.answer(true);
    const r = await allowed;
    assert.equal(r.isError, false, JSON.stringify(r.value));
    assert.equal(r.value.outcome, 'resolved');
    const ran = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.equal(ran.isError, false, ran.content);
    assert.ok(existsSync(join(a.term.workDir, 'approved.txt')), 'the approved command did not run');

    await prompt(a, 'create another');
    const next = await pendingStep(client, (s) => s.permission?.subject === REFUSED_SHELL.command);
    const refused = decide(client, next, 'reject');
    await untilAsked(person.asked, 2);
    assert.equal(person.asked.length, 2, 'the editor was asked to confirm the refusal');
    person.answer(true);
    const rr = await refused;
    assert.equal(errorCode(rr), undefined, JSON.stringify(rr.value));
    assert.equal(rr.value.outcome, 'declined');
    await a.waitStatus((x) => x.permission === null, 30_000, 'the refused confirmation gone');
    await sleep(1000);
    assert.equal(existsSync(join(a.term.workDir, 'refused.txt')), false, 'the refused command ran');
  });
});
