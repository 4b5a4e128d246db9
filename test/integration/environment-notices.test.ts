/**
 * The real server over stdio says what the machine keeps it from doing, with what works instead,
 * in the listing the Agent Sessions view shows above its rows: tmux that cannot be found (a path
 * that does not exist, as on a Mac whose editor was started from the Dock without Homebrew's tmux),
 * and a system whose processes cannot be read (forced with AKK_PROCESS_TABLE=none). With the real
 * tmux and /proc it says nothing. Every other request is still answered.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { USUAL_TMUX_DIRS } from '../../src/server/sessions/tmux/find-tmux';
import { REQUESTS } from '../../src/shared/protocol';
import { StdioServer } from '../support/rpc-client';

interface Listed {
  sessions: unknown[];
  notices?: string[];
  tmux?: { binary: string; version: string | null };
}

async function listed(options: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): Promise<Listed> {
  const storageDir = mkdtempSync(join(tmpdir(), 'akk-notices-'));
  const server = new StdioServer(['--stdio'], env);
  try {
    const init = await server.initialize({ storageDir, ...options });
    assert.ok(init.result, JSON.stringify(init.error));
    const r = await server.call(REQUESTS.listSessions.method, { include_candidates: true });
    assert.ok(r.result, JSON.stringify(r.error));
    return r.result as Listed;
  } finally {
    await server.stop();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

const which = (cmd: string): string => spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim();

describe('integration: the server says what this machine keeps it from doing', function () {
  this.timeout(30_000);

  it('says nothing where tmux and /proc are there', async () => {
    const r = await listed({});
    assert.equal(r.notices, undefined, JSON.stringify(r.notices));
  });

  it('names the tmux it found outside a short PATH (an editor started from the Dock), for new sessions', async () => {
    const real = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
    assert.equal(real.status, 0, 'tmux is installed here');
    const onPath = which('tmux');
    // A PATH without tmux's folder: the server looks where package managers put it.
    const r = await listed({}, { ...process.env, PATH: '/nonexistent-bin' });
    assert.equal(r.notices, undefined, JSON.stringify(r.notices));
    assert.ok(r.tmux && USUAL_TMUX_DIRS.includes(dirname(r.tmux.binary)), JSON.stringify(r.tmux));
    assert.equal(r.tmux.version, spawnSync(r.tmux.binary, ['-V'], { encoding: 'utf8' }).stdout.trim());
    assert.equal(r.tmux.version, real.stdout.trim(), `the tmux on PATH is ${onPath}`);
  });

  it('says that tmux was not found, where it looked, and that integrated terminals still work', async () => {
    const r = await listed({ tmuxPath: '/nonexistent/bin/tmux' });
    const notice = r.notices?.find((n) => n.startsWith('tmux was not found'));
    assert.ok(notice, JSON.stringify(r.notices));
    assert.match(notice, /looked for \/nonexistent\/bin\/tmux/);
    assert.match(notice, /integrated terminal are still found and answered/);
    assert.match(notice, /"akk\.launch\.in" to "terminal"/);
    assert.match(notice, /brew install tmux/);
    assert.deepEqual(r.tmux, { binary: '/nonexistent/bin/tmux', version: null });
    assert.deepEqual(r.sessions, []);
  });

  it('says that the processes cannot be read where neither /proc nor ps is used', async () => {
    const r = await listed({}, { ...process.env, AKK_PROCESS_TABLE: 'none' });
    assert.ok(
      r.notices?.some((n) => /^AKK cannot read this system's processes/.test(n)),
      JSON.stringify(r.notices),
    );
  });
});
