/**
 * Codex approvals of long commands through the AKK server only (`akk/*` over stdio): the newest
 * real client against the loopback fake model, at 80x24 and 120x40, where the `$ <command>` line or
 * its "don't ask again" row wraps. Approved once, the command runs (its file is on disk, the model
 * receives its output); rejected, it does not run and the model hears so with the next message.
 *
 * A version answers a wrapped command line only once its own qualification captured one; until
 * then the server must leave it to the terminal and send nothing, and that is what is checked.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QUALIFIED_SHAPES } from '../../src/agents/codex/recognize/qualified-versions';
import { REQUESTS } from '../../src/shared/protocol';
import { CX_LONG_APPROVED, CX_LONG_REJECTED } from '../../src/agents/codex/qualify/long-command-scenarios';
import { NEWEST } from '../../src/qualify/versions';
import { startServerAgent, type ServerAgent } from '../support/server-agent';
import { FOLLOW_UP, outcome, send } from './codex-server-support';

const SIZES = [
  { cols: 80, rows: 24 },
  { cols: 120, rows: 40 },
];
const WRAPPED_QUALIFIED = QUALIFIED_SHAPES['command-approval-wrapped']?.includes(NEWEST.codex) === true;

/** Starts Codex on one escalated command and asks for it; resolves once its approval is on screen. */
async function approvalOf(name: string, command: string, size: { cols: number; rows: number }): Promise<ServerAgent> {
  const a = await startServerAgent(
    'codex',
    {
      name,
      turns: [
        { kind: 'codex-command', command, justification: 'Write the release files?', escalated: true },
        { kind: 'text', text: FOLLOW_UP },
      ],
    },
    {},
    { size },
  );
  await send(a, 'write the release files');
  await a.term.waitForScreen((s) => s.includes('Press enter to confirm'), 30_000, 'the approval');
  return a;
}

/** Whether the `$ <command>` line runs over more than one line on the screen now. */
async function commandWraps(a: ServerAgent, command: string): Promise<boolean> {
  const lines = (await a.term.capture()).split('\n').map((l) => l.trimEnd());
  return !lines.includes(`  $ ${command}`);
}

/** Until qualified, a wrapped command line is left to the terminal: nothing offered, nothing sent. */
async function assertLeftToTheTerminal(a: ServerAgent): Promise<void> {
  const s = await a.waitStatus((x) => x.state === 'manual_required', 30_000, 'the screen left to the terminal');
  assert.equal(s.permission, null);
  assert.match(s.manual_reason ?? '', /command-approval-wrapped.*not been qualified/);
  assert.equal(a.model.toolResults().length, 0);
}

describe('Codex long commands through the AKK server (live)', function () {
  this.timeout(90_000);

  for (const size of SIZES) {
    const at = `${size.cols}x${size.rows}`;

    it(`${at}: approves a long command once: it runs, and the model receives its output`, async () => {
      const a = await approvalOf(`e2e-codex-long-approve-${at}`, CX_LONG_APPROVED, size);
      const notes = join(a.term.workDir, 'build', 'reports', 'notes.txt');
      if ((await commandWraps(a, CX_LONG_APPROVED)) && !WRAPPED_QUALIFIED) {
        await assertLeftToTheTerminal(a);
        assert.equal(existsSync(notes), false);
        return;
      }
      const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the approval');
      assert.equal(s.permission?.tool, 'command');
      assert.equal(s.permission?.subject, CX_LONG_APPROVED);
      assert.deepEqual(s.permission?.decisions, ['approve_once', 'reject']);
      const r = await a.call(
        REQUESTS.approve.method,
        { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'approve_once' },
        30_000,
      );
      assert.equal(outcome(r), 'resolved');
      const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
      assert.match(tool.content, /Process exited with code 0/);
      assert.equal(readFileSync(notes, 'utf8'), 'quarterly release notes\n');
    });

    it(`${at}: rejects a long command: it does not run, and the model hears so with the next message`, async () => {
      const a = await approvalOf(`e2e-codex-long-reject-${at}`, CX_LONG_REJECTED, size);
      const checklist = join(a.term.root, 'release-checklist.txt');
      if ((await commandWraps(a, CX_LONG_REJECTED)) && !WRAPPED_QUALIFIED) {
        await assertLeftToTheTerminal(a);
        assert.equal(existsSync(checklist), false);
        return;
      }
      const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the approval');
      assert.equal(s.permission?.subject, CX_LONG_REJECTED);
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
      assert.equal(existsSync(checklist), false);
      assert.equal(a.model.toolResults().length, 0, 'a rejected command reports nothing until the next message');
      await send(a, 'continue');
      const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
      assert.match(tool.content, /aborted by user/);
    });
  }
});
