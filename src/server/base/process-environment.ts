/** A process's environment, read where the platform shows it (Linux's /proc). */
import * as fs from 'node:fs';

/** The process's environment, or null where it cannot be read (another platform, another user). */
export function processEnvironment(pid: number): Map<string, string> | null {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
    const env = new Map<string, string>();
    for (const entry of raw.split('\0')) {
      const eq = entry.indexOf('=');
      if (eq > 0) env.set(entry.slice(0, eq), entry.slice(eq + 1));
    }
    return env;
  } catch {
    return null;
  }
}
