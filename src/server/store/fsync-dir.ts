/**
 * Making a folder's entries durable: after a file is created or renamed, the folder itself is
 * fsynced so that the new name survives a crash (journals, snapshots, the writer lock).
 */
import * as fs from 'node:fs';

/** fsync a directory so that a rename or a new file in it is durable (a no-op where unsupported). */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw error;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** `fsyncDir` off the event loop (compaction and journal preparation). */
export async function fsyncDirAsync(dir: string): Promise<void> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw error;
  } finally {
    await handle?.close();
  }
}
