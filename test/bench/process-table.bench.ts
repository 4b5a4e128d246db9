/**
 * Process-table bench: the portable POSIX table (`ps` and `lsof`, what macOS and the BSDs get)
 * against `/proc`, on this Linux machine where both run.
 *
 *  - One reading: for each of 20 shells, its children and, for each child, its parent and group,
 *    arguments, executable and terminal (what identifying an agent under a shell reads). `/proc`;
 *    the POSIX table with its files already read (a new `ps` snapshot, `lsof` cached per process
 *    start); and the POSIX table cold (a new table: `ps` and one `lsof` per process).
 *  - Through the server: the built server with `AKK_PROCESS_TABLE=proc` and then `=posix`, 10
 *    attached tmux panes running the Claude Code stand-in (sessions.bench.ts): detection medians,
 *    idle CPU while every pane shows a waiting question, RSS, and the posix/proc ratios.
 *
 * Run alone with `npx tsx test/bench/process-table.bench.ts`. AKK_BENCH_PLATFORM_PANES (10),
 * AKK_BENCH_PLATFORM_IDLE_SECONDS (20) and AKK_BENCH_DETECTIONS (15) set the server part.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { PosixProcessTable } from '../../src/server/sessions/posix-ps';
import { ProcFs } from '../../src/server/sessions/proc';
import type { ProcessTable } from '../../src/server/sessions/process-table';
import { measureSessions, type SessionsMeasure } from './sessions.bench';
import { median, msSince, sleep, summary } from './stats';

const SHELLS = 20;
const READINGS = 30;
/** Longer than the POSIX table's snapshot lifetime, so each warm reading runs `ps` again. */
const SNAPSHOT_GAP_MS = 300;
const print = (line: string): void => console.log(`[process-table] ${line}`);

/** What identifying an agent under each shell reads; returns the number of processes read. */
function readAll(table: ProcessTable, shells: readonly number[]): number {
  let read = 0;
  for (const shell of shells) {
    for (const child of table.children(shell)) {
      if (!table.stat(child) || table.cmdline(child).length === 0 || !table.executable(child))
        throw new Error(`the ${table.kind} table could not read process ${child} under shell ${shell}`);
      table.ttyOf(child);
      read += 1;
    }
  }
  return read;
}

async function readings(make: () => ProcessTable, shells: readonly number[], gapMs: number): Promise<number[]> {
  const times: number[] = [];
  let table = make();
  readAll(table, shells); // the first reading fills what a warm table keeps
  for (let i = 0; i < READINGS; i++) {
    await sleep(gapMs);
    if (gapMs === 0) table = make();
    const t = process.hrtime.bigint();
    const read = readAll(table, shells);
    times.push(msSince(t));
    if (read !== shells.length) throw new Error(`read ${read} processes, expected ${shells.length}`);
  }
  return times;
}

async function oneReading(): Promise<void> {
  const shells: ChildProcess[] = [];
  try {
    for (let i = 0; i < SHELLS; i++) shells.push(spawn('bash', ['-c', 'sleep 600; true'], { stdio: 'ignore' }));
    await sleep(500);
    const pids = shells.map((s) => s.pid as number);
    const proc = await readings(() => new ProcFs(), pids, 0);
    const warm = await readings(() => new PosixProcessTable(), pids, SNAPSHOT_GAP_MS);
    const cold = await readings(() => new PosixProcessTable(), pids, 0);
    print(`one reading of ${SHELLS} shells and the process under each (${READINGS} readings):`);
    print(`  /proc:                          ${summary(proc, 2)}`);
    print(`  posix, ps snapshot, lsof cached: ${summary(warm, 2)}`);
    print(`  posix cold (ps + lsof each):     ${summary(cold, 2)}`);
    print(
      `  ratios of medians: posix warm / proc ${(median(warm) / median(proc)).toFixed(1)}, ` +
        `posix cold / proc ${(median(cold) / median(proc)).toFixed(1)}`,
    );
  } finally {
    for (const s of shells) s.kill('SIGKILL');
  }
}

async function throughServer(): Promise<void> {
  const panes = Number(process.env.AKK_BENCH_PLATFORM_PANES ?? 10);
  const idle = Number(process.env.AKK_BENCH_PLATFORM_IDLE_SECONDS ?? 20);
  const samples = Number(process.env.AKK_BENCH_DETECTIONS ?? 15);
  const runs: Array<[string, SessionsMeasure]> = [];
  for (const kind of ['proc', 'posix'])
    runs.push([kind, await measureSessions(panes, samples, idle, { AKK_PROCESS_TABLE: kind })]);
  print(`through the server, ${panes} attached tmux panes running the Claude Code stand-in:`);
  for (const [kind, m] of runs) {
    print(
      `  ${kind.padEnd(5)} detection (1 session) ${summary(m.one.detected)}; ` +
        `(${panes} sessions) ${summary(m.all.detected)}; ` +
        `idle ${m.idle.serverPct.toFixed(3)}% of one core over ${m.idle.seconds.toFixed(0)} s; ` +
        `RSS ${(m.rss.rss / 1024 / 1024).toFixed(1)} MiB`,
    );
  }
  const [, proc] = runs[0] as [string, SessionsMeasure];
  const [, posix] = runs[1] as [string, SessionsMeasure];
  print(
    `  ratios posix / proc: detection ${(median(posix.all.detected) / median(proc.all.detected)).toFixed(2)}, ` +
      `idle CPU ${
        proc.idle.serverPct > 0
          ? (posix.idle.serverPct / proc.idle.serverPct).toFixed(2)
          : posix.idle.serverPct > 0
            ? `posix ${posix.idle.serverPct.toFixed(3)}% where proc used no tick`
            : 'none (neither used a CPU tick while idle)'
      }, ` +
      `RSS ${(posix.rss.rss / proc.rss.rss).toFixed(2)}`,
  );
}

export async function benchProcessTable(): Promise<void> {
  await oneReading();
  await throughServer();
}

if (require.main === module) {
  benchProcessTable().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
