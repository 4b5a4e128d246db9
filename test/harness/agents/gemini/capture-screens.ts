/**
 * Captures Gemini CLI's tool confirmations as a person sees them, for the adapter's unit tests:
 * the client in tmux at one size, offline against the loopback fake model (its Generative Language
 * API), in a private home whose settings skip the sign-in and folder-trust screens, with the
 * corpus's stdio MCP server configured. The model asks, in turn, to run a shell command (approved
 * with its digit), to run another (the cursor moved to the second row first, then rejected with
 * Escape), a long command that wraps, to edit a file, to write a new file, to fetch a URL and to
 * call an MCP tool (each rejected, the fetch and the tool call without reaching out anywhere).
 * Every screen is stored plain and styled, named by the step; what each one asks is the scenario
 * below (GEMINI_CAPTURE), which the tests read: never these files' own text. With `--first-run`,
 * the home has no settings at all: the screens a person meets on the first start (folder trust,
 * the sign-in method, the API key) are stored instead, each answered as a person would.
 *
 * Usage: tsx test/harness/agents/gemini/capture-screens.ts <gemini executable> <cols>x<rows> [--first-run]
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startFakeModel } from '../../fake-model';
import type { ModelTurn } from '../../fake-model/types';
import { GEMINI_CAPTURE, GEMINI_FIRST_RUN, type CaptureStep } from './capture-scenario';
import { geminiEnv, geminiFiles } from './launch';

const SOCKET = `akk-gemini-capture-${process.pid}`;

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The pane once it has shown `text` and then not changed for a second. */
async function settled(text: string, timeoutMs = 60_000): Promise<{ plain: string; styled: string }> {
  const end = Date.now() + timeoutMs;
  let last = '';
  let since = Date.now();
  for (;;) {
    const plain = tmux('capture-pane', '-p', '-t', 'g');
    if (plain !== last) {
      last = plain;
      since = Date.now();
    } else if (plain.includes(text) && Date.now() - since >= 1000) {
      return { plain, styled: tmux('capture-pane', '-p', '-e', '-t', 'g') };
    }
    if (Date.now() > end) throw new Error(`the screen never settled on "${text}":\n${plain}`);
    await sleep(150);
  }
}

/** The pane as soon as it shows `text`. */
async function shown(text: string, timeoutMs = 60_000): Promise<{ plain: string; styled: string }> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const styled = tmux('capture-pane', '-p', '-e', '-t', 'g');
    const plain = tmux('capture-pane', '-p', '-t', 'g');
    if (plain.includes(text)) return { plain, styled };
    if (Date.now() > end) throw new Error(`the screen never showed "${text}":\n${plain}`);
    await sleep(100);
  }
}

async function prompt(text: string): Promise<void> {
  tmux('send-keys', '-t', 'g', '-l', text);
  await sleep(300);
  tmux('send-keys', '-t', 'g', 'Enter');
}

async function main(): Promise<void> {
  const [bin, size, mode] = process.argv.slice(2);
  const firstRun = mode === '--first-run';
  const m = /^(\d+)x(\d+)$/.exec(size ?? '');
  if (!bin || !m) throw new Error('usage: capture-screens.ts <gemini executable> <cols>x<rows>');
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8', env: { ...process.env, HOME: os.tmpdir() } })
    .trim()
    .split('\n')
    .pop();
  const out = path.join(
    __dirname,
    '..',
    '..',
    '..',
    'unit',
    'adapters',
    'screens',
    `gemini-${version}-${size}${firstRun ? '-first-run' : ''}`,
  );
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-gemini-'));
  const home = path.join(root, 'home');
  const work = path.join(root, 'work');
  fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
  fs.mkdirSync(work);
  for (const [file, content] of Object.entries(GEMINI_CAPTURE.files)) fs.writeFileSync(path.join(work, file), content);
  const tickets = path.join(__dirname, '..', '..', 'fake-mcp', 'tickets.cjs');
  if (!firstRun) geminiFiles(home, [{ name: 'tickets', script: tickets }]);
  const turns: ModelTurn[] = GEMINI_CAPTURE.steps.flatMap((s) => s.turns);
  const model = await startFakeModel({ name: 'gemini-capture', turns, fallbackText: 'Done.' });
  model.setVars({ workDir: work });
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const env = [
    `HOME=${home}`,
    ...Object.entries(geminiEnv(model.url)).map(([k, v]) => `${k}=${v}`),
    'TERM=xterm-256color',
    'COLORTERM=',
  ];
  tmux('new-session', '-d', '-s', 'g', '-x', m[1] ?? '80', '-y', m[2] ?? '24', '-c', work, 'env', ...env, bin);
  try {
    let n = 0;
    const store = (state: string, screen: { plain: string; styled: string }): void => {
      const name = `${String(n++).padStart(2, '0')}-${state}`;
      fs.writeFileSync(path.join(out, `${name}.txt`), screen.plain);
      fs.writeFileSync(path.join(out, `${name}.ansi.txt`), screen.styled);
      console.log(`${name}`);
    };
    if (firstRun) {
      for (const screen of GEMINI_FIRST_RUN) {
        store(screen.state, await settled(screen.shows));
        tmux('send-keys', '-t', 'g', screen.key);
      }
      store('idle-untrusted', await settled(GEMINI_CAPTURE.idle));
      return;
    }
    store('idle', await settled(GEMINI_CAPTURE.idle));
    for (const step of GEMINI_CAPTURE.steps) await play(step, store, () => model.release());
  } finally {
    tmux('kill-server');
    await model.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function play(
  step: CaptureStep,
  store: (state: string, s: { plain: string; styled: string }) => void,
  release: () => void,
): Promise<void> {
  await prompt(step.prompt);
  // A working screen changes every moment (its spinner, its seconds): stored as soon as it shows.
  store(step.state, step.held ? await shown(step.shows) : await settled(step.shows));
  if (step.held) release();
  for (const k of step.keys) {
    tmux('send-keys', '-t', 'g', k.key);
    if (k.state) store(k.state, await settled(k.shows ?? ''));
  }
  await settled(step.after);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
