/**
 * What the server reads of the operating system's processes, behind one interface with two
 * implementations chosen by capability: `/proc` where the kernel offers it (Linux), and a portable
 * POSIX one through `ps` and `lsof` with fixed columns (macOS, the BSDs; selectable on Linux with
 * `AKK_PROCESS_TABLE=posix`, which the tests use to run both). A fact that cannot be read is null
 * or empty, never guessed: the session is then observe-only, with the reason.
 */

export interface ProcStat {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
  pgrp: number;
  /** Foreground process group of the controlling terminal (-1 without one). */
  tpgid: number;
  /** When it started, as a number that differs for a reused pid (clock ticks since boot under /proc). */
  startTime: number;
}

export interface ExecutableInfo {
  /** The path the process was started from (symlinks resolved by the kernel). */
  path: string;
  /** True when the file was replaced or removed after the process started. */
  deleted: boolean;
  ino: number;
  dev: number;
  mtimeMs: number;
}

export interface ProcessTable {
  /** Which implementation this is, for logs and the Sessions view (`none`: nothing can be read). */
  readonly kind: 'proc' | 'posix' | 'none';
  /** Why nothing can be read, when `kind` is `none`. */
  readonly unavailable?: string;
  /** Parent, group, the terminal's foreground group and the start identity of a process. */
  stat(pid: number): ProcStat | null;
  /** Its arguments (argv), empty when unreadable. */
  cmdline(pid: number): string[];
  cwd(pid: number): string | null;
  /** An identity of this boot of the machine, to tell a reused pid after a reboot. */
  bootId(): string | undefined;
  children(pid: number): number[];
  /** The executable it runs, with the identity of that file. */
  executable(pid: number): ExecutableInfo | null;
  /** The pseudo-terminal a process has as its controlling terminal, as a device path. */
  ttyOf(pid: number): string | null;
}
