/**
 * The built server killed with SIGKILL while sessions are attached: a new server on the same store
 * re-attaches them with the same session ids and a new binding generation.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUESTS, type SessionSummary } from '../../src/shared/protocol';
import { StdioServer } from '../support/rpc-client';
import { TmuxLab, waitFor } from './sessions/support/tmux-lab';

describe('server restart re-attaches sessions', function () {
  this.timeout(60_000);
  const lab = new TmuxLab();
  let storageDir: string;
  let server: StdioServer | undefined;

  before(() => {
    storageDir = mkdtempSync(join(tmpdir(), 'akk-restart-'));
  });
  after(async () => {
    await server?.stop();
    await lab.kill();
    rmSync(storageDir, { recursive: true, force: true });
  });

  async function list(s: StdioServer): Promise<SessionSummary[]> {
    const r = await s.call(REQUESTS.listSessions.method, {});
    return (r.result as { sessions: SessionSummary[] }).sessions;
  }

  it('keeps the session ids and moves to a new binding generation', async () => {
    const panes = [
      await lab.start(['sh', '-c', 'echo one; exec sleep 600']),
      await lab.start(['sh', '-c', 'echo two; exec sleep 600']),
    ];
    server = new StdioServer();
    await server.initialize({ storageDir, ownerId: 'restart-test' });
    const ids: string[] = [];
    for (const pane of panes) {
      const r = await server.call(REQUESTS.attachSession.method, { tmux: { socket: lab.socket, target: pane } });
      assert.ok(r.result, JSON.stringify(r.error));
      ids.push((r.result as { session_id: string }).session_id);
    }
    const before = await waitFor('generations', async () => {
      const l = await list(server as StdioServer);
      return l.every((s) => s.binding_generation !== null) ? l : undefined;
    });

    server.child.kill('SIGKILL');
    await server.waitForExit();
    server = new StdioServer();
    await server.initialize({ storageDir, ownerId: 'restart-test' });
    const after = await waitFor(
      're-attached sessions',
      async () => {
        const l = await list(server as StdioServer);
        return l.length === 2 && l.every((s) => s.binding_generation !== null && s.state !== 'starting')
          ? l
          : undefined;
      },
      15_000,
    );

    assert.deepEqual(after.map((s) => s.session_id).sort(), [...ids].sort());
    for (const s of after) {
      const old = before.find((b) => b.session_id === s.session_id);
      assert.ok(old && s.binding_generation !== null && old.binding_generation !== null);
      assert.ok(
        s.binding_generation > old.binding_generation,
        `generation ${s.binding_generation} is not newer than ${old.binding_generation}`,
      );
      assert.notEqual(s.state, 'exited');
    }
  });
});
