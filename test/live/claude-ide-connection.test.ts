/**
 * Claude Code connected to an editor (`/ide`, as it connects to the official Claude Code extension
 * in VS Code's terminal), through the AKK server only (`node dist/server.js --stdio`). A loopback
 * editor (test/support/fake-ide.ts) announces itself by its lock file and the client
 * connects to it.
 * The client's edit then opens as a diff in that editor, and the terminal draws the question
 * without the diff: AKK tells the person where to answer (the editor's diff, or the terminal),
 * offers nothing to answer from the panel and types nothing. Accepted in the editor, the edit is
 * applied as the scenario makes it (on disk, and the model is told), and the step is gone. Started
 * as AKK starts it with `akk.claude.connectToEditor` off, the client stays apart from the editor
 * even so, and its edit, drawn with its diff, is approved through AKK. Connected, a command it asks
 * to run is still drawn in the terminal, and approved through AKK.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS } from '../../src/shared/protocol';
import { launchEnvironment } from '../../src/shared/settings';
import { startFakeIde, type FakeIde } from '../support/fake-ide';
import { scenario } from '../../src/qualify/scenarios';
import { startServerAgent, toldLeftToTerminal, userPrompt, type ServerAgent } from '../support/server-agent';
import { sleep, until } from '../../src/qualify/wait';

const REASON =
  'Claude Code opened its edit to config.yaml as a diff in Visual Studio Code: ' +
  'accept or reject it there, or answer in the terminal';

/** The scenario's edit, as its model turn makes it. */
function edited(before: string): string {
  const turn = scenario('claude-edit-approve').turns.find((t) => t.kind === 'edit');
  assert.ok(turn && turn.kind === 'edit');
  assert.ok(before.includes(turn.oldString));
  return before.replace(turn.oldString, turn.newString);
}

describe('Claude Code connected to an editor (/ide) through the AKK server (live)', function () {
  this.timeout(120_000);
  let ide: FakeIde;
  beforeEach(async () => {
    ide = await startFakeIde();
  });
  afterEach(() => ide.stop());

  const start = (env: Record<string, string> = {}, name = 'claude-edit-approve'): Promise<ServerAgent> => {
    const sc = scenario(name);
    return startServerAgent(
      'claude',
      sc,
      {},
      {
        size: { cols: 120, rows: 40 },
        workspace: sc.workspace,
        env: { CLAUDE_CODE_SSE_PORT: String(ide.port), ...env },
        prepareHome: (home, workDir) => ide.announce(home, workDir),
      },
    );
  };

  it('an edit opened as a diff there: told where to answer, nothing typed; saved there, it is applied', async () => {
    const a = await start();
    await ide.connected();
    const file = join(a.term.workDir, 'config.yaml');
    const before = readFileSync(file, 'utf8');
    await userPrompt(a.term, 'go');
    const told = await toldLeftToTerminal(a, REASON);
    assert.equal(told.session_id, a.sessionId);
    // The editor holds the very edit the scenario makes; the terminal shows no diff to answer from.
    assert.equal(ide.diffs.length, 1);
    assert.deepEqual([ide.diffs[0]?.newFilePath, ide.diffs[0]?.newContents], [file, edited(before)]);
    const s = await a.status();
    assert.deepEqual([s.permission, s.interaction, s.manual_reason], [null, null, REASON]);
    // Nothing typed: the edit is not made and the model has only the read's result.
    const results = a.model.toolResults().length;
    await sleep(2500);
    assert.equal(readFileSync(file, 'utf8'), before);
    assert.equal(a.model.toolResults().length, results);
    // The person saves the diff in the editor: the client applies it and the step is gone.
    ide.accept();
    const tool = await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
    assert.equal(tool.isError, false, tool.content);
    assert.equal(readFileSync(file, 'utf8'), edited(before));
    await a.waitStatus((x) => x.manual_reason === null, 30_000, 'the step to be gone');
  });

  it('started with akk.claude.connectToEditor off, it stays apart from the editor; the diff is AKK’s', async () => {
    const a = await start(launchEnvironment('claude', {}, false));
    const file = join(a.term.workDir, 'config.yaml');
    const before = readFileSync(file, 'utf8');
    await userPrompt(a.term, 'go');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the edit prompt in the terminal');
    assert.deepEqual(
      [s.permission?.tool, s.permission?.subject, s.permission?.preview?.kind],
      ['edit', 'config.yaml', 'diff'],
    );
    assert.deepEqual(ide.received, [], 'the client connected to the editor');
    const p = s.permission;
    assert.ok(p);
    const r = await a.call(
      REQUESTS.approve.method,
      { interaction_id: p.interaction_id, turn_id: p.turn_id, decision: 'approve_once' },
      30_000,
    );
    assert.ok(r.result, JSON.stringify(r.error));
    const tool = await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
    assert.equal(tool.isError, false, tool.content);
    assert.equal(readFileSync(file, 'utf8'), edited(before));
    assert.equal(ide.diffs.length, 0);
  });

  it('connected, a command it asks to run is drawn in the terminal as ever, and approved through AKK', async () => {
    const a = await start({}, 'claude-bash-approve');
    await ide.connected();
    await userPrompt(a.term, 'go');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the Bash prompt');
    const p = s.permission;
    assert.ok(p);
    assert.deepEqual([p.tool, p.subject], ['bash', 'touch notes.txt']);
    const r = await a.call(
      REQUESTS.approve.method,
      { interaction_id: p.interaction_id, turn_id: p.turn_id, decision: 'approve_once' },
      30_000,
    );
    assert.ok(r.result, JSON.stringify(r.error));
    const made = join(a.term.workDir, 'notes.txt');
    await until('the approved command to make notes.txt', () => existsSync(made) || undefined);
    assert.equal(ide.diffs.length, 0);
  });
});
