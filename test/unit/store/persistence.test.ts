/** Files on disk: the writer lock, damaged and newer files, compaction, journal replay. */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { openStore, type Store } from '../../../src/server/store';
import { listJournals } from '../../../src/server/store/journal-format';
import { JournalWriter } from '../../../src/server/store/journal-writer';
import { LOCK_FILE, processStart } from '../../../src/server/store/lock';
import { MIGRATIONS } from '../../../src/server/store/schema';
import { SNAPSHOT_FILE } from '../../../src/server/store/snapshot';
import {
  Clock,
  OWNER,
  diskStore,
  dump,
  fingerprint,
  newInteraction,
  openTestSession,
  rejects,
  removeDir,
  tempDir,
} from './helpers';

function listing(dir: string): Array<[string, number, number]> {
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => {
      const st = fs.statSync(path.join(dir, name));
      return [name, st.size, st.mtimeMs];
    });
}

async function populated(dir: string, clock = new Clock()): Promise<Store> {
  const store = await diskStore(dir, clock);
  await openTestSession(store, 's1');
  const ix = await store.createInteraction(newInteraction('s1', fingerprint('s1', 1)));
  await store.createOffer(ix.id, OWNER, 60_000);
  await store.reserve({
    interactionId: ix.id,
    owner: OWNER,
    expectedRevision: 1,
    answers: [{ questionId: 'q1', optionId: 'yes' }],
  });
  await store.enqueueNotification('interactionUpdated', {
    session_id: 's1',
    interaction_id: ix.id,
    status: 'resolving',
    outcome: null,
  });
  return store;
}

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  assert.ok(child.pid);
  return child.pid;
}

