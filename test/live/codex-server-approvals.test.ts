/**
 * Codex answered through the AKK server only (`akk/*` over stdio): the newest real client against
 * the loopback fake model. Even the user's opening prompt is a managed send (`akk/respond`). The
 * function output the fake model receives is the ground truth: Codex's own `answers` format with
 * `user_note:` entries.
 *
 * Command approvals: approved once it runs; rejected it does not, and the model hears so.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS } from '../../src/shared/protocol';
import { startServerAgent } from '../support/server-agent';
import { FOLLOW_UP, outcome, send } from './codex-server-support';
import { PROCESS_TABLE_NOTE } from '../support/process-table-note';

describe(`Codex through the AKK server (live${PROCESS_TABLE_NOTE})`, function () {
  this.timeout(60_000);

  it('approves a command once, and it runs', async () => {
    const a = await startServerAgent('codex', {
      name: 'e2e-codex-approve',
      turns: [
        {
          kind: 'codex-command',
          command: 'touch ../approved.txt',
          justification: 'Create a marker file next to the project?',
          escalated: true,
        },
        { kind: 'text', text: FOLLOW_UP },
      ],
    });
    await send(a, 'make the file');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the approval');
    assert.equal(s.permission?.tool, 'command');
    assert.equal(s.permission?.subject, 'touch ../approved.txt');
    assert.deepEqual(s.permission?.decisions, ['approve_once', 'reject']);
    const r = await a.call(
      REQUESTS.approve.method,
      { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'approve_once' },
      30_000,
    );
    assert.equal(outcome(r), 'resolved');
    const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(tool.content, /Process exited with code 0/);
    assert.ok(existsSync(join(a.term.root, 'approved.txt')));
  });

  it('rejects a command: it does not run, and the model hears so with the next message', async () => {
    const a = await startServerAgent('codex', {
      name: 'e2e-codex-reject',
      turns: [
        {
          kind: 'codex-command',
          command: 'touch ../rejected.txt',
          justification: 'Create a marker file next to the project?',
          escalated: true,
        },
        { kind: 'text', text: FOLLOW_UP },
      ],
    });
    await send(a, 'make the file');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the approval');
    const r = await a.call(
      REQUESTS.approve.method,
      { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'reject' },
      30_000,
    );
    assert.ok(r.result, JSON.stringify(r.error));
    await a.waitStatus(
      (x) => x.permission === null && x.interaction === null && x.state === 'idle',
      30_000,
      'the prompt to close',
    );
    assert.equal(existsSync(join(a.term.root, 'rejected.txt')), false);
    assert.equal(a.model.toolResults().length, 0, 'a rejected command reports nothing until the next message');
    await send(a, 'continue');
    const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(tool.content, /aborted by user/);
  });

  it('rejects a command with a reason: it does not run, and the model receives the reason next', async () => {
    const a = await startServerAgent('codex', {
      name: 'e2e-codex-reject-reason',
      turns: [
        {
          kind: 'codex-command',
          command: 'touch ../reasoned.txt',
          justification: 'Create a marker file next to the project?',
          escalated: true,
        },
        { kind: 'text', text: FOLLOW_UP },
      ],
    });
    await send(a, 'make the file');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the approval');
    const reason = 'Never write outside the project folder.';
    const r = await a.call(
      REQUESTS.approve.method,
      {
        interaction_id: s.permission?.interaction_id,
        turn_id: s.permission?.turn_id,
        decision: 'reject',
        message: reason,
      },
      30_000,
    );
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'declined', JSON.stringify(r.error));
    const next = await a.model.waitForUserMessage((t) => t.includes(reason), 60_000);
    assert.equal(next.trim(), reason);
    assert.equal(existsSync(join(a.term.root, 'reasoned.txt')), false);
    const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(tool.content, /aborted by user/);
  });
});
