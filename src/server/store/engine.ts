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
 * Compaction: (sync) stamp `journal_seq`, export, seal the journal and start the next generation;
 * (async) write the snapshot to a temp file, fsync, rename, fsync the folder; only then delete
 * the sealed journals. A crash at any step leaves a snapshot plus journals that replay to the
 * last committed transaction.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { AkkError } from '../../shared/errors';
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
}

export class Engine {
  private journal: JournalWriter | null = null;
  private seq = 0;
  private obsolete: string[] = [];
  private compaction: Promise<void> | null = null;
  private compactScheduled = false;
  private broken: AkkError | null = null;
  private closed = false;
  private lastRecordBytes = 0;
  private compactions = 0;

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
      const recovered = recover(SQL, dir, options, warnings);
      const engine = new Engine(recovered.db, options, lock, warnings);
      try {
        engine.start(recovered);
      } catch (error) {
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
      return;
    }
    // A fresh base: snapshot now, then a new journal generation; older journals are no longer needed.
    this.stampSeq();
    writeSnapshotSync(this.snapshotFile, this.db.export(), this.options.fsync);
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
    this.journal?.sync();
  }

  private maybeCompact(): void {
    if (!this.journal || this.compactScheduled || this.compaction) return;
    if (this.journal.size < this.options.compactBytes) return;
    this.compactScheduled = true;
    setImmediate(() => {
      this.compactScheduled = false;
      if (this.closed) return;
      this.compact().catch((error: unknown) => this.options.onBackgroundError?.(error));
    });
  }

  /** Writes a snapshot and retires the journals it covers. Concurrent calls share one run. */
  compact(): Promise<void> {
    if (!this.journal) return Promise.resolve();
    this.compaction ??= this.runCompaction().finally(() => {
      this.compaction = null;
    });
    return this.compaction;
  }

  private async runCompaction(): Promise<void> {
    this.writable();
    const old = this.journal;
    if (!old) return;
    // Synchronous part: nothing else runs in between, so the export is exactly `seq`.
    this.stampSeq();
    const bytes = this.db.export();
    old.close();
    this.obsolete.push(old.file);
    try {
      this.journal = JournalWriter.create(this.dir, old.generation + 1, LATEST_SCHEMA_VERSION, this.options.fsync);
    } catch (error) {
      this.broken = new AkkError('store_io', `cannot start a new journal: ${(error as Error).message}`);
      throw this.broken;
    }
    const retiring = [...this.obsolete];
    await writeSnapshot(this.snapshotFile, bytes, this.options.fsync);
    for (const file of retiring) await fs.promises.rm(file, { force: true });
    this.obsolete = this.obsolete.filter((f) => !retiring.includes(f));
    this.compactions++;
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
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (this.compaction) await this.compaction.catch(() => undefined);
    } finally {
      this.closed = true;
      try {
        this.journal?.close();
      } finally {
        this.db.close();
        this.lock?.release();
      }
    }
  }
}
