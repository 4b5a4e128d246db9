/**
 * The hook program's relay over real Unix sockets: it asks every server in the word folder at once,
 * gives the agent the first handled output, and gives it nothing to act on (`{}`) whenever no server
 * handles the request: no folder, a socket nobody listens on, a server that says no, says nonsense,
 * or says nothing in time. A server that says it is holding the request may answer later.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { relay } from '../../../src/hook/relay';
import { wordSocketName, type AgentWord } from '../../../src/shared/agent-word';

const WORD: AgentWord = {
  v: 1,
  agent: 'claude',
  event: 'PermissionRequest',
  pid: 4242,
  input: { tool_name: 'Bash', tool_input: { command: 'touch a.txt' } },
};
const ALLOW = { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } };

describe('the hook relay asks every AKK server and is never in the way', function () {
  this.timeout(10_000);
  let dir: string;
  const servers: Server[] = [];
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'akk-r-'))));
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
    rmSync(dir, { recursive: true, force: true });
  });

  /** A server in the word folder that answers each request line with `reply` (the lines it got kept). */
  async function server(pid: number, reply: (socket: Socket) => void, heard: string[] = []): Promise<string[]> {
    const s = createServer((socket) => {
      socket.setEncoding('utf8');
      socket.on('data', (line: string) => {
        heard.push(line);
        reply(socket);
      });
    });
    servers.push(s);
    await new Promise<void>((r) => s.listen(join(dir, wordSocketName(pid)), r));
    return heard;
  }

  it('no word folder, or an empty one: nothing to act on', async () => {
    assert.deepEqual(await relay(join(dir, 'missing'), WORD, 5000), {});
    assert.deepEqual(await relay(dir, WORD, 5000), {});
  });

  it('the request reaches the server whole, one line; a server not handling it leaves the agent be', async () => {
    const heard = await server(1, (s) => s.end('{"handled":false}\n'));
    assert.deepEqual(await relay(dir, WORD, 5000), {});
    assert.deepEqual(
      heard.map((l) => JSON.parse(l) as unknown),
      [WORD],
    );
    assert.ok(heard[0]?.endsWith('\n'));
  });

  it('a socket nobody listens on is passed over; the server that handles it gives the output', async () => {
    writeFileSync(join(dir, wordSocketName(2)), '');
    await server(3, (s) => s.end('{"handled":false}\n'));
    await server(4, (s) => s.end(`${JSON.stringify({ handled: true, output: ALLOW })}\n`));
    assert.deepEqual(await relay(dir, WORD, 5000), ALLOW);
  });

  it('nonsense, a reply with more than it may carry, or a closed connection: nothing to act on', async () => {
    await server(5, (s) => s.end('allow\n'));
    await server(6, (s) => s.end(`${JSON.stringify({ handled: true, output: ALLOW, grant: 'always' })}\n`));
    await server(7, (s) => s.destroy());
    assert.deepEqual(await relay(dir, WORD, 5000), {});
  });

  it('a silent server is given up after its deadline; one that holds the request may answer later', async () => {
    await server(8, () => undefined);
    const silent = Date.now();
    assert.deepEqual(await relay(dir, WORD, 5000), {});
    assert.ok(Date.now() - silent < 4000, 'a silent server held the agent past its deadline');
    rmSync(join(dir, wordSocketName(8)), { force: true });
    await server(9, (s) => {
      s.write('holding\n');
      setTimeout(() => s.end(`${JSON.stringify({ handled: true, output: ALLOW })}\n`), 1800);
    });
    assert.deepEqual(await relay(dir, WORD, 5000), ALLOW);
  });

  it('a held request is let go when its hold runs out', async () => {
    await server(10, (s) => void s.write('holding\n'));
    assert.deepEqual(await relay(dir, WORD, 300), {});
  });
});
