/**
 * Mirror bench: what an integrated-terminal session costs the server against a tmux session,
 * measured in the same run on the same output. One pane runs a stand-in for Claude Code (a script
 * inside an `@anthropic-ai/claude-code` package folder at the newest version, so that both ways
 * identify it exactly) that replays a real recorded Claude Code stream (fixtures/streams: spinner
 * frames, redraws, dialogs) in 1 KB chunks every 40 ms, or writes nothing. Two servers watch it:
 *
 *  - tmux: `akk/attachSession` on the pane (the control-mode monitor and capture-pane);
 *  - terminal: `akk/terminalStarted` with the pane's shell, and the pane's output (tmux's
 *    pipe-pane) forwarded as `akk/terminalOutput`, as the editor forwards a terminal's stream.
 *
 * Printed: each server's CPU (utime + stime from /proc, % of one core) while the agent streams and
 * while it is idle, and the terminal/tmux ratio. AKK_BENCH_MIRROR_SECONDS sets each window (20).
 *
 * Then the proof from a program's start (one terminal per start row once the cursors agree): every
 * recorded Gemini CLI stream replayed in process into a mirror with it and without it, medians of
 * five replays and their ratio per size (the proof's cost falls on the first screens only).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLIENT_NOTIFICATIONS, REQUESTS } from '../../src/shared/protocol';
import { ScreenMirror } from '../../src/server/sessions/terminal/mirror';
import { NEWEST } from '../../src/qualify/versions';
import { StdioServer } from '../support/rpc-client';
import { installClaudeStandIn } from './prompt-agent';
import { removeTmuxSocket, sleep } from './stats';

const print = (line: string): void => console.log(`[mirror] ${line}`);
const STREAM = path.join(
  __dirname,
  '..',
  '..',
  'fixtures',
  'streams',
  'claude',
  NEWEST.claude,
  '120x40',
  'claude-multi-question.stream',
);

const CLI = String.raw`
const fs = require('fs');
const data = fs.readFileSync(process.argv[2]);
const start = data.indexOf(Buffer.from('\x1b[?1049h'));
let at = start, timer = null;
const tick = () => {
  if (at >= data.length) at = start;
  process.stdout.write(data.subarray(at, at + 1024));
  at += 1024;
};
process.stdin.setRawMode(true);
process.stdin.on('data', (b) => {
  const k = b.toString('latin1');
  if (k.includes('w') && !timer) timer = setInterval(tick, 40);
  if (k.includes('s') && timer) { clearInterval(timer); timer = null; }
});
tick();
`;

function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}

const CLK_TCK = 100;

async function cpuPercent(pids: number[], seconds: number): Promise<number[]> {
  const before = pids.map(cpuTicks);
  await sleep(seconds * 1000);
  return pids.map((pid, i) => ((cpuTicks(pid) - (before[i] ?? 0)) / CLK_TCK / seconds) * 100);
}

export async function benchMirror(): Promise<void> {
  const seconds = Number(process.env.AKK_BENCH_MIRROR_SECONDS ?? 20);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-mirror-bench-'));
  const pkg = installClaudeStandIn(dir, CLI);
  const socket = `akk-mirror-bench-${process.pid}`;
  const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  const streamFile = path.join(dir, 'pane-output');
  fs.writeFileSync(streamFile, '');
  const tmuxServer = new StdioServer(['--stdio']);
  const termServer = new StdioServer(['--stdio']);
  let pumping = true;
  try {
    tmux('-f', '/dev/null', 'new-session', '-d', '-x', '120', '-y', '40', 'bash', '--norc', '--noprofile');
    tmux('set-option', '-g', 'status', 'off');
    const pane = tmux('display-message', '-p', '#{pane_id} #{pane_pid}').trim().split(' ');
    const [paneId, shellPid] = [pane[0] ?? '', Number(pane[1])];
    tmux('pipe-pane', '-O', '-t', paneId, `cat >> '${streamFile}'`);
    tmux('send-keys', '-t', paneId, '-l', `exec ${process.execPath} ${path.join(pkg, 'cli.js')} ${STREAM}`);
    const offset = fs.statSync(streamFile).size;
    tmux('send-keys', '-t', paneId, 'Enter');
    await sleep(1000);

    await tmuxServer.initialize({ storageDir: path.join(dir, 'store-tmux'), ownerId: 'bench' });
    await termServer.initialize({ storageDir: path.join(dir, 'store-terminal'), ownerId: 'bench' });
    const a = await tmuxServer.call(REQUESTS.attachSession.method, { tmux: { socket, target: paneId } });
    if (!a.result) throw new Error(`attach failed: ${JSON.stringify(a.error)}`);
    let seq = 0;
    let at = offset;
    const decoder = new TextDecoder();
    const pump = (async () => {
      while (pumping) {
        const size = fs.statSync(streamFile).size;
        if (size > at) {
          const buf = Buffer.alloc(size - at);
          const fd = fs.openSync(streamFile, 'r');
          fs.readSync(fd, buf, 0, buf.length, at);
          fs.closeSync(fd);
          at = size;
          termServer.notify(CLIENT_NOTIFICATIONS.terminalOutput.method, {
            terminal_id: 't1',
            execution_id: 'e1',
            seq: seq++,
            data: decoder.decode(buf, { stream: true }),
          });
        }
        await sleep(10);
      }
    })();
    const t = await termServer.call(REQUESTS.terminalStarted.method, {
      terminal_id: 't1',
      execution_id: 'e1',
      name: 'bench',
      shell_pid: shellPid,
    });
    if (!(t.result as { session_id?: string } | undefined)?.session_id)
      throw new Error(`terminalStarted found no agent: ${JSON.stringify(t)}`);
    const pids = [tmuxServer.child.pid as number, termServer.child.pid as number];

    tmux('send-keys', '-t', paneId, 'w');
    await sleep(2000);
    const streaming = await cpuPercent(pids, seconds);
    tmux('send-keys', '-t', paneId, 's');
    await sleep(3000);
    const idle = await cpuPercent(pids, seconds);
    const [sTmux = NaN, sTerm = NaN] = streaming;
    const [iTmux = NaN, iTerm = NaN] = idle;
    print(`streaming (~25 KB/s of a recorded Claude Code stream), ${seconds} s, % of one core per session:`);
    print(
      `  tmux monitor ${sTmux.toFixed(2)} %, terminal mirror ${sTerm.toFixed(2)} %, ` +
        `ratio ${(sTerm / sTmux).toFixed(2)}`,
    );
    print(
      `idle, ${seconds} s: tmux monitor ${iTmux.toFixed(2)} %, terminal mirror ${iTerm.toFixed(2)} %, ` +
        `ratio ${(iTerm / Math.max(iTmux, 0.01)).toFixed(2)}`,
    );
    print(`output forwarded: ${((at - offset) / 1024) | 0} KB in ${seq} chunks`);
    pumping = false;
    await pump;
  } finally {
    pumping = false;
    await tmuxServer.stop();
    await termServer.stop();
    try {
      tmux('kill-server');
    } catch {
      // already gone
    }
    removeTmuxSocket(socket);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Replays `stream` in 1 KB chunks; milliseconds taken. */
