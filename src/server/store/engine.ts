/**
 * The storage engine: an in-memory sql.js database made durable by an fsynced, append-only
 * journal of committed transactions (cost independent of history), replayed on open over the
 * last snapshot, and compacted off the hot path into a new snapshot.
 *
 * Files in the store folder:
 *   akk-store.lock            one writer per folder (see lock.ts)
 *   akk-store.sqlite          the last snapshot; `meta.journal_seq` names the last transaction in it
 *   journal-NNNNNNNN.log      journals by generation; replay skips what the snapshot already holds
 *
 * Compaction keeps off the path of a commit: the next journal generation is prepared (header,
 * preallocated zeros, fsyncs) off the event loop before it is needed; the seal only switches to
 * it and flushes the old one in the background; for a store of 16 MiB and more, the compaction
 * process replays the sealed journals over the last snapshot and writes the new one (temp file,
 * flushed as it goes, fsync, rename, fsync the folder; see compaction.ts); only then are the
 * sealed journals deleted. A smaller store, or one where that process cannot run, exports the
 * database at the seal instead, as one synchronous step (under about 8 ms below 16 MiB). A crash
 * at any step leaves a snapshot plus journals that replay to the last committed transaction.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { AkkError } from '../../shared/errors';
import { Compactor, type CompactionJob } from './compaction';
import { SqlDatabase, loadSqlJs, type Row } from './database';
import { JournalWriter, type JournalOp, type SqlParam } from './journal';
import { StoreLock } from './lock';
import type { StoreWarning } from './records';
import { emptyImage, recover, type Recovered } from './recovery';
import { LATEST_SCHEMA_VERSION, migrate } from './schema';
import { SNAPSHOT_FILE, moveAside, removeStaleTemps, writeSnapshot, writeSnapshotSync } from './snapshot';

export interface EngineOptions {
  /** Store folder; `null` keeps everything in memory (tests only: nothing is durable). */
  dir: string | null;
  fsync: boolean;
  compactBytes: number;
  now: () => number;
  wasmPath?: string;
  onBackgroundError?: (error: unknown) => void;
}

/** What a transaction body may do: reads, and writes that are recorded for the journal. */
export interface Tx {
  run(sql: string, params?: readonly SqlParam[]): void;
  get(sql: string, params?: readonly SqlParam[]): Row | undefined;
  all(sql: string, params?: readonly SqlParam[]): Row[];
  changes(): number;
}

export interface EngineStats {
  seq: number;
  generation: number;
  journalBytes: number;
  lastRecordBytes: number;
  snapshotBytes: number;
  compactions: number;
  compacting: boolean;
  lastCompaction: CompactionStats | null;
}

export interface CompactionStats {
  snapshotBytes: number;
  /** From the seal to the old journals deleted. */
  totalMs: number;
  /** The synchronous part, which holds the event loop (the seal; the export where no worker runs). */
  blockingMs: number;
  where: 'event-loop' | 'process';
}

/**
 * From this snapshot size on, compaction runs in the compaction process; below it the export
 * here costs under about 8 ms (about 0.45 ms per MiB) and no extra process is kept.
 */
const OUT_OF_THREAD_BYTES = 16 * 1024 * 1024;

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

export class Engine {
  private journal: JournalWriter | null = null;
  /** A sealed journal whose last flush is still running (see runCompaction). */
  private sealed: JournalWriter | null = null;
  /** The next journal generation, being prepared off the event loop (null when preparing failed). */
  private next: Promise<JournalWriter | null> | null = null;
  private seq = 0;
  private obsolete: string[] = [];
  private compaction: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private compactor: Compactor | null = null;
  /** After a failed run in the compaction process, the next compaction exports here. */
  private compactorFailed = false;
  /** Size of the snapshot on disk: it decides where compaction runs. */
  private snapshotSize = 0;
  private compactScheduled = false;
  private broken: AkkError | null = null;
  private closed = false;
  /** `close()` has begun: no compaction starts any more. */
  private closing = false;
  private lastRecordBytes = 0;
  private compactions = 0;
  private lastCompaction: CompactionStats | null = null;

  private constructor(
    readonly db: SqlDatabase,
    private readonly options: EngineOptions,
    private readonly lock: StoreLock | null,
    readonly warnings: StoreWarning[],
  ) {}

