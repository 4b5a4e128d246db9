/**
 * Turns "the terminal wrote something" into captures: a throttled change capture while output
 * flows (optional), and a settled capture once output has stopped for a quiet period, so that
 * recognition sees whole frames. A settled capture is dropped (and retried) if output arrived
 * while it was taken. Timers run only after output: nothing runs while nothing changes.
 */
import type { CaptureOptions, ScreenCapture } from './endpoint';

export interface MonitorClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: MonitorClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface MonitorOptions {
  /** Output must have stopped this long before a capture counts as settled (ms). */
  quietMs?: number;
  /** At most one change capture per this many ms while output flows; 0 turns them off. */
  changeIntervalMs?: number;
  /** Take settled captures with SGR escapes. */
  styled?: boolean;
  clock?: MonitorClock;
}

export interface SettledInfo {
  /** How long the screen had been quiet when the capture completed (ms). */
  quietForMs: number;
  /** Output events seen so far. */
  outputSeq: number;
}

interface MonitorSink {
  settled(capture: ScreenCapture, info: SettledInfo): void;
  change?(capture: ScreenCapture): void;
  error?(error: unknown): void;
}

export const DEFAULT_QUIET_MS = 40;

export class ScreenMonitor {
  private seq = 0;
  private lastOutput: number | null = null;
  private settleTimer: unknown = null;
  private changeTimer: unknown = null;
  private lastChangeAt = Number.NEGATIVE_INFINITY;
  private inFlight = false;
  private wantSettled = false;
  private wantChange = false;
  private disposed = false;
  private readonly quietMs: number;
  private readonly changeIntervalMs: number;
  private readonly styled: boolean;
  private readonly clock: MonitorClock;

  constructor(
    private readonly capture: (options: CaptureOptions) => Promise<ScreenCapture>,
    private readonly sink: MonitorSink,
    options: MonitorOptions = {},
  ) {
    this.quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
    this.changeIntervalMs = options.changeIntervalMs ?? 0;
    this.styled = options.styled ?? true;
    this.clock = options.clock ?? systemClock;
  }

  get outputSeq(): number {
    return this.seq;
  }

  get lastOutputAt(): number | null {
    return this.lastOutput;
  }

  /** Milliseconds since the last output, or null before any. */
  msSinceOutput(): number | null {
    return this.lastOutput === null ? null : this.clock.now() - this.lastOutput;
  }

  /** True while a settled capture is owed (output seen and not yet settled). */
  get pending(): boolean {
    return this.wantSettled;
  }

  noteOutput(): void {
    if (this.disposed) return;
    this.seq++;
    this.lastOutput = this.clock.now();
    this.wantSettled = true;
    this.armSettle(this.quietMs);
    if (this.changeIntervalMs > 0 && this.changeTimer === null) {
      const delay = Math.max(0, this.lastChangeAt + this.changeIntervalMs - this.clock.now());
      this.changeTimer = this.clock.setTimeout(() => {
        this.changeTimer = null;
        this.wantChange = true;
        this.pump();
      }, delay);
    }
  }

  /** Asks for a settled capture without new output (after attach or a refresh request). */
  requestSettled(): void {
    if (this.disposed) return;
    this.wantSettled = true;
    const quiet = this.lastOutput === null ? this.quietMs : this.clock.now() - this.lastOutput;
    this.armSettle(Math.max(0, this.quietMs - quiet));
  }

  dispose(): void {
    this.disposed = true;
    if (this.settleTimer !== null) this.clock.clearTimeout(this.settleTimer);
    if (this.changeTimer !== null) this.clock.clearTimeout(this.changeTimer);
    this.settleTimer = null;
    this.changeTimer = null;
  }

  private armSettle(ms: number): void {
    if (this.settleTimer !== null) return; // checked lazily when it fires
    this.settleTimer = this.clock.setTimeout(() => {
      this.settleTimer = null;
      this.pump();
    }, ms);
  }

  /** Starts the next capture that is due, one at a time. */
  private pump(): void {
    if (this.disposed || this.inFlight) return;
    if (this.wantSettled) {
      const quiet = this.lastOutput === null ? Number.POSITIVE_INFINITY : this.clock.now() - this.lastOutput;
      if (quiet >= this.quietMs) {
        this.run(true);
        return;
      }
      this.armSettle(this.quietMs - quiet);
    }
    if (this.wantChange) this.run(false);
  }

  private run(settled: boolean): void {
    const seqAtStart = this.seq;
    this.inFlight = true;
    if (!settled) {
      this.wantChange = false;
      this.lastChangeAt = this.clock.now();
    }
    this.capture({ styled: settled && this.styled }).then(
      (capture) => {
        this.inFlight = false;
        if (this.disposed) return;
        if (settled) {
          if (this.seq === seqAtStart) {
            this.wantSettled = false;
            this.wantChange = false;
            const quietForMs = this.lastOutput === null ? 0 : capture.capturedAt - this.lastOutput;
            this.sink.settled(capture, { quietForMs, outputSeq: this.seq });
          }
          // else: output arrived meanwhile and has armed the settle timer again.
        } else {
          this.sink.change?.(capture);
        }
        this.pump();
      },
      (error: unknown) => {
        this.inFlight = false;
        if (this.disposed) return;
        if (settled) this.wantSettled = false;
        this.sink.error?.(error);
        this.pump();
      },
    );
  }
}
