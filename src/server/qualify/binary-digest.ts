/**
 * The SHA-256 of an agent's executable, which binds a local qualification to the exact binary it
 * was made for. Read as a stream (a native client is a few hundred megabytes) and kept per file
 * identity (device, inode, size, modification time), so a replaced file is read again.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';

export class BinaryDigests {
  private readonly known = new Map<string, Promise<string | null>>();

  /** The file's digest, or null when it cannot be read. */
  of(file: string): Promise<string | null> {
    let st: fs.Stats;
    try {
      st = fs.statSync(file);
    } catch {
      return Promise.resolve(null);
    }
    const key = `${file}\u0000${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
    let hit = this.known.get(key);
    if (!hit) {
      hit = sha256OfFile(file);
      if (this.known.size > 64) this.known.clear();
      this.known.set(key, hit);
    }
    return hit;
  }
}

export function sha256OfFile(file: string): Promise<string | null> {
  return new Promise((resolve) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', () => resolve(null))
      .on('end', () => resolve(hash.digest('hex')));
  });
}
