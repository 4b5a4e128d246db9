/**
 * Store benchmark: durable-commit latency with 100 and with 100,000 stored interactions, against
 * a bare fsynced append of the same size in the same run, plus open time and file size at 100,000.
 *
 * The measured durable commit is the reservation made before terminal input (`reserve`), the
 * commit that must be on disk before anything reaches a terminal. Each sample offers an active
 * interaction, reserves it (timed), appends and fsyncs the same number of bytes to a plain file
 * (timed), then releases the reservation, so the number of stored interactions stays constant.
 *
 *   npx tsx test/bench/store.bench.ts
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openStore, type NewInteraction, type Store } from '../../src/server/store';

const SAMPLES = Number(process.env.AKK_BENCH_SAMPLES ?? 400);
const OWNER = 'bench-owner';

function interaction(session: string, i: number): NewInteraction {
  return {
    owner: OWNER,
    sessionId: session,
    turnId: `${session}-turn-${Math.floor(i / 10)}`,
    kind: 'questionnaire',
    payload: {
      header: 'Color',
      prompt: `Which color do you prefer for item ${i}?`,
      step: { index: 1, total: 1 },
      excerpt: 'Claude wants to know which palette to use for the new dashboard widgets.',
    },
    blocking: false,
    riskClass: 'low',
    options: [
      { questionId: 'q1', optionId: 'red', label: 'Red', action: { effect: 'answer', semanticId: 'opt-1' } },
      { questionId: 'q1', optionId: 'blue', label: 'Blue', action: { effect: 'answer', semanticId: 'opt-2' } },
      {
        questionId: 'q1',
        optionId: 'other',
        label: 'Type something',
        action: { effect: 'answer', semanticId: 'opt-other' },
        freeform: { allowed: true, maxLength: 799 },
      },
    ],
    authority: {
      endpoint: `tmux:/tmp/tmux-1000/default:%${i % 97}`,
      processIncarnation: `pid:4242:start:${i % 13}`,
      nativeThread: null,
      transcriptIdentity: `transcript-${session}`,
      promptFingerprint: `fp-${session}`,
      nativeStep: 'questionnaire:1/1',
      keyPlan: { red: ['1'], blue: ['2'], other: ['3', 'text', 'Enter'] },
    },
  };
}

/** Creates `count` interactions over sessions of 100 each; all stay active (non-blocking). */
async function seed(store: Store, count: number, onProgress?: (n: number) => void): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const session = `session-${Math.floor(i / 100)}`;
    if (i % 100 === 0) {
      await store.openSession({ id: session, owner: OWNER, agent: 'claude', revision: { generation: 1, fingerprint: `fp-${session}` } });
    }
    ids.push((await store.createInteraction(interaction(session, i))).id);
    if (onProgress && i % 10_000 === 0) onProgress(i);
  }
  return ids;
}

interface Samples {
  commit: number[];
  /** write + fdatasync appended to a plain file (the file grows). */
  bare: number[];
  /** write + fdatasync into zeros written ahead, as the journal does. */
  barePreallocated: number[];
  recordBytes: number;
}

function micros(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1000;
}

