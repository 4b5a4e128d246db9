/**
 * The size of an integrated terminal, read from its pty: the editor's stable API does not report
 * it. The terminal's shell process names its tty (/proc/<pid>/fd/0), and `stty -F <tty> size`
 * reads the window size the editor set on it (TIOCGWINSZ).
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface PtySize {
  cols: number;
  rows: number;
}

/** The tty device a process has as its standard input, when it is a pseudo-terminal. */
export function ttyOf(pid: number, procRoot = '/proc'): string | null {
  try {
    const tty = fs.readlinkSync(path.join(procRoot, String(pid), 'fd', '0'));
    return /^\/dev\/pts\/\d+$/.test(tty) ? tty : null;
  } catch {
    return null;
  }
}

/** Parses `stty size` output ("rows cols"). */
export function parseSttySize(text: string): PtySize | null {
  const m = /^(\d+) (\d+)\s*$/.exec(text);
  if (!m) return null;
  const rows = Number(m[1]);
  const cols = Number(m[2]);
  return rows > 0 && cols > 0 ? { cols, rows } : null;
}

export type PtySizeReader = (tty: string) => Promise<PtySize | null>;

export const readPtySize: PtySizeReader = (tty) =>
  new Promise((resolve) => {
    execFile('stty', ['-F', tty, 'size'], { timeout: 2000 }, (error, stdout) => {
      resolve(error ? null : parseSttySize(stdout));
    });
  });
