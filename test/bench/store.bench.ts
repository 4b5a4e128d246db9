/**
 * Store benchmark: durable-commit latency with 100 and with 100,000 stored interactions, against
 * a bare fsynced append of the same size in the same run; open time and file size at 100,000;
 * and the commits made while journal compaction runs at 100,000 (the snapshot is then about
 * 90 MiB), with the largest commit latency and the longest event-loop stall.
 *
 * The measured durable commit is the reservation made before terminal input (`reserve`), the
 * commit that must be on disk before anything reaches a terminal. Each sample offers an active
 * interaction, lets whatever the event loop holds run, reserves it (timed from before that
 * yield, so that a commit arriving while compaction holds the thread counts the wait), appends
 * and fsyncs the same number of bytes to a plain file (timed), then releases the reservation,
 * so the number of stored interactions stays constant.
 *
 *   npx tsx test/bench/store.bench.ts      (AKK_BENCH_SAMPLES: samples per size, default 400)
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openStore, type NewInteraction, type Store, type StoreStats } from '../../src/server/store';
import { max, median, p99, yieldToLoop } from './stats';

const SAMPLES = Number(process.env.AKK_BENCH_SAMPLES ?? 400);
/** Journal size that starts a compaction in the compaction run (the product default is 8 MiB). */
const COMPACT_BYTES = 2 * 1024 * 1024;
const COMPACTIONS = 3;
const OWNER = 'bench-owner';

function interaction(session: string, i: number): NewInteraction {
  return {
    owner: OWNER,
    sessionId: session,
    turnId: `${session}-turn-${Math.floor(i / 10)}`,
    kind: 'questionnaire',
    payload: {
      schema: 'agent-knock-knock/terminal-interaction',
      version: 1,
      interaction_id: 'assigned',
      turn_id: `${session}-turn-${Math.floor(i / 10)}`,
      agent: 'claude',
      kind: 'questionnaire',
      state: 'pending',
      step: { index: 1, total: 1 },
      questions: [
        {
          question_id: 'q1',
          header: 'Color',
          prompt:
            `Which color do you prefer for item ${i}? ` +
            'Claude wants to know which palette to use for the new dashboard widgets.',
          required: true,
          response_kind: 'single_select',
          options: [
            { option_id: 'red', label: 'Red' },
            { option_id: 'blue', label: 'Blue' },
            { option_id: 'other', label: 'Type something' },
          ],
        },
      ],
      capabilities: { batch_response: false, free_text: true, multi_select: false },
    },
    title: `Color: Which color do you prefer for item ${i}?`,
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
      keyPlan: {
        kind: 'questionnaire',
        responseKind: 'single_select',
        question: {
          choose: {
            'opt-1': [{ action: { keys: ['1'] }, expect: { kind: 'prompt_changed' } }],
            'opt-2': [{ action: { keys: ['2'] }, expect: { kind: 'prompt_changed' } }],
          },
          freeText: { optionKey: 'opt-other', open: [], submit: { keys: ['Enter'] } },
        },
      },
    },
  };
}

/** Creates `count` interactions over sessions of 100 each; all stay active (non-blocking). */
async function seed(store: Store, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const session = `session-${Math.floor(i / 100)}`;
    if (i % 100 === 0) {
      await store.openSession({
        id: session,
        owner: OWNER,
        agent: 'claude',
        revision: { generation: 1, fingerprint: `fp-${session}` },
      });
    }
    ids.push((await store.createInteraction(interaction(session, i))).id);
  }
  return ids;
}

interface Samples {
  /** Durable commit latency (ms), from the moment the commit was asked for. */
  commit: number[];
  /** For each commit: was a compaction running when it was asked for or when it ended? */
  duringCompaction: boolean[];
  /** write + fdatasync appended to a plain file (the file grows), ms. */
  bare: number[];
  /** write + fdatasync into zeros written ahead, as the journal does, ms. */
  barePreallocated: number[];
  recordBytes: number;
  compactions: number;
  /** Each compaction that finished while sampling. */
  runs: Array<NonNullable<StoreStats['lastCompaction']>>;
  /** Longest event-loop stall seen while sampling (ms). */
  longestStallMs: number;
}

const msSince = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

