/**
 * The hold, with the newest real Claude Code through the AKK server only (`node dist/server.js
 * --stdio`): a key goes only to the screen last proven, a proof needs a proven capture of another
 * state, a bad message is refused before anything is reserved (and the step stays answerable), a
 * rejection's reason may say "stop", and the failures in between are typed. What the fake model
 * receives and the files the commands would make are the ground truth.
 */
import { strict as assert } from 'node:assert';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import type { Scenario } from '../../src/qualify/fake-model/types';
import { descendants } from '../../src/qualify/launched-servers';
import { stableView } from '../../src/qualify/normalise';
import { startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';
import { sleep, until } from '../../src/qualify/wait';

/** Two Bash commands in a row: the second dialog is one the server never proved. */
const TWO_COMMANDS: Scenario = {
  name: 'hold-two-commands',
  turns: [
    { kind: 'bash', command: 'touch first.txt', description: 'Create first.txt' },
    { kind: 'bash', command: 'touch second.txt', description: 'Create second.txt' },
    { kind: 'text', text: 'Both done.' },
  ],
};

const ONE_COMMAND: Scenario = {
  name: 'hold-one-command',
  turns: [
    { kind: 'bash', command: 'touch made.txt', description: 'Create made.txt' },
    { kind: 'text', text: 'Understood.' },
  ],
};

async function permission(a: ServerAgent): Promise<NonNullable<StatusResult['permission']>> {
  await userPrompt(a.term, 'make the files');
  const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the permission prompt');
  assert.ok(s.permission);
  assert.equal(s.confirm_before_answer, true);
  return s.permission;
}

/** Approves once or rejects the permission `p` through the server, with an optional message. */
function decide(
  a: ServerAgent,
  p: { interaction_id: string; turn_id: string } | null | undefined,
  decision: 'approve_once' | 'reject',
  message?: string,
) {
  const params = { interaction_id: p?.interaction_id, turn_id: p?.turn_id, decision };
  return a.call(REQUESTS.approve.method, message === undefined ? params : { ...params, message }, 40_000);
}

const codeOf = (r: { error?: { data?: { code?: string } } }): string | undefined => r.error?.data?.code;
const outcomeOf = (r: { result?: unknown }): string | undefined =>
  (r.result as { outcome?: string } | undefined)?.outcome;

/** The pane's terminal device, to write to it as another program on the machine would. */
async function paneTty(a: ServerAgent): Promise<string> {
  return (await a.term.tmux(['display-message', '-p', '-t', a.term.target, '#{pane_tty}'])).trim();
}

describe('Claude Code: the hold, through the AKK server (live)', function () {
  this.timeout(120_000);

  it('a prompt that changes while the response waits gets zero input and a typed stale_revision', async () => {
    const a = await startServerAgent('claude', TWO_COMMANDS, { AKK_FAULT_HOLD_AFTER_RESERVE_MS: '8000' });
    const agent = a;
    const first = await permission(agent);
    assert.ok(first.subject.includes('first.txt'), first.subject);
    const pending = decide(agent, first, 'approve_once');
    // While the server holds its reservation, the person answers in the terminal, and the agent
    // draws its next dialog: the one the held key would otherwise approve.
    await sleep(1000);
    await agent.term.sendKeys('1');
    await agent.term.waitForSettled((s) => s.includes('touch second.txt'), 20_000, 500, 'the second dialog');
    const r = await pending;
    assert.equal(codeOf(r), 'stale_revision', JSON.stringify(r));
    await sleep(3000);
    assert.ok(existsSync(join(agent.term.workDir, 'first.txt')), 'the person approved the first command');
    assert.equal(existsSync(join(agent.term.workDir, 'second.txt')), false, 'the unproven dialog got a key');
    assert.ok((await agent.term.capture()).includes('touch second.txt'), 'the second dialog still waits');
    // The second dialog is its own step, offered afresh and answerable.
    const s = await agent.waitStatus(
      (x) => x.permission !== null && x.permission.interaction_id !== first.interaction_id,
      15_000,
      'the second command as a new step',
    );
    assert.ok(s.permission?.subject.includes('second.txt'), JSON.stringify(s.permission));
    const rejected = await decide(agent, s.permission, 'reject');
    assert.equal(outcomeOf(rejected), 'declined', JSON.stringify(rejected));
    await sleep(1500);
    assert.equal(existsSync(join(agent.term.workDir, 'second.txt')), false);
  });

  it('a key that had no effect is never receipted: a resize during its proof is response_uncertain', async () => {
    // The key is lost on its way (a fault no real client produces on demand), then the pane resizes.
    const a = await startServerAgent('claude', ONE_COMMAND, {
      AKK_FAULT_DROP_INPUT: '1',
      AKK_FAULT_HOLD_AFTER_RESERVE_MS: '1500',
    });
    const agent = a;
    const p = await permission(agent);
    const pending = decide(agent, p, 'approve_once');
    await sleep(2300);
    await agent.term.tmux(['resize-window', '-t', agent.term.target, '-x', '110', '-y', '40']);
    const r = await pending;
    assert.ok(
      ['response_uncertain', 'stale_revision'].includes(codeOf(r) ?? ''),
      `a dropped key must not be receipted: ${JSON.stringify(r)}`,
    );
    assert.equal(outcomeOf(r), undefined);
    assert.equal(existsSync(join(agent.term.workDir, 'made.txt')), false);
  });

  it('a bad message is refused before anything is reserved, and the same step is answered right after', async () => {
    const a = await startServerAgent('claude', ONE_COMMAND);
    const agent = a;
    const p = await permission(agent);
    const screen = stableView(await agent.term.capture());
    for (const [message, code] of [
      ['   ', 'invalid_params'],
      ['x'.repeat(50_000), 'invalid_params'],
      ['x'.repeat(20_001), 'invalid_params'],
      ['ok\u0007then', 'invalid_params'],
    ] as const) {
      const r = await decide(agent, p, 'approve_once', message);
      assert.equal(codeOf(r), code, `${message.slice(0, 20)}: ${JSON.stringify(r).slice(0, 400)}`);
    }
    await sleep(1000);
    assert.equal(stableView(await agent.term.capture()), screen, 'nothing was typed (animations aside)');
    assert.equal(agent.model.toolResults().length, 0);
    // The same step, answered now: a rejection whose reason says "stop" and "wait" is not blocked.
    const s = await agent.waitStatus((x) => x.permission?.interaction_id === p.interaction_id, 10_000, 'the step');
    const reason = 'Stop using touch here, and wait for the review before creating files.';
    const r = await decide(agent, s.permission, 'reject', reason);
    assert.equal(outcomeOf(r), 'declined', JSON.stringify(r));
    const next = await agent.model.waitForUserMessage((t) => t.includes(reason), 60_000);
    assert.equal(next.trim(), reason);
    assert.equal(existsSync(join(agent.term.workDir, 'made.txt')), false);
  });

  it('a terminal that never settles before the key: terminal_not_settled, zero input, answerable after', async () => {
    const a = await startServerAgent('claude', ONE_COMMAND, { AKK_FAULT_HOLD_AFTER_RESERVE_MS: '500' });
    const agent = a;
    const p = await permission(agent);
    const tty = await paneTty(agent);
    // Another program writes to the terminal without changing a cell (save and restore the cursor).
    const writer = spawn('bash', ['-c', `for i in $(seq 1 400); do printf '\\0337\\0338' > ${tty}; sleep 0.02; done`]);
    try {
      const r = await decide(agent, p, 'approve_once');
      assert.equal(codeOf(r), 'terminal_not_settled', JSON.stringify(r));
      assert.ok(r.error?.message && /settle/.test(r.error.message), r.error?.message);
    } finally {
      writer.kill();
    }
    await until('the writer to stop', () => writer.exitCode !== null || writer.signalCode !== null, 5000);
    assert.equal(existsSync(join(agent.term.workDir, 'made.txt')), false);
    const s = await agent.waitStatus((x) => x.permission?.interaction_id === p.interaction_id, 15_000, 'the step');
    const r = await decide(agent, s.permission, 'approve_once');
    assert.equal(outcomeOf(r), 'resolved', JSON.stringify(r));
    await until('the command to run', () => existsSync(join(agent.term.workDir, 'made.txt')), 20_000);
  });

  it('an agent that exits while the response waits: agent_exited, with nothing typed', async () => {
    const a = await startServerAgent('claude', ONE_COMMAND, { AKK_FAULT_HOLD_AFTER_RESERVE_MS: '3000' });
    const agent = a;
    const p = await permission(agent);
    const pending = decide(agent, p, 'approve_once');
    await sleep(800);
    const pids = [agent.term.panePid(), ...descendants(agent.term.panePid())];
    await new Promise<void>((resolve) => execFile('kill', ['-9', ...pids.map(String)], () => resolve()));
    const r = await pending;
    assert.equal(codeOf(r), 'agent_exited', JSON.stringify(r));
    assert.equal(existsSync(join(agent.term.workDir, 'made.txt')), false);
  });

  it('an uncertain response outlasts an unreadable screen; the person or a recognised state ends it', async () => {
    // The key is lost and the write reports a failure after it: the response is uncertain.
    const a = await startServerAgent('claude', ONE_COMMAND, {
      AKK_FAULT_DROP_INPUT: '1',
      AKK_FAULT_FAIL_AFTER_INPUT: '1',
    });
    const agent = a;
    const p = await permission(agent);
    const r = await decide(agent, p, 'approve_once');
    assert.equal(codeOf(r), 'response_uncertain', JSON.stringify(r));
    assert.equal((await agent.status()).state, 'response_uncertain');
    // Another program scribbles over the terminal: a screen no profile reads.
    const tty = await paneTty(agent);
    await new Promise<void>((resolve) =>
      execFile('bash', ['-c', `printf '\\033[2J\\033[Hnot a screen any agent draws' > ${tty}`], () => resolve()),
    );
    await agent.term.waitForSettled((s) => s.includes('not a screen any agent draws'), 10_000, 300, 'the scribble');
    await sleep(1500);
    assert.equal((await agent.status()).state, 'response_uncertain', 'an unreadable screen proved nothing');
    const ack = await agent.call(REQUESTS.acknowledgeUncertain.method, { session_id: agent.sessionId });
    assert.ok(ack.result, JSON.stringify(ack));
    assert.notEqual((await agent.status()).state, 'response_uncertain');
    assert.equal(existsSync(join(agent.term.workDir, 'made.txt')), false);
  });
});
