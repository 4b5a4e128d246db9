/** The callers of `Session.nextSettled` waiting for the next settled capture, or told why none will come. */
import { AkkError } from '../../shared/errors';
import type { SettledCapture } from './endpoint';

interface SettledWaiter {
  settle(capture: SettledCapture): void;
  fail(error: AkkError): void;
}

export class SettledWaiters {
  private waiters: SettledWaiter[] = [];

  /** Resolves with the next settled capture; rejects with `terminal_not_settled` after `timeoutMs`. */
  wait(timeoutMs: number, ask: () => void): Promise<SettledCapture> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new AkkError(
            'terminal_not_settled',
            `the terminal did not show a still screen within ${timeoutMs} ms: wait until it settles and answer again`,
          ),
        );
      }, timeoutMs);
      const waiter: SettledWaiter = {
        settle: (capture) => {
          clearTimeout(timer);
          resolve(capture);
        },
        fail: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.waiters.push(waiter);
      ask();
    });
  }

  settle(capture: SettledCapture): void {
    for (const waiter of this.waiters.splice(0)) waiter.settle(capture);
  }

  /** Every waiter learns at once that no screen will come. */
  fail(reason: string): void {
    for (const waiter of this.waiters.splice(0)) waiter.fail(new AkkError('agent_exited', reason));
  }
}
