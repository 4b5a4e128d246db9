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
 * Usage: tsx scripts/qualify/capture-screens.ts <cols>x<rows> [--first-run]
 * (the client is installed into the agent cache first: GEMINI_VERSION in pane.ts)
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startFakeModel } from '../../src/qualify/fake-model';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { GEMINI_CAPTURE, GEMINI_FIRST_RUN, type CaptureStep } from '../../src/agents/gemini/qualify/capture-scenario';
import { geminiEnv, geminiFiles } from '../../src/agents/gemini/qualify/launch';
import { GEMINI_VERSION, GeminiPane, geminiBinary, type PaneScreen } from '../../src/agents/gemini/qualify/pane';

type Store = (state: string, screen: PaneScreen) => void;

async function main(): Promise<void> {
  const [size, mode] = process.argv.slice(2);
  const firstRun = mode === '--first-run';
  const m = /^(\d+)x(\d+)$/.exec(size ?? '');
  if (!m) throw new Error('usage: capture-screens.ts <cols>x<rows> [--first-run]');
  const bin = await geminiBinary();
  const name = `gemini-${GEMINI_VERSION}-${size}${firstRun ? '-first-run' : ''}`;
  const out = path.join(__dirname, '..', '..', 'test', 'unit', 'adapters', 'screens', name);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-gemini-'));
  const home = path.join(root, 'home');
  const work = path.join(root, 'work');
  fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
  fs.mkdirSync(work);
  for (const [file, content] of Object.entries(GEMINI_CAPTURE.files)) fs.writeFileSync(path.join(work, file), content);
  const tickets = path.join(__dirname, '..', '..', 'src', 'qualify', 'fake-mcp', 'tickets.cjs');
  if (!firstRun) geminiFiles(home, [{ name: 'tickets', script: tickets }]);
  const turns: ModelTurn[] = GEMINI_CAPTURE.steps.flatMap((s) => s.turns);
  const model = await startFakeModel({ name: 'gemini-capture', turns, fallbackText: 'Done.' });
  model.setVars({ workDir: work });
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const size2 = { cols: Number(m[1]), rows: Number(m[2]) };
  const pane = new GeminiPane(size2, bin, work, { HOME: home, ...geminiEnv(model.url) });
  try {
    let n = 0;
    const store: Store = (state, screen) => {
      const file = `${String(n++).padStart(2, '0')}-${state}`;
      fs.writeFileSync(path.join(out, `${file}.txt`), screen.plain);
      fs.writeFileSync(path.join(out, `${file}.ansi.txt`), screen.styled);
      console.log(file);
    };
    if (firstRun) {
      for (const screen of GEMINI_FIRST_RUN) {
        store(screen.state, await pane.settled(screen.shows));
        pane.keys(screen.key);
      }
      store('idle-untrusted', await pane.settled(GEMINI_CAPTURE.idle));
      return;
    }
    store('idle', await pane.settled(GEMINI_CAPTURE.idle));
    for (const step of GEMINI_CAPTURE.steps) await play(pane, step, store, () => model.release());
  } finally {
    pane.close();
    await model.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function play(pane: GeminiPane, step: CaptureStep, store: Store, release: () => void): Promise<void> {
  await pane.prompt(step.prompt);
  // A working screen changes every moment (its spinner, its seconds): stored as soon as it shows.
  const shown = step.held
    ? await pane.until(`"${step.shows}"`, (s) => s.plain.includes(step.shows))
    : await pane.settled(step.shows);
  store(step.state, shown);
  if (step.held) release();
  for (const k of step.keys) {
    pane.keys(k.key);
    if (k.state) store(k.state, await pane.settled(k.shows ?? ''));
  }
  await pane.settled(step.after);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
