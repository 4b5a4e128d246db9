/** Waiting for the editor's first matching event never hangs, and leaves no listener behind. */
import { strict as assert } from 'node:assert';
import { EventEmitter } from 'node:events';
import { firstEvent } from '../../../src/extension/core/first-event';

function emitter() {
  const e = new EventEmitter();
  const event = (listener: (x: string) => unknown) => {
    e.on('x', listener);
    return { dispose: () => e.off('x', listener) };
  };
  return { e, event };
}

describe('the first matching event', () => {
  it('resolves with the first event picked, skipping others, and stops listening', async () => {
    const { e, event } = emitter();
    const waiting = firstEvent(event, (x) => (x === 'running' ? 1 : undefined), 1000);
    e.emit('x', 'starting');
    e.emit('x', 'running');
    assert.equal(await waiting, 1);
    assert.equal(e.listenerCount('x'), 0);
  });

  it('resolves undefined once the time is up, and stops listening', async () => {
    const { e, event } = emitter();
    assert.equal(await firstEvent(event, () => undefined, 20), undefined);
    assert.equal(e.listenerCount('x'), 0);
  });
});
