/** A text file read whole, or undefined when it cannot be (absent, unreadable, or too large to be a record). */
import { readFileSync, statSync } from 'node:fs';

/** Larger than this, a file is not read (an agent's transcript of a long session stays well below). */
const MAX_TEXT_BYTES = 64 * 1024 * 1024;

export function readTextFile(path: string): string | undefined {
  try {
    if (statSync(path).size > MAX_TEXT_BYTES) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * A record an agent writes as it goes (its transcript): empty while it has not been written yet,
 * undefined when it cannot be read.
 */
export function readAgentRecord(path: string): string | undefined {
  try {
    statSync(path);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? '' : undefined;
  }
  return readTextFile(path);
}