/** Samples until `samples` are taken and, when asked, until `compactions` compactions have finished. */
async function measure(
  store: Store,
  dir: string,
  ids: readonly string[],
  samples: number,
  compactions = 0,
): Promise<Samples> {
  const bareFile = path.join(dir, 'bare-append.log');
  const fd = fs.openSync(bareFile, 'a');
  const preFile = path.join(dir, 'bare-preallocated.log');
  const pre = fs.openSync(preFile, 'w+');
  const preBytes = 64 * 1024 * 1024;
  fs.writeSync(pre, Buffer.alloc(preBytes));
  fs.fsyncSync(pre);
  let preAt = 0;
  const compactionsBefore = store.stats().compactions;
  const out: Samples = {
    commit: [],
    duringCompaction: [],
    bare: [],
    barePreallocated: [],
    recordBytes: 0,
    compactions: 0,
    runs: [],
    longestStallMs: 0,
  };
  let seen = compactionsBefore;
  const noteRuns = (): void => {
    const st = store.stats();
    if (st.compactions !== seen && st.lastCompaction) out.runs.push(st.lastCompaction);
    seen = st.compactions;
  };
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  try {
    for (let i = 0; ; i++) {
      const done = store.stats().compactions - compactionsBefore;
      if (i >= samples + 10 && done >= compactions) break;
      if (i === 10) stalls.enable();
      const id = ids[(i * 7919) % ids.length] as string;
      const ix = store.getInteraction(id);
      if (!ix) throw new Error(`missing ${id}`);
      await store.createOffer(id, OWNER, 60_000);
      const compactingBefore = store.stats().compacting;
      const t0 = process.hrtime.bigint();
      await yieldToLoop();
      const r = await store.reserve({
        interactionId: id,
        owner: OWNER,
        expectedRevision: ix.boundRevision,
        answers: [{ questionId: 'q1', optionId: 'other', text: `an answer of modest length, number ${i}` }],
      });
      const commit = msSince(t0);
      const during = compactingBefore || store.stats().compacting;
      if (r.kind !== 'reserved') throw new Error('expected a reservation');
      const bytes = store.stats().lastRecordBytes;
      const record = Buffer.alloc(bytes, 0x61);
      const t1 = process.hrtime.bigint();
      fs.writeSync(fd, record);
      fs.fdatasyncSync(fd);
      const bare = msSince(t1);
      if (preAt + record.length > preBytes) preAt = 0;
      const t2 = process.hrtime.bigint();
      fs.writeSync(pre, record, 0, record.length, preAt);
      fs.fdatasyncSync(pre);
      const barePreallocated = msSince(t2);
      preAt += record.length;
      await store.markFailed(id, r.reservation.id, { code: 'endpoint_unavailable', beforeInput: true });
      noteRuns();
      if (i >= 10) {
        // the first few warm up caches and the JIT
        out.commit.push(commit);
        out.duringCompaction.push(during);
        out.bare.push(bare);
        out.barePreallocated.push(barePreallocated);
      }
      out.recordBytes = bytes;
    }
    // Let a compaction still running finish, so that the next store starts from a quiet disk.
    while (store.stats().compacting) await new Promise((r) => setTimeout(r, 10));
    noteRuns();
  } finally {
    stalls.disable();
    fs.closeSync(fd);
    fs.closeSync(pre);
    fs.rmSync(bareFile, { force: true });
    fs.rmSync(preFile, { force: true });
  }
  out.compactions = store.stats().compactions - compactionsBefore;
  out.longestStallMs = stalls.max / 1e6;
  return out;
}

