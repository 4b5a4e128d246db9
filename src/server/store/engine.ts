/**
 * The storage engine: an in-memory sql.js database made durable by an fsynced, append-only
 * journal of committed transactions (cost independent of history), replayed on open over the
 * last snapshot, and compacted off the hot path into a new snapshot (journal-rotation.ts).
 *
 * Files in the store folder:
 *   akk-store.lock            one writer per folder (see lock.ts)
 *   akk-store.sqlite          the last snapshot; `meta.journal_seq` names the last transaction in it
 *   journal-NNNNNNNN.log      journals by generation; replay skips what the snapshot already holds
 *
 * This module opens the folder (lock, recovery, migrations) and runs the transactions; the
 * journal generations and their compaction are journal-rotation.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { AkkError } from '../../shared/errors';
import { Compactor } from './compaction';
import { SqlDatabase, loadSqlJs, type Row } from './database';
import type { JournalOp, SqlParam } from './journal-format';
import { JournalRotation, type CompactionOptions, type JournalStats } from './journal-rotation';
import { StoreLock } from './lock';
import type { StoreWarning } from './records';
import { emptyImage, recover, type Recovered } from './recovery';
import { migrate } from './schema';
import { SNAPSHOT_FILE, fileSize, moveAside, removeStaleTemps } from './snapshot';

interface EngineOptions extends CompactionOptions {
  /** Store folder; `null` keeps everything in memory (tests only: nothing is durable). */
  dir: string | null;
  now: () => number;
}

/** What a transaction body may do: reads, and writes that are recorded for the journal. */
export interface Tx {
  run(sql: string, params?: readonly SqlParam[]): void;
  get(sql: string, params?: readonly SqlParam[]): Row | undefined;
  all(sql: string, params?: readonly SqlParam[]): Row[];
  changes(): number;
}

export interface EngineStats extends JournalStats {
  seq: number;
}

export class Engine {
  private readonly journals: JournalRotation;
  private seq = 0;
  private closed = false;

  private constructor(
    readonly db: SqlDatabase,
    private readonly options: EngineOptions,
    private readonly lock: StoreLock | null,
    readonly warnings: StoreWarning[],
    compactor: Compactor | null,
  ) {
    this.journals = new JournalRotation(options.dir, options, compactor, {
      seq: () => this.seq,
      exportImage: () => this.exportImage(),
    });
  }

  static async open(options: EngineOptions): Promise<Engine> {
    let SQL: SqlJsStatic;
    try {
      SQL = await loadSqlJs(options.wasmPath);
    } catch (error) {
      throw new AkkError('store_io', `cannot load the SQLite engine (sql.js): ${String(error)}`);
    }
    if (options.dir === null) return new Engine(SqlDatabase.open(SQL, emptyImage(SQL)), options, null, [], null);
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
      const large = fileSize(path.join(dir, SNAPSHOT_FILE)) >= options.compactionProcessBytes;
      const compactor = large ? Compactor.start() : null;
      let recovered: Recovered;
      try {
        recovered = recover(SQL, dir, options, warnings);
      } catch (error) {
        compactor?.dispose();
        throw error;
      }
      const engine = new Engine(recovered.db, options, lock, warnings, compactor);
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

  private start(r: Recovered): void {
    this.seq = r.applied;
    const migrated = migrate(this.db);
    if (r.tail && !migrated) {
      const covered = r.journalFiles.filter((f) => f !== r.tail?.file);
      this.journals.resume(r.tail, covered);
      return;
    }
    // A fresh base: snapshot now, then a new journal generation; older journals are no longer needed.
    this.journals.rebase(this.exportImage(), r.maxGeneration + 1);
    for (const file of r.journalFiles) fs.rmSync(file, { force: true });
    for (const file of r.damagedFiles) moveAside(file, 'damaged', this.options.now());
  }

  /** Writes `seq` into the database and exports it: a snapshot of everything committed. */
  private exportImage(): Uint8Array {
    this.db.run(`UPDATE meta SET value = ? WHERE key = 'journal_seq'`, [String(this.seq)]);
    return this.db.export();
  }

  private writable(): void {
    if (this.closed) throw new AkkError('store_io', 'the interaction store is closed');
    if (this.journals.broken) throw this.journals.broken;
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
    try {
      this.journals.append({ seq, ops }, durable);
    } catch (error) {
      db.rollback();
      throw this.journals.fail(`the interaction journal cannot be written: ${(error as Error).message}`);
    }
    db.commit();
    this.seq = seq;
    this.journals.afterCommit();
    return result;
  }

  /** Makes every record written so far durable (lazy writes included). */
  sync(): void {
    this.journals.sync();
  }

  /**
   * Writes a snapshot of everything committed so far and retires the journals it covers (see
   * `JournalRotation.compact`).
   */
  compact(): Promise<void> {
    return this.journals.compact();
  }

  stats(): EngineStats {
    return { seq: this.seq, ...this.journals.stats() };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.journals.windDown();
    } finally {
      this.closed = true;
      try {
        this.journals.close();
      } finally {
        this.db.close();
        this.lock?.release();
      }
    }
  }
}
