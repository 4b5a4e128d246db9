/**
 * Reading a scrolled list's rows out of sight (a single-select dialog taller than the terminal):
 * the cursor moves one row per key, down until the last row has been in sight, up until the
 * first has, and back to the row it was on, so the terminal ends as the person left it. Each key
 * goes only to the window last proven, and its effect (the same list, the cursor one row on) is
 * proven on a settled capture before the next. Cursor keys answer nothing; any other screen ends
 * the reading, and the list is left to the terminal saying why. Nothing is ever retried.
 */
import { AkkError } from '../../shared/errors';
import type { ListWindow } from '../../adapters/types';
import { listTotal, recognize, sameList, timingOf } from '../base/adapters';
import { sleep } from '../base/sleep';
import type { Session, SettledCapture } from '../sessions';
import { snapshotOf } from '../sessions/screen-snapshot';
import type { SendDeps } from './responder-deps';

/** No list AKK reads has more rows than this: a reading that goes further stops. */
const MAX_ROWS = 20;

/** The window a capture shows, when it is one of `list`'s. */
function windowOf(session: Session, capture: SettledCapture, list: ListWindow): ListWindow | undefined {
  if (capture.unproven !== undefined) return undefined;
  const r = recognize(session.agent, session.version, snapshotOf(capture), session.profileSource);
  return r.kind === 'manual_required' && r.window && sameList(r.window, list) ? r.window : undefined;
}

/** What a capture showed instead of the window expected, for the log: a reading that ends says why. */
function seenInstead(session: Session, capture: SettledCapture, list: ListWindow): string {
  if (capture.unproven !== undefined) return `an unproven screen (${capture.unproven})`;
  const r = recognize(session.agent, session.version, snapshotOf(capture), session.profileSource);
  if (r.kind === 'manual_required' && r.window && sameList(r.window, list)) {
    const rows = r.window.rows.map((x) => x.number).join(',');
    return `the list's rows ${rows}, the cursor on ${r.window.cursor ?? 'none'}`;
  }
  if (r.kind === 'manual_required') return `a screen left to the terminal (${r.reason})`;
  return r.kind === 'activity' ? `the agent ${r.state}` : `a ${r.kind}`;
}

/** The rows in sight on the windows seen: the lowest and highest row numbers. */
function span(windows: readonly ListWindow[]): { first: number; last: number } {
  const numbers = windows.flatMap((w) => w.rows.map((r) => r.number));
  return { first: Math.min(...numbers), last: Math.max(...numbers) };
}

export class ListReader {
  constructor(private readonly d: SendDeps) {}

  /** Reads `home`'s list in the background; the tracker is told the outcome and looks again. */
  start(session: Session, home: ListWindow): void {
    void this.read(session, home).catch((e: unknown) => this.d.log.warn(`reading a scrolled list: ${String(e)}`));
  }

  private async read(session: Session, home: ListWindow): Promise<void> {
    const { tracker, log } = this.d;
    const refused = this.refusal(session, home);
    if (refused !== undefined) {
      tracker.lists.endReading(session.id, home, { failed: refused });
      await this.observe(session);
      return;
    }
    tracker.lists.startReading(session.id);
    let result: { windows: ListWindow[] } | { failed: string };
    try {
      result = await this.d.locks.hold(session.id, `list:${session.id}`, () => this.scroll(session, home));
    } catch (e) {
      result = { failed: e instanceof Error ? e.message : String(e) };
    }
    tracker.lists.endReading(session.id, home, result);
    log.info(
      'failed' in result
        ? `session ${session.id}: the scrolled list is left to the terminal (${result.failed})`
        : `session ${session.id}: read the scrolled list in ${result.windows.length} window(s)`,
    );
    await this.observe(session);
  }

  /** Why no key may go to this terminal now, if one is. */
  private refusal(session: Session, home: ListWindow): string | undefined {
    if (!this.d.options.inputAllowed) return 'the workspace is not trusted';
    const blocked = session.observeOnlyReason();
    if (blocked) return blocked;
    if (!session.endpoint || session.state === 'exited') return 'the terminal is gone';
    if (home.cursor === null || home.editing) return 'the cursor is not on an option row';
    return undefined;
  }

