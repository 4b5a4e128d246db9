// Recognition bench: the median cost of recognising one screen, as a ratio to one capture of the
// same pane in the same run (a `tmux capture-pane` process, and the cheaper control-mode capture
// the server really uses); and end-to-end respond latency against the real newest Claude Code
// (request received to native step sent to next step projected), median and p99.
// Run alone with `npx tsx test/bench/recognition.bench.ts`; AKK_BENCH_RESPONDS sets the sample count.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { recognize } from '../../src/adapters/recognize';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import { SessionRegistry, type ScreenCapture } from '../../src/server/sessions';
import { snapshotOf } from '../../src/server/dispatch/snapshot';
import { classifyScreen } from '../../src/server/services';
import type { AskQuestion } from '../harness/fake-model/types';
import { startServerAgent, userPrompt } from '../support/server-agent';

const print = (line: string): void => console.log(`[recognition] ${line}`);

function quantile(sorted: number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] as number;
}
const median = (xs: number[]): number => quantile([...xs].sort((a, b) => a - b), 0.5);
const p99 = (xs: number[]): number => quantile([...xs].sort((a, b) => a - b), 0.99);

function time(fn: () => void, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out;
}

async function recognitionVersusCapture(): Promise<void> {
  const fixture = path.join(__dirname, '..', '..', 'fixtures', 'claude', '2.1.332', '120x40', '16-multi-question-2.ansi.txt');
  const socket = `akk-bench-${process.pid}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-rec-bench-'));
  const screenFile = path.join(dir, 'screen.txt');
  fs.writeFileSync(screenFile, fs.readFileSync(fixture, 'utf8').replace(/\n$/, ''));
  const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  tmux('new-session', '-d', '-x', '120', '-y', '40', `printf '\\033[H'; cat ${screenFile}; exec sleep 600`);
  tmux('set-option', '-g', 'status', 'off');
  const registry = new SessionRegistry({ classify: classifyScreen, monitor: { styled: true } });
  try {
    await new Promise((r) => setTimeout(r, 500));
    const pane = tmux('list-panes', '-F', '#{pane_id}').trim();
    const session = await registry.attach({ socket, target: pane });
    const control: ScreenCapture = await session.nextSettled(5000);
    const plain = tmux('capture-pane', '-p', '-t', pane);
    const styled = tmux('capture-pane', '-p', '-e', '-t', pane);
    const snapshot = snapshotOf({ ...control, text: plain, styled });
    const r = recognize('claude', '2.1.332', snapshot);
    if (r.kind !== 'questionnaire') throw new Error(`the bench screen was not recognised: ${JSON.stringify(r)}`);
    for (let i = 0; i < 200; i++) recognize('claude', '2.1.332', snapshot); // warm up
    const rec = time(() => recognize('claude', '2.1.332', snapshot), 2000);
    const spawnCapture = time(() => {
      tmux('capture-pane', '-p', '-e', '-t', pane);
    }, 100);
    const controlCapture: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t = process.hrtime.bigint();
      await session.endpoint?.capture({ styled: true });
      controlCapture.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    print(`recognise one screen (Claude 2.1.332 multi-select, 120x40): median ${median(rec).toFixed(4)} ms, p99 ${p99(rec).toFixed(4)} ms`);
    print(`tmux capture-pane -p -e process of the same pane: median ${median(spawnCapture).toFixed(3)} ms`);
    print(`control-mode capture of the same pane (what the server uses): median ${median(controlCapture).toFixed(3)} ms`);
    print(`ratio recognition / capture-pane process: ${(median(rec) / median(spawnCapture)).toFixed(4)} (target < 0.2)`);
    print(`ratio recognition / control-mode capture: ${(median(rec) / median(controlCapture)).toFixed(4)}`);
  } finally {
    registry.dispose();
    try {
      tmux('kill-server');
    } catch {
      // already gone
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function respondLatency(samples: number): Promise<void> {
  const questions: AskQuestion[] = [
    { question: 'Pick one.', header: 'Pick', multiSelect: false, options: [{ label: 'Alpha', description: 'First.' }, { label: 'Beta', description: 'Second.' }] },
  ];
  const turns = Array.from({ length: samples }, () => ({ kind: 'ask' as const, questions }));
  const a = await startServerAgent('claude', { name: 'bench-respond', turns: [...turns, { kind: 'text', text: 'Done.' }] });
  try {
    await userPrompt(a.term, 'go');
    const respond: number[] = [];
    const nextProjected: number[] = [];
    let previous = '';
    for (let i = 0; i < samples; i++) {
      const s = await a.waitStatus((x) => !!x.interaction && x.interaction.interaction_id !== previous, 60_000, `question ${i + 1}`);
      const i0 = s.interaction as NonNullable<StatusResult['interaction']>;
      previous = i0.interaction_id;
      const q = i0.questions[0];
      const t0 = Date.now();
      const r = await a.call(REQUESTS.respondInteraction.method, {
        interaction_id: i0.interaction_id,
        turn_id: i0.turn_id,
        answers: [{ question_id: q?.question_id, response_kind: 'single_select', selected_option_ids: [q?.options[0]?.option_id] }],
      }, 30_000);
      if (!r.result) throw new Error(`respond failed: ${JSON.stringify(r.error)}`);
      respond.push(Date.now() - t0);
      if (i + 1 < samples) {
        const before = a.server.notifications.length;
        const deadline = Date.now() + 30_000;
        while (!a.server.notifications.slice(before).some((n) => n.method === 'akk/interactionRequired') && Date.now() < deadline) await new Promise((res) => setTimeout(res, 5));
        nextProjected.push(Date.now() - t0);
      }
    }
    print(`respond (request received to native step proven), ${samples} samples: median ${median(respond)} ms, p99 ${p99(respond)} ms`);
    if (nextProjected.length > 0) print(`respond to next step projected (includes the model's next turn): median ${median(nextProjected)} ms, p99 ${p99(nextProjected)} ms`);
  } finally {
    await a.stop();
  }
}

export async function benchRecognition(): Promise<void> {
  await recognitionVersusCapture();
  await respondLatency(Number(process.env.AKK_BENCH_RESPONDS ?? 20));
}

if (require.main === module) {
  benchRecognition().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
