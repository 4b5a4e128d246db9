/** Worker-thread entry of compaction (see compaction.ts): builds one snapshot and answers once. */
import { parentPort, workerData } from 'node:worker_threads';
import { buildSnapshot, type CompactionJob } from './compaction';

if (parentPort) {
  const port = parentPort;
  buildSnapshot(workerData as CompactionJob).then(
    (result) => port.postMessage({ ok: true, snapshotBytes: result.snapshotBytes }),
    (error: unknown) => port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
}
