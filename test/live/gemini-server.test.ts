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
import { GEMINI_EDIT, GEMINI_EDIT_CALL, GEMINI_SHELL } from '../../src/agents/gemini/qualify/capture-scenario';
import { agentBinary } from '../../src/qualify/install-agents';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { NEWEST } from '../../src/qualify/versions';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { allowThenRefuse, decide, prompt, REFUSED_SHELL } from '../support/gemini-live';
import { startServerAgent } from '../support/server-agent';

const VERSION = NEWEST.gemini;
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
  { kind: 'tool', name: 'run_shell_command', input: REFUSED_SHELL },
  REFUSED_EDIT,
  GEMINI_EDIT_CALL,
  { kind: 'text', text: 'Edited it.' },
];

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

      const shell = await allowThenRefuse(a);
      assert.equal(shell.permission?.tool, 'bash');
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
