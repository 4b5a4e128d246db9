/**
 * A supervising agent through MCP: the SDK's own client runs `node dist/mcp.js`, which reaches the
 * AKK server (`node dist/server.js --stdio`, attached to the newest real Claude Code in tmux against
 * the loopback fake model) through its supervisor socket. The test's stdio client stands for the
 * editor: it answers `akk/confirmDecision` as the person would.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_REQUESTS } from '../../src/shared/protocol';
import { Q_DATABASE } from '../../src/agents/claude/qualify/questions';
import { scenario } from '../../src/qualify/scenarios';
import { askedPerson, errorCode, mcpClient, pendingStep, untilAsked } from '../support/mcp-supervisor';
import { startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';
import { sleep } from '../../src/qualify/wait';

describe('a supervising agent through the MCP server (SDK client, real Claude Code)', function () {
  this.timeout(120_000);
  let dir: string;
  let socket: string;
  const clients: Array<{ close: () => Promise<void> }> = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'akk-sup-'));
    socket = join(dir, 'supervisor.sock');
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(name: string, turns: Parameters<typeof startServerAgent>[1]['turns']): Promise<ServerAgent> {
    return startServerAgent('claude', { name, turns }, {}, {}, { supervisorSocket: socket });
  }
  async function connect(name: string) {
    const c = await mcpClient(socket, name);
    clients.push(c);
    return c;
  }

  it('lists a pending questionnaire and answers it in words: the model receives exactly that option', async () => {
    const agent = await start('mcp-question', [
      { kind: 'ask', questions: [Q_DATABASE] },
      { kind: 'text', text: 'Noted.' },
    ]);
    const c = await connect('supervisor-q');
    await userPrompt(agent.term, 'choose a database');
    const step = await pendingStep(c, (s) => s.interaction?.questions[0]?.prompt === Q_DATABASE.question);
    assert.equal(step.interaction?.text_resolution, 'exact_aliases');
    const r = await c.call('respond_interaction', {
      interaction_id: step.interaction?.interaction_id,
      turn_id: step.interaction?.turn_id,
      expected_revision: step.revision,
      words: 'mysql',
    });
    assert.equal(r.isError, false, JSON.stringify(r.value));
    assert.equal(r.value.outcome, 'resolved');
    assert.deepEqual((r.value.resolved_option as { label?: string }).label, 'MySQL');
    const tool = await agent.model.waitForToolResult(agent.model.issued[0]?.id ?? '', 30_000);
    assert.ok(tool.content.includes(`"${Q_DATABASE.question}"="MySQL"`), tool.content);
  });

  it('a permission decision waits for the confirmation in the editor and is typed only after it', async () => {
    const agent = await start('mcp-permission', [
      { kind: 'bash', command: 'touch supervised.txt', description: 'Create supervised.txt' },
      { kind: 'text', text: 'Done.' },
    ]);
    const person = askedPerson(agent);
    const asked = person.asked;
    const confirm = (yes: boolean): void => person.answer(yes);
    const c = await connect('supervisor-p');
    await userPrompt(agent.term, 'make the file');
    const step = await pendingStep(c, (s) => s.permission !== null && s.permission !== undefined);
    assert.equal(step.permission?.subject, 'touch supervised.txt');

    // Another connection that was never shown the step holds no offer: refused, and nobody is asked.
    const stranger = await connect('stranger');
    const refused = await stranger.call('decide_permission', {
      interaction_id: step.permission?.interaction_id,
      turn_id: step.permission?.turn_id,
      expected_revision: step.revision,
      decision: 'approve_once',
    });
    assert.equal(errorCode(refused), 'offer_required', JSON.stringify(refused.value));
    assert.equal(asked.length, 0);

    const decided = c.call('decide_permission', {
      interaction_id: step.permission?.interaction_id,
      turn_id: step.permission?.turn_id,
      expected_revision: step.revision,
      decision: 'approve_once',
    });
    await untilAsked(asked);
    assert.equal(asked.length, 1, 'the editor was asked to confirm');
    assert.equal(asked[0]?.caller, 'supervisor-p 1.0.0');
    const asking = asked[0];
    assert.ok(asking && 'permission' in asking, JSON.stringify(asking));
    assert.equal(asking.decision, 'approve_once');
    assert.equal(asking.permission.subject, 'touch supervised.txt');
    // While the person has not answered, nothing is typed: the prompt still waits.
    await sleep(2000);
    assert.equal(existsSync(join(agent.term.workDir, 'supervised.txt')), false);
    assert.ok((await agent.term.capture()).includes('touch supervised.txt'));
    assert.equal(agent.model.toolResults().length, 0);
    confirm(true);
    const r = await decided;
    assert.equal(r.isError, false, JSON.stringify(r.value));
    assert.equal(r.value.outcome, 'resolved');
    const tool = await agent.model.waitForToolResult(agent.model.issued[0]?.id ?? '', 30_000);
    assert.equal(tool.isError, false, tool.content);
    assert.ok(existsSync(join(agent.term.workDir, 'supervised.txt')));
  });

  it('a decision the person refuses is not typed, and the prompt stays for the terminal or the editor', async () => {
    const agent = await start('mcp-refused', [
      { kind: 'bash', command: 'touch refused.txt', description: 'Create refused.txt' },
      { kind: 'text', text: 'Done.' },
    ]);
    agent.server.serverRequests.set(SERVER_REQUESTS.confirmDecision, () => ({ confirmed: false }));
    const c = await connect('supervisor-r');
    await userPrompt(agent.term, 'make the file');
    const step = await pendingStep(c, (s) => s.permission !== null && s.permission !== undefined);
    const r = await c.call('decide_permission', {
      interaction_id: step.permission?.interaction_id,
      turn_id: step.permission?.turn_id,
      expected_revision: step.revision,
      decision: 'approve_once',
    });
    assert.equal(errorCode(r), 'confirmation_refused', JSON.stringify(r.value));
    await sleep(1500);
    assert.equal(existsSync(join(agent.term.workDir, 'refused.txt')), false);
    const s = await agent.status();
    assert.equal(s.permission?.interaction_id, step.permission?.interaction_id, 'the same prompt still waits');
  });

  it('a plan to approve (not low risk) is answered only once the person confirms, naming the answer', async () => {
    const sc = scenario('claude-plan-approve');
    const a = await startServerAgent(
      'claude',
      sc,
      {},
      { size: { cols: 120, rows: 40 }, ...(sc.args ? { args: sc.args } : {}), workspace: sc.workspace },
      { supervisorSocket: socket },
    );
    const agent = a;
    const person = askedPerson(agent);
    const asked = person.asked;
    const confirm = (yes: boolean): void => person.answer(yes);
    const c = await connect('supervisor-plan');
    await userPrompt(agent.term, 'go');
    const step = await pendingStep(c, (s) => s.interaction?.questions[0]?.header === 'Plan');
    const q = step.interaction?.questions[0];
    const yes = q?.options.find((o) => o.label === 'Yes, manually approve edits');
    assert.ok(q && yes, JSON.stringify(q));
    const answer = { question_id: q.question_id, response_kind: 'single_select', selected_option_ids: [yes.option_id] };
    // Without the revision it was shown, a supervisor is refused, and nobody is asked.
    const bare = await c.call('respond_interaction', {
      interaction_id: step.interaction?.interaction_id,
      turn_id: step.interaction?.turn_id,
      answers: [answer],
    });
    assert.equal(bare.isError, true, JSON.stringify(bare.value));
    assert.match(String(bare.value.text), /expected_revision/);
    assert.equal(asked.length, 0);
    const resultsBefore = agent.model.toolResults().length;
    const answered = c.call('respond_interaction', {
      interaction_id: step.interaction?.interaction_id,
      turn_id: step.interaction?.turn_id,
      expected_revision: step.revision,
      answers: [answer],
    });
    await untilAsked(asked);
    const asking = asked[0];
    assert.ok(asking && 'interaction' in asking, 'the editor was asked to confirm the plan answer');
    assert.equal(asking.caller, 'supervisor-plan 1.0.0');
    assert.equal(asking.answer, 'Yes, manually approve edits');
    await sleep(2000);
    assert.equal(
      agent.model.toolResults().length,
      resultsBefore,
      'nothing was typed while the person had not answered',
    );
    assert.ok((await agent.term.capture()).includes('Yes, manually approve edits'), 'the plan still waits');
    confirm(true);
    const r = await answered;
    assert.equal(r.isError, false, JSON.stringify(r.value));
    assert.equal(r.value.outcome, 'resolved');
    const tool = await agent.model.waitForToolResult(agent.model.issued[1]?.id ?? '', 30_000);
    assert.match(tool.content, /^User has approved your plan/);
  });
});