async function measure(store: Store, dir: string, ids: readonly string[], samples: number): Promise<Samples> {
  const bareFile = path.join(dir, 'bare-append.log');
  const fd = fs.openSync(bareFile, 'a');
  const preFile = path.join(dir, 'bare-preallocated.log');
  const pre = fs.openSync(preFile, 'w+');
  fs.writeSync(pre, Buffer.alloc(8 * 1024 * 1024));
  fs.fsyncSync(pre);
  let preAt = 0;
  const out: Samples = { commit: [], bare: [], barePreallocated: [], recordBytes: 0 };
  try {
    for (let i = 0; i < samples; i++) {
      const id = ids[(i * 7919) % ids.length] as string;
      const ix = store.getInteraction(id);
      if (!ix) throw new Error(`missing ${id}`);
      await store.createOffer(id, OWNER, 60_000);
      const t0 = process.hrtime.bigint();
      const r = await store.reserve({
        interactionId: id,
        owner: OWNER,
        expectedRevision: ix.boundRevision,
        answers: [{ questionId: 'q1', optionId: 'other', text: `an answer of modest length, number ${i}` }],
      });
      const commit = micros(t0);
      if (r.kind !== 'reserved') throw new Error('expected a reservation');
      const bytes = store.stats().lastRecordBytes;
      const record = Buffer.alloc(bytes, 0x61);
      const t1 = process.hrtime.bigint();
      fs.writeSync(fd, record);
      fs.fdatasyncSync(fd);
      const bare = micros(t1);
      const t2 = process.hrtime.bigint();
      fs.writeSync(pre, record, 0, record.length, preAt);
      fs.fdatasyncSync(pre);
      const barePreallocated = micros(t2);
      preAt += record.length;
      await store.markFailed(id, r.reservation.id, { code: 'endpoint_unavailable', beforeInput: true });
      if (i >= 10) {
        // the first few warm up caches and the JIT
        out.commit.push(commit);
        out.bare.push(bare);
        out.barePreallocated.push(barePreallocated);
      }
      out.recordBytes = bytes;
    }
  } finally {
    fs.closeSync(fd);
    fs.closeSync(pre);
    fs.rmSync(bareFile, { force: true });
    fs.rmSync(preFile, { force: true });
  }
  return out;
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

const fmt = (us: number): string => `${(us / 1000).toFixed(3)} ms`;

export async function benchStore(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-store-bench-'));
  const print = (line: string): void => console.log(`[store] ${line}`);
  try {
    // 100 stored interactions.
    const smallDir = path.join(root, 'small');
    const small = await openStore({ dir: smallDir, maintenanceIntervalMs: 0 });
    const smallIds = await seed(small, 100);
    const at100 = await measure(small, smallDir, smallIds, SAMPLES);
    await small.close();

    // 100,000 stored interactions: seeded without fsync, compacted, reopened durable.
    const bigDir = path.join(root, 'big');
    const seeding = await openStore({ dir: bigDir, durability: 'none', compactBytes: 256 * 1024 * 1024, maintenanceIntervalMs: 0 });
    const t = Date.now();
    const bigIds = await seed(seeding, 100_000);
    await seeding.compact();
    await seeding.close();
    print(`seeded 100,000 interactions in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const tOpen = process.hrtime.bigint();
    const big = await openStore({ dir: bigDir, maintenanceIntervalMs: 0 });
    const openUs = micros(tOpen);
    const fileBytes = big.stats().snapshotBytes;
    const at100k = await measure(big, bigDir, bigIds, SAMPLES);
    await big.close();

    const m100 = quantile(at100.commit, 0.5);
    const m100k = quantile(at100k.commit, 0.5);
    const p100 = quantile(at100.commit, 0.99);
    const p100k = quantile(at100k.commit, 0.99);
    const bare100 = quantile(at100.bare, 0.5);
    const bare100k = quantile(at100k.bare, 0.5);
    print(`durable commit (reserve, ${at100.recordBytes} B journal record), ${at100.commit.length} samples each`);
    print(`  100 stored:     median ${fmt(m100)}  p99 ${fmt(p100)}  (bare fsynced append median ${fmt(bare100)})`);
    print(`  100,000 stored: median ${fmt(m100k)}  p99 ${fmt(p100k)}  (bare fsynced append median ${fmt(bare100k)})`);
    print(`  ratio 100,000 / 100: median ${(m100k / m100).toFixed(2)}  p99 ${(p100k / p100).toFixed(2)}  (must be <= 2)`);
    print(`  ratio commit / bare append (median): at 100 ${(m100 / bare100).toFixed(2)}, at 100,000 ${(m100k / bare100k).toFixed(2)}  (must be <= 3)`);
    const pre100 = quantile(at100.barePreallocated, 0.5);
    const pre100k = quantile(at100k.barePreallocated, 0.5);
    print(
      `  (the journal writes into zeros written ahead; a bare fsynced write into preallocated space: median ${fmt(pre100)} / ${fmt(pre100k)}, ` +
        `commit / that: ${(m100 / pre100).toFixed(2)} / ${(m100k / pre100k).toFixed(2)})`,
    );
    print(`open at 100,000: ${fmt(openUs)}; snapshot file ${(fileBytes / 1024 / 1024).toFixed(1)} MiB`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchStore().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