describe('store: persistence', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => {
    dir = tempDir('persist');
  });
  afterEach(() => removeDir(dir));

  it('migrations are an ordered list starting at 1', () => {
    MIGRATIONS.forEach((m, i) => assert.equal(m.version, i + 1));
  });

  it('reopens with every record intact, from the journal and after compaction', async () => {
    const store = await populated(dir);
    const before = dump(store);
    await store.close();
    const again = await diskStore(dir);
    assert.deepEqual(dump(again), before);
    await again.compact();
    assert.deepEqual(listJournals(dir).length, 1);
    await again.close();
    const third = await diskStore(dir);
    assert.deepEqual(dump(third), before);
    assert.deepEqual(third.warnings, []);
    await third.close();
  });

  it('a second writer gets store_locked and writes nothing; the lock goes with close', async () => {
    const store = await populated(dir);
    const before = listing(dir);
    const error = await rejects(() => openStore({ dir, maintenanceIntervalMs: 0 }), 'store_locked');
    assert.equal(error.detail?.pid, process.pid);
    assert.deepEqual(listing(dir), before);
    await store.close();
    assert.equal(fs.existsSync(path.join(dir, LOCK_FILE)), false);
    await (await diskStore(dir)).close();
  });

  it('recovers a stale lock of a dead process or of a reused pid, with a warning', async () => {
    await (await populated(dir)).close();
    const own = processStart(process.pid)?.start ?? null;
    const locks = [
      { pid: deadPid(), start: 'linux:1', host: os.hostname(), token: 'dead', at: 0 },
      ...(own ? [{ pid: process.pid, start: `${own}0`, host: os.hostname(), token: 'reused', at: 0 }] : []),
    ];
    for (const lock of locks) {
      fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(lock));
      const store = await diskStore(dir);
      assert.deepEqual(
        store.warnings.map((w) => w.code),
        ['stale_lock_recovered'],
      );
      assert.equal(store.listInteractions().length, 1);
      await store.close();
    }
  });

  it('a lock appears whole, and what a lock writer killed before linking left is removed', async () => {
    const stray = path.join(dir, `${LOCK_FILE}.pending-${deadPid()}-0badf00d`);
    fs.writeFileSync(stray, '{"pid":');
    const store = await diskStore(dir);
    assert.equal(fs.existsSync(stray), false);
    const lock = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number };
    assert.equal(lock.pid, process.pid);
    assert.deepEqual(
      fs.readdirSync(dir).filter((n) => n.startsWith(`${LOCK_FILE}.`)),
      [],
    );
    await store.close();
  });

  it('an unreadable lock is respected while fresh and recovered once old', async () => {
    const file = path.join(dir, LOCK_FILE);
    fs.writeFileSync(file, '');
    await rejects(() => diskStore(dir), 'store_locked');
    const old = (Date.now() - 60_000) / 1000;
    fs.utimesSync(file, old, old);
    await (await diskStore(dir)).close();
  });

  it('moves a corrupt or truncated snapshot aside with a timestamp and starts fresh', async () => {
    const damages: Array<(file: string) => void> = [
      (file) => fs.writeFileSync(file, 'this is not a database at all, not even close'.repeat(100)),
      (file) => fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2 / 4096) * 4096),
      (file) => {
        const bytes = fs.readFileSync(file);
        bytes.fill(0x5a, 100, 4096);
        fs.writeFileSync(file, bytes);
      },
      (file) => fs.writeFileSync(file, ''),
    ];
    for (const damage of damages) {
      const store = await populated(dir);
      await store.compact();
      await store.close();
      damage(path.join(dir, SNAPSHOT_FILE));
      const fresh = await diskStore(dir);
      const warning = fresh.warnings.find((w) => w.code === 'store_corrupt');
      assert.ok(warning, 'warned');
      assert.ok(warning.movedTo && fs.existsSync(warning.movedTo), 'moved aside');
      assert.match(path.basename(warning.movedTo), /^akk-store\.sqlite\.corrupt-\d{4}-\d\d-\d\dT/);
      assert.equal(fresh.listInteractions().length, 0);
      await openTestSession(fresh, 's1');
      await fresh.close();
      const reopened = await diskStore(dir);
      assert.deepEqual(reopened.warnings, []);
      assert.equal(reopened.listSessions().length, 1);
      await reopened.close();
      removeDir(dir);
      fs.mkdirSync(dir);
    }
  });

  it('refuses a store written by a newer schema, in the snapshot or in a journal, and releases the lock', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.exec('CREATE TABLE future (x); PRAGMA user_version = 99;');
    fs.writeFileSync(path.join(dir, SNAPSHOT_FILE), db.export());
    db.close();
    const before = listing(dir);
    await rejects(() => diskStore(dir), 'store_too_new');
    await rejects(() => diskStore(dir), 'store_too_new');
    assert.deepEqual(listing(dir), before, 'nothing written');

    const other = tempDir('newer-journal');
    try {
      await (await populated(other)).close();
      const next = Math.max(...listJournals(other).map((j) => j.generation)) + 1;
      JournalWriter.create(other, next, 99, false).close();
      await rejects(() => diskStore(other), 'store_too_new');
    } finally {
      removeDir(other);
    }
  });

  it('ignores a torn journal tail and keeps appending after the intact prefix', async () => {
    const store = await populated(dir);
    const before = dump(store);
    await store.close();
    const journal = listJournals(dir).at(-1);
    assert.ok(journal);
    fs.appendFileSync(journal.file, Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 123, 34]));
    const again = await diskStore(dir);
    assert.deepEqual(dump(again), before);
    assert.deepEqual(again.warnings, []);
    await openTestSession(again, 's2');
    const after = dump(again);
    await again.close();
    const third = await diskStore(dir);
    assert.deepEqual(dump(third), after);
    await third.close();
  });

  it('a record damaged in the middle of a journal is reported and the file kept aside', async () => {
    const store = await populated(dir);
    await store.close();
    const journal = listJournals(dir).at(-1);
    assert.ok(journal);
    const bytes = fs.readFileSync(journal.file);
    bytes[40] = (bytes[40] ?? 0) ^ 0xff; // inside the first record's payload
    fs.writeFileSync(journal.file, bytes);
    const again = await diskStore(dir);
    assert.deepEqual(
      again.warnings.map((w) => w.code),
      ['journal_damaged'],
    );
    assert.ok(fs.readdirSync(dir).some((f) => f.includes('.damaged-')));
    await again.close();
    await (await diskStore(dir)).close();
  });

  it('leftover temp snapshots from an interrupted compaction are removed and never loaded', async () => {
    const store = await populated(dir);
    const before = dump(store);
    await store.close();
    fs.writeFileSync(path.join(dir, `${SNAPSHOT_FILE}.tmp-1-deadbeef`), 'partial');
    const again = await diskStore(dir);
    assert.deepEqual(dump(again), before);
    assert.equal(
      fs.readdirSync(dir).some((f) => f.includes('.tmp-')),
      false,
    );
    await again.close();
  });

  it('compacts in the background when the journal grows, and keeps everything', async () => {
    const clock = new Clock();
    const store = await diskStore(dir, clock, { compactBytes: 4096 });
    await openTestSession(store, 's1');
    for (let i = 0; i < 60; i++) {
      await store.createInteraction(newInteraction('s1', fingerprint('s1', 1), { blocking: false }));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await store.compact();
    assert.ok(store.stats().compactions >= 2, `compactions: ${store.stats().compactions}`);
    const before = dump(store);
    await store.close();
    assert.equal(listJournals(dir).length, 1);
    const again = await diskStore(dir, clock);
    assert.deepEqual(dump(again), before);
    await again.close();
  });

  it('with fsync, the journal is preallocated and a torn record before the zeros is no damage', async () => {
    const store = await openStore({ dir, maintenanceIntervalMs: 0 });
    await openTestSession(store, 's1');
    const before = dump(store);
    const logical = store.stats().journalBytes;
    await store.close();
    const journal = listJournals(dir).at(-1);
    assert.ok(journal);
    assert.equal(fs.statSync(journal.file).size % (1024 * 1024), 0, 'preallocated in whole steps');
    const fd = fs.openSync(journal.file, 'r+');
    fs.writeSync(fd, Buffer.from([64, 0, 0, 0, 9, 9, 9, 9, 123, 34, 115]), 0, 11, logical); // cut mid-payload
    fs.closeSync(fd);
    const again = await openStore({ dir, maintenanceIntervalMs: 0 });
    assert.deepEqual(again.warnings, []);
    assert.deepEqual(dump(again), before);
    await openTestSession(again, 's2');
    const after = dump(again);
    await again.close();
    const third = await openStore({ dir, maintenanceIntervalMs: 0 });
    assert.deepEqual(dump(third), after);
    await third.close();
  });

  it('the in-memory mode writes nothing to disk', async () => {
    const store = await openStore({ dir: null, maintenanceIntervalMs: 0 });
    await openTestSession(store, 's1');
    assert.equal(store.stats().snapshotBytes, 0);
    await store.close();
  });
});
