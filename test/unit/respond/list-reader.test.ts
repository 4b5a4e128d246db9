/**
 * The list reader against Gemini CLI's scrolled `ask_user` list, as the client draws it on a busy
 * machine: each key's effect in two frames, the cursor moved first and the hints that go with it
 * 120 ms later (its selection list tells the dialog of the move from an effect, which renders
 * again). The screens are the real ones captured by capture-list-moves.ts; the first frame of such
 * a move is that capture with the hints of the row the cursor left, which is what the client draws
 * before its second render. A terminal whose frames arrive apart cannot be made on demand with the
 * real client (a quiet machine draws both within the settle window), so the terminal here replays
 * them; the reader, the recognizer and the assembly are the real ones. So is a frame torn in two (the
 * client paused within it, its lower half not drawn yet), which a loaded machine shows now and then.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleList } from '../../../src/adapters/list-window';
import { recognize } from '../../../src/adapters/recognize';
import type { ListWindow } from '../../../src/adapters/types';
import { ListReader } from '../../../src/server/respond/list-reader';
import { DispatchLocks } from '../../../src/server/respond/locks';
import type { SendDeps } from '../../../src/server/respond/responder-deps';
import type { Session, SettledCapture } from '../../../src/server/sessions';
import { LIST_MOVE_KEYS, LIST_MOVES_SIZE, listMovesDir } from '../../../scripts/qualify/capture-list-moves';
import { moveScreenNames } from '../../../scripts/qualify/capture-moves';
import { GEMINI_ASK } from '../../../src/agents/gemini/qualify/question-scenarios';

const VERSION = '0.61.0';
const SELECT_HINTS = 'Enter to select · ↑/↓ to navigate · Esc to cancel';
const SUBMIT_HINTS = 'Enter to submit · Esc to cancel';
/** How long after a move's first frame the client draws its second. */
const SECOND_FRAME_MS = 120;
/** A capture counts once the terminal has drawn nothing for this long (the server's settle window). */
const SETTLE_MS = 40;

interface Frame {
  text: string;
  styled: string;
}

function frame(name: string): Frame {
  const read = (ext: string): string => readFileSync(join(listMovesDir(VERSION), `${name}${ext}`), 'utf8');
  return { text: read('.txt'), styled: read('.ansi.txt') };
}

/**
 * The frame with its hints line as it was before the move (plain and styled alike): the hints
 * replaced, and the padding after them taking up the difference, so that the box keeps its width.
 */
function withHints(f: Frame, from: string, to: string): Frame {
  const swap = (t: string): string => {
    const at = t.indexOf(from);
    assert.ok(at >= 0, `no "${from}" on the frame`);
    // eslint-disable-next-line no-control-regex -- the escapes between the hints and their padding
    const tail = /^((?:\x1b\[[0-9;]*m)*)( +)/.exec(t.slice(at + from.length));
    assert.ok(tail, 'no padding after the hints');
    const pad = (tail[2] as string).length - ([...to].length - [...from].length);
    assert.ok(pad > 0, 'the hints do not fit');
    return t.slice(0, at) + to + (tail[1] as string) + ' '.repeat(pad) + t.slice(at + from.length + tail[0].length);
  };
  return { text: swap(f.text), styled: swap(f.styled) };
}

const SCREENS = moveScreenNames(LIST_MOVE_KEYS);
const FRAMES = SCREENS.map(frame);

/**
 * The frames each key draws, in order: onto the free-text row (the third Down) the cursor comes
 * first and the editor's hints after; off it (the first Up) the hints of the editor stay a frame.
 */
function framesOf(key: number, torn?: Torn): Frame[] {
  const real = FRAMES[key + 1] as Frame;
  if (torn?.afterKey === key) return torn.completed ? [tear(real), real] : [tear(real)];
  if (key === 2) return [withHints(real, SUBMIT_HINTS, SELECT_HINTS), real];
  if (key === 3) return [withHints(real, SELECT_HINTS, SUBMIT_HINTS), real];
  return [real];
}

/** A key whose frame is drawn in two parts (the client paused within it); `completed`: the rest comes. */
interface Torn {
  afterKey: number;
  completed: boolean;
}

/** The top half of a frame, the rows below it not drawn yet. */
function tear(f: Frame): Frame {
  const half = (t: string): string => {
    const lines = t.split('\n');
    const keep = Math.floor(lines.length / 2);
    return [...lines.slice(0, keep), ...lines.slice(keep).map(() => '')].join('\n');
  };
  return { text: half(f.text), styled: half(f.styled) };
}

class ReplayedTerminal {
  readonly keys: string[] = [];
  outputSeq = 1;
  private shown: Frame = FRAMES[0] as Frame;
  private drawnAt = Date.now();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly late?: { afterKey: number; frame: Frame },
    private readonly torn?: Torn,
  ) {}

  press(key: string): void {
    const n = this.keys.length;
    this.keys.push(key);
    if (key !== LIST_MOVE_KEYS[n]) return; // a key the replay does not know draws nothing
    const [first, second] = framesOf(n, this.torn);
    this.draw(first as Frame);
    if (second) this.timers.push(setTimeout(() => this.draw(second), SECOND_FRAME_MS));
    if (this.late?.afterKey === n) {
      const late = this.late.frame;
      this.timers.push(setTimeout(() => this.draw(late), SECOND_FRAME_MS));
    }
  }

  private draw(f: Frame): void {
    this.shown = f;
    this.outputSeq += 1;
    this.drawnAt = Date.now();
  }

  quietMs(): number {
    return Date.now() - this.drawnAt;
  }

  async settled(): Promise<SettledCapture> {
    while (this.quietMs() < SETTLE_MS) await new Promise((r) => setTimeout(r, 5));
    const { cols, rows } = LIST_MOVES_SIZE;
    return {
      ...this.shown,
      cols,
      rows,
      cursor: { x: 0, y: 0, visible: false },
      capturedAt: Date.now(),
      generation: 1,
      outputSeq: this.outputSeq,
    };
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
  }
}

