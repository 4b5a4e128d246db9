/**
 * Building a new snapshot without holding the event loop. A snapshot is the last one on disk
 * with the sealed journals replayed over it, exactly what recovery does at open; a worker thread
 * does it (compaction-worker.ts), so that no commit waits for the export of the whole database
 * (about 55 ms at 100,000 interactions) or for the replay.
 *
 * The worker runs `compaction-worker.js` beside this code (the bundle in dist/), or, when the
 * store runs from its TypeScript sources (tests, benches), `compaction-worker.ts` through tsx.
 * Where neither exists, `compactorAvailable()` is false and the engine exports on its own thread.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadSqlJs, SqlDatabase } from './database';
import { scanJournal } from './journal';
import { userVersion } from './schema';
import { snapshotProblem, writeSnapshot } from './snapshot';

export interface CompactionJob {
  snapshotFile: string;
  /** Sealed journals in generation order; together with the snapshot they hold every transaction up to `uptoSeq`. */
  journals: string[];
  uptoSeq: number;
  schemaVersion: number;
  fsync: boolean;
  wasmPath?: string;
}

interface CompactionResult {
  snapshotBytes: number;
}

type WorkerReply = { ok: true; snapshotBytes: number } | { ok: false; message: string };

/**
 * Replays the sealed journals over the snapshot on disk and writes the result as the new
 * snapshot (temp file, fsync, rename, fsync the folder). Throws when the journals do not reach
 * exactly `uptoSeq`; the old snapshot and the journals are then left as they were.
 */
export async function buildSnapshot(job: CompactionJob): Promise<CompactionResult> {
  const SQL = await loadSqlJs(job.wasmPath);
  let image: Uint8Array | null = await fs.promises.readFile(job.snapshotFile);
  const problem = snapshotProblem(image);
  if (problem) throw new Error(`the snapshot cannot be compacted: ${problem}`);
  const db = SqlDatabase.open(SQL, image);
  image = null; // the database holds its own copy
  let bytes: Uint8Array;
  try {
    const version = userVersion(db);
    if (version !== job.schemaVersion) throw new Error(`the snapshot has schema ${version}, the journals ${job.schemaVersion}`);
    let applied = Number(db.get(`SELECT value FROM meta WHERE key = 'journal_seq'`)?.value ?? 0);
    for (const file of job.journals) {
      const scan = scanJournal(file);
      if (scan.schemaVersion !== job.schemaVersion || scan.damaged) throw new Error(`the journal ${path.basename(file)} cannot be replayed`);
      for (const entry of scan.entries) {
        if (entry.seq <= applied) continue;
        if (entry.seq > job.uptoSeq) break;
        if (entry.seq !== applied + 1) throw new Error(`the journals skip from sequence ${applied} to ${entry.seq}`);
        db.begin();
        try {
          for (const [sql, params] of entry.ops) db.run(sql, params);
          db.commit();
        } catch (error) {
          db.rollback();
          throw error;
        }
        applied = entry.seq;
      }
    }
    if (applied !== job.uptoSeq) throw new Error(`the journals end at sequence ${applied}, not ${job.uptoSeq}`);
    db.run(`UPDATE meta SET value = ? WHERE key = 'journal_seq'`, [String(applied)]);
    bytes = db.export();
  } finally {
    db.close();
  }
  await writeSnapshot(job.snapshotFile, bytes, job.fsync);
  return { snapshotBytes: bytes.length };
}

interface WorkerScript {
  /** A file to run, or code to evaluate. */
  file: string;
  eval?: boolean;
}

let script: WorkerScript | null | undefined;

function workerScript(): WorkerScript | null {
  if (script !== undefined) return script;
  script = null;
  const built = path.join(__dirname, 'compaction-worker.js');
  const source = path.join(__dirname, 'compaction-worker.ts');
  if (fs.existsSync(built)) script = { file: built };
  else if (fs.existsSync(source)) {
    try {
      // Sources run through tsx (tests, benches): the worker registers its loader first.
      const tsx = require.resolve('tsx/cjs');
      script = { file: `require(${JSON.stringify(tsx)}); require(${JSON.stringify(source)});`, eval: true };
    } catch {
      script = null;
    }
  }
  return script;
}

/** Whether a compaction worker can be started here (see the file comment). */
export function compactorAvailable(): boolean {
  return workerScript() !== null;
}

/** Runs `buildSnapshot` in a worker thread that ends with the job. */
export function compactInWorker(job: CompactionJob): Promise<CompactionResult> {
  const s = workerScript();
  if (!s) return Promise.reject(new Error('no compaction worker is available'));
  return new Promise((resolve, reject) => {
    // The worker's stdout and stderr are its own streams: left to their defaults they would be piped
    // into this process's, which turns them into streams here (and its stdout carries the protocol).
    const worker = new Worker(s.file, { workerData: job, eval: s.eval === true, stdout: true, stderr: true });
    let stderr = '';
    worker.stdout.resume();
    worker.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 4096) stderr += chunk;
    });
    let settled = false;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.once('message', (reply: WorkerReply) => {
      finish(() => (reply.ok ? resolve({ snapshotBytes: reply.snapshotBytes }) : reject(new Error(reply.message))));
    });
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) => finish(() => reject(new Error(`the compaction worker exited with code ${code} before it answered${stderr ? `: ${stderr.trim()}` : ''}`))));
  });
}
