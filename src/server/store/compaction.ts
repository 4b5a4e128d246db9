/**
 * Building a new snapshot without holding the event loop. A snapshot is the last one on disk
 * with the sealed journals replayed over it, exactly what recovery does at open; a separate
 * process does it (compaction-worker.ts), so that no commit waits for the export of the whole
 * database (about 55 ms for 120 MiB) or for the replay. A process, not a worker thread: the
 * hundreds of MB it allocates and frees would otherwise stall this process's own memory
 * management, and with it the event loop (by up to 80 ms at 100,000 interactions).
 *
 * It runs `compaction-worker.js` beside this code (the bundle in dist/), or, when the store runs
 * from its TypeScript sources (tests, benches), `compaction-worker.ts` through tsx. Where neither
 * exists, `Compactor.start()` gives null and the engine exports on its own thread.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import * as os from 'node:os';
import { loadSqlJs, SqlDatabase } from './database';
import { scanJournal } from './journal-format';
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

export type CompactorReply = { ok: true; snapshotBytes: number } | { ok: false; message: string };

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
    if (version !== job.schemaVersion)
      throw new Error(`the snapshot has schema ${version}, the journals ${job.schemaVersion}`);
    let applied = Number(db.get(`SELECT value FROM meta WHERE key = 'journal_seq'`)?.value ?? 0);
    for (const file of job.journals) {
      const scan = scanJournal(file);
      if (scan.schemaVersion !== job.schemaVersion || scan.damaged)
        throw new Error(`the journal ${path.basename(file)} cannot be replayed`);
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

interface CompactorScript {
  file: string;
  execArgv: string[];
}

let script: CompactorScript | null | undefined;

function compactorScript(): CompactorScript | null {
  if (script !== undefined) return script;
  script = null;
  const built = path.join(__dirname, 'compaction-worker.js');
  const source = path.join(__dirname, 'compaction-worker.ts');
  if (fs.existsSync(built)) script = { file: built, execArgv: [] };
  else if (fs.existsSync(source)) {
    try {
      // Sources run through tsx (tests, benches): the process loads them with its loader.
      script = { file: source, execArgv: ['--require', require.resolve('tsx/cjs')] };
    } catch {
      script = null;
    }
  }
  return script;
}

interface Channel {
  ref(): void;
  unref(): void;
}

/**
 * The compaction process: started once, idle between jobs (it holds no database then), one job at
 * a time, ended with the store. It runs at the lowest CPU priority. Started while this process is
 * small (at open, for a large store) its start costs little: forking a process copies its page
 * tables, about 40 ms from a server holding 700 MB.
 */
export class Compactor {
  private readonly child: ChildProcess;
  private stderr = '';
  private exited: string | null = null;
  private pending: { resolve(r: CompactionResult): void; reject(e: Error): void } | null = null;

  /** A compactor, or null where its script does not exist (a bundle built without it) or it cannot start. */
  static start(): Compactor | null {
    const s = compactorScript();
    if (!s) return null;
    try {
      return new Compactor(s);
    } catch {
      return null; // it could not be started: the engine exports on its own thread
    }
  }

  private constructor(s: CompactorScript) {
    // Its own stdio: this process's stdout carries the protocol.
    this.child = fork(s.file, [], {
      execArgv: s.execArgv,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    try {
      if (this.child.pid !== undefined) os.setPriority(this.child.pid, os.constants.priority.PRIORITY_LOW);
    } catch {
      // not allowed here: it runs at normal priority
    }
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      if (this.stderr.length < 4096) this.stderr += chunk;
    });
    this.child.on('message', (reply: CompactorReply) => {
      const p = this.pending;
      this.pending = null;
      this.channel?.unref();
      if (reply.ok) p?.resolve({ snapshotBytes: reply.snapshotBytes });
      else p?.reject(new Error(reply.message));
    });
    const end = (why: string): void => {
      this.exited ??= why;
      const p = this.pending;
      this.pending = null;
      p?.reject(new Error(`the compaction process ended (${why})${this.stderr ? `: ${this.stderr.trim()}` : ''}`));
    };
    this.child.once('error', (error) => end(error.message));
    this.child.once('exit', (code, signal) => end(String(signal ?? code)));
    // Idle, it keeps nothing alive; a job refs its channel until the answer.
    this.child.unref();
    this.channel?.unref();
  }

  private get channel(): Channel | undefined {
    return this.child.channel ?? undefined;
  }

  get alive(): boolean {
    return this.exited === null;
  }

  run(job: CompactionJob): Promise<CompactionResult> {
    if (this.exited !== null) return Promise.reject(new Error(`the compaction process ended (${this.exited})`));
    if (this.pending) return Promise.reject(new Error('a compaction is already running'));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.channel?.ref();
      this.child.send(job);
    });
  }

  dispose(): void {
    if (this.exited === null) this.child.kill();
  }
}
