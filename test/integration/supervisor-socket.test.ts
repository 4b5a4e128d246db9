/**
 * The supervisor socket of the built server (`node dist/server.js --stdio` with `supervisorSocket`),
 * spoken to as a supervisor would, and as a hostile one might: private to the user, limited to
 * reading and answering, every refusal typed, and a broken frame answered without stopping anything.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMessageConnection,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-languageserver/node';
import { REQUESTS } from '../../src/shared/protocol';
import { StdioServer } from '../support/rpc-client';

async function open(path: string): Promise<{ c: MessageConnection; socket: Socket }> {
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(path);
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
  const c = createMessageConnection(new StreamMessageReader(socket), new StreamMessageWriter(socket));
  c.listen();
  return { c, socket };
}

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    return e instanceof ResponseError ? (e.data as { code?: string } | undefined)?.code : String(e);
  }
}

describe('the supervisor socket', function () {
  this.timeout(30_000);
  let dir: string;
  let server: StdioServer;
  let path: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'akk-sock-'));
    path = join(dir, 'run', 'supervisor.sock');
    server = new StdioServer();
    const r = await server.initialize({ storageDir: join(dir, 'store'), ownerId: 'editor', supervisorSocket: path });
    assert.ok(r.result, JSON.stringify(r.error));
  });
  afterEach(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is private to the user, and each connection is its own owner', async () => {
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.equal(statSync(join(dir, 'run')).mode & 0o777, 0o700);
    const a = await open(path);
    const b = await open(path);
    const ida = await a.c.sendRequest<{ owner_id: string }>(REQUESTS.identify.method, { name: 'bot-a 1.0' });
    const idb = await b.c.sendRequest<{ owner_id: string }>(REQUESTS.identify.method, { name: 'bot-b 1.0' });
    assert.notEqual(ida.owner_id, idb.owner_id);
    assert.notEqual(ida.owner_id, 'editor');
    a.socket.destroy();
    b.socket.destroy();
  });

  it('reads and answers only: attaching, detaching, sending messages and terminal traffic are refused', async () => {
    const { c, socket } = await open(path);
    const list = await c.sendRequest<{ sessions: unknown[] }>(REQUESTS.listSessions.method, {});
    assert.deepEqual(list.sessions, []);
    for (const [method, params] of [
      [REQUESTS.attachSession.method, { tmux: { target: '%1' } }],
      [REQUESTS.detachSession.method, { session_id: 's_1' }],
      [REQUESTS.respond.method, { request: 'rm -rf /' }],
      [REQUESTS.terminalStarted.method, {}],
      [REQUESTS.dismissInteraction.method, { interaction_id: 'ix_1', turn_id: 't_1' }],
    ] as const)
      assert.equal(await codeOf(c.sendRequest(method, params)), 'unknown_method', method);
    // The tmux panes that could be attached (every server's) are the editor's to list.
    assert.equal(
      await codeOf(c.sendRequest(REQUESTS.listSessions.method, { include_candidates: true })),
      'invalid_params',
    );
    socket.destroy();
  });

  it('types every refusal: an unknown step, a persistent approval, a name with control characters', async () => {
    const { c, socket } = await open(path);
    assert.equal(
      await codeOf(
        c.sendRequest(REQUESTS.approve.method, { interaction_id: 'ix_none', turn_id: 't', decision: 'approve_once' }),
      ),
      'not_found',
    );
    assert.equal(
      await codeOf(
        c.sendRequest(REQUESTS.resolveText.method, { interaction_id: 'ix_none', turn_id: 't', text: 'yes' }),
      ),
      'not_found',
    );
    assert.equal(await codeOf(c.sendRequest(REQUESTS.identify.method, { name: 'bot\u001b[2J' })), 'invalid_params');
    assert.equal(
      await codeOf(
        c.sendRequest(REQUESTS.approve.method, { interaction_id: 'ix_none', turn_id: 't', decision: 'approve_always' }),
      ),
      'invalid_params',
    );
    socket.destroy();
  });

  it('answers a broken frame with a typed error and keeps serving everyone', async () => {
    const raw = await new Promise<Socket>((resolve, reject) => {
      const s = connect(path);
      s.once('connect', () => resolve(s));
      s.once('error', reject);
    });
    const answer = new Promise<string>((resolve) => {
      let got = '';
      raw.on('data', (d: Buffer) => {
        got += d.toString('utf8');
        if (got.includes('}')) resolve(got);
      });
    });
    const body = '{"jsonrpc":"2.0","id":7,"method":';
    raw.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    assert.match(await answer, /"code":"parse_error"/);
    raw.destroy();
    const { c, socket } = await open(path);
    assert.deepEqual((await c.sendRequest<{ sessions: unknown[] }>(REQUESTS.listSessions.method, {})).sessions, []);
    socket.destroy();
    const editor = await server.call(REQUESTS.listSessions.method, {});
    assert.ok(editor.result, JSON.stringify(editor.error));
  });
});
