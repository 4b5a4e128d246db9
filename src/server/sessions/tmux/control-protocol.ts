/**
 * Pure parsing of tmux control-mode output (`tmux -C`): command reply blocks framed by
 * `%begin`/`%end`/`%error`, and `%`-notifications. Lines arrive without their newline.
 */

export type ControlNotification =
  | { type: 'output'; paneId: string; data: string }
  | { type: 'layout-change'; windowId: string }
  | { type: 'window-close'; windowId: string; unlinked: boolean }
  | { type: 'window-add'; windowId: string; unlinked: boolean }
  | { type: 'window-pane-changed'; windowId: string; paneId: string }
  | { type: 'session-changed'; sessionId: string; name: string }
  | { type: 'sessions-changed' }
  | { type: 'session-window-changed'; sessionId: string; windowId: string }
  | { type: 'pane-mode-changed'; paneId: string }
  | { type: 'exit'; reason: string }
  | { type: 'other'; name: string; line: string };

export interface ControlReply {
  /** The `flags` field: 1 when the command came from this client. */
  fromClient: boolean;
  ok: boolean;
  lines: string[];
  number: string;
}

export type ControlEvent =
  { kind: 'notification'; notification: ControlNotification } | { kind: 'reply'; reply: ControlReply };

/** Decodes the octal escapes (`\ooo`, `\\`) tmux uses in `%output` values. */
export function decodeOutputValue(value: string): string {
  if (!value.includes('\\')) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    if (ch === '\\' && /^[0-7]{3}$/.test(value.slice(i + 1, i + 4))) {
      out += String.fromCharCode(parseInt(value.slice(i + 1, i + 4), 8));
      i += 3;
    } else if (ch === '\\' && value[i + 1] === '\\') {
      out += '\\';
      i += 1;
    } else {
      out += ch;
    }
  }
  return out;
}

/** The pane id of an `%output` line without decoding the rest (the hot path). */
export function outputPaneId(line: string): string | null {
  if (!line.startsWith('%output %')) return null;
  const end = line.indexOf(' ', 8);
  return end < 0 ? line.slice(8) : line.slice(8, end);
}

export function parseNotification(line: string): ControlNotification {
  const space = line.indexOf(' ');
  const name = space < 0 ? line.slice(1) : line.slice(1, space);
  const rest = space < 0 ? '' : line.slice(space + 1);
  const words = rest.split(' ');
  const w = (i: number): string => words[i] ?? '';
  switch (name) {
    case 'output': {
      const sp = rest.indexOf(' ');
      return {
        type: 'output',
        paneId: sp < 0 ? rest : rest.slice(0, sp),
        data: sp < 0 ? '' : decodeOutputValue(rest.slice(sp + 1)),
      };
    }
    case 'extended-output': {
      // %extended-output %pane age ... : value
      const colon = rest.indexOf(' : ');
      return { type: 'output', paneId: w(0), data: colon < 0 ? '' : decodeOutputValue(rest.slice(colon + 3)) };
    }
    case 'layout-change':
      return { type: 'layout-change', windowId: w(0) };
    case 'window-close':
      return { type: 'window-close', windowId: w(0), unlinked: false };
    case 'unlinked-window-close':
      return { type: 'window-close', windowId: w(0), unlinked: true };
    case 'window-add':
      return { type: 'window-add', windowId: w(0), unlinked: false };
    case 'unlinked-window-add':
      return { type: 'window-add', windowId: w(0), unlinked: true };
    case 'window-pane-changed':
      return { type: 'window-pane-changed', windowId: w(0), paneId: w(1) };
    case 'session-changed':
      return { type: 'session-changed', sessionId: w(0), name: words.slice(1).join(' ') };
    case 'sessions-changed':
      return { type: 'sessions-changed' };
    case 'session-window-changed':
      return { type: 'session-window-changed', sessionId: w(0), windowId: w(1) };
    case 'pane-mode-changed':
      return { type: 'pane-mode-changed', paneId: w(0) };
    case 'exit':
      return { type: 'exit', reason: rest };
    default:
      return { type: 'other', name, line };
  }
}

/**
 * Frames control-mode lines into replies and notifications. A reply block ends only at the
 * `%end`/`%error` line that repeats its `%begin` time, number and flags, so screen text that
 * happens to start with `%end` cannot end it early.
 */
export class ControlParser {
  private block: { guard: string; fromClient: boolean; number: string; lines: string[] } | null = null;

  constructor(private readonly emit: (event: ControlEvent) => void) {}

  line(line: string): void {
    const block = this.block;
    if (block) {
      if (
        (line.startsWith('%end ') || line.startsWith('%error ')) &&
        line.slice(line.indexOf(' ') + 1) === block.guard
      ) {
        this.block = null;
        this.emit({
          kind: 'reply',
          reply: {
            fromClient: block.fromClient,
            ok: line.startsWith('%end '),
            lines: block.lines,
            number: block.number,
          },
        });
      } else {
        block.lines.push(line);
      }
      return;
    }
    if (line.startsWith('%begin ')) {
      const guard = line.slice(7);
      const parts = guard.split(' ');
      this.block = { guard, fromClient: parts[2] === '1', number: parts[1] ?? '', lines: [] };
      return;
    }
    if (line.startsWith('%')) {
      this.emit({ kind: 'notification', notification: parseNotification(line) });
    }
    // Anything else outside a block (an empty line) carries no meaning.
  }

  /** True while a reply block is open (for tests). */
  get inBlock(): boolean {
    return this.block !== null;
  }
}
