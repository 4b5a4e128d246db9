/**
 * Qualification bench: how long "Qualify This Version on This Machine" takes for the newest Claude
 * Code, the time test/live/qualify-on-this-machine.test.ts and the VS Code tier's release day print
 * but do not assert. The runner the extension ships (dist/qualify-runner.js) is started the way the
 * server starts it for that test's person (src/server/qualify/qualification-runner.ts): the captures
 * under a light theme in a truecolor terminal and at 80x24 beside the standard ones (three jobs), at
 * the lower priority the server gives it, into a fresh global storage each time.
 *
 *  - quiet: nothing else runs;
 *  - loaded: two child processes each spin a CPU for the run's whole duration (the run's lower
 *    priority gives way to them, as it gives way to a person's own work).
 *
 * The two alternate, AKK_BENCH_QUALIFY_RUNS (3) runs of each; printed: every run's seconds and
 * outcome, the medians of the qualified runs, and the loaded/quiet ratio. It needs the real client:
 * it runs only when Claude Code (the newest release) is in the agent cache (`npm run agents:install
 * -- --agent claude --newest`, or a live run, installs it) and the runner is built (`npm run build`);
 * otherwise it says what is missing and measures nothing. It installs nothing.
 *
 * Run alone with `npx tsx test/bench/qualify.bench.ts`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { agentDir, binaryIn, checkQualifiedClient } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { median } from './stats';

const ROOT = path.join(__dirname, '..', '..');
const RUNNER = path.join(ROOT, 'dist', 'qualify-runner.js');
const VERSION = NEWEST.claude;
/** The person of the live test: their client's light theme in a truecolor terminal of 80x24. */
const PERSON = ['--renderings', 'light/truecolor', '--person-size', '80x24'];
/** The priority the server starts the runner at. */
const RUNNER_NICENESS = 10;
/** A run still going after this long is stopped and reported as such. */
const LIMIT_MS = 30 * 60_000;
const SPINNERS = 2;

const print = (line: string): void => console.log(`[qualify] ${line}`);

interface Run {
  seconds: number;
  result: string;
  /** The runner's verdict line, or its last lines when it gave none. */
  said: string;
}

/** What keeps the bench from running here, or null. */
function missing(): string | null {
  const bin = binaryIn('claude', agentDir('claude', VERSION));
  if (!fs.existsSync(bin))
    return (
      `Claude Code ${VERSION} is not installed at ${bin} ` +
      '(npm run agents:install -- --agent claude --newest installs it)'
    );
  if (!fs.existsSync(RUNNER) || !fs.existsSync(path.join(ROOT, 'dist', 'qualify')))
    return 'the qualification runner is not built (npm run build builds dist/qualify-runner.js and dist/qualify/)';
  if (spawnSync('tmux', ['-V']).status !== 0) return 'tmux is not installed (the run draws its scenarios in it)';
  return null;
}

/** Starts `n` processes that each keep a CPU busy until killed. */
function spinners(n: number): ChildProcess[] {
  return Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

/** One qualification run of `binary`, as the server starts it; resolves when the runner has ended. */
async function qualifyOnce(binary: string): Promise<Run> {
  const global = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-bench-qualify-'));
  const report = path.join(global, 'report.json');
  const args = [RUNNER, '--local', 'claude', VERSION, '--binary', binary, '--global', global, '--jobs', '3'];
  const started = Date.now();
  // Its own process group, as the server starts it, so that a run stopped at the limit takes its clients along.
  const child = spawn(process.execPath, [...args, ...PERSON, '--report', report], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    if (child.pid !== undefined) os.setPriority(child.pid, RUNNER_NICENESS);
  } catch {
    // the server's lower priority is a courtesy there too
  }
  const lines: string[] = [];
  const take = (chunk: Buffer): void => {
    lines.push(...chunk.toString('utf8').split('\n'));
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  let stopped = false;
  const limit = setTimeout(() => {
    stopped = true;
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  }, LIMIT_MS);
  const code = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (c) => resolve(c));
  });
  clearTimeout(limit);
  fs.rmSync(global, { recursive: true, force: true });
  const seconds = Math.round((Date.now() - started) / 1000);
  const verdict = [...lines].reverse().find((l) => l.startsWith(`claude ${VERSION}: `));
  const result = stopped
    ? `stopped at the limit (${LIMIT_MS / 1000} s)`
    : code === 0
      ? 'qualified'
      : (/^claude \S+: (\w+) in /.exec(verdict ?? '')?.[1] ?? `failed (exit ${code ?? 'error'})`);
  const said =
    verdict ??
    lines
      .filter((l) => l.trim() !== '')
      .slice(-3)
      .join(' / ');
  return { seconds, result, said };
}

export async function benchQualify(): Promise<void> {
  const why = missing();
  if (why) {
    print(`skipped, nothing measured: ${why}`);
    return;
  }
  const dir = agentDir('claude', VERSION);
  checkQualifiedClient('claude', VERSION, dir);
  const binary = fs.realpathSync(binaryIn('claude', dir));
  const runs = Number(process.env.AKK_BENCH_QUALIFY_RUNS ?? 3);
  print(
    `Claude Code ${VERSION}, ${binary}: the shipped runner as the server starts it for a light truecolor 80x24 ` +
      `terminal (niceness ${RUNNER_NICENESS}), ${runs} runs quiet and ${runs} with ${SPINNERS} CPU spinners, ` +
      `alternating, on ${os.cpus().length} CPUs`,
  );
  const quiet: Run[] = [];
  const loaded: Run[] = [];
  for (let i = 1; i <= runs; i++) {
    const q = await qualifyOnce(binary);
    quiet.push(q);
    print(`  quiet  ${i}: ${q.result} in ${q.seconds} s (${q.said})`);
    const spin = spinners(SPINNERS);
    try {
      const l = await qualifyOnce(binary);
      loaded.push(l);
      print(`  loaded ${i}: ${l.result} in ${l.seconds} s (${l.said})`);
    } finally {
      for (const s of spin) s.kill('SIGKILL');
    }
  }
  const qualified = (rs: Run[]): number[] => rs.filter((r) => r.result === 'qualified').map((r) => r.seconds);
  const medianOf = (rs: Run[], what: string): number => {
    const s = qualified(rs);
    print(`${what}: ${s.length > 0 ? `median ${median(s)} s` : 'no run qualified'} (${s.length} of ${runs} qualified)`);
    return median(s);
  };
  const mq = medianOf(quiet, 'quiet');
  const ml = medianOf(loaded, `loaded (${SPINNERS} CPU spinners)`);
  if (Number.isFinite(mq) && Number.isFinite(ml)) print(`loaded/quiet: ${(ml / mq).toFixed(2)}`);
}

if (require.main === module) {
  benchQualify().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
