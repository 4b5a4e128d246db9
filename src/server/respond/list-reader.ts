/**
 * Reading a scrolled list's rows out of sight (a single-select dialog taller than the terminal):
 * the cursor moves one row per key, down until the last row has been in sight, up until the
 * first has, and back to the row it was on, so the terminal ends as the person left it. Each key
 * goes only to the window last proven, and its effect (the same list, the cursor one row on) is
 * proven on a settled capture before the next. Cursor keys answer nothing; any other screen ends
 * the reading, and the list is left to the terminal saying why. Nothing is ever retried.
 */
import { AkkError, type ErrorCode } from '../../shared/errors';
import type { ListWindow } from '../../adapters/types';
import { listTotal, recognize, sameList, timingOf } from '../base/adapters';
import { sleep } from '../base/sleep';
import type { Session, SettledCapture } from '../sessions';
import type { ListReadingEvent } from '../store';
import { snapshotOf } from '../sessions/screen-snapshot';
import type { ScrolledLists } from '../step/scrolled-lists';
import type { SendDeps } from './responder-deps';

/** What a window proves: the position awaited, not yet (wait for the next capture), or refused (why). */
type Verdict = 'proven' | 'wait' | { refused: string };

/** No list AKK reads has more rows than this: a reading that goes further stops. */
const MAX_ROWS = 20;

/** The window a capture shows, when it is one of `list`'s. */
function windowOf(session: Session, capture: SettledCapture, list: ListWindow): ListWindow | undefined {
  if (capture.unproven !== undefined) return undefined;
  const r = recognize(session.agent, session.version, snapshotOf(capture), session.profileSource);
  return r.kind === 'manual_required' && r.window && sameList(r.window, list) ? r.window : undefined;
}

/** The rows of a window in sight and the cursor's, for the log: a reading that ends says why. */
function rowsOf(w: ListWindow): string {
  return `the list's rows ${w.rows.map((x) => x.number).join(',')}, the cursor on ${w.cursor ?? 'none'}`;
}

/** What a capture showed that is not a window of the list. */
function seenInstead(session: Session, capture: SettledCapture): string {
  if (capture.unproven !== undefined) return `an unproven screen (${capture.unproven})`;
  const r = recognize(session.agent, session.version, snapshotOf(capture), session.profileSource);
  if (r.kind === 'manual_required') return `a screen left to the terminal (${r.reason})`;
  return r.kind === 'activity' ? `the agent ${r.state}` : `a ${r.kind}`;
}

/** The rows in sight on the windows seen: the lowest and highest row numbers. */
function span(windows: readonly ListWindow[]): { first: number; last: number } {
  const numbers = windows.flatMap((w) => w.rows.map((r) => r.number));
  return { first: Math.min(...numbers), last: Math.max(...numbers) };
}

export class ListReader {
  /** `lists`: the scrolled lists the tracker reads screens against, told when a reading starts and ends. */
  constructor(
    private readonly d: SendDeps,
    private readonly lists: Pick<ScrolledLists, 'startReading' | 'endReading'>,
  ) {}

  /** Reads `home`'s list in the background; the tracker is told the outcome and looks again. */
  start(session: Session, home: ListWindow): void {
    void this.read(session, home).catch((e: unknown) => this.d.log.warn(`reading a scrolled list: ${String(e)}`));
  }

  private async read(session: Session, home: ListWindow): Promise<void> {
    const { log } = this.d;
    const refused = this.refusal(session, home);
    if (refused !== undefined) {
      this.lists.endReading(session.id, home, { failed: refused });
      await this.observe(session);
      return;
    }
    this.lists.startReading(session.id);
    let result: { windows: ListWindow[] } | { failed: string };
    // Keys no step asked for: the reading is in the ledger, begun and ended (and why it failed).
    await this.ledger(session.id, 'list_read_started');
    try {
      result = await this.d.locks.holdTerminal(session.id, () => this.scroll(session, home));
      await this.ledger(session.id, 'list_read_finished');
    } catch (e) {
      result = { failed: e instanceof Error ? e.message : String(e) };
      await this.ledger(session.id, 'list_read_failed', e instanceof AkkError ? e.code : 'internal_error');
    }
    this.lists.endReading(session.id, home, result);
    log.info(
      'failed' in result
        ? `session ${session.id}: the scrolled list is left to the terminal (${result.failed})`
        : `session ${session.id}: read the scrolled list in ${result.windows.length} window(s)`,
    );
    await this.observe(session);
  }

  /** A ledger line; a store that cannot write it is logged, the reading's outcome stands. */
  private async ledger(sessionId: string, event: ListReadingEvent, code?: ErrorCode): Promise<void> {
    await this.d.store
      .recordListReading(sessionId, event, code)
      .catch((e: unknown) => this.d.log.warn(`session ${sessionId}: ${event} not recorded: ${String(e)}`));
  }

