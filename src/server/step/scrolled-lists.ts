/**
 * What each session's screens have shown of a single-select list that scrolls inside its dialog
 * (a dialog taller than the terminal): the windows seen, until every row has been in sight and the
 * step can be offered whole (assembled by the adapters from the windows). A window seen while the
 * rows are still being read is left to the terminal; so is a list whose reading failed, with why.
 * Any other screen forgets it, except, while an answer is typed, one that proves nothing.
 */
import { assembleList, everyRowSeen, sameList } from '../base/adapters';
import type { ListWindow, Recognition } from '../../adapters/types';

interface ListSeen {
  windows: ListWindow[];
  /** Why reading the rows out of sight failed, once it has. */
  failed?: string;
}

/** How a reading of the rows out of sight ended: the windows it proved, or why it failed. */
type ReadingResult = { windows: readonly ListWindow[] } | { failed: string };

export class ScrolledLists {
  private readonly seen = new Map<string, ListSeen>();
  /** Sessions whose list is being read: what their screens show changes nothing meanwhile. */
  private readonly underway = new Set<string>();

  reading(sessionId: string): boolean {
    return this.underway.has(sessionId);
  }

  startReading(sessionId: string): void {
    this.underway.add(sessionId);
  }

  /** Keeps the windows a reading proved, or fails the list with why (it is then left to the terminal). */
  endReading(sessionId: string, home: ListWindow, result: ReadingResult): void {
    this.underway.delete(sessionId);
    if ('failed' in result) this.record(sessionId, home).failed = result.failed;
    else for (const w of result.windows) this.record(sessionId, w);
  }

  /**
   * The recognition a screen stands for once the session's windows are taken into account: a
   * window of a list whose every row has been in sight is the whole step. `answering`: a response
   * to the session's step is being typed and proven.
   */
  resolve(sessionId: string, r: Recognition, answering = false): Recognition {
    if (r.kind !== 'manual_required' || r.window === undefined) {
      // While an answer to the list is typed and proven, a screen that proves nothing (a frame torn
      // on a busy machine, drawn in two parts) does not end the list: only one read as another state.
      if (!(answering && provesNothing(r))) this.seen.delete(sessionId);
      return r;
    }
    const window = r.window;
    const list = this.record(sessionId, window);
    if (list.failed !== undefined)
      return {
        kind: 'manual_required',
        reason: `${r.reason} (the rows out of sight could not be read: ${list.failed})`,
      };
    const whole = assembleList(window, list.windows);
    if (whole.kind === 'questionnaire') return whole;
    // Every row was in sight and still the windows make no one list: say why, not only that it scrolls.
    if (everyRowSeen([window, ...list.windows]))
      return { ...r, reason: `${r.reason} (the rows read do not make one list: ${whole.reason})` };
    return r;
  }

  /**
   * Whether this window's list still waits to be read (a row never in sight, the reading never
   * failed). A list read whole is never read again, whatever the person does with it meanwhile.
   */
  unread(sessionId: string, window: ListWindow): boolean {
    const list = this.seen.get(sessionId);
    if (!list || !sameList(list.windows[0] as ListWindow, window)) return true;
    return list.failed === undefined && !everyRowSeen([window, ...list.windows]);
  }

  forget(sessionId: string): void {
    this.seen.delete(sessionId);
    this.underway.delete(sessionId);
  }

  private record(sessionId: string, window: ListWindow): ListSeen {
    let list = this.seen.get(sessionId);
    if (!list || !sameList(list.windows[0] as ListWindow, window)) {
      list = { windows: [] };
      this.seen.set(sessionId, list);
    }
    // The windows in the order last seen: a checklist's boxes are as the latest window drew them.
    const again = list.windows.findIndex((w) => w.source === window.source);
    if (again >= 0) list.windows.splice(again, 1);
    list.windows.push(window);
    return list;
  }
}

/** A screen read as no state at all: not a window, a named dialog or start-up screen, or an activity. */
function provesNothing(r: Recognition): boolean {
  if (r.kind === 'activity') return r.state === 'unknown';
  return r.kind === 'manual_required' && r.window === undefined && r.dialog === undefined && r.startup === undefined;
}
