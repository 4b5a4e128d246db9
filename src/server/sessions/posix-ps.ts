/**
 * The process table through POSIX tools, for systems without /proc (macOS, the BSDs): `ps` with
 * fixed columns for the table (parent, group, the terminal's foreground group, start time, the
 * terminal and the arguments), and `lsof` for a process's executable and working folder. One `ps`
 * snapshot answers every question asked within a moment (each capture walks the tree under a
 * terminal); a process's executable and folder are read once per process start. `LC_ALL=C` keeps
 * the columns fixed. Arguments come back joined by spaces (ps cannot say where one ends), so a path
 * with a space in it is not found: such an agent is not identified rather than guessed.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import type { ExecutableInfo, ProcessTable, ProcStat } from './process-table';

interface Row extends ProcStat {
  tty: string;
  args: string[];
}

/** How long one `ps` snapshot answers for (every read of one capture's tree walk). */
const SNAPSHOT_MS = 250;
const COLUMNS = 'pid=,ppid=,pgid=,tpgid=,stat=,lstart=,tty=,args=';

/** `Wed Dec  2 03:19:08 2026`: the start time `lstart` prints, as seconds since the epoch. */
function startSeconds(tokens: readonly string[]): number {
  const ms = Date.parse(tokens.slice(1).join(' '));
  return Number.isFinite(ms) ? Math.round(ms / 1000) : Number.NaN;
}

/** One line of `ps -o pid=,ppid=,pgid=,tpgid=,stat=,lstart=,tty=,args=`; null when it does not parse. */
export function parsePsLine(line: string): Row | null {
  const t = line.trim().split(/\s+/);
  if (t.length < 11) return null;
  const [pid, ppid, pgrp, tpgid] = t.slice(0, 4).map(Number) as [number, number, number, number];
  const startTime = startSeconds(t.slice(5, 10));
  const values = [pid, ppid, pgrp, tpgid, startTime];
  if (values.some((v) => !Number.isFinite(v)) || !Number.isInteger(pid)) return null;
  const args = t.slice(11);
  const exe = args[0] ?? '';
  return {
    pid,
    ppid,
    pgrp,
    tpgid,
    state: t[4] ?? '',
    startTime,
    tty: t[10] ?? '',
    args,
    comm: exe.slice(exe.lastIndexOf('/') + 1),
  };
}

/** `lsof -F` output: the values of one field letter, in order. */
export function lsofField(output: string, field: string): string[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith(field))
    .map((l) => l.slice(1));
}

export class PosixProcessTable implements ProcessTable {
  readonly kind = 'posix';
  private snap: { at: number; rows: Map<number, Row> } | undefined;
  /** Executable and folder per process start (pid, start time and arguments). */
  private readonly files = new Map<string, { exe: ExecutableInfo | null; cwd: string | null }>();

  constructor(private readonly run: (file: string, args: string[]) => string | null = runTool) {}

  private rows(): Map<number, Row> {
    const now = Date.now();
    if (this.snap && now - this.snap.at < SNAPSHOT_MS) return this.snap.rows;
    const out = this.run('ps', ['-A', '-ww', '-o', COLUMNS]) ?? '';
    const rows = new Map<number, Row>();
    for (const line of out.split('\n')) {
      const r = parsePsLine(line);
      if (r) rows.set(r.pid, r);
    }
    this.snap = { at: now, rows };
    return rows;
  }

  stat(pid: number): ProcStat | null {
    const r = this.rows().get(pid);
    if (!r) return null;
    const { tty: _tty, args: _args, ...stat } = r;
    return stat;
  }

  cmdline(pid: number): string[] {
    return this.rows().get(pid)?.args ?? [];
  }

  children(pid: number): number[] {
    return [...this.rows().values()]
      .filter((r) => r.ppid === pid && r.pid !== pid)
      .map((r) => r.pid)
      .sort((a, b) => a - b);
  }

  /** The start of process 1: the same for the life of this boot (or container). */
  bootId(): string | undefined {
    const r = this.rows().get(1);
    return r ? `ps:${r.startTime}` : undefined;
  }

  ttyOf(pid: number): string | null {
    const tty = this.rows().get(pid)?.tty ?? '';
    return /^(pts\/\d+|ttys\d+)$/.test(tty) ? `/dev/${tty}` : null;
  }

  cwd(pid: number): string | null {
    return this.filesOf(pid)?.cwd ?? null;
  }

  executable(pid: number): ExecutableInfo | null {
    return this.filesOf(pid)?.exe ?? null;
  }

  private filesOf(pid: number): { exe: ExecutableInfo | null; cwd: string | null } | undefined {
    const r = this.rows().get(pid);
    if (!r) return undefined;
    const key = `${pid}:${r.startTime}:${r.args.join(' ')}`;
    const hit = this.files.get(key);
    if (hit) return hit;
    const out = this.run('lsof', ['-w', '-n', '-P', '-a', '-p', String(pid), '-d', 'cwd,txt', '-F', 'fin']);
    if (out === null) return undefined;
    const files = { exe: executableFrom(out), cwd: descriptor(out, 'cwd')?.name ?? null };
    if (this.files.size > 1024) this.files.clear();
    this.files.set(key, files);
    return files;
  }
}

/** The name and inode lsof gives for the first file of one descriptor kind (`cwd`, `txt`). */
function descriptor(out: string, fd: string): { name: string; inode: number } | undefined {
  const lines = out.split('\n');
  const at = lines.indexOf(`f${fd}`);
  if (at < 0) return undefined;
  let name: string | undefined;
  let inode = Number.NaN;
  for (const l of lines.slice(at + 1)) {
    if (l.startsWith('f') || l.startsWith('p')) break;
    if (l.startsWith('n')) name = l.slice(1);
    if (l.startsWith('i')) inode = Number(l.slice(1));
  }
  return name === undefined ? undefined : { name, inode };
}

/** The program a process runs: its first `txt` file; replaced on disk when the inode no longer matches. */
function executableFrom(out: string): ExecutableInfo | null {
  const txt = descriptor(out, 'txt');
  if (!txt) return null;
  const deletedSuffix = ' (deleted)';
  const file = txt.name.endsWith(deletedSuffix) ? txt.name.slice(0, -deletedSuffix.length) : txt.name;
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return null;
  }
  const deleted = txt.name.endsWith(deletedSuffix) || (Number.isFinite(txt.inode) && txt.inode !== st.ino);
  return {
    path: file,
    deleted,
    ino: Number.isFinite(txt.inode) ? txt.inode : st.ino,
    dev: st.dev,
    mtimeMs: st.mtimeMs,
  };
}

function runTool(file: string, args: string[]): string | null {
  try {
    return execFileSync(file, args, {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (e) {
    // lsof exits 1 when some of what it was asked for is not there; what it printed still stands.
    const out = (e as { stdout?: unknown }).stdout;
    return typeof out === 'string' && out.length > 0 ? out : null;
  }
}
