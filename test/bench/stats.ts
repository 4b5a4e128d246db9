/** What the benches share: order statistics they print (never assertions), timing and tmux clean-up. */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Removes the socket file of a private tmux server once it is killed (tmux 3.3 leaves it behind). */
export function removeTmuxSocket(name: string): void {
  fs.rmSync(path.join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`, name), { force: true });
}

/** The q-quantile (nearest rank) of `values`; NaN when there are none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] as number;
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);
export const p99 = (values: readonly number[]): number => quantile(values, 0.99);
export const max = (values: readonly number[]): number => (values.length === 0 ? NaN : Math.max(...values));

/** Milliseconds since `start` (a `process.hrtime.bigint()` reading). */
export function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** `median 12.3 ms, p99 45.6 ms, max 78.9 ms (n=20)` */
export function summary(values: readonly number[], digits = 1): string {
  const f = (x: number): string => x.toFixed(digits);
  return `median ${f(median(values))} ms, p99 ${f(p99(values))} ms, max ${f(max(values))} ms (n=${values.length})`;
}

import { sleep } from '../../src/qualify/wait';

export { sleep };

/** Lets everything already queued on the event loop run first (I/O callbacks, immediates). */
export const yieldToLoop = (): Promise<void> => new Promise((r) => setImmediate(r));
