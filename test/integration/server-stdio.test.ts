/** The built server spoken to over stdio, as any tool would. */
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_NOTIFICATIONS, REQUESTS } from '../../src/shared/protocol';
import { MAX_TERMINAL_CHUNK } from '../../src/shared/terminal-params';
import { SERVER_JS, StdioServer, type RpcMessage } from '../support/rpc-client';

function errorCode(m: RpcMessage): string | undefined {
  return m.error?.data?.code;
}

describe('server over stdio', () => {
  let server: StdioServer;
  let storageDir: string;

  before(() => {
    assert.ok(existsSync(SERVER_JS), 'dist/server.js is missing: run npm run build first');
  });

  beforeEach(() => {
    storageDir = mkdtempSync(join(tmpdir(), 'akk-it-'));
    server = new StdioServer();
  });

  afterEach(async () => {
    await server.stop();
    rmSync(storageDir, { recursive: true, force: true });
  });

  async function assertStillServing(): Promise<void> {
    const r = await server.call(REQUESTS.listSessions.method, {});
    assert.deepEqual((r.result as { sessions?: unknown } | undefined)?.sessions, [], JSON.stringify(r));
  }

  it('answers initialize with its name and version', async () => {
    const r = await server.initialize({ storageDir, ownerId: 'test-owner' });
    const result = r.result as { serverInfo: { name: string; version: string } };
    assert.equal(result.serverInfo.name, 'agent-knock-knock-server');
    assert.match(result.serverInfo.version, /^\d+\.\d+\.\d+/);
  });

  it('refuses akk requests before initialize with server_not_ready', async () => {
    const r = await server.call(REQUESTS.listSessions.method, {});
    assert.equal(errorCode(r), 'server_not_ready');
    await server.initialize({ storageDir });
    await assertStillServing();
  });

  it('lists no sessions on a fresh store', async () => {
    await server.initialize({ storageDir });
    await assertStillServing();
  });

  it('answers an unknown method with unknown_method and keeps serving', async () => {
    await server.initialize({ storageDir });
    const r = await server.call('akk/doesNotExist', {});
    assert.equal(r.error?.code, -32601);
    assert.equal(errorCode(r), 'unknown_method');
    server.notify('akk/unknownNotification', {});
    await assertStillServing();
  });

  it('drops malformed terminal output and output for a terminal it does not know, and keeps serving', async () => {
    await server.initialize({ storageDir });
    const output = CLIENT_NOTIFICATIONS.terminalOutput.method;
    server.notify(output, { terminal_id: 't', execution_id: 'e', seq: -1, data: 'x' });
    server.notify(output, { terminal_id: 't', execution_id: 'e', seq: 0, data: 'x'.repeat(MAX_TERMINAL_CHUNK + 1) });
    server.notify(output, { terminal_id: 't', execution_id: 'e', seq: 0, data: 7 });
    server.notify(output, { terminal_id: 'unknown', execution_id: 'e', seq: 0, data: 'hello' });
    server.notify(CLIENT_NOTIFICATIONS.terminalEnded.method, { terminal_id: '' });
    server.notify(CLIENT_NOTIFICATIONS.terminalEnded.method, { terminal_id: 'unknown' });
    await assertStillServing();
    // The server logs why it dropped each malformed one (a notification has no answer).
    await new Promise((r) => setTimeout(r, 200));
    const logged = server.notifications
      .filter((n) => n.method === 'window/logMessage')
      .map((n) => (n.params as { message: string }).message);
    const dropped = logged.filter((m) => /akk\/terminal(Output|Ended) dropped/.test(m));
    assert.equal(dropped.length, 4, logged.join('\n'));
  });

  const badParams: Array<[string, unknown]> = [
    [REQUESTS.listSessions.method, { include_candidates: 'yes' }],
    [REQUESTS.listSessions.method, { surprise: 1 }],
    [REQUESTS.attachSession.method, {}],
    [REQUESTS.attachSession.method, { tmux: { target: '%1; kill-server' } }],
    [REQUESTS.attachSession.method, { tmux: { socket: 'a', socketPath: '/tmp/b', target: '%1' } }],
    [REQUESTS.detachSession.method, { session_id: '' }],
    [REQUESTS.status.method, { session_id: 'x'.repeat(500) }],
    [
      REQUESTS.respondInteraction.method,
      { interaction_id: 'i', turn_id: 't', answers: [{ question_id: 'q', response_kind: 'single_select', index: 1 }] },
    ],
    [REQUESTS.approve.method, { turn_id: 't', decision: 'approve_always' }],
    [REQUESTS.respond.method, { request: '' }],
    [REQUESTS.respond.method, { request: 'hello', request_id: 'two words' }],
    [REQUESTS.respond.method, { request: 'hello', request_id: 'x'.repeat(129) }],
    [REQUESTS.listInteractions.method, { limit: 0 }],
    [REQUESTS.acknowledgeUncertain.method, {}],
    [REQUESTS.acknowledgeUncertain.method, { session_id: 'ses_1', retry: true }],
    [REQUESTS.dismissInteraction.method, { interaction_id: 'i' }],
    [REQUESTS.dismissInteraction.method, { interaction_id: 'i; drop', turn_id: 't' }],
    [REQUESTS.respondInteraction.method, { interaction_id: 'i', turn_id: 't', answers: [], expected_revision: 7 }],
    [REQUESTS.listSessions.method, [1, 2]],
    [REQUESTS.terminalStarted.method, { terminal_id: 't', execution_id: 'e', name: 'bash' }],
    [REQUESTS.terminalStarted.method, { terminal_id: 't', execution_id: 'e', name: 'bash', shell_pid: -1 }],
    [REQUESTS.terminalStarted.method, { terminal_id: 't; rm', execution_id: 'e', name: 'bash', shell_pid: 1 }],
    [REQUESTS.terminalStarted.method, { terminal_id: 't', execution_id: 'e', name: 'x'.repeat(201), shell_pid: 1 }],
    [
      REQUESTS.terminalStarted.method,
      { terminal_id: 't', execution_id: 'e', name: 'bash', shell_pid: 1, unreadable: 'because' },
    ],
    [
      REQUESTS.terminalStarted.method,
      { terminal_id: 't', execution_id: 'e', name: 'bash', shell_pid: 1, command_line: 'c'.repeat(4001) },
    ],
    [
      REQUESTS.terminalStarted.method,
      { terminal_id: 't', execution_id: 'e', name: 'bash', shell_pid: 1, command_line: 7 },
    ],
  ];
  for (const [method, params] of badParams) {
    it(`answers ${method} ${JSON.stringify(params).slice(0, 60)} with invalid_params`, async () => {
      await server.initialize({ storageDir });
      const r = await server.call(method, params);
      assert.equal(r.error?.code, -32602, JSON.stringify(r));
      assert.equal(errorCode(r), 'invalid_params');
      await assertStillServing();
    });
  }

  it('answers every request method without unknown_method (one handler each)', async () => {
    await server.initialize({ storageDir });
    const valid: Record<string, unknown> = {
      listSessions: {},
      attachSession: { tmux: { socket: 'akk-none', target: '%0' } },
      detachSession: { session_id: 'nope' },
      status: { session_id: 'nope' },
      respondInteraction: {
        interaction_id: 'i',
        turn_id: 't',
        answers: [{ question_id: 'q', response_kind: 'free_text', text: 'x' }],
      },
      approve: { turn_id: 't', decision: 'approve_once' },
      respond: { request: 'hello' },
      listInteractions: {},
      acknowledgeUncertain: { session_id: 'nope' },
      dismissInteraction: { interaction_id: 'i', turn_id: 't' },
      resolveText: { interaction_id: 'i', turn_id: 't', text: 'yes' },
      identify: { name: 'a tool' },
      listLocalQualifications: {},
      forgetLocalQualifications: { agent: 'claude', version: '9.9.9' },
      qualifyVersion: { session_id: 'nope' },
      cancelQualification: {},
      // Asked without apply: nothing is written to the person's settings.
      connectAgent: { agent: 'claude', scope: 'user', apply: false },
      disconnectAgent: { agent: 'claude', scope: 'user', apply: false },
      agentHooks: { agent: 'codex' },
      terminalStarted: {
        terminal_id: 't',
        execution_id: 'e',
        name: 'bash',
        shell_pid: 999_999,
        unreadable: 'no_shell_integration',
      },
    };
    for (const [name, { method }] of Object.entries(REQUESTS)) {
      const r = await server.call(method, valid[name]);
      assert.notEqual(errorCode(r), 'unknown_method', method);
      assert.notEqual(errorCode(r), 'invalid_params', `${method}: ${JSON.stringify(r.error)}`);
      if (r.error) assert.ok(r.error.data?.code, `${method} error without data.code`);
    }
  });

  it('answers a request sent without params as one with empty params', async () => {
    await server.initialize({ storageDir });
    for (const method of [REQUESTS.listLocalQualifications.method, REQUESTS.listSessions.method]) {
      const r = await server.call(method, undefined);
      assert.equal(r.error, undefined, `${method}: ${JSON.stringify(r.error)}`);
    }
    const needs = await server.call(REQUESTS.qualifyVersion.method, undefined);
    assert.equal(errorCode(needs), 'invalid_params', JSON.stringify(needs));
  });

  it('answers a qualification asked under a background it does not know with invalid_params', async () => {
    await server.initialize({ storageDir });
    for (const terminal_background of ['sepia', 7, null, '']) {
      const r = await server.call(REQUESTS.qualifyVersion.method, { session_id: 'nope', terminal_background });
      assert.equal(errorCode(r), 'invalid_params', `${JSON.stringify(terminal_background)}: ${JSON.stringify(r)}`);
    }
    // The known backgrounds pass validation and reach the session lookup.
    for (const terminal_background of ['dark', 'light']) {
      const r = await server.call(REQUESTS.qualifyVersion.method, { session_id: 'nope', terminal_background });
      assert.equal(errorCode(r), 'unknown_session', JSON.stringify(r));
    }
    await assertStillServing();
  });

  it('answers a malformed JSON body with parse_error (id null) and keeps serving', async () => {
    await server.initialize({ storageDir });
    const reply = server.awaitId(null, 5000, () => server.writeBody('{"jsonrpc":"2.0","id":9,"method":'));
    const r = await reply;
    assert.equal(r.error?.code, -32700);
    assert.equal(errorCode(r), 'parse_error');
    await assertStillServing();
  });

  it('answers a non-JSON-RPC message with invalid_request and its id', async () => {
    await server.initialize({ storageDir });
    const r = await server.awaitId(41, 5000, () => server.writeBody('{"id":41,"method":"akk/listSessions"}'));
    assert.equal(errorCode(r), 'invalid_request');
    await assertStillServing();
  });

  it('answers a broken header with parse_error and keeps serving', async () => {
    await server.initialize({ storageDir });
    const r = await server.awaitId(null, 5000, () => server.writeRaw('Content-Length: abc\r\n\r\n'));
    assert.equal(errorCode(r), 'parse_error');
    await assertStillServing();
  });

  it('refuses an oversized message with message_too_large and keeps serving', async () => {
    await server.initialize({ storageDir });
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 77,
      method: REQUESTS.respond.method,
      params: { request: 'x'.repeat(2 * 1024 * 1024) },
    });
    const r = await server.awaitId(null, 10_000, () => server.writeBody(body));
    assert.equal(errorCode(r), 'message_too_large');
    await assertStillServing();
  });

  it('answers managed send without an attached session with unknown_session', async () => {
    await server.initialize({ storageDir });
    const r = await server.call(REQUESTS.respond.method, { request: 'hello' });
    assert.equal(errorCode(r), 'unknown_session');
  });

  it('answers status for an unknown session with unknown_session', async () => {
    await server.initialize({ storageDir });
    const r = await server.call(REQUESTS.status.method, { session_id: 'no-such-session' });
    assert.equal(errorCode(r), 'unknown_session');
  });

  it('refuses invalid initializationOptions with invalid_params', async () => {
    const r = await server.call('initialize', {
      processId: null,
      rootUri: null,
      capabilities: {},
      initializationOptions: { offerLifetimeSeconds: -1 },
    });
    assert.equal(errorCode(r), 'invalid_params');
  });

  it('exits cleanly on shutdown and exit', async () => {
    await server.initialize({ storageDir });
    await server.stop();
    assert.equal(server.exitCode, 0);
  });

  it('exits when its input closes', async () => {
    await server.initialize({ storageDir });
    server.child.stdin.end();
    const code = await server.waitForExit(5000);
    assert.notEqual(code, undefined);
  });
});
