/**
 * The server's word socket over a real Unix socket: private to the user, a stale socket of a server
 * that died replaced, each request answered with one line at once; a line that is not JSON, not a
 * word, or over the size limit is answered "not handled" and said in the log, and the server goes on.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openWordSocket } from '../../../src/server/rpc/word-socket';
import { MAX_WORD_BYTES, wordSocketName, type AgentWord } from '../../../src/shared/agent-word';

const WORD: AgentWord = { v: 1, agent: 'claude', event: 'PermissionRequest', pid: 77, input: { tool_name: 'Bash' } };

/** Sends `text` and reads the one line the socket answers. */
function exchange(path: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = '';
    const c = connect(path, () => c.write(text));
    c.setEncoding('utf8');
    c.on('data', (d: string) => (got += d));
    c.on('error', reject);
    c.on('close', () => resolve(got));
  });
}

describe('the word socket hears requests and answers each at once', () => {
  let dir: string;
  const warned: string[] = [];
  const log = { info: () => undefined, warn: (m: string) => void warned.push(m), error: () => undefined };
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'akk-s-')), 'words');
    warned.length = 0;
  });
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('is private, replaces a stale socket, answers a word as it is heard, and is gone once closed', async () => {
    const heard: AgentWord[] = [];
    const socketPath = join(dir, wordSocketName(process.pid));
    const first = await openWordSocket(dir, () => Promise.resolve({ handled: false }), log);
    // A server that died left its socket behind: the next one takes its place.
    const opened = await openWordSocket(
      dir,
      (w) => {
        heard.push(w);
        return Promise.resolve({ handled: true, output: { ok: 1 } });
      },
      log,
    );
    assert.equal(opened.path, socketPath);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.equal(statSync(socketPath).mode & 0o777, 0o600);
    assert.equal(await exchange(socketPath, `${JSON.stringify(WORD)}\n`), '{"handled":true,"output":{"ok":1}}\n');
    assert.deepEqual(heard, [WORD]);
    await opened.close();
    await first.close().catch(() => undefined);
    assert.equal(existsSync(socketPath), false);
  });

  it('a line that is not JSON, not a word, or too long: not handled, said in the log; the socket goes on', async () => {
    let asked = 0;
    const opened = await openWordSocket(
      dir,
      () => {
        asked += 1;
        return Promise.resolve({ handled: false });
      },
      log,
    );
    const no = '{"handled":false}\n';
    assert.equal(await exchange(opened.path, 'allow\n'), no);
    assert.equal(await exchange(opened.path, `${JSON.stringify({ ...WORD, agent: 'nobody' })}\n`), no);
    assert.equal(await exchange(opened.path, `${JSON.stringify({ ...WORD, v: 2 })}\n`), no);
    assert.equal(await exchange(opened.path, 'x'.repeat(MAX_WORD_BYTES + 10)), no);
    assert.equal(asked, 0, 'a request that is not one reached the server');
    assert.deepEqual(
      warned.map((w) => w.replace(/\(.*\)/, '(…)')),
      [
        'agent word: a line that is not JSON, not handled',
        'agent word: not a request (…), not handled',
        'agent word: not a request (…), not handled',
        'agent word: a request over its size limit, not handled',
      ],
    );
    assert.equal(await exchange(opened.path, `${JSON.stringify(WORD)}\n`), no);
    assert.equal(asked, 1);
    await opened.close();
  });

  it("sockets nothing answers on are removed; a live server's socket is kept", async () => {
    const other = await openWordSocket(dir, () => Promise.resolve({ handled: false }), log);
    const otherName = basename(other.path);
    // Another server's socket, moved aside as if it were another process's, stays: it answers.
    const live = join(dir, wordSocketName(4_000_001));
    renameSync(other.path, live);
    writeFileSync(join(dir, wordSocketName(4_000_002)), '');
    writeFileSync(join(dir, 'notes.txt'), 'not a socket of ours');
    const opened = await openWordSocket(dir, () => Promise.resolve({ handled: false }), log);
    assert.deepEqual(readdirSync(dir).sort(), [wordSocketName(4_000_001), otherName, 'notes.txt'].sort());
    await opened.close();
    await other.close();
  });

  it('a server whose handler fails answers "not handled" and says why', async () => {
    const opened = await openWordSocket(dir, () => Promise.reject(new Error('the store is closed')), log);
    assert.equal(await exchange(opened.path, `${JSON.stringify(WORD)}\n`), '{"handled":false}\n');
    assert.deepEqual(warned, ['agent word: the store is closed']);
    await opened.close();
  });
});
