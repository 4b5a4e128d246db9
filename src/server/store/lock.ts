/**
 * One writer per store file. The lock file holds the owner's pid, its process start time, its
 * host and a random token. A lock whose owner is gone (no such pid, a zombie, or a pid reused by
 * a process that started at another time) is stale and is taken over; a live owner makes the
 * second opener fail with `store_locked` before it writes anything.
 *
 * The lock appears with its content whole: it is written to a private file first and then hard
 * linked to its name (a link fails when the name exists, as an exclusive create does). A holder
 * killed between creating the lock and writing it would otherwise leave an empty lock that a
 * reopening window must respect for a grace period, not knowing whose it is.
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
      let created: boolean;
      try {
        created = createWhole(file, JSON.stringify(info), fsyncEnabled);
      } catch (error) {
        throw new AkkError('store_io', `cannot create the store lock ${file}: ${(error as Error).message}`);
      }
      if (!created) {
        const existing = readLock(file);
        if (!existing) continue; // released meanwhile: try again
        const fresh = Date.now() - existing.mtimeMs < UNREADABLE_GRACE_MS;
        if (existing.info ? !isStale(existing.info) : fresh) throw locked(file, existing.info);
        if (!breakStale(file, existing.text)) throw locked(file, existing.info);
        recovered = true;
        continue;
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

const PENDING_MARK = '.pending-';

/** Writes `content` to a file of its own, fsynced when asked. */
function writeFile(target: string, content: string, fsyncEnabled: boolean, flag: string): void {
  const fd = fs.openSync(target, flag);
  try {
    fs.writeSync(fd, content);
    if (fsyncEnabled) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Creates `file` holding `content`, or returns false when it exists. Where the file system has no
 * hard links, falls back to an exclusive create followed by the write.
 */
function createWhole(file: string, content: string, fsyncEnabled: boolean): boolean {
  removeStalePending(file);
  const pending = `${file}${PENDING_MARK}${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFile(pending, content, fsyncEnabled, 'wx');
  try {
    fs.linkSync(pending, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
  } finally {
    fs.rmSync(pending, { force: true });
  }
  try {
    writeFile(file, content, fsyncEnabled, 'wx');
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Removes the private files of lock writers that died before they could link theirs. */
function removeStalePending(file: string): void {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}${PENDING_MARK}`;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !pidAlive(pid))
      fs.rmSync(path.join(dir, name), { force: true });
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
