/**
 * Properties of durability, at least 1,000 runs each: a restart (a real reopen from the files)
 * changes nothing; a journal cut at any byte reopens to exactly the state of some committed
 * prefix; journal records and canonical JSON round-trip.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import type { Store } from '../../../src/server/store';
import { canonicalJson, digestOf } from '../../../src/server/store/canonical';
import { HEADER_BYTES, listJournals, scanJournal, type JournalEntry } from '../../../src/server/store/journal-format';
import { JournalWriter } from '../../../src/server/store/journal-writer';
import { Clock, clearDir, diskStore, dump, rawDump, removeDir, tempDir } from './helpers';
import { World, opsArbitrary } from './model';

const RUNS = 1000;

describe('store: durability properties', function () {
  this.timeout(180_000);

  let dir: string;
  before(() => {
    dir = tempDir('durability');
  });
  after(() => removeDir(dir));

  it('restart: reopening from disk (with or without compaction) restores exactly what was there', async () => {
    await fc.assert(
      fc.asyncProperty(opsArbitrary(true, 12), async (ops) => {
        clearDir(dir);
        const clock = new Clock();
        let restarts = 0;
        const reopen = async (store: Store, compact: boolean): Promise<Store> => {
          if (compact) await store.compact();
          const before = dump(store);
          await store.close();
          const again = await diskStore(dir, clock);
          assert.deepEqual(dump(again), before);
          assert.deepEqual(again.warnings, []);
          restarts++;
          return again;
        };
        const world = new World(await diskStore(dir, clock), clock, 'r', reopen);
        try {
          await world.init();
          for (const op of ops) {
            await world.apply(op);
            world.checkStep();
          }
          if (restarts === 0) world.store = await reopen(world.store, false);
          world.checkEnd(false);
        } finally {
          await world.store.close();
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('torn journal: cut at any byte, the store reopens to the state after some committed prefix', async () => {
    await fc.assert(
      fc.asyncProperty(opsArbitrary(false, 10), fc.double({ min: 0, max: 1, noNaN: true }), async (ops, where) => {
        clearDir(dir);
        const clock = new Clock();
        const world = new World(await diskStore(dir, clock, { compactBytes: 1 << 30 }), clock, 't');
        const states: Array<{ bytes: number; state: unknown }> = [];
        // Record the state after every commit (one operation may commit more than once).
        const store = world.store;
        const engine = (store as unknown as { engine: { write: (d: boolean, f: unknown) => unknown } }).engine;
        const write = engine.write.bind(engine);
        engine.write = (durable, fn) => {
          const result = write(durable, fn);
          states.push({ bytes: store.stats().journalBytes, state: rawDump(store) });
          return result;
        };
        try {
          states.push({ bytes: store.stats().journalBytes, state: rawDump(store) });
          await world.init();
          for (const op of ops) await world.apply(op);
          await world.store.close();
          const journal = listJournals(dir).at(-1);
          assert.ok(journal);
          const size = fs.statSync(journal.file).size;
          const first = states[0]?.bytes ?? HEADER_BYTES;
          const cut = Math.floor(first + where * (size - first));
          fs.truncateSync(journal.file, cut);
          const expected = [...states].reverse().find((s) => s.bytes <= cut);
          assert.ok(expected);
          const again = await diskStore(dir, clock);
          try {
            assert.equal(rawDump(again), expected.state);
            assert.deepEqual(again.warnings, []);
          } finally {
            await again.close();
          }
        } finally {
          await world.store.close();
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('journal records round-trip, with the statement dictionary, across reopen for append', () => {
    const param = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.integer(),
      fc.constant(null),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
    );
    const op = fc.tuple(
      fc.constantFrom('INSERT A', 'UPDATE B', 'DELETE C', 'SELECT "é"'),
      fc.array(param, { maxLength: 4 }),
    );
    clearDir(dir);
    {
      fc.assert(
        fc.property(
          fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
          fc.nat({ max: 8 }),
          (records, split) => {
            for (const j of listJournals(dir)) fs.rmSync(j.file);
            const entries: JournalEntry[] = records.map((ops, i) => ({ seq: i + 1, ops }));
            const cut = Math.min(split, entries.length);
            const w1 = JournalWriter.create(dir, 1, 1, false);
            for (const e of entries.slice(0, cut)) w1.append(e, false);
            w1.close();
            const file = path.join(dir, 'journal-00000001.log');
            const w2 = JournalWriter.reopen(file, 1, scanJournal(file), false);
            for (const e of entries.slice(cut)) w2.append(e, false);
            w2.close();
            const scan = scanJournal(file);
            assert.equal(scan.damaged, false);
            assert.deepEqual(scan.entries, entries);
          },
        ),
        { numRuns: RUNS },
      );
    }
  });

  it('canonical JSON: key order never changes the encoding or the payload hash', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const shuffled = JSON.parse(
          JSON.stringify(value, (_k, v: unknown) =>
            v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
          ),
        ) as unknown;
        assert.equal(canonicalJson(shuffled), canonicalJson(value));
        assert.equal(digestOf(shuffled), digestOf(value));
        assert.deepEqual(JSON.parse(canonicalJson(value)), JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: RUNS },
    );
  });
});
