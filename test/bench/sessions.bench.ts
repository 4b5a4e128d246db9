// Sessions bench: latency from the last byte of a prompt written into a pane to the settled
// capture handed to recognition (1 and 50 attached sessions), server CPU over an idle period
// with 50 attached panes, and RSS. Run alone with `npx tsx test/bench/sessions.bench.ts`.
// AKK_BENCH_IDLE_SECONDS shortens the idle CPU window (default 60).
import * as fs from 'node:fs';
import { DEFAULT_QUIET_MS, SessionRegistry, type ScreenCapture, type Session } from '../../src/server/sessions';
import { writePrograms } from '../integration/sessions/support/programs';
import { TmuxLab, sleep, waitFor } from '../integration/sessions/support/tmux-lab';

const CLK_TCK = 100; // USER_HZ on Linux
const PROMPT_PANES = 5;
const SAMPLES = 60;

function cpuTicks(pid: number | 'self'): number {
  const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]); // utime + stime (fields 14, 15)
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] as number;
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function measureLatency(lab: TmuxLab, registry: SessionRegistry, panes: string[], samples: number): Promise<number[]> {
  const latencies: number[] = [];
  let waiting: { pane: string; seen: (ms: number) => void } | null = null;
  const sub = registry.onSettled((session: Session, capture: ScreenCapture) => {
    const now = process.hrtime.bigint();
    if (!waiting || session.endpoint?.describe().pane_id !== waiting.pane) return;
    const m = /T=(\d+) END/.exec(capture.text);
    if (!m) return;
    waiting.seen(Number(now - BigInt(m[1] as string)) / 1e6);
  });
  try {
    for (let i = 0; i < samples; i++) {
      const pane = panes[i % panes.length] as string;
      const latency = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no settled prompt within 5 s')), 5000);
        waiting = {
          pane,
          seen: (ms) => {
            clearTimeout(timer);
            resolve(ms);
          },
        };
        lab.tmux('send-keys', '-t', pane, 'p').catch(reject);
      });
      waiting = null;
      latencies.push(latency);
      await sleep(20);
    }
  } finally {
    sub.dispose();
  }
  return latencies.sort((a, b) => a - b);
}

function report(label: string, latencies: number[]): void {
  const median = quantile(latencies, 0.5);
  const p99 = quantile(latencies, 0.99);
  console.log(
    `sessions: prompt -> settled capture, ${label}: median ${median.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms ` +
      `(n=${latencies.length}; quiet period ${DEFAULT_QUIET_MS} ms; median/quiet ${(median / DEFAULT_QUIET_MS).toFixed(2)})`,
  );
}

export async function benchSessions(): Promise<void> {
  const idleSeconds = Number(process.env.AKK_BENCH_IDLE_SECONDS ?? '60');
  const programs = writePrograms();
  const lab = new TmuxLab();
  const registry = new SessionRegistry({ classify: () => ({ state: 'idle' }) });
  const rss0 = process.memoryUsage().rss;
  try {
    const prompts: string[] = [];
    for (let i = 0; i < PROMPT_PANES; i++) prompts.push(await lab.start([process.execPath, programs.prompt], { cols: 120, rows: 40 }));
    await waitFor('prompt programs', async () => (await Promise.all(prompts.map((p) => lab.capture(p)))).every((t) => t.includes('READY')), 20_000);

    const first = await registry.attach({ socket: lab.socket, target: prompts[0] as string });
    await first.nextSettled();
    report('1 attached session', await measureLatency(lab, registry, [prompts[0] as string], SAMPLES));

    for (const pane of prompts.slice(1)) await registry.attach({ socket: lab.socket, target: pane });
    const idle: string[] = [];
    for (let i = prompts.length; i < 50; i++) {
      idle.push(await lab.start(['sh', '-c', `printf 'idle pane ${i}\\n'; exec sleep 86400`], { cols: 120, rows: 40 }));
    }
    for (const pane of idle) await registry.attach({ socket: lab.socket, target: pane });
    const sessions = registry.list();
    await sleep(500);
    report(`${sessions.length} attached sessions`, await measureLatency(lab, registry, prompts, SAMPLES));

    await sleep(1000);
    const tmuxPid = Number((await lab.tmux('display-message', '-p', '#{pid}')).trim());
    const self0 = cpuTicks('self');
    const tmux0 = cpuTicks(tmuxPid);
    const t0 = process.hrtime.bigint();
    await sleep(idleSeconds * 1000);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const selfPct = ((cpuTicks('self') - self0) / CLK_TCK / seconds) * 100;
    const tmuxPct = ((cpuTicks(tmuxPid) - tmux0) / CLK_TCK / seconds) * 100;
    console.log(
      `sessions: server CPU with ${sessions.length} attached idle panes over ${seconds.toFixed(0)} s: ${selfPct.toFixed(3)}% of one core ` +
        `(target <= 1%; ratio to target ${(selfPct / 1).toFixed(3)}); tmux server ${tmuxPct.toFixed(3)}%; control clients ${registry.controlClientCount}`,
    );
    const rss = process.memoryUsage().rss;
    console.log(`sessions: server RSS ${mb(rss)} with ${sessions.length} attached (before attaching ${mb(rss0)}; change ${rss >= rss0 ? "+" : "-"}${mb(Math.abs(rss - rss0))})`);
  } finally {
    registry.dispose();
    await lab.kill();
    fs.rmSync(programs.dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchSessions().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
