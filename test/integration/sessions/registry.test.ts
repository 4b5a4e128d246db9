// Real tmux: attached sessions survive a server restart (same ids, new binding generation),
// a pane that is gone or replaced is listed as exited, and a missing tmux is a typed error.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SessionRegistry, type Classify } from '../../../src/server/sessions';
import { JsonFilePersistence, MemoryPersistence } from './support/persistence';
import { writePrograms, type Programs } from './support/programs';
import { TmuxLab, waitFor } from './support/tmux-lab';

const classify: Classify = ({ capture }) => ({ state: capture.text.includes('HEADER') ? 'waiting_input' : 'idle' });
const REPO = path.resolve(__dirname, '..', '..', '..');

describe('sessions (tmux): registry, persistence and re-attach', function () {
  this.timeout(30_000);
  let lab: TmuxLab;
  let programs: Programs;
  let dir: string;
  const registries: SessionRegistry[] = [];

  function registry(persistence?: JsonFilePersistence | MemoryPersistence): SessionRegistry {
    const r = new SessionRegistry({ classify, ...(persistence ? { persistence } : {}) });
    registries.push(r);
    return r;
  }

  before(() => {
    programs = writePrograms();
  });
  beforeEach(() => {
    lab = new TmuxLab();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-reg-'));
  });
  afterEach(async () => {
    for (const r of registries.splice(0)) r.dispose();
    await lab.kill();
  });

  async function program(name?: string): Promise<string> {
    const pane = await lab.start([process.execPath, programs.frames], name ? { name } : {});
    await waitFor('ready', async () => (await lab.capture(pane)).includes('READY'));
    return pane;
  }

  it(
    're-attaches after a restart with the same ids and a new generation; ' + 'a gone pane stays listed as exited',
    async () => {
      const persistence = new JsonFilePersistence(path.join(dir, 'attached.json'));
      const first = registry(persistence);
      const a = await first.attach({ socket: lab.socket, target: await program() });
      const b = await first.attach({ socket: lab.socket, target: await program() });
      await waitFor('idle', () => a.state === 'idle' && b.state === 'idle');
      const genA = a.endpoint!.generation;
      const paneB = b.endpoint!.identity().paneId ?? '';
      first.dispose();
      await lab.tmux('kill-pane', '-t', paneB);

      const second = registry(new JsonFilePersistence(persistence.file));
      const restored = await second.restore();
      assert.deepEqual(restored.map((s) => s.session_id).sort(), [a.id, b.id].sort());
      const a2 = second.require(a.id);
      assert.ok(a2.endpoint!.generation > genA, 'a new binding generation');
      await waitFor('restored idle', () => a2.state === 'idle');
      await a2.endpoint!.sendLiteral('g');
      await waitFor('recognised after restore', () => a2.state === 'waiting_input');
      const b2 = second.require(b.id);
      assert.equal(b2.state, 'exited');
      assert.equal(second.list().length, 2);
      await second.detach(b.id);
      assert.deepEqual(
        (await persistence.loadAttached()).map((r) => r.session_id),
        [a.id],
      );
      assert.throws(() => second.require(b.id), { code: 'unknown_session' });
    },
  );

  it('survives a server process killed with SIGKILL', async () => {
    const file = path.join(dir, 'attached.json');
    const pane = await program();
    const script = path.join(dir, 'server.ts');
    fs.writeFileSync(
      script,
      `import { SessionRegistry } from ${JSON.stringify(path.join(REPO, 'src/server/sessions'))};
import { JsonFilePersistence } from ${JSON.stringify(path.join(REPO, 'test/integration/sessions/support/persistence'))};
const r = new SessionRegistry({
  classify: () => ({ state: 'idle' }),
  persistence: new JsonFilePersistence(${JSON.stringify(file)}),
});
r.attach({ socket: ${JSON.stringify(lab.socket)}, target: ${JSON.stringify(pane)} })
  .then((s) => console.log('ATTACHED ' + s.id + ' ' + s.endpoint!.generation));
setInterval(() => undefined, 1000);\n`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const line = await waitFor('child attached', () => /ATTACHED (\S+) (\d+)/.exec(out), 15_000);
    await waitFor('control client up', async () =>
      (await lab.tmux('list-clients', '-F', '#{client_control_mode}')).includes('1'),
    );
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    await waitFor(
      'control client gone',
      async () => !(await lab.tmux('list-clients', '-F', '#{client_control_mode}')).includes('1'),
    );

    const restarted = registry(new JsonFilePersistence(file));
    await restarted.restore();
    const session = restarted.require(line[1]!);
    assert.ok(session.endpoint!.generation > Number(line[2]));
    await waitFor('idle', () => session.state === 'idle');
  });

  it('refuses to re-attach a pane id that now belongs to a different process', async () => {
    const persistence = new MemoryPersistence();
    const first = registry(persistence);
    const s = await first.attach({ socket: lab.socket, target: await program() });
    first.dispose();
    await lab.kill();
    await program(); // a new server reuses the pane id
    const second = registry(persistence);
    await second.restore();
    const again = second.require(s.id);
    assert.equal(again.state, 'exited');
    assert.match(again.exitReason ?? '', /different process/);
  });

  it('a session whose tmux server is replaced at once by another exits; the new pane is not its own', async () => {
    const r = registry(new MemoryPersistence());
    const s = await r.attach({ socket: lab.socket, target: await program() });
    await waitFor('idle', () => s.state === 'idle');
    const paneId = s.endpoint!.identity().paneId;
    // The server dies and another starts at the same socket before the watcher looks again:
    // its first pane has the same id.
    await lab.kill();
    const again = await program();
    await waitFor('the session to exit', () => s.state === 'exited');
    assert.match(s.exitReason ?? '', /restarted|gone/);
    const candidates = await r.candidates([{ socket: lab.socket }], { includeUnknown: true });
    const reused = candidates.find((c) => c.endpoint.pane_id === paneId);
    assert.ok(reused, `the new server's pane ${again} has the id ${paneId ?? ''}`);
    assert.equal(reused.attached_session_id, null);
  });

  it(
    'gives a pane attached twice the same session; ' + 'detach + re-attach gives a new session and generation',
    async () => {
      const r = registry(new MemoryPersistence());
      const pane = await program('main');
      const s1 = await r.attach({ socket: lab.socket, target: pane });
      const same = await r.attach({ socket: lab.socket, target: 'main:0.0' });
      assert.equal(same, s1);
      assert.match(s1.id, /^ses_[A-Za-z0-9_-]{22}$/);
      const g1 = s1.endpoint!.generation;
      await r.detach(s1.id);
      const s2 = await r.attach({ socket: lab.socket, target: pane });
      assert.notEqual(s2.id, s1.id);
      assert.ok(s2.endpoint!.generation > g1);
      assert.equal(r.list().length, 1);
    },
  );

  it(
    'reports a missing tmux as tmux_unavailable with an install hint, ' + 'and a missing pane as endpoint_unavailable',
    async () => {
      const missing = new SessionRegistry({ classify, tmuxPath: path.join(dir, 'no-tmux') });
      registries.push(missing);
      await assert.rejects(
        missing.attach({ socket: lab.socket, target: '%0' }),
        (e: { code?: string; message?: string }) => {
          assert.equal(e.code, 'tmux_unavailable');
          assert.match(e.message ?? '', /apt-get install tmux/);
          return true;
        },
      );
      await assert.rejects(missing.candidates([{ socket: lab.socket }]), { code: 'tmux_unavailable' });
      await program();
      await assert.rejects(registry().attach({ socket: lab.socket, target: '%99' }), { code: 'endpoint_unavailable' });
    },
  );
});
