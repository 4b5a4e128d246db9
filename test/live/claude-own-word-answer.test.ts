/**
 * Claude Code answered through its own request where its screen proves nothing: the newest real
 * client with its qualification withheld (`AKK_WITHHOLD_QUALIFIED`, so every screen of it is
 * manual), its `PermissionRequest` hook relayed by AKK's hook program to the built server over
 * stdio. The request is the step: a Bash command approved through it runs; another rejected with a
 * reason does not, and the model receives the reason; a person who answers No in the terminal first
 * ends the step, and AKK sends nothing. What is expected comes from the scenario, what the fake model
 * received and the work folder.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUESTS } from '../../src/shared/protocol';
import { NEWEST } from '../../src/qualify/versions';
import { sleep } from '../../src/qualify/wait';
import { startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';

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

  async function withheld(name: string, commands: string[]): Promise<ServerAgent> {
    const command = `node ${HOOK} --dir ${dir} claude PermissionRequest`;
    const entry = { matcher: '*', hooks: [{ type: 'command', command, timeout: 3600 }] };
    const a = await startServerAgent(
      'claude',
      {
        name,
        turns: [
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
});