  /** Why no key may go to this terminal now, if one is. */
  private refusal(session: Session, home: ListWindow): string | undefined {
    if (!this.d.options.inputAllowed) return 'the workspace is not trusted';
    if (session.uncertain) return 'an earlier answer in this terminal is uncertain: check the terminal first';
    const blocked = session.observeOnlyReason();
    if (blocked) return blocked;
    if (!session.endpoint || session.state === 'exited') return 'the terminal is gone';
    if (home.cursor === null || home.editing) return 'the cursor is not on an option row';
    return undefined;
  }

  private async scroll(session: Session, home: ListWindow): Promise<{ windows: ListWindow[] }> {
    const generation = session.generation;
    if (generation === null) throw new AkkError('endpoint_unavailable', 'the terminal is gone');
    // The list before any key: the same list, the cursor on the row it was seen on.
    let { capture, window: at } = await this.awaitWindow(session, home, generation, 'the list before any key', (w) =>
      w.cursor === home.cursor ? 'proven' : { refused: 'the cursor moved before the list was read' },
    );
    const windows = [at];
    /**
     * Waits for quiet, and proves the screen still shows the list with the cursor on the same row.
     * A client may draw the row under the cursor first and what goes with it after (Gemini CLI's
     * hints once the free-text row's editor opens): that later frame is the same position, and the
     * window it shows is the one the next key goes to.
     */
    const settle = async (): Promise<void> => {
      const from = at;
      await this.waitQuiet(session);
      if (session.generation !== generation) throw new AkkError('stale_revision', 'the terminal was resized');
      if (session.outputSeq() === capture.outputSeq) return;
      const seen = await this.awaitWindow(
        session,
        home,
        generation,
        `the cursor still on option ${from.cursor}`,
        (w) =>
          w.cursor === from.cursor
            ? 'proven'
            : { refused: `the screen changed while the list was read: it showed ${rowsOf(w)}` },
      );
      capture = seen.capture;
      if (seen.window.source !== from.source) {
        windows.push(seen.window);
        at = seen.window;
      }
    };
    const move = async (down: boolean): Promise<void> => {
      const from = at.cursor;
      const endpoint = session.endpoint;
      if (!endpoint) throw new AkkError('endpoint_unavailable', 'the terminal is gone');
      const key = down ? home.move.down : home.move.up;
      if ('keys' in key) await endpoint.sendKeys(key.keys, { generation });
      else await endpoint.sendLiteral(key.text, { generation });
      const want = (from ?? 0) + (down ? 1 : -1);
      // The cursor still on its row is the key not yet drawn; on any other row, another's key.
      ({ capture, window: at } = await this.awaitWindow(
        session,
        home,
        generation,
        `the cursor on option ${want}`,
        (w) => {
          if (w.cursor === want) return 'proven';
          if (w.cursor === from) return 'wait';
          return { refused: `the cursor moved to another row than option ${want} (keys typed meanwhile?)` };
        },
      ));
      windows.push(at);
    };
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
    while (at.cursor !== home.cursor) {
      await move((at.cursor ?? 0) < (home.cursor ?? 0));
      await settle();
    }
    return { windows };
  }

  /**
   * Settled captures until one shows a window of `home`'s list that `judge` proves, within the
   * proof timeout. A screen that is not a window of the list proves nothing either way: a client
   * on a busy machine can pause within a frame, and the next capture shows the rest of it. A
   * window `judge` refuses ends the reading; so does the timeout, saying what was seen last.
   */
  private async awaitWindow(
    session: Session,
    home: ListWindow,
    generation: number,
    what: string,
    judge: (w: ListWindow) => Verdict,
  ): Promise<{ capture: SettledCapture; window: ListWindow }> {
    const deadline = Date.now() + this.d.options.proofTimeoutMs;
    let last = 'nothing';
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new AkkError('terminal_not_settled', `${what} was never seen: the screen last showed ${last}`);
      const capture = await session.nextSettled(remaining);
      if (capture.generation !== generation) throw new AkkError('stale_revision', 'the terminal was resized');
      const window = windowOf(session, capture, home);
      if (window) {
        const verdict = judge(window);
        if (verdict === 'proven') return { capture, window };
        if (verdict !== 'wait') throw new AkkError('stale_revision', verdict.refused);
      }
      last = window ? rowsOf(window) : seenInstead(session, capture);
      await sleep(50);
    }
  }

  /**
   * The agent's quiet time before a key, within the proof timeout: a terminal that never stops
   * drawing ends the reading.
   */
  private async waitQuiet(session: Session): Promise<void> {
    const need = timingOf(session.agent).quietBeforeKey;
    const deadline = Date.now() + this.d.options.proofTimeoutMs;
    for (;;) {
      const quiet = session.msSinceOutput() ?? need;
      if (quiet >= need) return;
      if (Date.now() > deadline)
        throw new AkkError('terminal_not_settled', 'the terminal never went quiet while the list was read');
      await sleep(need - quiet + 5);
    }
  }

  private async observe(session: Session): Promise<void> {
    if (session.state === 'exited') return;
    const capture = await session.nextSettled(this.d.options.proofTimeoutMs);
    await this.d.tracker.observe(session, capture);
  }
}
