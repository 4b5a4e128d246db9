/**
 * One writer per store file. The lock file holds the owner's pid, its process start time, its
 * host and a random token. A lock whose owner is gone (no such pid, a zombie, or a pid reused by
 * a process that started at another time) is stale and is taken over; a live owner makes the
 * second opener fail with `store_locked` before it writes anything.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AkkError } from '../../shared/errors';
import { fsyncDir } from './fsync-dir';

export const LOCK_FILE = 'akk-store.lock';

interface LockInfo {
  pid: number;
  /** `linux:<clock ticks since boot>` or `epoch:<ms>`; `null` when unknown. */
  start: string | null;
  host: string;
  token: string;
  at: number;
}

/** A freshly created lock file whose content is not written yet gets this long. */
const UNREADABLE_GRACE_MS = 5_000;

/** Start time of a process as recorded by the kernel, or `null` where that cannot be read. */
export function processStart(pid: number): { start: string; zombie: boolean } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); field 22 (starttime) is fields[19].
    const ticks = fields[19];
    if (!ticks) return null;
    return { start: `linux:${ticks}`, zombie: fields[0] === 'Z' || fields[0] === 'X' };
  } catch {
    return null;
  }
}

let cachedOwnStart: string | undefined;
function ownStart(): string {
  cachedOwnStart ??= processStart(process.pid)?.start ?? `epoch:${Math.round(Date.now() - process.uptime() * 1000)}`;
  return cachedOwnStart;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(info: LockInfo): boolean {
  if (info.host !== os.hostname()) return false; // cannot judge another machine's process
  if (!pidAlive(info.pid)) return true;
  const actual = processStart(info.pid);
  if (!actual) return info.pid !== process.pid ? false : info.start !== ownStart();
  if (actual.zombie) return true;
  return info.start !== null && info.start.startsWith('linux:') && info.start !== actual.start;
}

function parse(text: string): LockInfo | null {
  try {
    const v = JSON.parse(text) as Partial<LockInfo>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.token === 'string') {
      return {
        pid: v.pid,
        start: typeof v.start === 'string' ? v.start : null,
        host: v.host,
        token: v.token,
        at: v.at ?? 0,
      };
    }
  } catch {
    // fall through
  }
  return null;
}

function readLock(file: string): { text: string; info: LockInfo | null; mtimeMs: number } | null {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return { text, info: parse(text), mtimeMs: fs.statSync(file).mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function locked(file: string, info: LockInfo | null): AkkError {
  const who = info ? `process ${info.pid} on ${info.host}` : 'another process';
  return new AkkError(
    'store_locked',
    `the interaction store in ${path.dirname(file)} is in use by ${who}; ` +
      `close the other window or remove ${file} if that process is gone`,
    info ? { pid: info.pid, host: info.host } : undefined,
  );
}

export class StoreLock {
  private constructor(
    readonly file: string,
    private readonly token: string,
    /** True when a stale lock of a dead owner was taken over. */
    readonly recoveredStale: boolean,
  ) {}

  static acquire(dir: string, fsyncEnabled: boolean): StoreLock {
    const file = path.join(dir, LOCK_FILE);
    const info: LockInfo = {
      pid: process.pid,
      start: ownStart(),
      host: os.hostname(),
      token: randomBytes(16).toString('hex'),
      at: Date.now(),
    };
    let recovered = false;
    for (let attempt = 0; attempt < 5; attempt++) {
      let fd: number;
      try {
        fd = fs.openSync(file, 'wx');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw new AkkError('store_io', `cannot create the store lock ${file}: ${(error as Error).message}`);
        }
        const existing = readLock(file);
        if (!existing) continue; // released meanwhile: try again
        const fresh = Date.now() - existing.mtimeMs < UNREADABLE_GRACE_MS;
        if (existing.info ? !isStale(existing.info) : fresh) throw locked(file, existing.info);
        if (!breakStale(file, existing.text)) throw locked(file, existing.info);
        recovered = true;
        continue;
      }
      try {
        fs.writeSync(fd, JSON.stringify(info));
        if (fsyncEnabled) fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      if (fsyncEnabled) fsyncDir(dir);
      return new StoreLock(file, info.token, recovered);
    }
    throw locked(file, readLock(file)?.info ?? null);
  }

  /** Removes the lock file if it is still ours. */
  release(): void {
    const current = readLock(this.file);
    if (current?.info?.token === this.token) {
      try {
        fs.unlinkSync(this.file);
      } catch {
        // already gone
      }
    }
  }

  /** Whether the lock file on disk still names this holder. */
  held(): boolean {
    return readLock(this.file)?.info?.token === this.token;
  }
}

/**
 * Moves a stale lock aside atomically. If what was moved is not the stale content read before
 * (another opener replaced it in between), it is put back and the takeover is abandoned.
 */
function breakStale(file: string, staleText: string): boolean {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true; // someone else removed it
    throw error;
  }
  const moved = fs.readFileSync(aside, 'utf8');
  if (moved !== staleText) {
    try {
      fs.linkSync(aside, file);
    } catch {
      // a third opener holds the lock now; the moved lock's owner will find its lock gone
    }
    fs.unlinkSync(aside);
    return false;
  }
  fs.unlinkSync(aside);
  return true;
}
