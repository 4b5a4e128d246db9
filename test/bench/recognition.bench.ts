// Recognition bench: the median cost of recognising one screen, as a ratio to one capture of the
// same pane in the same run (a `tmux capture-pane` process, and the cheaper control-mode capture
// the server really uses); and end-to-end respond latency through the built server against the
// real newest Claude Code: an immediate answer to each fresh step, from the request to the native
// step proven on screen, median and p99, and how many of the samples did not end proven.
// Run alone with `npx tsx test/bench/recognition.bench.ts`; AKK_BENCH_RESPONDS sets the sample count.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { recognize } from '../../src/adapters/recognize';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import { selfContainedRows } from '../../src/server/sessions/tmux/styled-lines';
import type { ScreenSnapshot } from '../../src/adapters/types';
import { SessionRegistry, type ScreenCapture } from '../../src/server/sessions';
import type { AskQuestion } from '../../src/qualify/fake-model/types';
import type { RpcMessage } from '../support/rpc-client';
import { startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';
import { median, p99, removeTmuxSocket, sleep } from './stats';
import { readCorpusFile } from '../../src/qualify/corpus/corpus-store';

const print = (line: string): void => console.log(`[recognition] ${line}`);

/** The screen as the adapters see it (what the server builds from a capture). */
function snapshotOf(plain: string, styled: string, cols: number, rows: number): ScreenSnapshot {
  const lines = (text: string): string[] => {
    const l = text.split('\n');
    if (l.length > rows && l[l.length - 1] === '') l.pop();
    return l;
  };
  return { plain: lines(plain), styled: lines(selfContainedRows(styled)), cols, rows };
}

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
  const fixture = path.join(
    __dirname,
    '..',
    '..',
    'fixtures',
    'claude',
    '2.1.332',
    '120x40',
    '16-multi-question-2.ansi.txt',
  );
  const socket = `akk-bench-${process.pid}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-rec-bench-'));
  const screenFile = path.join(dir, 'screen.txt');
  fs.writeFileSync(screenFile, readCorpusFile(fixture).replace(/\n$/, ''));
  const tmux = (...args: string[]): string =>
    execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  tmux('new-session', '-d', '-x', '120', '-y', '40', `printf '\\033[H'; cat ${screenFile}; exec sleep 600`);
  tmux('set-option', '-g', 'status', 'off');
  const registry = new SessionRegistry({ classify: () => ({ state: 'unknown' }), monitor: { styled: true } });
  try {
    await new Promise((r) => setTimeout(r, 500));
    const pane = tmux('list-panes', '-F', '#{pane_id}').trim();
    const session = await registry.attach({ socket, target: pane });
    const control: ScreenCapture = await session.nextSettled(5000);
    const plain = tmux('capture-pane', '-p', '-t', pane);
    const styled = tmux('capture-pane', '-p', '-e', '-t', pane);
    const snapshot = snapshotOf(plain, styled, control.cols, control.rows);
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
    print(
      'recognise one screen (Claude 2.1.332 multi-select, 120x40): ' +
        `median ${median(rec).toFixed(4)} ms, p99 ${p99(rec).toFixed(4)} ms`,
    );
    print(`tmux capture-pane -p -e process of the same pane: median ${median(spawnCapture).toFixed(3)} ms`);
    print(
      `control-mode capture of the same pane (what the server uses): median ${median(controlCapture).toFixed(3)} ms`,
    );
    print(
      `ratio recognition / capture-pane process: ${(median(rec) / median(spawnCapture)).toFixed(4)} (target < 0.2)`,
    );
    print(`ratio recognition / control-mode capture: ${(median(rec) / median(controlCapture)).toFixed(4)}`);
  } finally {
    registry.dispose();
    try {
      tmux('kill-server');
    } catch {
      // already gone
    }
    removeTmuxSocket(socket);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Each sample is a fresh question answered at once: the client reads the step as soon as the
 * server announces it (`akk/status` right after `akk/interactionRequired`, no think time) and
 * answers it immediately. The questions are numbered: a run of byte-identical questions and
 * answers is not a fair sample, because once the answered rows fill the lines above the dialog,
 * the next question is the very same exact prompt on screen as the one just answered (same
 * fingerprint), so the answer's effect cannot be seen and that prompt is never offered again.
 */
async function respondLatency(samples: number): Promise<void> {
  const question = (i: number): AskQuestion[] => [
    {
      question: `Pick one (${i + 1} of ${samples}).`,
      header: 'Pick',
      multiSelect: false,
      options: [
        { label: 'Alpha', description: 'First.' },
        { label: 'Beta', description: 'Second.' },
      ],
    },
  ];
  const turns = Array.from({ length: samples }, (_, i) => ({ kind: 'ask' as const, questions: question(i) }));
  const a = await startServerAgent('claude', {
    name: 'bench-respond',
    turns: [...turns, { kind: 'text', text: 'Done.' }],
  });
  const respond: number[] = [];
  const nextProjected: number[] = [];
  const failures: string[] = [];
  try {
    await userPrompt(a.term, 'go');
    let previous = '';
    for (let i = 0; i < samples && failures.length === 0; i++) {
      const s = await announced(a, previous, `question ${i + 1}`);
      const i0 = s.interaction as NonNullable<StatusResult['interaction']>;
      previous = i0.interaction_id;
      const q = i0.questions[0];
      const t0 = Date.now();
      const before = a.server.notifications.length;
      const r = await a.call(
        REQUESTS.respondInteraction.method,
        {
          interaction_id: i0.interaction_id,
          turn_id: i0.turn_id,
          answers: [
            {
              question_id: q?.question_id,
              response_kind: 'single_select',
              selected_option_ids: [q?.options[0]?.option_id],
            },
          ],
        },
        30_000,
      );
      if (!r.result) {
        failures.push(`sample ${i + 1}: ${r.error?.data?.code ?? r.error?.message ?? 'no result'}`);
        break;
      }
      respond.push(Date.now() - t0);
      if (i + 1 < samples) {
        const deadline = Date.now() + 30_000;
        // The step just answered is announced too (at the same quiet gate as the status that read it): skip it.
        const next = (n: RpcMessage): boolean =>
          n.method === 'akk/interactionRequired' &&
          (n.params as { interaction?: { interaction_id?: string } } | undefined)?.interaction?.interaction_id !==
            i0.interaction_id;
        while (!a.server.notifications.slice(before).some(next) && Date.now() < deadline) await sleep(5);
        nextProjected.push(Date.now() - t0);
      }
    }
  } finally {
    await a.stop();
  }
  print(
    'respond, an immediate answer to each fresh step (request to native step proven on screen): ' +
      `${samples} asked, ${respond.length} proven, ${failures.length} not (${failures.join('; ') || 'none uncertain'})`,
  );
  if (respond.length > 0) print(`  median ${median(respond)} ms, p99 ${p99(respond)} ms`);
  if (nextProjected.length > 0)
    print(
      "  respond to the next step announced (includes the model's next turn): " +
        `median ${median(nextProjected)} ms, p99 ${p99(nextProjected)} ms`,
    );
  if (failures.length > 0) throw new Error(`respond failed: ${failures.join('; ')}`);
}

/**
 * The step after `previous`, read the moment the server announces it (status is polled too, as a
 * client would on a missed notification).
 */
async function announced(a: ServerAgent, previous: string, what: string): Promise<StatusResult> {
  const deadline = Date.now() + 60_000;
  let seen = 0;
  let polled = 0;
  let last: StatusResult | undefined;
  while (Date.now() < deadline) {
    const notes = a.server.notifications;
    const fresh = notes.slice(seen).some((n) => n.method === 'akk/interactionRequired');
    seen = notes.length;
    if (fresh || Date.now() - polled >= 250) {
      polled = Date.now();
      last = await a.status();
      if (last.interaction && last.interaction.interaction_id !== previous) return last;
    }
    await sleep(5);
  }
  throw new Error(`timed out waiting for ${what}; last status: ${JSON.stringify(last)}\n${await a.term.capture()}`);
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
