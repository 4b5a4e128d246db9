// Real tmux: settled captures are whole frames, events arrive without polling, the binding
// generation moves on resize and respawn, and a closed pane is reported as exited.
import * as assert from 'node:assert/strict';
import {
  SessionRegistry,
  TmuxServer,
  type Classify,
  type ScreenCapture,
  type Session,
} from '../../../src/server/sessions';
import { writePrograms, type Programs } from './support/programs';
import { TmuxLab, sleep, waitFor } from './support/tmux-lab';

const classify: Classify = ({ capture }) => ({
  state: capture.text.includes('PROMPT') ? 'waiting_input' : capture.text.includes('WORKING') ? 'working' : 'idle',
});

describe('sessions (tmux): monitor and endpoint', function () {
  this.timeout(20_000);
  let lab: TmuxLab;
  let programs: Programs;
  let registry: SessionRegistry;
  const settled: Array<{ session: Session; capture: ScreenCapture }> = [];

  before(() => {
    programs = writePrograms();
  });
  beforeEach(() => {
    lab = new TmuxLab();
    settled.length = 0;
    registry = new SessionRegistry({ classify });
    registry.onSettled((session, capture) => settled.push({ session, capture }));
  });
  afterEach(async () => {
    registry.dispose();
    await lab.kill();
  });

  async function attachProgram(file: string, cols = 80, rows = 24): Promise<Session> {
    const pane = await lab.start([process.execPath, file], { cols, rows });
    await waitFor('program ready', async () => (await lab.capture(pane)).includes('READY'));
    const session = await registry.attach({ socket: lab.socket, target: pane });
    await waitFor('first settled capture', () => settled.some((s) => s.session === session));
    return session;
  }

  it('hands over only whole frames, even when a frame is written in parts', async () => {
    const session = await attachProgram(programs.frames);
    for (let i = 1; i <= 5; i++) {
      await session.endpoint!.sendLiteral('g');
      await waitFor(`frame ${i}`, () => settled.some((s) => s.capture.text.includes(`FOOTER ${i} END`)));
      await sleep(30);
    }
    const frames = settled.map((s) => s.capture.text).filter((t) => t.includes('HEADER'));
    assert.ok(frames.length >= 5);
    for (const text of frames) assert.match(text, /FOOTER \d+ END/, `a partial frame was handed over:\n${text}`);
  });

  it('coalesces fast redraws into one settled capture of the final screen', async () => {
    const session = await attachProgram(programs.frames);
    const before = settled.length;
    await session.endpoint!.sendLiteral('b');
    await waitFor('DONE', () => settled.some((s) => s.capture.text.includes('DONE')));
    await sleep(150);
    const during = settled.slice(before);
    assert.ok(
      during.every((s) => !s.capture.text.includes('COUNT')),
      'no capture of the running redraw was settled',
    );
    assert.equal(during.length, 1);
    assert.equal(typeof session.msSinceOutput(), 'number');
  });

  it('learns of output from control mode, and runs no tmux command while the pane is quiet', async () => {
    const session = await attachProgram(programs.frames);
    let commands = 0;
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = TmuxServer.prototype.command;
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const originalRun = TmuxServer.prototype.run;
    TmuxServer.prototype.command = function (this: TmuxServer, args: readonly string[]) {
      commands++;
      return original.call(this, args);
    };
    TmuxServer.prototype.run = function (this: TmuxServer, args: readonly string[]) {
      commands++;
      return originalRun.call(this, args);
    };
    try {
      await sleep(1000);
      assert.equal(commands, 0, 'no tmux command while nothing changes');
      await lab.tmux('send-keys', '-t', session.endpoint!.identity().paneId ?? '', 'g');
      const t0 = Date.now();
      await waitFor('frame', () => settled.some((s) => s.capture.text.includes('FOOTER 1 END')));
      assert.ok(Date.now() - t0 < 1000);
      assert.ok(commands > 0 && commands <= 6, `commands: ${commands}`);
    } finally {
      TmuxServer.prototype.command = original;
      TmuxServer.prototype.run = originalRun;
    }
    assert.equal(registry.controlClientCount, 1);
  });

  it('moves the binding generation on resize and on respawn, and captures report size and cursor', async () => {
    const session = await attachProgram(programs.frames, 80, 24);
    const ep = session.endpoint!;
    const g0 = ep.generation;
    const c0 = await ep.capture({ styled: true });
    assert.equal(c0.cols, 80);
    assert.equal(c0.rows, 24);
    assert.equal(c0.text.split('\n').length, 24);
    assert.equal(typeof c0.styled, 'string');
    assert.equal(c0.generation, g0);
    await lab.tmux('resize-window', '-t', ep.identity().paneId ?? '', '-x', '100', '-y', '30');
    const resized = await waitFor('resized capture', () => settled.find((s) => s.capture.cols === 100));
    assert.equal(resized.capture.rows, 30);
    assert.equal(resized.capture.generation, g0 + 1);
    await lab.tmux('respawn-pane', '-k', '-t', ep.identity().paneId ?? '', process.execPath, programs.frames);
    await waitFor('respawned capture', () => settled.find((s) => s.capture.generation === g0 + 2));
    assert.ok(ep.identity().panePid > 0);
  });

  it('reports a closed pane as exited, keeps it listed, and stops its control client', async () => {
    const keep = await lab.start(['sleep', '600']);
    void keep;
    const session = await attachProgram(programs.frames);
    const changes: string[] = [];
    registry.onSessionsChanged((list) => changes.push(list.map((s) => s.state).join(',')));
    await lab.tmux('kill-pane', '-t', session.endpoint!.identity().paneId ?? '');
    await waitFor('exited', () => session.state === 'exited');
    assert.equal(registry.list()[0]?.state, 'exited');
    assert.ok(changes.some((c) => c.includes('exited')));
    await waitFor('control client closed', () => registry.controlClientCount === 0);
    await assert.rejects(session.endpoint!.sendKeys(['Enter']), { code: 'endpoint_unavailable' });
  });
});
