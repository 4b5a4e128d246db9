import * as assert from 'node:assert/strict';
import type { CaptureOptions, ScreenCapture } from '../../../src/server/sessions/endpoint';
import { ScreenMonitor, type SettledInfo } from '../../../src/server/sessions/monitor';
import { FakeClock, flush } from './support/fake-clock';

interface Harness {
  clock: FakeClock;
  monitor: ScreenMonitor;
  captures: CaptureOptions[];
  settled: Array<{ capture: ScreenCapture; info: SettledInfo }>;
  changes: ScreenCapture[];
  /** Resolves the oldest capture in flight. */
  finish(): Promise<void>;
  inFlight(): number;
}

function harness(options: { quietMs?: number; changeIntervalMs?: number } = {}): Harness {
  const clock = new FakeClock();
  const captures: CaptureOptions[] = [];
  const waiting: Array<() => void> = [];
  const settled: Harness['settled'] = [];
  const changes: ScreenCapture[] = [];
  let n = 0;
  const monitor = new ScreenMonitor(
    (o) => {
      captures.push(o);
      const id = ++n;
      return new Promise<ScreenCapture>((resolve) => {
        waiting.push(() =>
          resolve({
            text: `frame ${id}`,
            cols: 80,
            rows: 24,
            cursor: { x: 0, y: 0, visible: true },
            capturedAt: clock.now(),
            generation: 1,
          }),
        );
      });
    },
    { settled: (capture, info) => settled.push({ capture, info }), change: (c) => changes.push(c) },
    { ...options, clock },
  );
  return {
    clock,
    monitor,
    captures,
    settled,
    changes,
    finish: async () => {
      waiting.shift()?.();
      await flush();
    },
    inFlight: () => waiting.length,
  };
}

describe('sessions/monitor', () => {
  it('coalesces a burst of output into one settled capture after the quiet period', async () => {
    const h = harness({ quietMs: 40 });
    for (let i = 0; i < 10; i++) {
      h.monitor.noteOutput();
      await h.clock.advance(10);
    }
    assert.equal(h.captures.length, 0, 'no capture while output flows');
    await h.clock.advance(39);
    assert.equal(h.captures.length, 1);
    assert.deepEqual(h.captures[0], { styled: true });
    await h.finish();
    assert.equal(h.settled.length, 1);
    assert.equal(h.settled[0]?.info.outputSeq, 10);
    assert.ok((h.settled[0]?.info.quietForMs ?? 0) >= 40);
  });

  it('drops a settled capture when output arrived while it was taken, then settles again', async () => {
    const h = harness({ quietMs: 40 });
    h.monitor.noteOutput();
    await h.clock.advance(40);
    assert.equal(h.inFlight(), 1);
    h.monitor.noteOutput();
    await h.finish();
    assert.equal(h.settled.length, 0, 'the capture raced with output');
    await h.clock.advance(40);
    assert.equal(h.inFlight(), 1);
    await h.finish();
    assert.equal(h.settled.length, 1);
    assert.equal(h.settled[0]?.capture.text, 'frame 2');
  });

  it('leaves no timer behind once settled: nothing runs while nothing changes', async () => {
    const h = harness({ quietMs: 40, changeIntervalMs: 100 });
    h.monitor.noteOutput();
    await h.clock.advance(200);
    while (h.inFlight() > 0) await h.finish();
    await h.clock.advance(200);
    assert.equal(h.inFlight(), 0);
    assert.equal(h.clock.pendingTimers, 0);
    const before = h.captures.length;
    await h.clock.advance(60_000);
    assert.equal(h.captures.length, before);
  });

  it('throttles change captures while output keeps flowing', async () => {
    const h = harness({ quietMs: 40, changeIntervalMs: 100 });
    for (let i = 0; i < 100; i++) {
      h.monitor.noteOutput();
      await h.clock.advance(10);
      while (h.inFlight() > 0) await h.finish();
    }
    // 1000 ms of continuous output: about one change capture per 100 ms, no settled capture.
    assert.equal(h.settled.length, 0);
    assert.ok(h.changes.length >= 9 && h.changes.length <= 11, `changes ${h.changes.length}`);
    assert.ok(h.captures.every((c) => c.styled === false));
  });

  it('requestSettled captures without new output and reports time since output', async () => {
    const h = harness({ quietMs: 40 });
    assert.equal(h.monitor.msSinceOutput(), null);
    h.monitor.requestSettled();
    await h.clock.advance(0);
    assert.equal(h.inFlight(), 1);
    await h.finish();
    assert.equal(h.settled.length, 1);
    h.monitor.noteOutput();
    await h.clock.advance(25);
    assert.equal(h.monitor.msSinceOutput(), 25);
    h.monitor.requestSettled();
    await h.clock.advance(10);
    assert.equal(h.inFlight(), 0, 'still within the quiet period');
    await h.clock.advance(5);
    assert.equal(h.inFlight(), 1);
    h.monitor.dispose();
    await h.finish();
    assert.equal(h.settled.length, 1, 'nothing delivered after dispose');
  });
});