type Outcome = { windows: readonly ListWindow[] } | { failed: string };

/** A terminal that never stops drawing: each capture shows the list's home, never quiet for a key. */
class BusyTerminal extends ReplayedTerminal {
  override quietMs(): number {
    return 0;
  }
  override settled(): Promise<SettledCapture> {
    const { cols, rows } = LIST_MOVES_SIZE;
    const f = FRAMES[0] as Frame;
    this.outputSeq += 1;
    const at = { cols, rows, cursor: { x: 0, y: 0, visible: false }, capturedAt: Date.now(), generation: 1 };
    return Promise.resolve({ ...f, ...at, outputSeq: this.outputSeq });
  }
}

interface ReadOptions {
  locks?: SendDeps['locks'];
  uncertain?: boolean;
}

/** The ledger lines of the last reading: its event, and the error code of a failure. */
let ledger: string[] = [];

/** Reads the list from its home screen on `term`, and the reading's outcome. */
async function read(term: ReplayedTerminal, opts: ReadOptions = {}): Promise<Outcome> {
  ledger = [];
  const session = {
    id: 'ses_list',
    agent: 'gemini',
    version: VERSION,
    state: 'waiting_input',
    generation: 1,
    endpoint: {
      sendKeys: (keys: string[]) => Promise.resolve(keys.forEach((k) => term.press(k))),
      sendLiteral: () => Promise.reject(new Error('no text is typed while a list is read')),
    },
    outputSeq: () => term.outputSeq,
    msSinceOutput: () => term.quietMs(),
    observeOnlyReason: () => undefined,
    uncertain: opts.uncertain === true,
    nextSettled: () => term.settled(),
  } as unknown as Session;
  const home = recognize('gemini', VERSION, { ...snapshot(FRAMES[0] as Frame) });
  assert.ok(home.kind === 'manual_required' && home.window, JSON.stringify(home));
  return new Promise<Outcome>((resolve) => {
    const deps = {
      locks: opts.locks ?? { holdTerminal: (_a: string, work: () => Promise<unknown>) => work() },
      log: { info: () => undefined, warn: () => undefined },
      store: {
        recordListReading: (_id: string, event: string, code?: string) =>
          Promise.resolve(void ledger.push(code === undefined ? event : `${event}: ${code}`)),
      },
      options: { proofTimeoutMs: 2000, inputAllowed: true },
      tracker: {
        observe: () => Promise.resolve({ recognition: { kind: 'activity', state: 'unknown' }, fingerprint: null }),
      },
    } as unknown as SendDeps;
    const lists = {
      startReading: () => undefined,
      endReading: (_id: string, _h: ListWindow, r: Outcome) => resolve(r),
    };
    new ListReader(deps, lists).start(session, home.window as ListWindow);
  });
}

