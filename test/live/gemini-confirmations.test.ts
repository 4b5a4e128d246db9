/**
 * The adapter's plans on the real Gemini CLI 0.61.0, offline against the loopback fake model: each
 * confirmation is read from the live screen by the registry's adapter for the version, checked against what
 * the scenario asked, and decided with exactly the keys the adapter's plan names. Approved, the
 * command runs, the edit is on disk and the MCP tool's result reaches the model; rejected, nothing
 * happens and the model is asked nothing more. A command that wraps in its box is left to the
 * person: nothing is sent for it (the test then answers it in the terminal, as a person would).
 * Ground truth is the work folder and what the fake model received.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { recognize } from '../../src/adapters/recognize';
import type { PermissionRecognition, Recognition } from '../../src/adapters/types';
import {
  GEMINI_EDIT,
  GEMINI_EDIT_CALL,
  GEMINI_MCP,
  GEMINI_MCP_CALL,
  GEMINI_SHELL,
  GEMINI_SHELL_WRAPPED,
} from '../../src/agents/gemini/qualify/capture-scenario';
import { geminiEnv, geminiFiles } from '../../src/agents/gemini/qualify/launch';
import { GEMINI_VERSION, GeminiPane, geminiBinary, type PaneScreen } from '../../src/agents/gemini/qualify/pane';
import { startFakeModel, type FakeModel } from '../../src/qualify/fake-model';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { sleep, until } from '../../src/qualify/wait';

const PLACEHOLDER = 'Type your message or @path/to/file';
const WRITE = { file: 'rejected-plan.txt', content: 'never written\n' };
const REJECTED = { command: 'touch rejected.txt', description: 'Create rejected.txt' };

const TURNS: ModelTurn[] = [
  { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL },
  { kind: 'text', text: 'Ran it.' },
  { kind: 'tool', name: 'run_shell_command', input: REJECTED },
  GEMINI_EDIT_CALL,
  { kind: 'text', text: 'Edited it.' },
  { kind: 'tool', name: 'write_file', input: { file_path: `{{workDir}}/${WRITE.file}`, content: WRITE.content } },
  GEMINI_MCP_CALL,
  { kind: 'text', text: 'Filed it.' },
  { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL_WRAPPED },
];

const read = (s: PaneScreen, size: { cols: number; rows: number }): Recognition =>
  recognize('gemini', GEMINI_VERSION, { plain: s.plain.split('\n').slice(0, size.rows), ...size });

describe('Gemini CLI 0.61.0 confirmations, decided with the adapter’s plans on the real client', function () {
  this.timeout(INSTALL_TIMEOUT_MS);
  let bin: string;
  before(async () => {
    bin = await geminiBinary();
  });

  for (const size of [
    { cols: 80, rows: 24 },
    { cols: 120, rows: 40 },
  ]) {
    it(`at ${size.cols}x${size.rows}: once runs, no does nothing: a command, an edit, a write, MCP`, async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-gemini-live-'));
      const home = path.join(root, 'home');
      const work = path.join(root, 'work');
      fs.mkdirSync(work, { recursive: true });
      fs.writeFileSync(path.join(work, GEMINI_EDIT.file), `title: release\n${GEMINI_EDIT.old_string}\n`);
      const tickets = path.join(__dirname, '..', '..', 'src', 'qualify', 'fake-mcp', 'tickets.cjs');
      geminiFiles(home, [{ name: GEMINI_MCP.server, script: tickets }]);
      const model = await startFakeModel({ name: 'gemini-live', turns: TURNS, fallbackText: 'Done.' });
      model.setVars({ workDir: work });
      const pane = new GeminiPane(size, bin, work, { HOME: home, ...geminiEnv(model.url) });
      try {
        await pane.settled(PLACEHOLDER);
        const decide = async (request: string, subject: string, decision: 'approve_once' | 'reject') => {
          await pane.prompt(request);
          const p = await permissionOn(pane, size);
          assert.equal(p.subject, subject);
          for (const step of p.plan[decision] ?? []) pane.keys(...('keys' in step.action ? step.action.keys : []));
          await pane.until('the idle composer', (s) => read(s, size).kind === 'activity');
          return p;
        };

        await decide('Create approved.txt', GEMINI_SHELL.command, 'approve_once');
        await resultOfLatestCall(model);
        assert.ok(fs.existsSync(path.join(work, 'approved.txt')), 'the approved command did not run');

        // Both commands run `touch`: had the first been allowed for the session, this one would run unasked.
        await decide('Create rejected.txt', REJECTED.command, 'reject');
        assert.equal(fs.existsSync(path.join(work, 'rejected.txt')), false, 'the rejected command ran');

        const change = `${GEMINI_EDIT.file}: ${GEMINI_EDIT.old_string} => ${GEMINI_EDIT.new_string}`;
        await decide('Mark the notes final', change, 'approve_once');
        await resultOfLatestCall(model);
        assert.match(fs.readFileSync(path.join(work, GEMINI_EDIT.file), 'utf8'), /status: final/);

        await decide('Write the plan', WRITE.file, 'reject');
        assert.equal(fs.existsSync(path.join(work, WRITE.file)), false, 'the rejected write happened');

        await decide('File a ticket', `${GEMINI_MCP.server} — ${GEMINI_MCP.tool}`, 'approve_once');
        assert.match(await resultOfLatestCall(model), new RegExp(`Created ticket T-42: ${GEMINI_MCP.args.title}`));
        // A rejected call cancels its request: the model never received a result for one.
        const rejected = model.issued.filter((i) => i.name === 'write_file' || i.input.command === REJECTED.command);
        assert.equal(rejected.length, 2);
        for (const i of rejected)
          assert.equal(
            model.toolResults().some((t) => t.id === i.id),
            false,
          );

        await pane.prompt('Write the Greek letters');
        const wrapped = await pane.settled('Allow execution of');
        const r = read(wrapped, size);
        const fits = GEMINI_SHELL_WRAPPED.command.length <= size.cols - 8;
        assert.equal(r.kind, fits ? 'permission' : 'manual_required', JSON.stringify(r));
        // The person answers it in the terminal.
        pane.keys('Escape');
        await pane.until('the idle composer', (s) => read(s, size).kind === 'activity');
        assert.equal(fs.existsSync(path.join(work, 'greek.txt')), false);
      } finally {
        pane.close();
        await model.stop();
        // A killed process takes a moment to go.
        const gone = await until('the client to go', () => processesIn(root).length === 0, 5000).catch(() => false);
        const left = gone ? [] : processesIn(root);
        fs.rmSync(root, { recursive: true, force: true });
        assert.deepEqual(left, [], 'processes of the client outlived its pane');
      }
    });
  }
});

/** The permission the adapter reads once the screen settles on a confirmation. */
async function permissionOn(pane: GeminiPane, size: { cols: number; rows: number }): Promise<PermissionRecognition> {
  const s = await pane.until('a confirmation', (x) => /Allow once/.test(x.plain));
  // The dialog is drawn whole before it is read.
  await sleep(500);
  const r = read(pane.screen(), size);
  assert.ok(r.kind === 'permission', `not a permission: ${JSON.stringify(r)}\n${s.plain}`);
  return r;
}

/** The processes whose working folder lies under `root` (the client and what it started). */
function processesIn(root: string): string[] {
  return fs.readdirSync('/proc').flatMap((pid) => {
    if (!/^\d+$/.test(pid)) return [];
    try {
      return fs.readlinkSync(`/proc/${pid}/cwd`).startsWith(root) ? [pid] : [];
    } catch {
      return [];
    }
  });
}

/** What the client sent back for the last call the model made. */
async function resultOfLatestCall(model: FakeModel): Promise<string> {
  const call = model.issued[model.issued.length - 1];
  assert.ok(call, 'the model made no call');
  return (await model.waitForToolResult(call.id, 30_000)).content;
}
