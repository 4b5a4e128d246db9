/**
 * The journal generations of a store folder and their compaction into a new snapshot.
 *
 * Commits are appended to the current generation. Compaction keeps off the path of a commit:
 * half way to `compactBytes` the next generation is prepared (header, preallocated zeros, fsyncs)
 * off the event loop; at `compactBytes` the seal only switches commits to it and flushes the old
 * one in the background. For a snapshot of `compactionProcessBytes` (16 MiB) and more, the
 * compaction process replays the sealed journals over the last snapshot and writes the new one
 * (temp file, flushed as it goes, fsync, rename, fsync the folder; see compaction.ts); only then
 * are the sealed journals deleted. A smaller store, or one where that process cannot run, exports
 * the database at the seal instead, as one synchronous step (under about 8 ms below 16 MiB). A
 * crash at any step leaves a snapshot plus journals that replay to the last committed transaction.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AkkError } from '../../shared/errors';
import { Compactor, type CompactionJob } from './compaction';
import type { JournalEntry } from './journal-format';
import { JournalWriter } from './journal-writer';
import type { Recovered } from './recovery';
import { LATEST_SCHEMA_VERSION } from './schema';
import { SNAPSHOT_FILE, fileSize, writeSnapshot, writeSnapshotSync } from './snapshot';

export interface CompactionOptions {
  fsync: boolean;
  /** Journal size that starts a compaction. */
  compactBytes: number;
  /**
   * Snapshot size from which compaction runs in the compaction process; below it the export in
   * place costs under about 8 ms (about 0.45 ms per MiB) and no extra process is kept.
   */
  compactionProcessBytes: number;
  wasmPath?: string;
  onBackgroundError?: (error: unknown) => void;
}

interface CompactionStats {
  snapshotBytes: number;
  /** From the seal to the old journals deleted. */
  totalMs: number;
  /** The synchronous part, which holds the event loop (the seal; the export where no process runs). */
  blockingMs: number;
  where: 'event-loop' | 'process';
}

/** The journal and compaction part of the engine's figures. */
export interface JournalStats {
  generation: number;
  journalBytes: number;
  lastRecordBytes: number;
  snapshotBytes: number;
  compactions: number;
  compacting: boolean;
  lastCompaction: CompactionStats | null;
}

/** What compaction reads from the database that the journals record. */
interface JournaledDatabase {
  /** The last committed transaction. */
  seq(): number;
  /** Writes `seq` into the database and exports it whole (outside any transaction). */
  exportImage(): Uint8Array;
}

export class JournalRotation {
  private journal: JournalWriter | null = null;
  /** A sealed journal whose last flush is still running (see runCompaction). */
  private sealed: JournalWriter | null = null;
  /** The next journal generation, being prepared off the event loop (null when preparing failed). */
  private next: Promise<JournalWriter | null> | null = null;
  private obsolete: string[] = [];
  private compaction: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** After a failed run in the compaction process, the next compaction exports here. */
  private compactorFailed = false;
  /** Size of the snapshot on disk: it decides where compaction runs. */
  private snapshotSize = 0;
  private compactScheduled = false;
  /** The journal could not be written or started: the store takes no more writes. */
  private failure: AkkError | null = null;
  /** The store is closing: no compaction starts any more. */
  private closing = false;
  private lastRecordBytes = 0;
  private compactions = 0;
  private lastCompaction: CompactionStats | null = null;

  /**
   * `folder` null is a memory-only store: nothing is journaled. `compactor` is the compaction
   * process when the store started it at open.
   */
  constructor(
    private readonly folder: string | null,
    private readonly options: CompactionOptions,
    private compactor: Compactor | null,
    private readonly db: JournaledDatabase,
  ) {}

  private get dir(): string {
    if (this.folder === null) throw new Error('in-memory store has no folder');
    return this.folder;
  }

  private get snapshotFile(): string {
    return path.join(this.dir, SNAPSHOT_FILE);
  }

  /** The error that stopped every write, if one did. */
  get broken(): AkkError | null {
    return this.failure;
  }

  /** Throws the error that stopped every write, if one did. */
  private writable(): void {
    if (this.failure) throw this.failure;
  }

  /** Stops every later write with a `store_io` error, and returns it. */
  fail(message: string): AkkError {
    this.failure = new AkkError('store_io', message);
    return this.failure;
  }

  /** Goes on appending to the journal recovery ended in; `obsolete` are the ones the snapshot covers. */
  resume(tail: NonNullable<Recovered['tail']>, obsolete: string[]): void {
    this.journal = JournalWriter.reopen(tail.file, tail.generation, tail, this.options.fsync);
    this.obsolete = obsolete;
    this.snapshotSize = fileSize(this.snapshotFile);
  }