const fmt = (ms: number): string => `${ms.toFixed(3)} ms`;

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
    const seeding = await openStore({
      dir: bigDir,
      durability: 'none',
      compactBytes: 256 * 1024 * 1024,
      maintenanceIntervalMs: 0,
    });
    const t = Date.now();
    const bigIds = await seed(seeding, 100_000);
    await seeding.compact();
    await seeding.close();
    print(`seeded 100,000 interactions in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const tOpen = process.hrtime.bigint();
    const big = await openStore({ dir: bigDir, maintenanceIntervalMs: 0 });
    const openMs = msSince(tOpen);
    const fileBytes = big.stats().snapshotBytes;
    const at100k = await measure(big, bigDir, bigIds, SAMPLES);
    await big.close();

    // 100,000 stored, with compactions: a small threshold, so that several run while sampling.
    const compacting = await openStore({ dir: bigDir, maintenanceIntervalMs: 0, compactBytes: COMPACT_BYTES });
    const withCompaction = await measure(compacting, bigDir, bigIds, SAMPLES, COMPACTIONS);
    await compacting.close();

    const m100 = median(at100.commit);
    const m100k = median(at100k.commit);
    const p100 = p99(at100.commit);
    const p100k = p99(at100k.commit);
    const bare100 = median(at100.bare);
    const bare100k = median(at100k.bare);
    print(`durable commit (reserve, ${at100.recordBytes} B journal record), ${at100.commit.length} samples each`);
    print(
      `  100 stored:     median ${fmt(m100)}  p99 ${fmt(p100)}  max ${fmt(max(at100.commit))}  ` +
        `(bare fsynced append median ${fmt(bare100)})`,
    );
    print(
      `  100,000 stored: median ${fmt(m100k)}  p99 ${fmt(p100k)}  max ${fmt(max(at100k.commit))}  ` +
        `(bare fsynced append median ${fmt(bare100k)})`,
    );
    print(
      `  ratio 100,000 / 100: median ${(m100k / m100).toFixed(2)}  p99 ${(p100k / p100).toFixed(2)}  (must be <= 2)`,
    );
    print(
      `  ratio commit / bare append (median): at 100 ${(m100 / bare100).toFixed(2)}, ` +
        `at 100,000 ${(m100k / bare100k).toFixed(2)}  (must be <= 3)`,
    );
    const pre100 = median(at100.barePreallocated);
    const pre100k = median(at100k.barePreallocated);
    print(
      '  (the journal writes into zeros written ahead; a bare fsynced write into preallocated space: ' +
        `median ${fmt(pre100)} / ${fmt(pre100k)}, ` +
        `commit / that: ${(m100 / pre100).toFixed(2)} / ${(m100k / pre100k).toFixed(2)})`,
    );
    print(
      `  longest event-loop stall while sampling: ${fmt(at100.longestStallMs)} at 100, ` +
        `${fmt(at100k.longestStallMs)} at 100,000`,
    );
    print(`open at 100,000: ${fmt(openMs)}; snapshot file ${(fileBytes / 1024 / 1024).toFixed(1)} MiB`);

    const during = withCompaction.commit.filter((_, i) => withCompaction.duringCompaction[i]);
    const outside = withCompaction.commit.filter((_, i) => !withCompaction.duringCompaction[i]);
    const bareDuring = withCompaction.bare.filter((_, i) => withCompaction.duringCompaction[i]);
    const bareOutside = withCompaction.bare.filter((_, i) => !withCompaction.duringCompaction[i]);
    print(
      `compaction at 100,000 (journal threshold ${COMPACT_BYTES / 1024 / 1024} MiB, ` +
        `${withCompaction.compactions} compactions, ` +
        `${withCompaction.commit.length} commits, ${during.length} of them while a compaction ran):`,
    );
    const line = (label: string, xs: number[]): string =>
      `  ${label.padEnd(28)} median ${fmt(median(xs))}  p99 ${fmt(p99(xs))}  largest ${fmt(max(xs))}`;
    print(line('every commit:', withCompaction.commit));
    print(line('while a compaction ran:', during));
    print(line('otherwise:', outside));
    print(
      `  a bare fsynced append on the same disk: largest ${fmt(max(bareDuring))} while compacting, ` +
        `${fmt(max(bareOutside))} otherwise; ` +
        `longest event-loop stall ${fmt(withCompaction.longestStallMs)} ` +
        "(what the machine and the snapshot's writes cost anything)",
    );
    const runs = withCompaction.runs;
    if (runs.length > 0) {
      const where = runs.every((r) => r.where === 'process')
        ? 'the snapshot is built in the compaction process'
        : 'the export runs on the event loop';
      print(
        `  compaction holds the event loop at most ${fmt(max(runs.map((r) => r.blockingMs)))} per run ` +
          `(${where}; goal: no commit waits more than 20 ms for it); ` +
          `a run writes a ${(max(runs.map((r) => r.snapshotBytes)) / 1024 / 1024).toFixed(1)} MiB snapshot ` +
          `in ${fmt(median(runs.map((r) => r.totalMs)))} (median)`,
      );
    }
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
