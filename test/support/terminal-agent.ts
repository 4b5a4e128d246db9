/**
 * An agent started by typing its command into a shell, reported to the built AKK server as an
 * editor's integrated terminal does it: `akk/terminalStarted` with the shell's pid, the command's
 * raw output as `akk/terminalOutput` chunks, and `akk/terminalWrite` requests written back to the
 * terminal byte for byte. The terminal is a real pty (a tmux pane, used here only as the pty and
 * for the person's own view): the server reads its size from the tty and knows nothing of tmux.
 */
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strict as assert } from 'node:assert';
import { CLIENT_NOTIFICATIONS, REQUESTS, SERVER_REQUESTS, type StatusResult } from '../../src/shared/protocol';
import type { TerminalWriteParams } from '../../src/shared/terminal-params';
import { startFakeModel, type FakeModel } from '../../src/qualify/fake-model';
import type { Scenario } from '../../src/qualify/fake-model/types';
import { launchAgent, type Launched, type LaunchOptions as HarnessLaunch } from '../../src/qualify/launch';
import { NEWEST, type AgentName, type TermSize } from '../../src/qualify/versions';
import { StdioServer, type RpcMessage } from './rpc-client';
import { sessionStatus, waitForStatus } from './server-agent';
import { sleep } from '../../src/qualify/wait';

export interface TerminalAgent {
  model: FakeModel;
  term: Launched;
  server: StdioServer;
  sessionId: string;
  /** Every text the server asked the terminal to write, in order. */
  writes: string[];
  /** Holds the output back (it is forwarded, in order, once resumed). */
  pauseOutput(): void;
  resumeOutput(): void;
  /** Drops the next chunk instead of sending it (a lost notification). */
  dropNextChunk(): void;
  status(): Promise<StatusResult>;
  waitStatus(ready: (s: StatusResult) => boolean, timeoutMs?: number, what?: string): Promise<StatusResult>;
  call(method: string, params: unknown, timeoutMs?: number): Promise<RpcMessage>;
  stop(): Promise<void>;
}

const TERMINAL_ID = 'term-1';
const EXECUTION_ID = 'exec-1';

export async function startTerminalAgent(
  agent: AgentName,
  scenario: Scenario,
  size: TermSize = { cols: 120, rows: 40 },
  launch: Pick<HarnessLaunch, 'args' | 'config' | 'rendering'> = {},
  /** Reported as a terminal whose output cannot be read (none is forwarded). */
  unreadable?: 'no_shell_integration' | 'running_before_reload',
  /** The command line reported with it, as the editor's shell integration reports it. */
  commandLine?: string,
): Promise<TerminalAgent> {
  const model = await startFakeModel(scenario);
  const dir = fs.mkdtempSync(join(tmpdir(), 'akk-terminal-'));
  const streamFile = join(dir, 'stream');
  const term = await launchAgent({
    agent,
    version: NEWEST[agent],
    size,
    modelUrl: model.url,
    recordStream: streamFile,
    viaShell: true,
    ...launch,
  });
  const server = new StdioServer(['--stdio']);
  const writes: string[] = [];
  server.serverRequests.set(SERVER_REQUESTS.terminalWrite, async (params) => {
    const { terminal_id: id, text } = params as TerminalWriteParams;
    if (id !== TERMINAL_ID) {
      const data = { code: 'endpoint_unavailable', detail: { input_delivered: false } };
      return { rpcError: { code: -32001, message: 'no such terminal', data } };
    }
    writes.push(text);
    await term.tmux(['send-keys', '-t', term.target, '-H', ...Buffer.from(text, 'utf8').toString('hex').match(/../g)!]);
    return { written: true };
  });
  // As the editor does: the revision it rendered is echoed with every answer.
  const init = await server.initialize({
    storageDir: join(dir, 'store'),
    ownerId: 'terminal-owner',
    echoesRevision: true,
  });
  assert.ok(init.result, `initialize failed: ${JSON.stringify(init.error)}`);

  // The stream, from where the shell ran the command, in chunks as the editor forwards them.
  let offset = term.commandOffset();
  let seq = 0;
  let paused = false;
  let drop = false;
  let attached = false;
  const decoder = new TextDecoder('utf-8');
  let pumping = true;
  const pump = (async () => {
    while (pumping) {
      const size = fs.existsSync(streamFile) ? fs.statSync(streamFile).size : offset;
      if (attached && !paused && size > offset) {
        const fd = fs.openSync(streamFile, 'r');
        const buf = Buffer.alloc(Math.min(size - offset, 64 * 1024));
        fs.readSync(fd, buf, 0, buf.length, offset);
        fs.closeSync(fd);
        offset += buf.length;
        const data = decoder.decode(buf, { stream: true });
        const params = { terminal_id: TERMINAL_ID, execution_id: EXECUTION_ID, seq: seq++, data };
        if (drop) drop = false;
        else if (data.length > 0) server.notify(CLIENT_NOTIFICATIONS.terminalOutput.method, params);
      }
      await sleep(15);
    }
  })();

  if (unreadable) {
    // Reported once the agent runs, as the editor reports a terminal it cannot read.
    await term.waitForSettled((s) => s.includes('❯') || s.includes('›'), 30_000, 300, 'the agent to start');
  }
  const started = await server.call(REQUESTS.terminalStarted.method, {
    terminal_id: TERMINAL_ID,
    execution_id: EXECUTION_ID,
    name: 'bash',
    shell_pid: term.panePid(),
    ...(unreadable ? { unreadable } : {}),
    ...(commandLine !== undefined ? { command_line: commandLine } : {}),
  });
  assert.ok(started.result, `terminalStarted failed: ${JSON.stringify(started.error)}`);
  const sessionId = (started.result as { session_id: string | null }).session_id;
  assert.ok(sessionId, `no agent identified in the terminal: ${JSON.stringify(started.result)}`);
  attached = unreadable === undefined;

  const self: TerminalAgent = {
    model,
    term,
    server,
    sessionId,
    writes,
    pauseOutput: () => {
      paused = true;
    },
    resumeOutput: () => {
      paused = false;
    },
    dropNextChunk: () => {
      drop = true;
    },
    status: () => sessionStatus(server, sessionId),
    waitStatus: (ready, timeoutMs, what) => waitForStatus(() => self.status(), ready, term, timeoutMs, what),
    call: (method, params, timeoutMs) => server.call(method, params, timeoutMs),
    async stop() {
      pumping = false;
      await pump;
      await server.stop().catch(() => undefined);
      await term.stop();
      await model.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return self;
}
