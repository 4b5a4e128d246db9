/**
 * Claude Code answered through its own request where its screen proves nothing: the newest real
 * client with its qualification withheld (`AKK_WITHHOLD_QUALIFIED`, so every screen of it is
 * manual), its `PermissionRequest` hook relayed by AKK's hook program to the built server over
 * stdio. The request is the step: a Bash command approved through it runs; another rejected with a
 * reason does not, and the model receives the reason; two questions asked at once are offered in
 * turn and answered together, the model receiving both answers; a person who answers in the
 * terminal first (No, which ends the hook, or Yes, which lets it run on) ends the step, and AKK
 * sends nothing. What is expected comes from the scenario, what the fake model received and the
 * work folder.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUESTS } from '../../src/shared/protocol';
import { NEWEST } from '../../src/qualify/versions';
import { sleep } from '../../src/qualify/wait';
import { Q_DATABASE, Q_FEATURES } from '../../src/agents/claude/qualify/questions';
import type { AskQuestion } from '../../src/agents/claude/qualify/turns';
import { optionId, question, respond, startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';

const HOOK = join(__dirname, '..', '..', 'dist', 'agent-hook.js');
const WITHHELD = { AKK_WITHHOLD_QUALIFIED: `claude@${NEWEST.claude}` };

describe('Claude Code answered through its own request where its screen proves nothing (live)', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => {
    // Short: a socket's path must fit in 108 bytes.
    dir = mkdtempSync(join(tmpdir(), 'akk-w-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function withheld(name: string, commands: string[], asks: AskQuestion[][] = []): Promise<ServerAgent> {
    const command = `node ${HOOK} --dir ${dir} claude PermissionRequest`;
    const entry = { matcher: '*', hooks: [{ type: 'command', command, timeout: 3600 }] };
    const a = await startServerAgent(
      'claude',
      {
        name,
        turns: [
          ...asks.map((questions) => ({ kind: 'ask' as const, text: 'A few questions first.', questions })),
          ...commands.map((c) => ({ kind: 'bash' as const, command: c, description: 'Make the file' })),
          { kind: 'text', text: 'Done.' },
        ],
      },
      WITHHELD,
      { args: ['--settings', JSON.stringify({ hooks: { PermissionRequest: [entry] } })] },
      { agentWordDir: dir },
    );
    await userPrompt(a.term, 'make the files');
    return a;
  }

  const decide = (
    a: ServerAgent,
    p: { interaction_id?: string; turn_id?: string } | null,
    decision: string,
    message?: string,
  ) =>
    a.call(
      REQUESTS.approve.method,
      { interaction_id: p?.interaction_id, turn_id: p?.turn_id, decision, ...(message ? { message } : {}) },
      30_000,
    );

  it('a command approved through the request runs; the next, rejected with a reason, does not', async () => {
    const a = await withheld('word-answer', ['touch first.txt', 'touch second.txt']);
    const first = await a.waitStatus((x) => x.permission !== null, 30_000, 'the first request offered');
    assert.equal(first.permission?.subject, 'touch first.txt');
    const approved = await decide(a, first.permission, 'approve_once');
    assert.equal(
      (approved.result as { outcome?: string } | undefined)?.outcome,
      'resolved',
      JSON.stringify(approved.error),
    );
    const ran = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.equal(ran.isError, false);
    assert.ok(existsSync(join(a.term.workDir, 'first.txt')), 'the approved command ran');

    const second = await a.waitStatus(
      (x) => x.permission !== null && x.permission.subject === 'touch second.txt',
      30_000,
      'the second request offered',
    );
    const rejected = await decide(a, second.permission, 'reject', 'Not in this folder, please.');
    assert.equal(
      (rejected.result as { outcome?: string } | undefined)?.outcome,
      'declined',
      JSON.stringify(rejected.error),
    );
    const refused = await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
    assert.equal(refused.isError, true);
    assert.match(refused.content, /Not in this folder, please\./);
    assert.equal(existsSync(join(a.term.workDir, 'second.txt')), false, 'the rejected command ran');
  });

  it('two questions (several boxes, then one choice) answered in turn, sent together through the request', async () => {
    const a = await withheld('word-questions', [], [[Q_FEATURES, Q_DATABASE]]);
    /** The question asking `asked`, once offered as step `index` of 2, answered with `labels`. */
    const answer = async (asked: AskQuestion, index: number, labels: string[]) => {
      const s = await a.waitStatus((x) => x.interaction?.questions[0]?.prompt === asked.question, 30_000, asked.header);
      assert.deepEqual(s.interaction?.step, { index, total: 2 });
      const r = await respond(a, s, {
        question_id: question(s).q.question_id,
        response_kind: asked.multiSelect ? 'multi_select' : 'single_select',
        selected_option_ids: labels.map((label) => optionId(s, label)),
      });
      assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
    };
    await answer(Q_FEATURES, 1, ['Search', 'Authentication']);
    // The request's one answer carries both: the model has received nothing yet.
    assert.equal(a.model.toolResults().length, 0);
    await answer(Q_DATABASE, 2, ['PostgreSQL']);
    const answered = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.equal(answered.isError, false);
    assert.match(answered.content, /"Which features should the first release include\?"="Authentication, Search"/);
    assert.match(answered.content, /"Which database should the service use\?"="PostgreSQL"/);
    await a.waitStatus((x) => x.interaction === null, 30_000, 'no step left');
  });

  it('the person answers No in the terminal first: the step ends and AKK sends nothing', async () => {
    const a = await withheld('word-terminal-first', ['touch never.txt']);
    const asked = await a.waitStatus((x) => x.permission !== null, 30_000, 'the request offered');
    // The person reads the dialog (its screen never falls quiet while the request is held) and presses 3, No.
    await a.term.waitForScreen((t) => t.includes('touch never.txt') && /3\. No/.test(t), 30_000, 'the dialog');
    await sleep(1000);
    await a.term.sendKeys('3');
    // No, with no reason, interrupts the turn: the client says so, and the model is sent nothing.
    await a.term.waitForScreen((t) => /Interrupted/.test(t), 30_000, 'the turn interrupted');
    await a.waitStatus((x) => x.permission === null, 30_000, 'the step to end');
    const late = await decide(a, asked.permission, 'approve_once');
    assert.ok(late.error, JSON.stringify(late.result));
    assert.equal(existsSync(join(a.term.workDir, 'never.txt')), false);
    assert.equal(a.model.toolResults().length, 0);
  });

  it('the person answers Yes in the terminal first: the step ends as answered there; AKK sends nothing', async () => {
    const a = await withheld('word-terminal-yes', ['touch by-hand.txt']);
    const asked = await a.waitStatus((x) => x.permission !== null, 30_000, 'the request offered');
    await a.term.waitForScreen((t) => t.includes('touch by-hand.txt') && /1\. Yes/.test(t), 30_000, 'the dialog');
    await sleep(1000);
    // Yes in the terminal runs the command; Claude Code lets its hook run on, its answer ignored.
    await a.term.sendKeys('1');
    const ran = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.equal(ran.isError, false);
    await a.waitStatus((x) => x.permission === null, 30_000, 'the step to end');
    const late = await decide(a, asked.permission, 'approve_once');
    assert.ok(late.error, JSON.stringify(late.result));
    assert.ok(existsSync(join(a.term.workDir, 'by-hand.txt')), "the person's Yes ran the command");
    assert.equal(a.model.toolResults().length, 1);
  });
});
