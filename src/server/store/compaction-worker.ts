/**
 * Entry of the compaction process (see compaction.ts): builds one snapshot per message and
 * answers each; ends when the store that started it goes away.
 */
import * as os from 'node:os';
import { buildSnapshot, type CompactionJob, type CompactorReply } from './compaction';

if (process.send) {
  try {
    os.setPriority(os.constants.priority.PRIORITY_LOW); // background work: the server comes first
  } catch {
    // not allowed here: run at normal priority
  }
  const reply = (message: CompactorReply): void => {
    process.send?.(message);
  };
  process.on('disconnect', () => process.exit(0));
  process.on('message', (job: CompactionJob) => {
    buildSnapshot(job).then(
      (result) => reply({ ok: true, snapshotBytes: result.snapshotBytes }),
      (error: unknown) => reply({ ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  });
}
