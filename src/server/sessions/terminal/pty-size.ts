/**
 * The size of an integrated terminal, read from its pty: the editor's stable API does not report
 * it. The terminal's shell process names its tty (the process table's `ttyOf`); the tty is opened once
 * (read-write, never as a controlling terminal, never written) and its window size read with the
 * TIOCGWINSZ ioctl of Node's tty handle, which costs well under a microsecond. (The stream's own
 * `getWindowSize()` returns the size cached when it was opened; the handle reads it each time.)
 */
import * as fs from 'node:fs';
import * as tty from 'node:tty';

export interface PtySize {
  cols: number;
  rows: number;
}

export interface PtySizeSource {
  /** The window size now, or null when it cannot be read. */
  read(): PtySize | null;
  dispose(): void;
}

/** libuv's tty handle under a tty stream: fills [cols, rows] from the ioctl, 0 on success. */
interface TtyHandle {
  getWindowSize(size: number[]): number;
}

/** Opens the tty for reading its size; null when it cannot be opened as a terminal. */
export function openPtySize(device: string): PtySizeSource | null {
  let fd: number;
  try {
    fd = fs.openSync(device, fs.constants.O_RDWR | fs.constants.O_NOCTTY);
  } catch {
    return null;
  }
  if (!tty.isatty(fd)) {
    fs.closeSync(fd);
    return null;
  }
  const stream = new tty.WriteStream(fd);
  stream.unref();
  const handle = (stream as unknown as { _handle?: TtyHandle })._handle;
  if (typeof handle?.getWindowSize !== 'function') {
    stream.destroy();
    return null;
  }
  return {
    read() {
      const size = [0, 0];
      try {
        if (handle.getWindowSize(size) !== 0) return null;
      } catch {
        return null;
      }
      const [cols = 0, rows = 0] = size;
      return cols > 0 && rows > 0 ? { cols, rows } : null;
    },
    dispose() {
      stream.destroy();
    },
  };
}
