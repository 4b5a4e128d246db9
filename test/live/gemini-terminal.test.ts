/**
 * Gemini CLI typed into a shell, seen by the server as an editor's integrated terminal shows it:
 * the shell's pid, the command's raw output, writes back. Gemini CLI draws inline, below the
 * shell's lines, and never erases the whole terminal: the mirror is proven only once every row
 * the client could have started on gives the same screen (its output has filled the terminal).
 * Before that, nothing is typed, and the session says why. Ground truth is the work folder and
 * what the fake model received.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GEMINI_SHELL } from '../../src/agents/gemini/qualify/capture-scenario';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { agentBinary } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { allowThenRefuse, decide, prompt, REFUSED_SHELL } from '../support/gemini-live';
import { startTerminalAgent, type TerminalAgent } from '../support/terminal-agent';
import { sleep } from '../../src/qualify/wait';

const TURNS: ModelTurn[] = [
  { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL },
  { kind: 'text', text: 'Ran it.' },
  { kind: 'tool', name: 'run_shell_command', input: REFUSED_SHELL },
];

describe(`Gemini CLI ${NEWEST.gemini} in a plain terminal: the server mirrors its output (live)`, function () {
  this.timeout(150_000);
  let a: TerminalAgent | undefined;
  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary('gemini', NEWEST.gemini);
  });
  afterEach(async () => {
    await a?.stop();
    a = undefined;
  });

  it('at 80x24 its output fills the terminal: a command approved from the mirror runs, one refused not', async () => {
    a = await startTerminalAgent(
      'gemini',
      { name: 'terminal-gemini', turns: TURNS, fallbackText: 'Done.' },
      { cols: 80, rows: 24 },
    );
    await allowThenRefuse(a);
    await sleep(1000);
    assert.ok(!existsSync(join(a.term.workDir, 'refused.txt')), 'the refused command ran');
    assert.equal(a.model.toolResults().length, 1, 'the model was sent a result for a refused call');
    // Every byte went through the editor's write path.
    assert.ok(a.writes.length >= 2, JSON.stringify(a.writes));
  });

  it('at 120x40 below a fresh prompt: observe only until its output fills the terminal, nothing typed', async () => {
    a = await startTerminalAgent('gemini', { name: 'terminal-gemini-tall', turns: TURNS, fallbackText: 'Done.' });
    await prompt(a, 'create the file');
    // The confirmation is drawn, but the rows above the client's first line are the shell's: which
    // row it started on is not in its output, so the screen is not proven.
    const s = await a.waitStatus((x) => x.state === 'waiting_input' || x.manual_reason !== null, 30_000, 'a doubt');
    await sleep(1500);
    const now = await a.status();
    assert.equal(now.permission, null, `offered from an unproven screen: ${JSON.stringify(now.permission)}`);
    assert.match(now.manual_reason ?? '', /has not drawn its whole screen/, JSON.stringify(s));
    assert.deepEqual(a.writes, []);
    assert.equal(a.model.toolResults().length, 0);
    assert.ok(!existsSync(join(a.term.workDir, 'approved.txt')));
  });

  it('resized from 80x24 to 100x30: observe only until its output fills the terminal, then answered', async () => {
    const lines = Array.from({ length: 35 }, (_, i) => `Line ${i + 1} of the answer.`).join('\n\n');
    const after = { command: 'touch resized.txt', description: 'Create resized.txt' };
    a = await startTerminalAgent(
      'gemini',
      {
        name: 'terminal-gemini-resized',
        turns: [
          { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL },
          { kind: 'text', text: 'Ran it.' },
          { kind: 'text', text: lines },
          { kind: 'tool', name: 'run_shell_command', input: after },
        ],
        fallbackText: 'Done.',
      },
      { cols: 80, rows: 24 },
    );
    await prompt(a, 'create the file');
    await decide(a, GEMINI_SHELL.command, 'approve_once');
    await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    // The person widens the terminal: the client redraws its last lines below the reflowed ones.
    await a.term.tmux(['resize-window', '-t', a.term.target, '-x', '100', '-y', '30']);
    const doubted = await a.waitStatus((x) => /resized/.test(x.manual_reason ?? ''), 30_000, 'the resize doubted');
    assert.equal(doubted.permission, null);
    await prompt(a, 'tell me a lot');
    await a.term.waitForSettled((s) => s.includes('Line 35 of the answer.'), 30_000, 300, 'the long answer');
    await prompt(a, 'create another');
    await decide(a, after.command, 'approve_once');
    await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
    assert.ok(existsSync(join(a.term.workDir, 'resized.txt')), 'the command approved after the resize did not run');
  });

  it('at 120x40, once a long answer has filled the terminal: the next command is answered', async () => {
    const lines = Array.from({ length: 45 }, (_, i) => `Line ${i + 1} of the answer.`).join('\n\n');
    a = await startTerminalAgent('gemini', {
      name: 'terminal-gemini-filled',
      turns: [{ kind: 'text', text: lines }, ...TURNS],
      fallbackText: 'Done.',
    });
    await prompt(a, 'tell me a lot');
    await a.term.waitForSettled((s) => s.includes('Line 45 of the answer.'), 30_000, 300, 'the long answer');
    await allowThenRefuse(a);
    assert.ok(!existsSync(join(a.term.workDir, 'refused.txt')), 'the refused command ran');
  });
});
