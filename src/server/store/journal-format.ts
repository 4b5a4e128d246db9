/**
 * The journal's file format: file names by generation, the header, the records, and the scan that
 * reads them back.
 *
 * File layout: a 20-byte header (`AKKJRNL1`, schema version u32, generation u32, CRC-32 of the
 * first 16 bytes), then records of `length u32 | crc32 u32 | payload`, little endian. A payload is
 * the JSON `{"s": seq, "o": [[sql, params], ...]}`: the exact write statements of one committed
 * transaction, so that replay reproduces it. Within one file a statement's text is written once;
 * later uses name it by its index in order of first appearance (keeps records small). A record
 * that is cut short or fails its checksum ends the readable journal (a torn tail after a crash);
 * everything before it is intact.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { z } from 'zod';

export type SqlParam = string | number | null;
export type JournalOp = [sql: string, params: SqlParam[]];
export interface JournalEntry {
  seq: number;
  ops: JournalOp[];
}

const MAGIC = Buffer.from('AKKJRNL1', 'latin1');
export const HEADER_BYTES = 20;
const RECORD_HEAD = 8;
/** A record longer than this is treated as damage, not as a real record. */
const MAX_RECORD = 64 * 1024 * 1024;
const JOURNAL_NAME = /^journal-(\d{8})\.log$/;

const entrySchema = z.object({
  s: z.number().int().positive(),
  o: z.array(
    z.tuple([
      z.union([z.string(), z.number().int().nonnegative()]),
      z.array(z.union([z.string(), z.number(), z.null()])),
    ]),
  ),
});

let crcTable: Uint32Array | undefined;
function crc32Fallback(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const nativeCrc = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
function crc32(data: Uint8Array): number {
  return nativeCrc ? nativeCrc(data) >>> 0 : crc32Fallback(data);
}

export function journalName(generation: number): string {
  return `journal-${String(generation).padStart(8, '0')}.log`;
}

export function listJournals(dir: string): Array<{ generation: number; file: string }> {
  const found: Array<{ generation: number; file: string }> = [];
  for (const name of fs.readdirSync(dir)) {
    const m = JOURNAL_NAME.exec(name);
    if (m?.[1]) found.push({ generation: Number(m[1]), file: path.join(dir, name) });
  }
  return found.sort((a, b) => a.generation - b.generation);
}

export function encodeHeader(schemaVersion: number, generation: number): Buffer {
  const head = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(schemaVersion, 8);
  head.writeUInt32LE(generation, 12);
  head.writeUInt32LE(crc32(head.subarray(0, 16)), 16);
  return head;
}

/** Encodes one record against the file's statement dictionary; returns the statements it adds. */
export function encodeEntry(
  entry: JournalEntry,
  dictionary: ReadonlyMap<string, number>,
): { record: Buffer; added: string[] } {
  const added: string[] = [];
  const ops = entry.ops.map(([sql, params]) => {
    const known = dictionary.get(sql);
    if (known !== undefined) return [known, params];
    const pending = added.indexOf(sql);
    if (pending >= 0) return [dictionary.size + pending, params];
    added.push(sql);
    return [sql, params];
  });
  const payload = Buffer.from(JSON.stringify({ s: entry.seq, o: ops }), 'utf8');
  const record = Buffer.allocUnsafe(RECORD_HEAD + payload.length);
  record.writeUInt32LE(payload.length, 0);
  record.writeUInt32LE(crc32(payload), 4);
  payload.copy(record, RECORD_HEAD);
  return { record, added };
}

export interface JournalScan {
  /** `null` when the header itself is missing or torn (the file holds no records). */
  schemaVersion: number | null;
  entries: JournalEntry[];
  /** Bytes up to the end of the last intact record. */
  validLength: number;
  fileLength: number;
  /** A bad record was followed by more bytes than a single torn write would leave. */
  damaged: boolean;
  /** Statement texts in order of first appearance up to `validLength`. */
  dictionary: string[];
}

export function scanJournal(file: string): JournalScan {
  const data = fs.readFileSync(file);
  const head = data.subarray(0, HEADER_BYTES);
  if (
    data.length < HEADER_BYTES ||
    !head.subarray(0, 8).equals(MAGIC) ||
    head.readUInt32LE(16) !== crc32(head.subarray(0, 16))
  ) {
    return {
      schemaVersion: null,
      entries: [],
      validLength: 0,
      fileLength: data.length,
      damaged: data.length > HEADER_BYTES,
      dictionary: [],
    };
  }
  const entries: JournalEntry[] = [];
  const dictionary: string[] = [];
  let offset = HEADER_BYTES;
  let damaged = false;
  while (offset + RECORD_HEAD <= data.length) {
    const length = data.readUInt32LE(offset);
    const end = offset + RECORD_HEAD + length;
    if (length === 0 || length > MAX_RECORD || end > data.length) break;
    const payload = data.subarray(offset + RECORD_HEAD, end);
    if (crc32(payload) !== data.readUInt32LE(offset + 4)) {
      damaged = !allZero(data, end);
      break;
    }
    const parsed = entrySchema.safeParse(safeJson(payload.toString('utf8')));
    if (!parsed.success) {
      damaged = true;
      break;
    }
    const before = dictionary.length;
    const ops: JournalOp[] = [];
    for (const [ref, params] of parsed.data.o) {
      const sql = typeof ref === 'string' ? ref : dictionary[ref];
      if (sql === undefined) break;
      if (typeof ref === 'string') dictionary.push(ref);
      ops.push([sql, params]);
    }
    if (ops.length !== parsed.data.o.length) {
      dictionary.length = before;
      damaged = true;
      break;
    }
    entries.push({ seq: parsed.data.s, ops });
    offset = end;
  }
  return {
    schemaVersion: head.readUInt32LE(8),
    entries,
    validLength: offset,
    fileLength: data.length,
    damaged,
    dictionary,
  };
}

function allZero(data: Buffer, from: number): boolean {
  for (let i = from; i < data.length; i++) if (data[i] !== 0) return false;
  return true;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
