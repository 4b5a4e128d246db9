/** Worker-thread entry of compaction (see compaction.ts): builds one snapshot and answers once. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { buildSnapshot, type CompactionJob } from './compaction';

/**
 * Compaction is background work: on Linux this thread lowers its own priority (a thread is its
 * own task there), so that on a busy machine the server's event loop, which commits, comes first.
 * Elsewhere it keeps the normal priority.
 */
function yieldToTheServer(): void {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop()); // "<pid>/task/<tid>"
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, os.constants.priority.PRIORITY_LOW);
  } catch {
    // not Linux, or not allowed: run at normal priority
  }
}

if (parentPort) {
  const port = parentPort;
  yieldToTheServer();
  buildSnapshot(workerData as CompactionJob).then(
    (result) => port.postMessage({ ok: true, snapshotBytes: result.snapshotBytes }),
    (error: unknown) => port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
}
