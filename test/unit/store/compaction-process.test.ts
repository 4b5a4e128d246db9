/**
 * Compaction in its own process: with a tiny `compactionProcessBytes` every compaction goes to the
 * child process (forked from the TypeScript sources through tsx here). The store keeps every
 * record, the sealed journals are retired, and the process ends with the store.
 */
import { needs } from '../../support/environment';
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openStore, type Store } from '../../../src/server/store';
import { listJournals } from '../../../src/server/store/journal-format';
import { Clock, dump, fingerprint, newInteraction, openTestSession, removeDir, tempDir } from './helpers';
import { until } from '../../../src/qualify/wait';

/** Live child processes of this one that run the compaction entry, read from /proc. */
function compactionChildren(): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== process.pid || state === 'Z') continue;
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('compaction-worker')) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

function open(dir: string, clock: Clock): Promise<Store> {
  return openStore({
    dir,
    clock: clock.now,
    durability: 'none',
    maintenanceIntervalMs: 0,
    compactBytes: 4096,
    compactionProcessBytes: 1,
  });
}

describe('store: compaction in its own process', function () {
  this.timeout(60_000);
  let dir: string;
  /** Compaction processes that were running before the test (none, unless another store is open). */
  let earlier: Set<number>;
  before(function () {
    // The check for a left-over process reads /proc.
    needs(this, fs.existsSync('/proc/self/stat') ? null : 'no /proc on this machine');
  });
  beforeEach(() => {
    dir = tempDir('compaction-process');
    earlier = new Set(compactionChildren());
  });
  afterEach(() => {
    // A process left over fails the test; ending it here keeps it from holding the tier open.
    for (const pid of compactionChildren()) if (!earlier.has(pid)) process.kill(pid);
    removeDir(dir);
  });

  it('compacts through the child process, keeps every record, retires the journals and ends the process', async () => {
    const clock = new Clock();
    const store = await open(dir, clock);
    await openTestSession(store, 's1');
    // Writing goes on while the compactions run; each one the journal's size starts is noted.
    const runs: string[] = [];
    let seen = 0;
    // Bounded by time, not by a count of writes: on a busy machine one compaction can outlast
    // thousands of writes (a stall, not a speed to assert: the bench measures speed).
    const deadline = Date.now() + 45_000;
    for (let i = 0; store.stats().compactions < 3; i++) {
      assert.ok(Date.now() < deadline, `only ${store.stats().compactions} compactions after ${i} interactions`);
      await store.createInteraction(newInteraction('s1', fingerprint('s1', 1), { blocking: false }));
      await new Promise((resolve) => setTimeout(resolve, 2));
      const st = store.stats();
      if (st.compactions > seen) {
        runs.push(...Array<string>(st.compactions - seen).fill(st.lastCompaction?.where ?? 'none'));
        seen = st.compactions;
      }
    }
    await store.compact();
    runs.push(store.stats().lastCompaction?.where ?? 'none');
    assert.ok(
      runs.every((where) => where === 'process'),
      `every compaction in the child process: ${runs.join(', ')}`,
    );

    const children = compactionChildren().filter((pid) => !earlier.has(pid));
    assert.equal(children.length, 1, `one compaction process while the store is open: ${children.join(', ')}`);
    const [child] = children as [number];

    const generation = store.stats().generation;
    assert.ok(generation >= 4, `the journal moved on to generation ${generation}`);
    const records = dump(store);
    await store.close();

    // Only the journal commits went to last is left; the snapshot holds everything before it.
    assert.deepEqual(
      listJournals(dir).map((j) => j.generation),
      [generation],
    );
    assert.equal(
      fs.readdirSync(dir).some((name) => name.includes('.tmp-')),
      false,
      'no temp snapshot left behind',
    );
    await until(`the compaction process ${child} to end`, () => !alive(child), 10_000, 20);

    // Reopened: the snapshot is large enough for the process to start at open.
    const again = await open(dir, clock);
    assert.deepEqual(dump(again), records);
    assert.deepEqual(again.warnings, []);
    const atOpen = compactionChildren().filter((pid) => !earlier.has(pid));
    assert.equal(atOpen.length, 1, 'the compaction process starts at open');
    await openTestSession(again, 's2');
    await again.compact();
    assert.equal(again.stats().lastCompaction?.where, 'process');
    const after = dump(again);
    await again.close();
    await until('the compaction process started at open to end', () => atOpen.every((pid) => !alive(pid)), 10_000, 20);
    assert.equal(listJournals(dir).length, 1);

    const third = await open(dir, clock);
    assert.deepEqual(dump(third), after);
    await third.close();
    await until(
      'every compaction process to end',
      () => compactionChildren().every((pid) => earlier.has(pid)),
      10_000,
      20,
    );
    assert.equal(fs.existsSync(path.join(dir, 'akk-store.sqlite')), true);
  });
});
