/**
 * Recovery at open: load the last snapshot (checked; a damaged one is moved aside with a
 * timestamp and a fresh store starts) and replay the journals over it in generation order,
 * skipping what the snapshot already holds and stopping at a torn tail or a gap.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { AkkError } from '../../shared/errors';
import { SqlDatabase } from './database';
import { listJournals, scanJournal } from './journal-format';
import type { StoreWarning } from './records';
import { LATEST_SCHEMA_VERSION, migrate, userVersion } from './schema';
import { SNAPSHOT_FILE, moveAside, snapshotProblem } from './snapshot';

export interface Recovered {
  db: SqlDatabase;
  applied: number;
  /** The journal to keep appending to, or `null` to start a fresh generation. */
  tail: { file: string; generation: number; validLength: number; dictionary: string[] } | null;
  maxGeneration: number;
  /** Journals fully replayed (deleted once a new snapshot holds them). */
  journalFiles: string[];
  /** Journals that could not be replayed to the end (moved aside once a new snapshot exists). */
  damagedFiles: string[];
}

let emptyImageBytes: Uint8Array | undefined;

/** A database at the latest schema with no rows, built once per process. */
export function emptyImage(SQL: SqlJsStatic): Uint8Array {
  if (!emptyImageBytes) {
    const db = SqlDatabase.open(SQL);
    try {
      migrate(db);
      emptyImageBytes = db.export();
    } finally {
      db.close();
    }
  }
  return emptyImageBytes;
}

/** Loads the snapshot and replays the journals over it; damaged files are moved aside. */
export function recover(
  SQL: SqlJsStatic,
  dir: string,
  options: { now: () => number },
  warnings: StoreWarning[],
): Recovered {
  const snapshotFile = path.join(dir, SNAPSHOT_FILE);
  let journals = listJournals(dir);
  const maxGeneration = journals.reduce((m, j) => Math.max(m, j.generation), 0);
  const corrupt = (message: string): void => {
    const movedTo = moveAside(snapshotFile, 'corrupt', options.now());
    for (const j of journals) moveAside(j.file, 'corrupt', options.now());
    journals = [];
    warnings.push({
      code: 'store_corrupt',
      message: `the interaction store could not be read (${message}); it was moved aside and a new one started`,
      ...(movedTo ? { movedTo } : {}),
    });
  };

  let db: SqlDatabase | null = null;
  if (fs.existsSync(snapshotFile)) {
    const bytes = fs.readFileSync(snapshotFile);
    const problem = snapshotProblem(bytes);
    if (problem) corrupt(problem);
    else {
      try {
        db = SqlDatabase.open(SQL, bytes);
        const version = userVersion(db);
        if (version > LATEST_SCHEMA_VERSION) migrate(db); // throws store_too_new
        db.get(`SELECT value FROM meta WHERE key = 'journal_seq'`);
        const check = db.get('PRAGMA quick_check');
        const verdict = check ? Object.values(check)[0] : 'no result';
        if (verdict !== 'ok') throw new Error(`integrity check: ${String(verdict)}`);
      } catch (error) {
        db?.close();
        db = null;
        if (error instanceof AkkError && error.code === 'store_too_new') throw error;
        corrupt((error as Error).message);
      }
    }
  } else if (journals.length > 0) {
    corrupt('journals without a snapshot');
  }
  if (!db) {
    return {
      db: SqlDatabase.open(SQL, emptyImage(SQL)),
      applied: 0,
      tail: null,
      maxGeneration,
      journalFiles: [],
      damagedFiles: [],
    };
  }

  const version = userVersion(db);
  const seqRow = db.get(`SELECT value FROM meta WHERE key = 'journal_seq'`);
  let applied = Number(seqRow?.value ?? 0);
  let stopped = false;
  let tail: Recovered['tail'] = null;
  const journalFiles: string[] = [];
  const damagedFiles: string[] = [];
  for (const [index, j] of journals.entries()) {
    const scan = scanJournal(j.file);
    if (scan.schemaVersion !== null && scan.schemaVersion > LATEST_SCHEMA_VERSION) {
      db.close();
      throw new AkkError(
        'store_too_new',
        'the interaction journal was written by a newer version; update the extension',
        {
          schema: scan.schemaVersion,
          supported: LATEST_SCHEMA_VERSION,
        },
      );
    }
    if (stopped) {
      damagedFiles.push(j.file);
      continue;
    }
    let stoppedHere = scan.damaged;
    for (const entry of scan.entries) {
      if (entry.seq <= applied) continue;
      if (entry.seq !== applied + 1 || scan.schemaVersion !== version) {
        stoppedHere = true;
        break;
      }
      try {
        db.begin();
        for (const [sql, params] of entry.ops) db.run(sql, params);
        db.commit();
        applied = entry.seq;
      } catch {
        db.rollback();
        stoppedHere = true;
        break;
      }
    }
    if (stoppedHere) {
      stopped = true;
      damagedFiles.push(j.file);
      warnings.push({
        code: 'journal_damaged',
        message:
          `the interaction journal ${path.basename(j.file)} is damaged; ` +
          `transactions after sequence ${applied} could not be restored`,
      });
      continue;
    }
    journalFiles.push(j.file);
    if (index === journals.length - 1 && scan.schemaVersion === version) {
      tail = { file: j.file, generation: j.generation, validLength: scan.validLength, dictionary: scan.dictionary };
    }
  }
  if (stopped) tail = null;
  return { db, applied, tail, maxGeneration, journalFiles, damagedFiles };
}