/** Reads the list on `term`, its pending frames dropped afterwards whatever the outcome. */
async function readOn(term: ReplayedTerminal, opts: ReadOptions = {}): Promise<Outcome> {
  try {
    return await read(term, opts);
  } finally {
    term.stop();
  }
}

function snapshot(f: Frame) {
  const { cols, rows } = LIST_MOVES_SIZE;
  const lines = (t: string): string[] => t.split('\n').slice(0, rows);
  return { plain: lines(f.text), styled: lines(f.styled), cols, rows };
}

describe("the list reader, with Gemini CLI's moves drawn in two frames", function () {
  this.timeout(20_000);

  it('takes the later frame of a move as the same position, reads every row and puts the cursor back', async () => {
    const term = new ReplayedTerminal();
    const r = await readOn(term);
    assert.ok('windows' in r, JSON.stringify(r));
    assert.deepEqual(term.keys, [...LIST_MOVE_KEYS]);
    // Keys no step asked for: the reading is in the ledger, begun and finished.
    assert.deepEqual(ledger, ['list_read_started', 'list_read_finished']);
    const home = r.windows[0] as ListWindow;
    const step = assembleList(home, r.windows);
    assert.ok(step.kind === 'questionnaire', JSON.stringify(step));
    assert.deepEqual(
      step.question.options.map((o) => o.label),
      [...GEMINI_ASK.database.options.map((o) => o.label), 'Enter a custom value'],
    );
  });

  it('waits out a frame drawn in two parts (a pause within it), and reads on once the rest is drawn', async () => {
    const term = new ReplayedTerminal(undefined, { afterKey: 1, completed: true });
    const r = await readOn(term);
    assert.ok('windows' in r, JSON.stringify(r));
    assert.deepEqual(term.keys, [...LIST_MOVE_KEYS]);
  });

  it('ends the reading when a torn frame is never completed, and sends no key after it', async () => {
    const term = new ReplayedTerminal(undefined, { afterKey: 1, completed: false });
    const r = await readOn(term);
    assert.ok('failed' in r, JSON.stringify(r));
    assert.match(r.failed, /the cursor on option 3 was never seen: the screen last showed a screen left to the/);
    assert.deepEqual(term.keys, ['Down', 'Down']);
    assert.deepEqual(ledger, ['list_read_started', 'list_read_failed: terminal_not_settled']);
  });

  it('ends the reading when a later frame shows the cursor elsewhere, and sends no key after it', async () => {
    // After the second Down, the cursor is seen back on the first row (a person's key, say).
    const term = new ReplayedTerminal({ afterKey: 1, frame: FRAMES[0] as Frame });
    const r = await readOn(term);
    assert.ok('failed' in r, JSON.stringify(r));
    assert.match(
      r.failed,
      /the screen changed while the list was read: it showed the list's rows 1,2,3, the cursor on 1/,
    );
    assert.deepEqual(term.keys, ['Down', 'Down']);
    assert.deepEqual(ledger, ['list_read_started', 'list_read_failed: stale_revision']);
  });

  it('a terminal that never goes quiet ends the reading with no key, holding up no other session', async () => {
    const locks = new DispatchLocks();
    const term = new BusyTerminal();
    const reading = readOn(term, { locks });
    // Another session's answer takes the locks every answer takes, while this reading waits.
    const other = await Promise.race([
      locks.hold('ses_other', 'turn_other', () => Promise.resolve('answered')),
      new Promise((r) => setTimeout(() => r('held up'), 1000)),
    ]);
    assert.equal(other, 'answered');
    const r = await reading;
    assert.ok('failed' in r, JSON.stringify(r));
    assert.match(r.failed, /never went quiet/);
    assert.deepEqual(term.keys, []);
  });

  it('never reads a list in a terminal whose earlier answer is uncertain', async () => {
    const term = new ReplayedTerminal();
    const r = await readOn(term, { uncertain: true });
    assert.ok('failed' in r, JSON.stringify(r));
    assert.match(r.failed, /uncertain/);
    assert.deepEqual(term.keys, []);
    assert.deepEqual(ledger, [], 'a reading refused before any key is not one');
  });
});