  /** Writes `image` as the snapshot, then starts a new journal `generation` over it. */
  rebase(image: Uint8Array, generation: number): void {
    writeSnapshotSync(this.snapshotFile, image, this.options.fsync);
    this.snapshotSize = image.length;
    this.journal = JournalWriter.create(this.dir, generation, LATEST_SCHEMA_VERSION, this.options.fsync);
  }

  /** Journals one committed transaction (on disk on return when `durable`); a memory store journals nothing. */
  append(entry: JournalEntry, durable: boolean): void {
    if (this.journal) this.lastRecordBytes = this.journal.append(entry, durable);
  }

  /** Makes every record written so far durable (lazy writes included). */
  sync(): void {
    this.sealed?.sync();
    this.journal?.sync();
  }

  /** After each commit: half way, prepares the next generation; at the threshold, schedules a compaction. */
  afterCommit(): void {
    const journal = this.journal;
    if (!journal) return;
    // Half way to a compaction, the next journal generation starts being prepared off the event loop.
    if (!this.next && !this.closing && journal.size >= this.options.compactBytes / 2)
      this.prepareNext(journal.generation + 1);
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
    this.next = JournalWriter.prepare(this.dir, generation, LATEST_SCHEMA_VERSION, this.options.fsync).catch(
      (error: unknown) => {
        this.options.onBackgroundError?.(error);
        return null; // compaction creates it in place then
      },
    );
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
    if (this.failure) {
      prepared?.discard();
      throw this.failure;
    }
    // A small store exports here; after a failed run in the compaction process, one compaction does
    // too, so that failures never let journals pile up.
    const inProcess =
      this.snapshotSize >= this.options.compactionProcessBytes && !this.compactorFailed && this.ensureCompactor();
    // Synchronous part: nothing else runs in between, so the seal (and an export) is exactly `seq`.
    const t0 = performance.now();
    const exported = inProcess ? null : this.db.exportImage();
    const uptoSeq = this.db.seq();
    try {
      this.journal =
        prepared ?? JournalWriter.create(this.dir, old.generation + 1, LATEST_SCHEMA_VERSION, this.options.fsync);
    } catch (error) {
      throw this.fail(`cannot start a new journal: ${(error as Error).message}`);
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
    const snapshotBytes = exported ? await this.writeExported(exported) : await this.buildInProcess(retiring, uptoSeq);
    this.compactorFailed = false;
    this.snapshotSize = snapshotBytes;
    for (const file of retiring) await fs.promises.rm(file, { force: true });
    this.obsolete = this.obsolete.filter((f) => !retiring.includes(f));
    this.compactions++;
    this.lastCompaction = {
      snapshotBytes,
      totalMs: performance.now() - t0,
      blockingMs,
      where: inProcess ? 'process' : 'event-loop',
    };
  }

  /** Writes the database exported at the seal as the snapshot; returns its size. */
  private async writeExported(exported: Uint8Array): Promise<number> {
    await writeSnapshot(this.snapshotFile, exported, this.options.fsync);
    return exported.length;
  }

  /** Has the compaction process replay `journals` over the snapshot up to `uptoSeq`; returns its size. */
  private async buildInProcess(journals: string[], uptoSeq: number): Promise<number> {
    const job: CompactionJob = {
      snapshotFile: this.snapshotFile,
      journals,
      uptoSeq,
      schemaVersion: LATEST_SCHEMA_VERSION,
      fsync: this.options.fsync,
      ...(this.options.wasmPath !== undefined ? { wasmPath: this.options.wasmPath } : {}),
    };
    try {
      return (await (this.compactor as Compactor).run(job)).snapshotBytes;
    } catch (error) {
      this.compactorFailed = true;
      this.compactor?.dispose();
      this.compactor = null;
      throw error;
    }
  }

  stats(): JournalStats {
    return {
      generation: this.journal?.generation ?? 0,
      journalBytes: this.journal?.size ?? 0,
      lastRecordBytes: this.lastRecordBytes,
      snapshotBytes: this.folder === null ? 0 : fileSize(this.snapshotFile),
      compactions: this.compactions,
      compacting: this.compaction !== null || this.compactScheduled,
      lastCompaction: this.lastCompaction,
    };
  }

  /**
   * The first half of closing: no compaction starts any more, a running one finishes, and a
   * prepared generation that was never used goes away with the store.
   */
  async windDown(): Promise<void> {
    this.closing = true;
    if (this.compaction) await this.compaction.catch(() => undefined);
    const next = this.next ? await this.next : null;
    this.next = null;
    try {
      next?.discard();
    } catch (error) {
      this.options.onBackgroundError?.(error);
    }
  }

  /** The second half of closing: ends the compaction process and closes the current journal. */
  close(): void {
    this.compactor?.dispose();
    this.compactor = null;
    this.journal?.close();
  }
}
