/**
 * Snapshot files: the whole database as exported by sql.js, replaced atomically (temp file in
 * the same folder, fsync, rename, fsync the folder), plus the checks that decide whether a file
 * on disk can be opened at all and the move-aside of a damaged one.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fsyncDir, fsyncDirAsync } from './fsync-dir';

export const SNAPSHOT_FILE = 'akk-store.sqlite';
const TEMP_MARK = '.tmp-';
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** Size of a file in bytes, 0 when there is none. */
export function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

function tempName(file: string): string {
  return `${file}${TEMP_MARK}${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Writes a snapshot synchronously (used at open, before the store is handed out). */
export function writeSnapshotSync(file: string, bytes: Uint8Array, fsyncEnabled: boolean): void {
  const tmp = tempName(file);
  const fd = fs.openSync(tmp, 'w');
  try {
    let written = 0;
    while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written);
    if (fsyncEnabled) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  if (fsyncEnabled) fsyncDir(path.dirname(file));
}

/**
 * A snapshot written in the background is flushed every this many bytes, with a pause after each
 * flush: the disk never holds much of it unflushed, and between flushes it is free, so a journal
 * commit's fdatasync, which waits for the device, never queues behind the whole snapshot (a
 * 200 MiB snapshot takes about 3 s to write this way, against about 1.5 s in one go).
 */
const SNAPSHOT_FLUSH_BYTES = 512 * 1024;
const SNAPSHOT_FLUSH_PAUSE_MS = 3;

/** Writes a snapshot without blocking the event loop for the I/O (compaction), flushing as it goes. */
export async function writeSnapshot(file: string, bytes: Uint8Array, fsyncEnabled: boolean): Promise<void> {
  const tmp = tempName(file);
  const handle = await fs.promises.open(tmp, 'w');
  try {
    for (let at = 0; at < bytes.length;) {
      const end = Math.min(bytes.length, at + SNAPSHOT_FLUSH_BYTES);
      while (at < end) at += (await handle.write(bytes, at, end - at, at)).bytesWritten;
      if (fsyncEnabled) {
        await handle.datasync();
        await new Promise((r) => setTimeout(r, SNAPSHOT_FLUSH_PAUSE_MS));
      }
    }
    if (fsyncEnabled) await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(tmp, { force: true });
    throw error;
  }
  await handle.close();
  // Replacing a file frees its blocks inside the rename, tens of ms for a large snapshot, during
  // which the file system makes every fsync wait. A second link keeps the old snapshot's blocks
  // through the rename; they are then freed a step at a time.
  const retired = await linkAside(file);
  await fs.promises.rename(tmp, file);
  if (fsyncEnabled) await fsyncDirAsync(path.dirname(file));
  if (retired) await freeGradually(retired);
}

/** Bytes freed per step, and the pause between steps, when a replaced snapshot is removed. */
const FREE_STEP_BYTES = 8 * 1024 * 1024;
const FREE_PAUSE_MS = 10;

/** A second name for `file` (a temp name, so a crash leaves nothing that open does not remove), or null. */
async function linkAside(file: string): Promise<string | null> {
  const aside = tempName(file);
  try {
    await fs.promises.link(file, aside);
    return aside;
  } catch {
    return null; // no old snapshot, or no hard links here: the rename frees it
  }
}

/** Truncates a file in steps with pauses between them, then removes it. */
async function freeGradually(file: string): Promise<void> {
  try {
    const handle = await fs.promises.open(file, 'r+');
    try {
      for (let size = (await handle.stat()).size; size > 0;) {
        size = Math.max(0, size - FREE_STEP_BYTES);
        await handle.truncate(size);
        await new Promise((r) => setTimeout(r, FREE_PAUSE_MS));
      }
    } finally {
      await handle.close();
    }
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}

/** Removes temp files left by a snapshot write that a crash interrupted. */
export function removeStaleTemps(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(`${SNAPSHOT_FILE}${TEMP_MARK}`)) fs.rmSync(path.join(dir, name), { force: true });
  }
}

/**
 * Cheap structural check of an SQLite file image: magic, page size, and the page count the
 * header promises against the bytes present (a truncated file fails here). Returns the problem,
 * or `null` when the image looks whole.
 */
export function snapshotProblem(bytes: Uint8Array): string | null {
  if (bytes.length < 100) return `file too short (${bytes.length} bytes)`;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!buf.subarray(0, 16).equals(SQLITE_MAGIC)) return 'not an SQLite database';
  const rawPageSize = buf.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return `invalid page size ${rawPageSize}`;
  if (buf.length % pageSize !== 0) return `file length ${buf.length} is not a whole number of pages`;
  const pageCount = buf.readUInt32BE(28);
  const countValid = pageCount > 0 && buf.readUInt32BE(24) === buf.readUInt32BE(92);
  if (countValid && pageCount * pageSize > buf.length) {
    return `truncated: header promises ${pageCount} pages, file holds ${buf.length / pageSize}`;
  }
  return null;
}

function stamp(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

/** Moves a damaged file aside with a timestamp; returns the new path (or `null` if it was gone). */
export function moveAside(file: string, label: string, now: number): string | null {
  if (!fs.existsSync(file)) return null;
  let target = `${file}.${label}-${stamp(now)}`;
  if (fs.existsSync(target)) target = `${target}-${randomBytes(3).toString('hex')}`;
  fs.renameSync(file, target);
  return target;
}
