/**
 * Appending to a journal (format in journal-format.ts). Writes are positional into space written
 * with zeros ahead of them (preallocated in 1 MiB steps), so a durable commit overwrites allocated
 * space and costs one fdatasync.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fsyncDir, fsyncDirAsync } from './fsync-dir';
import {
  HEADER_BYTES,
  encodeEntry,
  encodeHeader,
  journalName,
  type JournalEntry,
  type JournalScan,
} from './journal-format';

/** Preallocation step: zeros are written ahead of the records this many bytes at a time. */
const PREALLOCATE_BYTES = 1024 * 1024;

/** The journal being appended to. Writes are positional; `append` with `durable` fsyncs. */
export class JournalWriter {
  private constructor(
    readonly file: string,
    readonly generation: number,
    private fd: number,
    private length: number,
    private readonly fsyncEnabled: boolean,
    /** Bytes physically present (records, then written zeros). */
    private capacity: number,
  ) {}

  private dirty = false;
  private readonly dictionary = new Map<string, number>();

  /** Creates a fresh journal (header written and fsynced, directory entry fsynced). */
  static create(dir: string, generation: number, schemaVersion: number, fsyncEnabled: boolean): JournalWriter {
    const file = path.join(dir, journalName(generation));
    const fd = fs.openSync(file, 'w+');
    try {
      fs.writeSync(fd, encodeHeader(schemaVersion, generation), 0, HEADER_BYTES, 0);
      if (fsyncEnabled) fs.fsyncSync(fd);
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
    const writer = new JournalWriter(file, generation, fd, HEADER_BYTES, fsyncEnabled, HEADER_BYTES);
    try {
      writer.extend(HEADER_BYTES + 1);
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
    if (fsyncEnabled) fsyncDir(dir);
    return writer;
  }

  /**
   * Creates a fresh journal like `create`, with every write and fsync off the event loop, so
   * that the next generation is ready before compaction switches to it.
   */
  static async prepare(
    dir: string,
    generation: number,
    schemaVersion: number,
    fsyncEnabled: boolean,
  ): Promise<JournalWriter> {
    const file = path.join(dir, journalName(generation));
    const handle = await fs.promises.open(file, 'w+');
    // Without fsync nothing is preallocated: there is nothing to save (see `extend`).
    const capacity = fsyncEnabled ? PREALLOCATE_BYTES : Number.MAX_SAFE_INTEGER;
    try {
      await handle.write(encodeHeader(schemaVersion, generation), 0, HEADER_BYTES, 0);
      if (fsyncEnabled) {
        const zeros = Buffer.alloc(PREALLOCATE_BYTES - HEADER_BYTES);
        await handle.write(zeros, 0, zeros.length, HEADER_BYTES);
        await handle.sync();
        await fsyncDirAsync(dir);
      }
    } catch (error) {
      await handle.close();
      await fs.promises.rm(file, { force: true });
      throw error;
    }
    await handle.close();
    // Appends are synchronous positional writes on a descriptor of our own.
    const fd = fs.openSync(file, 'r+');
    return new JournalWriter(file, generation, fd, HEADER_BYTES, fsyncEnabled, capacity);
  }

  /** Reopens an existing journal for appending, cutting a torn tail at `validLength`. */
  static reopen(
    file: string,
    generation: number,
    scan: Pick<JournalScan, 'validLength' | 'dictionary'>,
    fsyncEnabled: boolean,
  ): JournalWriter {
    const { validLength } = scan;
    const fd = fs.openSync(file, 'r+');
    try {
      if (fs.fstatSync(fd).size !== validLength) {
        fs.ftruncateSync(fd, validLength);
        if (fsyncEnabled) fs.fsyncSync(fd);
      }
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
    const writer = new JournalWriter(file, generation, fd, validLength, fsyncEnabled, validLength);
    scan.dictionary.forEach((sql, index) => writer.dictionary.set(sql, index));
    return writer;
  }

  get size(): number {
    return this.length;
  }

  /**
   * Appends one record; when `durable`, it (and every record before it) is on disk on return.
   * Returns the record's size in bytes.
   */
  append(entry: JournalEntry, durable: boolean): number {
    const { record, added } = encodeEntry(entry, this.dictionary);
    const start = this.length;
    if (start + record.length > this.capacity) this.extend(start + record.length);
    try {
      let written = 0;
      while (written < record.length) {
        written += fs.writeSync(this.fd, record, written, record.length - written, start + written);
      }
      this.length = start + record.length;
      this.dirty = true;
      if (durable) this.sync();
      for (const sql of added) this.dictionary.set(sql, this.dictionary.size);
      return record.length;
    } catch (error) {
      // Zero whatever part of the record reached the file, so the journal stays a clean prefix.
      this.length = start;
      fs.writeSync(this.fd, Buffer.alloc(record.length), 0, record.length, start);
      throw error;
    }
  }

  /** Writes zeros up to at least `needed` bytes (whole steps) and makes them durable. */
  private extend(needed: number): void {
    if (!this.fsyncEnabled) {
      this.capacity = Number.MAX_SAFE_INTEGER; // nothing is flushed, so there is nothing to save
      return;
    }
    const target = Math.ceil(needed / PREALLOCATE_BYTES) * PREALLOCATE_BYTES;
    const zeros = Buffer.alloc(Math.min(target - this.capacity, PREALLOCATE_BYTES));
    let at = this.capacity;
    while (at < target) {
      const n = Math.min(zeros.length, target - at);
      at += fs.writeSync(this.fd, zeros, 0, n, at);
    }
    fs.fsyncSync(this.fd);
    this.capacity = target;
  }

  sync(): void {
    if (this.dirty && this.fsyncEnabled && this.fd >= 0) fs.fdatasyncSync(this.fd);
    this.dirty = false;
  }

  /**
   * `close` with its flush off the event loop, for a sealed journal that takes no more records.
   * `sync` still works meanwhile (the descriptor stays open until the flush is done).
   */
  async closeInBackground(): Promise<void> {
    if (this.fd < 0) return;
    const fd = this.fd;
    try {
      if (this.dirty && this.fsyncEnabled) {
        await new Promise<void>((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())));
      }
      this.dirty = false;
    } finally {
      this.fd = -1;
      fs.closeSync(fd);
    }
  }

  /** Closes and removes a journal that was never appended to (a prepared generation left unused). */
  discard(): void {
    if (this.length !== HEADER_BYTES) throw new Error(`journal ${this.file} holds records; it cannot be discarded`);
    this.close();
    fs.rmSync(this.file, { force: true });
  }

  close(): void {
    if (this.fd < 0) return;
    try {
      this.sync();
    } finally {
      fs.closeSync(this.fd);
      this.fd = -1;
    }
  }
}
