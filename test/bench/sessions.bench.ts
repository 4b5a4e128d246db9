/**
 * Sessions bench, through the real server process (`node dist/server.js --stdio`, run
 * `npm run build` first) and real tmux on a private socket, with 50 panes each running a cheap
 * stand-in for Claude Code that replays real captured screens (prompt-agent.ts):
 *
 *  - Detection: from the last byte of a question painted in a pane to `akk/interactionRequired`
 *    read by the client, median and p99, with 1 and with 50 attached sessions; and to the step
 *    being answerable (the client's `akk/status` right after the notification returns it with an
 *    offer). Printed with the parts that are waiting by design: the settle window and the quiet gate.
 *  - Idle CPU: the server process's utime + stime from /proc over 60 s while 50 attached panes
 *    show a waiting question, as % of one core, and its RSS.
 *
 * Run alone with `npx tsx test/bench/sessions.bench.ts`. AKK_BENCH_IDLE_SECONDS sets the idle
 * window (default 60), AKK_BENCH_DETECTIONS the samples per configuration (default 40).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import { DEFAULT_QUIET_MS } from '../../src/server/sessions';
import { TmuxLab, waitFor } from '../integration/sessions/support/tmux-lab';
import { StdioServer, type RpcMessage } from '../support/rpc-client';
import { PROMPT_AGENT_SIZE, SCREENS, installPromptAgent, lastPaint } from './prompt-agent';
import { median, p99, removeTmuxSocket, sleep, summary } from './stats';

const PANES = 50;
/** Quiet time before a step is announced or offered (each agent profile's `quietBeforeOffer`). */
const QUIET_GATE_MS = 300;
const print = (line: string): void => console.log(`[sessions] ${line}`);

interface Arrival {
  method: string;
  params: Record<string, unknown>;
  /** process.hrtime.bigint() when the chunk holding it was read. */
  at: bigint;
}

/** The built server over stdio, with the arrival time of every notification. */
class TimedServer {
  readonly server: StdioServer;
  readonly arrivals: Arrival[] = [];
  private seen = 0;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly storageDir: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.server = new StdioServer(['--stdio'], env);
    // Registered after the client's own parser, so each chunk's notifications are already parsed.
    this.server.child.stdout.on('data', () => {
      const at = process.hrtime.bigint();
      const all = this.server.notifications;
      for (; this.seen < all.length; this.seen++) {
        const n = all[this.seen] as RpcMessage;
        this.arrivals.push({ method: n.method ?? '', params: (n.params ?? {}) as Record<string, unknown>, at });
      }
      for (const w of this.waiters.splice(0)) w();
    });
  }

  get pid(): number {
    return this.server.child.pid as number;
  }

  async start(): Promise<void> {
    const r = await this.server.initialize({ storageDir: this.storageDir, ownerId: 'bench-owner' });
    if (!r.result) throw new Error(`initialize failed: ${JSON.stringify(r.error)}`);
  }

  async call<T>(method: string, params: unknown, timeoutMs = 30_000): Promise<T> {
    const r = await this.server.call(method, params, timeoutMs);
    if (r.error || r.result === undefined) throw new Error(`${method} failed: ${JSON.stringify(r.error)}`);
    return r.result as T;
  }

  /** The first notification from index `from` on that matches, waiting up to `timeoutMs`. */
  async next(from: number, match: (a: Arrival) => boolean, timeoutMs: number, what: string): Promise<Arrival> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.arrivals.slice(from).find(match);
      if (hit) return hit;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no ${what} within ${timeoutMs} ms; server stderr: ${this.server.stderr.join('')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

interface Pane {
  pane: string;
  sessionId: string;
  paintLog: string;
}

const required =
  (sessionId: string) =>
  (a: Arrival): boolean =>
    a.method === 'akk/interactionRequired' && a.params.session_id === sessionId;

function interactionIdOf(a: Arrival): string {
  const ix = a.params.interaction as { interaction_id?: string } | null | undefined;
  const perm = a.params.permission as { interaction_id?: string } | null | undefined;
  const id = ix?.interaction_id ?? perm?.interaction_id;
  if (!id) throw new Error(`a notification without an interaction: ${JSON.stringify(a.params)}`);
  return id;
}

const msBetween = (from: bigint, to: bigint): number => Number(to - from) / 1e6;

/** The server's log line for a step it has just recognised and stored. */
const recognisedLog =
  (sessionId: string) =>
  (a: Arrival): boolean =>
    a.method === 'window/logMessage' &&
    typeof a.params.message === 'string' &&
    a.params.message.startsWith(`session ${sessionId}: `) &&
    a.params.message.includes(' recognised by ');

interface Detection {
  /** Painted -> the step recognised and stored (the server's log line arrives). */
  recognised: number;
  /** Painted -> akk/interactionRequired read. */
  detected: number;
  /** Painted -> akk/status asked on the notification returns the step with an offer. */
  answerable: number;
}

/** One detection: paint the question, wait for the notification, ask for status, then repaint idle. */
async function detectOnce(lab: TmuxLab, server: TimedServer, p: Pane): Promise<Detection> {
  const from = server.arrivals.length;
  await lab.tmux('send-keys', '-t', p.pane, 'q');
  const note = await server.next(from, required(p.sessionId), 10_000, `akk/interactionRequired for ${p.pane}`);
  const logged = server.arrivals.slice(from).find(recognisedLog(p.sessionId));
  const status = await server.call<StatusResult>(REQUESTS.status.method, { session_id: p.sessionId });
  const answerableAt = process.hrtime.bigint();
  const painted = lastPaint(p.paintLog, 'q');
  if (painted === null) throw new Error(`no paint logged for ${p.pane}`);
  if (!status.interaction || status.offer_expires_at === null)
    throw new Error(`the question was not answerable: ${JSON.stringify(status)}`);
  const id = interactionIdOf(note);
  // Back to idle: the server invalidates the question, and the next sample paints a fresh one.
  const back = server.arrivals.length;
  await lab.tmux('send-keys', '-t', p.pane, 'i');
  await server.next(
    back,
    (a) => a.method === 'akk/interactionUpdated' && a.params.interaction_id === id,
    10_000,
    `the invalidation of ${id}`,
  );
  return {
    recognised: logged ? msBetween(painted, logged.at) : NaN,
    detected: msBetween(painted, note.at),
    answerable: msBetween(painted, answerableAt),
  };
}

export type Detections = { [K in keyof Detection]: number[] };

async function detection(
  lab: TmuxLab,
  server: TimedServer,
  panes: readonly Pane[],
  samples: number,
): Promise<Detections> {
  const out: Detections = { recognised: [], detected: [], answerable: [] };
  for (let i = 0; i < samples; i++) {
    const r = await detectOnce(lab, server, panes[i % panes.length] as Pane);
    if (!Number.isNaN(r.recognised)) out.recognised.push(r.recognised);
    out.detected.push(r.detected);
    out.answerable.push(r.answerable);
    await sleep(50);
  }
  return out;
}

function cpuTicks(pid: number): number {
  const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]); // utime + stime (fields 14 and 15), all threads
}

function rssOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** What one run of the server with attached stand-in panes measured. */
export interface SessionsMeasure {
  panes: number;
  /** Detections with one attached session, and with every pane attached. */
  one: Detections;
  all: Detections;
  idle: { seconds: number; serverPct: number; tmuxPct: number; pid: number; clockTicks: number };
  rss: { rss: number; peak: number };
}

/**
 * Starts the built server (with `env` added to this process's environment), attaches `panes` tmux
 * panes each running the stand-in, measures detection with one and with all of them attached, and
 * then the server's CPU over `idleSeconds` while every pane shows a waiting question.
 */
export async function measureSessions(
  panes: number,
  samples: number,
  idleSeconds: number,
  env: NodeJS.ProcessEnv = {},
): Promise<SessionsMeasure> {
  const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const agent = installPromptAgent();
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-bench-paints-'));
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-bench-store-'));
  const lab = new TmuxLab();
  const server = new TimedServer(storageDir, { ...process.env, ...env });
  try {
    await server.start();
    const started: Pane[] = [];
    for (let i = 0; i < panes; i++) {
      const paintLog = path.join(logs, `pane-${i}.log`);
      const pane = await lab.start(agent.argv(paintLog), { ...PROMPT_AGENT_SIZE });
      started.push({ pane, sessionId: '', paintLog });
    }
    await lab.tmux('set-option', '-g', 'status', 'off');
    await waitFor(
      'every stand-in agent drawn',
      () => started.every((p) => lastPaint(p.paintLog, 'i') !== null),
      60_000,
    );
    const attach = async (p: Pane): Promise<void> => {
      const r = await server.call<{ session_id: string; agent: string; version: string | null }>(
        REQUESTS.attachSession.method,
        { tmux: { socket: lab.socket, target: p.pane } },
      );
      if (r.agent !== 'claude' || r.version === null)
        throw new Error(`the stand-in was not identified as Claude Code: ${JSON.stringify(r)}`);
      p.sessionId = r.session_id;
    };
    await attach(started[0] as Pane);
    await sleep(500);
    const one = await detection(lab, server, started.slice(0, 1), samples);
    for (const p of started.slice(1)) await attach(p);
    await sleep(1000);
    const all = await detection(lab, server, started, samples);

    // Idle: every pane shows a waiting question; nothing changes for the whole window.
    const from = server.arrivals.length;
    for (const p of started) await lab.tmux('send-keys', '-t', p.pane, 'q');
    for (const p of started) await server.next(from, required(p.sessionId), 30_000, `the question in ${p.pane}`);
    await sleep(2000);
    const tmuxPid = Number((await lab.tmux('display-message', '-p', '#{pid}')).trim());
    const server0 = cpuTicks(server.pid);
    const tmux0 = cpuTicks(tmuxPid);
    const t0 = process.hrtime.bigint();
    await sleep(idleSeconds * 1000);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const pct = (ticks: number): number => (ticks / clockTicks / seconds) * 100;
    return {
      panes,
      one,
      all,
      idle: {
        seconds,
        serverPct: pct(cpuTicks(server.pid) - server0),
        tmuxPct: pct(cpuTicks(tmuxPid) - tmux0),
        pid: server.pid,
        clockTicks,
      },
      rss: rssOf(server.pid),
    };
  } finally {
    await server.server.stop();
    await lab.kill();
    removeTmuxSocket(lab.socket);
    agent.dispose();
    fs.rmSync(logs, { recursive: true, force: true });
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
}

export async function benchSessions(): Promise<void> {
  const idleSeconds = Number(process.env.AKK_BENCH_IDLE_SECONDS ?? 60);
  const samples = Number(process.env.AKK_BENCH_DETECTIONS ?? 40);
  const m = await measureSessions(PANES, samples, idleSeconds);
  const { one, all: fifty } = m;
  print(
    `${PANES} tmux panes (${PROMPT_AGENT_SIZE.cols}x${PROMPT_AGENT_SIZE.rows}) ` +
      `run a stand-in that replays Claude Code screens (${SCREENS.idle}, ${SCREENS.question})`,
  );
  print('detection: last byte of the question painted -> akk/interactionRequired read by the client');
  print(`  1 attached session:   ${summary(one.detected)}`);
  print(`  ${PANES} attached sessions: ${summary(fifty.detected)}`);
  print('answerable: painted -> akk/status, asked on the notification, returns the step with an offer');
  print(`  1 attached session:   ${summary(one.answerable)}`);
  print(`  ${PANES} attached sessions: ${summary(fifty.answerable)}`);
  print('where the time goes (1 session, medians):');
  const recognised =
    one.recognised.length > 0
      ? `${median(one.recognised).toFixed(1)} ms (${summary(fifty.recognised)} with ${PANES} sessions)`
      : 'not seen (no log line)';
  print(
    `  settle window: a capture counts only after ${DEFAULT_QUIET_MS} ms without output, ` +
      'so recognition sees a whole frame; ' +
      `painted -> step recognised and stored (the server's log line): ${recognised}, ` +
      `of which ${DEFAULT_QUIET_MS} ms is the window and the rest capture, recognition and the durable write`,
  );
  print(
    '  quiet gate: the step is announced and offered only once the terminal has been quiet for ' +
      `${QUIET_GATE_MS} ms: ` +
      `recognised -> announced ${(median(one.detected) - median(one.recognised)).toFixed(1)} ms; ` +
      `${((Math.min(QUIET_GATE_MS, median(one.detected)) / median(one.detected)) * 100).toFixed(0)}% ` +
      'of detection is the gate, ' +
      `${((DEFAULT_QUIET_MS / median(one.detected)) * 100).toFixed(0)}% the settle window (which the gate overlaps)`,
  );
  print(
    `  announced -> answerable ${(median(one.answerable) - median(one.detected)).toFixed(1)} ms: ` +
      'the status the client asks for on the notification ' +
      'recaptures the screen and writes the offer',
  );

  const mem = m.rss;
  const { seconds, serverPct, tmuxPct, clockTicks } = m.idle;
  print(
    `idle: server process (node dist/server.js --stdio, pid ${m.idle.pid}) ` +
      `with ${PANES} attached panes each showing a waiting question, ` +
      `over ${seconds.toFixed(0)} s: ${serverPct.toFixed(3)}% of one core ` +
      `(utime+stime from /proc, ${clockTicks} ticks/s; target <= 1%); ` +
      `tmux server ${tmuxPct.toFixed(3)}%`,
  );
  print(`  server RSS ${mib(mem.rss)} (peak ${mib(mem.peak)})`);
  print(
    `  (p99 of detection with ${PANES} sessions / 1 session: ` +
      `${(p99(fifty.detected) / p99(one.detected)).toFixed(2)})`,
  );
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
