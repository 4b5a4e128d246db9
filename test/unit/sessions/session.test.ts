import * as assert from 'node:assert/strict';
import type { AgentProcess, Endpoint, EndpointChange, ScreenCapture } from '../../../src/server/sessions/endpoint';
import { Emitter } from '../../../src/server/sessions/events';
import { Session, type Classification } from '../../../src/server/sessions/session';
import { FakeClock } from './support/fake-clock';

class FakeEndpoint implements Endpoint {
  generation = 7;
  closed = false;
  screen = 'idle';
  dead = false;
  agent: AgentProcess | null = {
    agent: 'claude',
    version: '2.1.332',
    pid: 10,
    startTime: 1,
    executable: '/x/claude',
    foreground: true,
  };
  readonly changes = new Emitter<EndpointChange>();
  capture(): Promise<ScreenCapture> {
    return Promise.resolve({
      text: this.screen,
      cols: 80,
      rows: 24,
      cursor: { x: 0, y: 0, visible: true },
      capturedAt: 0,
      generation: this.generation,
      paneDead: this.dead,
    });
  }
  sendLiteral(): Promise<void> {
    return Promise.resolve();
  }
  sendKeys(): Promise<void> {
    return Promise.resolve();
  }
  paste(): Promise<void> {
    return Promise.resolve();
  }
  identity() {
    return { backend: 'tmux' as const, paneId: '%1', panePid: 1, paneStartTime: 1 };
  }
  agentProcess(): AgentProcess | null {
    return this.agent;
  }
  describe() {
    return { kind: 'tmux' as const, socket: 's', target: 'w:0.0', pane_id: '%1' };
  }
  lastOutputAt(): number | null {
    return null;
  }
  onChange(listener: (c: EndpointChange) => void) {
    return this.changes.event(listener);
  }
  dispose(): void {}
}

async function setup() {
  const clock = new FakeClock();
  const ep = new FakeEndpoint();
  let changed = 0;
  const settled: string[] = [];
  const session = new Session('ses_1', ep.describe(), 'unknown', null, {
    classify: ({ capture }): Classification => ({ state: capture.text as Classification['state'] }),
    changed: () => changed++,
    settled: (_s, c) => settled.push(c.text),
    log: () => undefined,
  });
  session.bind(ep, { quietMs: 40, clock });
  const show = async (screen: string): Promise<void> => {
    ep.screen = screen;
    ep.changes.fire({ kind: 'output', at: clock.now() });
    await clock.advance(50);
  };
  await clock.advance(50);
  return { clock, ep, session, show, settled, changes: () => changed };
}

describe('sessions/session', () => {
  it('derives the state from settled captures and takes the agent from the endpoint', async () => {
    const { session, settled } = await setup();
    assert.equal(session.state, 'idle');
    assert.equal(session.agent, 'claude');
    assert.equal(session.version, '2.1.332');
    assert.equal(session.inputAllowed, true);
    assert.deepEqual(settled, ['idle']);
    assert.equal(session.summary().observe_only_reason, undefined);
  });

  it('opens a turn when work starts after idle, keeps it through prompts, and opens a new one after idle', async () => {
    const { session, show } = await setup();
    assert.equal(session.turnId, null);
    await show('working');
    const first = session.turnId;
    assert.match(first ?? '', /^turn_[A-Za-z0-9_-]{22}$/);
    await show('waiting_input');
    await show('working');
    await show('manual_required');
    assert.equal(session.turnId, first);
    await show('idle');
    assert.equal(session.turnId, first, 'the finished turn stays visible');
    await show('working');
    assert.notEqual(session.turnId, first);
  });

  it('keeps the last proven state on an unreadable screen', async () => {
    const { session, show } = await setup();
    await show('working');
    await show('unknown');
    assert.equal(session.state, 'working');
  });

  it('holds response_uncertain until cleared', async () => {
    const { session, show } = await setup();
    session.setResponseUncertain(true);
    assert.equal(session.state, 'response_uncertain');
    await show('working');
    assert.equal(session.state, 'response_uncertain');
    session.setResponseUncertain(false);
    assert.equal(session.state, 'working');
  });

  it('is exited when the agent process is gone, when the pane is dead, and when the endpoint closes', async () => {
    const { session, show, ep } = await setup();
    ep.agent = {
      agent: 'unknown',
      version: null,
      pid: 5,
      startTime: 1,
      executable: '/bin/bash',
      foreground: true,
      reason: 'none',
    };
    await show('idle');
    assert.equal(session.state, 'exited');
    assert.equal(session.exitReason, 'the agent has exited');
    assert.equal(session.inputAllowed, false);
    ep.agent = {
      agent: 'claude',
      version: '2.1.332',
      pid: 11,
      startTime: 2,
      executable: '/x/claude',
      foreground: true,
    };
    await show('idle');
    assert.equal(session.state, 'idle', 'a restarted agent is followed');
    ep.dead = true;
    await show('idle');
    assert.equal(session.state, 'exited');
    ep.dead = false;
    ep.changes.fire({ kind: 'closed', at: 0, reason: 'pane gone' });
    assert.equal(session.state, 'exited');
    assert.equal(session.summary().observe_only_reason, 'pane gone');
  });

  it('never allows input to an unknown version or a background agent', async () => {
    const { session, show, ep } = await setup();
    ep.agent = {
      agent: 'claude',
      version: '2.1.332',
      pid: 10,
      startTime: 1,
      executable: '/x/claude',
      foreground: false,
    };
    await show('idle');
    assert.match(session.observeOnlyReason() ?? '', /foreground/);
    session.version = null;
    assert.match(session.observeOnlyReason() ?? '', /version/);
  });
});