  private async scroll(session: Session, home: ListWindow): Promise<{ windows: ListWindow[] }> {
    let capture = await session.nextSettled(this.d.options.proofTimeoutMs);
    // The size the window was drawn at: a resize or re-attach ends the reading.
    const generation = capture.generation;
    let at = windowOf(session, capture, home);
    if (at?.source !== home.source) throw new AkkError('stale_revision', 'the screen changed before the list was read');
    const windows = [at];
    /**
     * Waits for quiet, and proves the screen still shows the list with the cursor on the same row.
     * A client may draw the row under the cursor first and what goes with it after (Gemini CLI's
     * hints once the free-text row's editor opens): that later frame is the same position, and the
     * window it shows is the one the next key goes to.
     */
    const settle = async (): Promise<void> => {
      const from = at as ListWindow;
      await this.waitQuiet(session);
      if (session.generation !== generation) throw new AkkError('stale_revision', 'the terminal was resized');
      if (session.outputSeq() === capture.outputSeq) return;
      capture = await session.nextSettled(this.d.options.proofTimeoutMs);
      const now = windowOf(session, capture, home);
      if (now === undefined || now.cursor !== from.cursor)
        throw new AkkError(
          'stale_revision',
          `the screen changed while the list was read: it showed ${seenInstead(session, capture, home)}`,
        );
      if (now.source !== from.source) {
        windows.push(now);
        at = now;
      }
    };
    const move = async (down: boolean): Promise<void> => {
      const from = at as ListWindow;
      const endpoint = session.endpoint;
      if (!endpoint) throw new AkkError('endpoint_unavailable', 'the terminal is gone');
      const key = down ? home.move.down : home.move.up;
      if ('keys' in key) await endpoint.sendKeys(key.keys, { generation });
      else await endpoint.sendLiteral(key.text, { generation });
      const want = (from.cursor ?? 0) + (down ? 1 : -1);
      const moved = await this.provenMove(session, home, { from: from.cursor, want }, generation);
      capture = moved.capture;
      at = moved.window;
      windows.push(at);
    };
    const cursor = (): number => (at as ListWindow).cursor ?? 0;
    // Down until the last row has been in sight (and the list has said which row that is), up
    // until the first has, and back to the row the cursor was on.
    for (await settle(); ; await settle()) {
      const total = listTotal(windows);
      if (total !== null && span(windows).last >= total) break;
      if (windows.length > MAX_ROWS)
        throw new AkkError('stale_revision', 'the scrolled list never showed its last row');
      await move(true);
    }
    while (span(windows).first > 1) {
      await move(false);
      await settle();
    }
    while (cursor() !== home.cursor) {
      await move(cursor() < (home.cursor ?? 0));
      await settle();
    }
    return { windows };
  }

  /**
   * Settled captures until one shows the list with the cursor on row `want` (the key's effect);
   * the cursor still on `from` is the key not yet drawn; anything else ends the reading.
   */
  private async provenMove(
    session: Session,
    home: ListWindow,
    { from, want }: { from: number | null; want: number },
    generation: number,
  ): Promise<{ capture: SettledCapture; window: ListWindow }> {
    const deadline = Date.now() + this.d.options.proofTimeoutMs;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new AkkError('terminal_not_settled', `the cursor was not seen on option ${want}`);
      const capture = await session.nextSettled(remaining);
      if (capture.generation !== generation) throw new AkkError('stale_revision', 'the terminal was resized');
      const window = windowOf(session, capture, home);
      if (window?.cursor === want) return { capture, window };
      if (!window)
        throw new AkkError(
          'stale_revision',
          `another screen came up while the list was read: ${seenInstead(session, capture, home)}`,
        );
      if (window.cursor !== from)
        throw new AkkError(
          'stale_revision',
          `the cursor moved to another row than option ${want} (keys typed meanwhile?)`,
        );
      await sleep(50);
    }
  }

  private async waitQuiet(session: Session): Promise<void> {
    const need = timingOf(session.agent).quietBeforeKey;
    for (;;) {
      const quiet = session.msSinceOutput() ?? need;
      if (quiet >= need) return;
      await sleep(need - quiet + 5);
    }
  }

  private async observe(session: Session): Promise<void> {
    if (session.state === 'exited') return;
    const capture = await session.nextSettled(this.d.options.proofTimeoutMs);
    await this.d.tracker.observe(session, capture);
  }
}