  static async open(options: EngineOptions): Promise<Engine> {
    let SQL: SqlJsStatic;
    try {
      SQL = await loadSqlJs(options.wasmPath);
    } catch (error) {
      throw new AkkError('store_io', `cannot load the SQLite engine (sql.js): ${String(error)}`);
    }
    if (options.dir === null) return new Engine(SqlDatabase.open(SQL, emptyImage(SQL)), options, null, []);
    const dir = options.dir;
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw new AkkError('store_io', `cannot create the store folder ${dir}: ${(error as Error).message}`);
    }
    const lock = StoreLock.acquire(dir, options.fsync);
    try {
      const warnings: StoreWarning[] = [];
      if (lock.recoveredStale) {
        warnings.push({ code: 'stale_lock_recovered', message: 'a lock left by a process that is gone was recovered' });
      }
      removeStaleTemps(dir);
      // A large store starts its compaction process now, while this process is still small.
      const compactor = fileSize(path.join(dir, SNAPSHOT_FILE)) >= OUT_OF_THREAD_BYTES ? Compactor.start() : null;
      let recovered: Recovered;
      try {
        recovered = recover(SQL, dir, options, warnings);
      } catch (error) {
        compactor?.dispose();
        throw error;
      }
      const engine = new Engine(recovered.db, options, lock, warnings);
      engine.compactor = compactor;
      try {
        engine.start(recovered);
      } catch (error) {
        compactor?.dispose();
        recovered.db.close();
        throw error;
      }
      return engine;
    } catch (error) {
      lock.release();
      if (error instanceof AkkError) throw error;
      throw new AkkError('store_io', `cannot open the interaction store in ${dir}: ${(error as Error).message}`);
    }
  }

  private get dir(): string {
    if (this.options.dir === null) throw new Error('in-memory store has no folder');
    return this.options.dir;
  }

  private get snapshotFile(): string {
    return path.join(this.dir, SNAPSHOT_FILE);
  }

  private start(r: Recovered): void {
    this.seq = r.applied;
    const migrated = migrate(this.db);
    if (r.tail && !migrated) {
      this.journal = JournalWriter.reopen(r.tail.file, r.tail.generation, r.tail, this.options.fsync);
      this.obsolete = r.journalFiles.filter((f) => f !== r.tail?.file);
      this.snapshotSize = fileSize(this.snapshotFile);
      return;
    }
    // A fresh base: snapshot now, then a new journal generation; older journals are no longer needed.
    this.stampSeq();
    const image = this.db.export();
    writeSnapshotSync(this.snapshotFile, image, this.options.fsync);
    this.snapshotSize = image.length;
    this.journal = JournalWriter.create(this.dir, r.maxGeneration + 1, LATEST_SCHEMA_VERSION, this.options.fsync);
    for (const file of r.journalFiles) fs.rmSync(file, { force: true });
    for (const file of r.damagedFiles) moveAside(file, 'damaged', this.options.now());
  }

  private stampSeq(): void {
    this.db.run(`UPDATE meta SET value = ? WHERE key = 'journal_seq'`, [String(this.seq)]);
  }

  private writable(): void {
    if (this.closed) throw new AkkError('store_io', 'the interaction store is closed');
    if (this.broken) throw this.broken;
  }

  /**
   * Runs `fn` as one transaction. Its writes are journaled as one record; when `durable`, the
   * record is fsynced before this returns. If `fn` throws, nothing is applied or journaled.
   */
  write<T>(durable: boolean, fn: (tx: Tx) => T): T {
    this.writable();
    const db = this.db;
    const ops: JournalOp[] = [];
    const tx: Tx = {
      run: (sql, params = []) => {
        db.run(sql, params);
        ops.push([sql, [...params]]);
      },
      get: (sql, params) => db.get(sql, params),
      all: (sql, params) => db.all(sql, params),
      changes: () => db.changes(),
    };
    db.begin();
    let result: T;
    try {
      result = fn(tx);
    } catch (error) {
      db.rollback();
      throw error;
    }
    if (ops.length === 0) {
      db.rollback();
      return result;
    }
    const seq = this.seq + 1;
    if (this.journal) {
      try {
        this.lastRecordBytes = this.journal.append({ seq, ops }, durable);
      } catch (error) {
        db.rollback();
        this.broken = new AkkError('store_io', `the interaction journal cannot be written: ${(error as Error).message}`);
        throw this.broken;
      }
    }
    db.commit();
    this.seq = seq;
    this.maybeCompact();
    return result;
  }

  /** Makes every record written so far durable (lazy writes included). */
  sync(): void {
    this.sealed?.sync();
    this.journal?.sync();
  }

  private maybeCompact(): void {
    const journal = this.journal;
    if (!journal) return;
    // Half way to a compaction, the next journal generation starts being prepared off the event loop.
    if (!this.next && !this.closing && journal.size >= this.options.compactBytes / 2) this.prepareNext(journal.generation + 1);
    if (this.closing || this.compactScheduled || this.compaction || journal.size < this.options.compactBytes) return;
    this.compactScheduled = true;
    setImmediate(() => {
      this.compactScheduled = false;
      if (this.closing) return;
      this.compact().catch((error: unknown) => this.options.onBackgroundError?.(error));
    });
  }

  /** The compaction process, started now if it is not running (or null where it cannot run). */
  private ensureCompactor(): boolean {
    if (!this.compactor?.alive) this.compactor = Compactor.start();
    return this.compactor !== null;
  }

  private prepareNext(generation: number): void {
    this.next = JournalWriter.prepare(this.dir, generation, LATEST_SCHEMA_VERSION, this.options.fsync).catch((error: unknown) => {
      this.options.onBackgroundError?.(error);
      return null; // compaction creates it in place then
    });
  }

  /**
   * Writes a snapshot of everything committed so far and retires the journals it covers. A run
   * in progress sealed before the latest commits, so one more follows it, shared by every call
   * made meanwhile.
   */
  compact(): Promise<void> {
    if (!this.journal || this.closing) return this.compaction ?? Promise.resolve();
    if (this.compaction) {
      this.queued ??= this.compaction
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.compact();
        });
      return this.queued;
    }
    this.compaction = this.runCompaction().finally(() => {
      this.compaction = null;
    });
    return this.compaction;
  }

  /**
   * Seals the journal (commits go on in the next generation, prepared ahead) and builds the
   * snapshot of everything up to the seal: in the compaction process, which replays the sealed
   * journals over the last snapshot, or, for a small store or where that process cannot run, by
   * exporting the database here.
   */
  private async runCompaction(): Promise<void> {
    this.writable();
    const old = this.journal;
    if (!old) return;
    if (!this.next) this.prepareNext(old.generation + 1);
    const prepared = await this.next;
    this.next = null;
    if (this.broken) {
      prepared?.discard();
      throw this.broken;
    }
    // A small store exports here; after a failed run in the compaction process, one compaction does
    // too, so that failures never let journals pile up.
    const inProcess = this.snapshotSize >= OUT_OF_THREAD_BYTES && !this.compactorFailed && this.ensureCompactor();
    // Synchronous part: nothing else runs in between, so the seal (and an export) is exactly `seq`.
    const t0 = performance.now();
    let exported: Uint8Array | null = null;
    if (!inProcess) {
      this.stampSeq();
      exported = this.db.export();
    }
    const uptoSeq = this.seq;
    try {
      this.journal = prepared ?? JournalWriter.create(this.dir, old.generation + 1, LATEST_SCHEMA_VERSION, this.options.fsync);
    } catch (error) {
      this.broken = new AkkError('store_io', `cannot start a new journal: ${(error as Error).message}`);
      throw this.broken;
    }
    if (exported) old.close();
    else this.sealed = old; // its last flush runs in the background; sync() covers it meanwhile
    this.obsolete.push(old.file);
    const retiring = [...this.obsolete];
    const blockingMs = performance.now() - t0;
    if (!exported) {
      try {
        await old.closeInBackground();
      } finally {
        this.sealed = null;
      }
    }
    let snapshotBytes: number;
    if (exported) {
      await writeSnapshot(this.snapshotFile, exported, this.options.fsync);
      snapshotBytes = exported.length;
    } else {
      const job: CompactionJob = {
        snapshotFile: this.snapshotFile,
        journals: retiring,
        uptoSeq,
        schemaVersion: LATEST_SCHEMA_VERSION,
        fsync: this.options.fsync,
        ...(this.options.wasmPath !== undefined ? { wasmPath: this.options.wasmPath } : {}),
      };
      try {
        snapshotBytes = (await (this.compactor as Compactor).run(job)).snapshotBytes;
      } catch (error) {
        this.compactorFailed = true;
        this.compactor?.dispose();
        this.compactor = null;
        throw error;
      }
    }
    this.compactorFailed = false;
    this.snapshotSize = snapshotBytes;
    for (const file of retiring) await fs.promises.rm(file, { force: true });
    this.obsolete = this.obsolete.filter((f) => !retiring.includes(f));
    this.compactions++;
    this.lastCompaction = { snapshotBytes, totalMs: performance.now() - t0, blockingMs, where: inProcess ? 'process' : 'event-loop' };
  }

  stats(): EngineStats {
    let snapshotBytes = 0;
    if (this.options.dir !== null) {
      try {
        snapshotBytes = fs.statSync(this.snapshotFile).size;
      } catch {
        snapshotBytes = 0;
      }
    }
    return {
      seq: this.seq,
      generation: this.journal?.generation ?? 0,
      journalBytes: this.journal?.size ?? 0,
      lastRecordBytes: this.lastRecordBytes,
      snapshotBytes,
      compactions: this.compactions,
      compacting: this.compaction !== null || this.compactScheduled,
      lastCompaction: this.lastCompaction,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closing = true;
    try {
      if (this.compaction) await this.compaction.catch(() => undefined);
      // A prepared journal generation that was never used goes away with the store.
      const next = this.next ? await this.next : null;
      this.next = null;
      try {
        next?.discard();
      } catch (error) {
        this.options.onBackgroundError?.(error);
      }
    } finally {
      this.closed = true;
      this.compactor?.dispose();
      this.compactor = null;
      try {
        this.journal?.close();
      } finally {
        this.db.close();
        this.lock?.release();
      }
    }
  }
}