async function replayMs(stream: Buffer, cols: number, rows: number, programStart: boolean): Promise<number> {
  const mirror = new ScreenMirror(cols, rows, 'bench', { programStart });
  const t0 = process.hrtime.bigint();
  for (let at = 0; at < stream.length; at += 1024) await mirror.write(stream.subarray(at, at + 1024));
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  mirror.dispose();
  return ms;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export async function benchStartRows(): Promise<void> {
  const root = path.join(__dirname, '..', '..', 'fixtures', 'streams', 'gemini', NEWEST.gemini);
  if (!fs.existsSync(root)) return print(`no recorded Gemini CLI streams under ${root}`);
  for (const size of fs.readdirSync(root).sort()) {
    const [cols = 80, rows = 24] = size.split('x').map(Number);
    const streams = fs.readdirSync(path.join(root, size)).filter((f) => f.endsWith('.stream'));
    const withProof: number[] = [];
    const without: number[] = [];
    for (const f of streams) {
      const stream = fs.readFileSync(path.join(root, size, f));
      for (let i = 0; i < 5; i++) {
        withProof.push(await replayMs(stream, cols, rows, true));
        without.push(await replayMs(stream, cols, rows, false));
      }
    }
    const [w, o] = [median(withProof), median(without)];
    print(
      `start-row proof, ${size}, ${streams.length} Gemini CLI streams: replay median ${w.toFixed(1)} ms with it, ` +
        `${o.toFixed(1)} ms without, ratio ${(w / o).toFixed(2)}`,
    );
  }
}

if (require.main === module) {
  benchMirror().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
