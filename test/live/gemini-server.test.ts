/**
 * Gemini CLI, newest release, live through `node dist/server.js --stdio` at 80x24 and 120x40: the
 * server reads each confirmation from the real client's screen and answers it with the decision a
 * client asked for. A shell command allowed once runs; refused, it does not, and the model is sent
 * nothing (the client cancels the request: it tells the model of a refusal with the next prompt
 * only by leaving the call out of the history). An edit allowed once is on disk exactly; refused,
 * the file is as it was. Ground truth is the work folder and what the fake model received.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS } from '../../src/shared/protocol';
import type { StatusResult } from '../../src/shared/protocol';
import { GEMINI_EDIT, GEMINI_EDIT_CALL, GEMINI_SHELL } from '../harness/agents/gemini/capture-scenario';
import { agentBinary } from '../harness/install-agents';
import type { ModelTurn } from '../harness/fake-model/types';
import { NEWEST } from '../harness/versions';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { startServerAgent, type ServerAgent } from '../support/server-agent';
import { sleep } from '../support/wait';

const VERSION = NEWEST.gemini;
const REFUSED = { command: 'touch refused.txt', description: 'Create refused.txt' };
const BEFORE = `title: release\n${GEMINI_EDIT.old_string}\n`;
/**
 * The refused edit differs from the approved one: a confirmation drawn exactly like one already
 * answered is the person's (the server cannot tell the two apart on screen).
 */
const REFUSED_EDIT: ModelTurn = {
  kind: 'tool',
  name: 'replace',
  input: { ...(GEMINI_EDIT_CALL.kind === 'tool' ? GEMINI_EDIT_CALL.input : {}), new_string: 'status: abandoned' },
};
const TURNS: ModelTurn[] = [
  { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL },
  { kind: 'text', text: 'Ran it.' },
  { kind: 'tool', name: 'run_shell_command', input: REFUSED },
  REFUSED_EDIT,
  GEMINI_EDIT_CALL,
  { kind: 'text', text: 'Edited it.' },
];

/** Types a prompt once the composer is idle, as a person would. */
async function prompt(a: ServerAgent, text: string): Promise<void> {
  await a.term.waitForSettled(
    (s) => s.includes('Type your message or @path/to/file') && !s.includes('esc to cancel'),
    30_000,
    300,
    'the idle composer',
  );
  await a.term.sendText(text);
  await sleep(300);
  await a.term.sendKeys('Enter');
}

/** Waits for the permission about `subject`, then answers it from the server with `decision`. */
async function decide(a: ServerAgent, subject: string, decision: 'approve_once' | 'reject'): Promise<StatusResult> {
  const s = await a.waitStatus((x) => x.permission?.subject.startsWith(subject) === true, 30_000, subject);
  assert.deepEqual(s.permission?.decisions, ['approve_once', 'reject']);
  const r = await a.call(
    REQUESTS.approve.method,
    { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision },
    30_000,
  );
  const outcome = decision === 'reject' ? 'declined' : 'resolved';
  assert.equal((r.result as { outcome?: string } | undefined)?.outcome, outcome, JSON.stringify(r.error));
  return s;
}

describe(`Gemini CLI ${VERSION} through the AKK server (live)`, function () {
  this.timeout(120_000);
  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary('gemini', VERSION);
  });

  for (const size of [
    { cols: 80, rows: 24 },
    { cols: 120, rows: 40 },
  ]) {
    it(`at ${size.cols}x${size.rows}: a command allowed once runs and refused does not; an edit likewise`, async () => {
      const a = await startServerAgent(
        'gemini',
        { name: 'gemini-server', turns: TURNS, fallbackText: 'Done.' },
        {},
        { size, workspace: { files: { [GEMINI_EDIT.file]: BEFORE } } },
      );
      const results = () => a.model.toolResults().length;

      await prompt(a, 'create the file');
      const shell = await decide(a, GEMINI_SHELL.command, 'approve_once');
      assert.equal(shell.permission?.tool, 'bash');
      const ran = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
      assert.equal(ran.isError, false);
      assert.ok(existsSync(join(a.term.workDir, 'approved.txt')), 'the approved command did not run');

      await prompt(a, 'create another');
      await decide(a, REFUSED.command, 'reject');
      await a.waitStatus((x) => x.permission === null, 30_000, 'the refused confirmation gone');
      await prompt(a, 'mark the notes final');
      const edit = await decide(a, `${GEMINI_EDIT.file}:`, 'reject');
      assert.equal(edit.permission?.tool, 'edit');
      await a.waitStatus((x) => x.permission === null, 30_000, 'the refused edit gone');
      assert.ok(!existsSync(join(a.term.workDir, 'refused.txt')), 'the refused command ran');
      assert.equal(readFileSync(join(a.term.workDir, GEMINI_EDIT.file), 'utf8'), BEFORE, 'the refused edit was made');
      assert.equal(results(), 1, 'the model was sent a result for a refused call');

      await prompt(a, 'mark the notes final, then');
      await decide(a, `${GEMINI_EDIT.file}:`, 'approve_once');
      const edited = await a.model.waitForToolResult(a.model.issued[a.model.issued.length - 1]?.id ?? '', 30_000);
      assert.equal(edited.isError, false);
      assert.equal(
        readFileSync(join(a.term.workDir, GEMINI_EDIT.file), 'utf8'),
        BEFORE.replace(GEMINI_EDIT.old_string, GEMINI_EDIT.new_string),
      );
    });
  }
});
