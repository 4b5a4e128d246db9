/**
 * Reading the Linux process table under /proc: a process's parent, group, terminal foreground
 * group and start time, its children, its executable and its command line. The root folder is
 * a parameter so that tests can lay out a fake /proc.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ExecutableInfo, ProcessTable, ProcStat } from './process-table';

/**
 * Parses /proc/<pid>/stat. The command name is in parentheses and may itself hold spaces and
 * parentheses, so the fields are read after the last `)`.
 */
export function parseProcStat(text: string): ProcStat | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  const rest = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  // rest[0] is field 3 (state); field N is rest[N - 3].
  const field = (n: number): number => Number(rest[n - 3]);
  const state = rest[0] ?? '';
  const values = { ppid: field(4), pgrp: field(5), tpgid: field(8), startTime: field(22) };
  if (!Number.isInteger(pid) || Object.values(values).some((v) => !Number.isFinite(v))) return null;
  return { pid, comm: text.slice(open + 1, close), state, ...values };
}

/** Parses the space-separated pid list of /proc/<pid>/task/<tid>/children. */
export function parseChildren(text: string): number[] {
  return text
    .trim()
    .split(/\s+/)
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
}

/** Splits /proc/<pid>/cmdline (NUL-separated). */
export function parseCmdline(text: string): string[] {
  const parts = text.split('\0');
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

export class ProcFs implements ProcessTable {
  readonly kind = 'proc';
  constructor(readonly root = '/proc') {}

  /** The pseudo-terminal a process has as its standard input (/proc/<pid>/fd/0). */
  ttyOf(pid: number): string | null {
    try {
      const device = fs.readlinkSync(path.join(this.root, String(pid), 'fd', '0'));
      return /^\/dev\/pts\/\d+$/.test(device) ? device : null;
    } catch {
      return null;
    }
  }

  private read(...parts: string[]): string | null {
    try {
      return fs.readFileSync(path.join(this.root, ...parts), 'utf8');
    } catch {
      return null;
    }
  }

  stat(pid: number): ProcStat | null {
    const text = this.read(String(pid), 'stat');
    return text === null ? null : parseProcStat(text);
  }

  cmdline(pid: number): string[] {
    const text = this.read(String(pid), 'cmdline');
    return text === null ? [] : parseCmdline(text);
  }

  cwd(pid: number): string | null {
    try {
      return fs.readlinkSync(path.join(this.root, String(pid), 'cwd'));
    } catch {
      return null;
    }
  }

  bootId(): string | undefined {
    const text = this.read('sys', 'kernel', 'random', 'boot_id');
    return text === null ? undefined : text.trim();
  }

  /** Children of a process: from task/<tid>/children when the kernel offers it, else by ppid scan. */
  children(pid: number): number[] {
    const taskDir = path.join(this.root, String(pid), 'task');
    let tids: string[] = [];
    try {
      tids = fs.readdirSync(taskDir);
    } catch {
      return [];
    }
    const out = new Set<number>();
    let supported = false;
    for (const tid of tids) {
      const text = this.read(String(pid), 'task', tid, 'children');
      if (text === null) continue;
      supported = true;
      for (const child of parseChildren(text)) out.add(child);
    }
    if (supported) return [...out].sort((a, b) => a - b);
    return this.childrenByScan(pid);
  }

  private childrenByScan(pid: number): number[] {
    let entries: string[] = [];
    try {
      entries = fs.readdirSync(this.root);
    } catch {
      return [];
    }
    const out: number[] = [];
    for (const name of entries) {
      if (!/^\d+$/.test(name)) continue;
      const st = this.stat(Number(name));
      if (st?.ppid === pid) out.push(st.pid);
    }
    return out.sort((a, b) => a - b);
  }

  /** The executable of a process, with the identity of the file it runs. */
  executable(pid: number): ExecutableInfo | null {
    const link = path.join(this.root, String(pid), 'exe');
    let target: string;
    try {
      target = fs.readlinkSync(link);
    } catch {
      return null;
    }
    const deletedSuffix = ' (deleted)';
    let deleted = target.endsWith(deletedSuffix);
    const file = deleted ? target.slice(0, -deletedSuffix.length) : target;
    let st: fs.Stats;
    try {
      // stat through the link: the file the process runs, even if its path now names another.
      st = fs.statSync(link);
    } catch {
      try {
        st = fs.statSync(file);
      } catch {
        return null;
      }
    }
    if (!deleted) {
      try {
        const onDisk = fs.statSync(file);
        if (onDisk.ino !== st.ino || onDisk.dev !== st.dev) deleted = true;
      } catch {
        deleted = true;
      }
    }
    return { path: file, deleted, ino: st.ino, dev: st.dev, mtimeMs: st.mtimeMs };
  }
}
