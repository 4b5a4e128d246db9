/**
 * SIGKILL crash test of the interaction store. A child process (store-crash/child.ts, bundled
 * once so that it starts fast) drives a real fsynced store with random operations and
 * acknowledges every durable commit on stdout; the parent kills it with SIGKILL at a random
 * moment (during open and recovery, mid-operation, mid-compaction), reopens the folder and checks:
 *   - the store opens, with no damaged or corrupt file (a recovered stale lock is expected);
 *   - no acknowledged commit is lost (sequence and every acknowledged transition);
 *   - the lifecycle invariants hold (ledger replay, one blocking slot, one reservation, ...).
 * Rounds run in two lanes (two store folders) in parallel; each lane's folder accumulates
 * history across its rounds, so recovery after recovery is exercised too.
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { openStore, type Store } from '../../src/server/store';
import { checkInvariants } from '../unit/store/helpers';

const ROUNDS = Number(process.env.AKK_CRASH_ROUNDS ?? 200);
const LANES = 2;
const COMPACT_BYTES = 16 * 1024; // small, so that kills land inside compactions too
const MAX_KILL_AFTER_READY_MS = 300;
const SHARE_KILLED_WHILE_OPENING = 0.2;

interface Ack {
  seq: number;
  id?: string;
  to?: string;
  ready?: boolean;
}

interface RoundResult {
  acks: Ack[];
  exitedEarly: string | null;
}

/**
 * Runs one child and kills it: `afterReady` ms after it reports the store open, or, when
 * `afterReady` is null, `fromSpawn` ms after the spawn (often while it is still opening).
 */
function runChild(
  bundle: string,
  dir: string,
  seed: number,
  round: number,
  kill: { afterReady: number | null; fromSpawn: number },
): Promise<RoundResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle, dir, String(seed), String(round), String(COMPACT_BYTES)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let killed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const doKill = (): void => {
      killed = true;
      child.kill('SIGKILL');
    };
    let timer = kill.afterReady === null ? setTimeout(doKill, kill.fromSpawn) : setTimeout(doKill, 10_000);
    if (kill.afterReady !== null) {
      const wait = kill.afterReady;
      const onData = (): void => {
        if (!out.includes('"ready"')) return;
        child.stdout.off('data', onData);
        clearTimeout(timer);
        timer = setTimeout(doKill, wait);
      };
      child.stdout.on('data', onData);
    }
    // Wait for 'close' (not only 'exit'): the pid is reaped and all output has arrived.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const acks: Ack[] = [];
      for (const line of out.split('\n')) {
        try {
          if (line) acks.push(JSON.parse(line) as Ack);
        } catch {
          // a line cut by the kill
        }
      }
      const early =
        killed && signal === 'SIGKILL' ? null : `child ended by itself (code ${code}, signal ${signal}): ${err}`;
      resolve({ acks, exitedEarly: early });
    });
  });
}

/** Every acknowledged transition of `facts` must appear, in order, in the interaction's ledger. */
function lostTransitions(store: Store, facts: Map<string, string[]>): string[] {
  const lost: string[] = [];
  for (const [id, tos] of facts) {
    const ledger: string[] = store
      .audit({ interactionId: id, limit: 100_000 })
      .flatMap((e) => (e.to === null ? [] : [e.to]));
    let at = 0;
    for (const to of tos) {
      const found = ledger.indexOf(to, at);
      if (found < 0) lost.push(`${id} -> ${to}`);
      else at = found + 1;
    }
  }
  return lost;
}

describe('store: SIGKILL crash rounds', function () {
  this.timeout(600_000);
  let work: string;
  let bundle: string;

  before(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-store-crash-'));
    bundle = path.join(work, 'child.js');
    buildSync({
      entryPoints: [path.join(__dirname, 'store-crash', 'child.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile: bundle,
      logLevel: 'error',
    });
    fs.copyFileSync(
      path.join(path.dirname(require.resolve('sql.js')), 'sql-wasm.wasm'),
      path.join(work, 'sql-wasm.wasm'),
    );
  });

  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it(`${ROUNDS} rounds: no lost committed transition, every file opens, invariants hold`, async () => {
    const summary = { rounds: 0, acks: 0, killedBeforeReady: 0, lost: 0, failedOpens: 0, compactions: 0 };
    const lane = async (index: number): Promise<void> => {
      const dir = path.join(work, `lane-${index}`);
      const facts = new Map<string, string[]>();
      let committed = 0;
      for (let round = index; round < ROUNDS; round += LANES) {
        const seed = (Date.now() ^ (round * 2654435761)) >>> 0 || 1;
        const whileOpening = Math.random() < SHARE_KILLED_WHILE_OPENING;
        const kill = whileOpening
          ? { afterReady: null, fromSpawn: Math.floor(Math.random() * 400) }
          : { afterReady: Math.floor(Math.random() * MAX_KILL_AFTER_READY_MS), fromSpawn: 0 };
        const { acks, exitedEarly } = await runChild(bundle, dir, seed, round, kill);
        assert.equal(exitedEarly, null, `round ${round} (seed ${seed})`);
        if (!acks.some((a) => a.ready)) summary.killedBeforeReady++;
        for (const a of acks) {
          if (a.ready) continue;
          committed = Math.max(committed, a.seq);
          if (a.id && a.to) facts.set(a.id, [...(facts.get(a.id) ?? []), a.to]);
        }
        summary.acks += acks.length;

        let store: Store;
        try {
          store = await openStore({ dir, maintenanceIntervalMs: 0 });
        } catch (error) {
          summary.failedOpens++;
          throw new Error(`round ${round} (seed ${seed}): the store failed to open: ${String(error)}`);
        }
        try {
          const bad = store.warnings.filter((w) => w.code !== 'stale_lock_recovered');
          if (bad.length > 0) summary.failedOpens++;
          assert.deepEqual(bad, [], `round ${round} (seed ${seed}): damaged files`);
          assert.ok(
            store.stats().seq >= committed,
            `round ${round} (seed ${seed}): sequence ${store.stats().seq} < acknowledged ${committed}`,
          );
          const lost = lostTransitions(store, facts);
          summary.lost += lost.length;
          assert.deepEqual(lost, [], `round ${round} (seed ${seed}): lost transitions`);
          for (let k = 0; k < 3; k++) checkInvariants(store, new Map(), `r${round}-s${k}`);
          summary.compactions = Math.max(summary.compactions, store.stats().generation);
        } finally {
          await store.close();
        }
        summary.rounds++;
      }
      const store = await openStore({ dir, maintenanceIntervalMs: 0 });
      try {
        assert.deepEqual(lostTransitions(store, facts), []);
        checkInvariants(store, new Map());
      } finally {
        await store.close();
      }
    };
    await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i)));
    console.log(
      `      crash rounds ${summary.rounds}, acknowledged commits ${summary.acks}, ` +
        `killed before ready ${summary.killedBeforeReady}, lost transitions ${summary.lost}, ` +
        `files failing to open ${summary.failedOpens}, journal generations reached ${summary.compactions}`,
    );
    assert.ok(summary.rounds >= ROUNDS);
  });
});
