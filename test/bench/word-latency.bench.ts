/**
 * Notify and answer latency of a Claude Code permission, the screen path beside the hook path,
 * against the real client and the built server (npm run build first):
 * - screen: the newest qualified release, no hook; the step is announced once its dialog is quiet
 *   and answered by a key proven on screen;
 * - hook: the same release withheld (so its screen proves nothing), its PermissionRequest relayed by
 *   AKK's hook program; the step is announced when the request comes and answered through it.
 * Per sample: notify, from the dialog's first paint (the screen polled every 20 ms) to the client's
 * `akk/interactionRequired` for it (negative: announced before the dialog was drawn); answer, from
 * `akk/approve` to its result; ran, from `akk/approve` to the command's file on disk. Medians and
 * p99 over AKK_BENCH_WORD_SAMPLES commands of one turn (default 10). Printed, never asserted.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REQUESTS, type InteractionRequiredParams } from '../../src/shared/protocol';
import { NEWEST } from '../../src/qualify/versions';
import { startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';
import { median, p99, sleep } from './stats';

const SAMPLES = Number(process.env.AKK_BENCH_WORD_SAMPLES ?? 10);
const HOOK = path.join(__dirname, '..', '..', 'dist', 'agent-hook.js');

interface Sample {
  notify: number;
  answer: number;
  ran: number;
}

/** When the dialog asking `command` is first seen on screen (polled every 20 ms). */
async function painted(a: ServerAgent, command: string, deadline: number): Promise<number> {
  while (Date.now() < deadline) {
    const screen = await a.term.capture();
    if (screen.includes(command) && screen.includes('Do you want to proceed?')) return Date.now();
    await sleep(20);
  }
  throw new Error(`the dialog for ${command} was never drawn`);
}

/** When the client was told of the step asking `command` (the notifications polled every 5 ms). */
async function told(a: ServerAgent, command: string, deadline: number): Promise<number> {
  const about = (m: { method?: string; params?: unknown }): boolean =>
    m.method === 'akk/interactionRequired' &&
    (m.params as InteractionRequiredParams | undefined)?.permission?.subject === command;
  while (Date.now() < deadline) {
    if (a.server.notifications.some(about)) return Date.now();
    await sleep(5);
  }
  throw new Error(`the client was never told of ${command}`);
}

async function sample(a: ServerAgent, i: number): Promise<Sample> {
  const command = `touch bench-${i + 1}.txt`;
  const deadline = Date.now() + 60_000;
  const [paintAt, toldAt] = await Promise.all([painted(a, command, deadline), told(a, command, deadline)]);
  const s = await a.status();
  if (s.permission?.subject !== command) throw new Error(`step ${i + 1} is not offered: ${JSON.stringify(s)}`);
  const t0 = Date.now();
  const r = await a.call(
    REQUESTS.approve.method,
    { interaction_id: s.permission.interaction_id, turn_id: s.permission.turn_id, decision: 'approve_once' },
    30_000,
  );
  const answer = Date.now() - t0;
  if ((r.result as { outcome?: string } | undefined)?.outcome !== 'resolved')
    throw new Error(`step ${i + 1}: ${JSON.stringify(r.error ?? r.result)}`);
  const file = path.join(a.term.workDir, `bench-${i + 1}.txt`);
  while (!fs.existsSync(file) && Date.now() < deadline) await sleep(5);
  return { notify: toldAt - paintAt, answer, ran: Date.now() - t0 };
}

async function pathLatency(name: 'screen' | 'hook'): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-b-'));
  const hook = name === 'hook';
  const entry = {
    matcher: '*',
    hooks: [{ type: 'command', command: `node ${HOOK} --dir ${dir} claude PermissionRequest` }],
  };
  const a = await startServerAgent(
    'claude',
    {
      name: `bench-${name}`,
      turns: [
        ...Array.from({ length: SAMPLES }, (_, i) => ({
          kind: 'bash' as const,
          command: `touch bench-${i + 1}.txt`,
          description: 'Make the file',
        })),
        { kind: 'text', text: 'Done.' },
      ],
    },
    hook ? { AKK_WITHHOLD_QUALIFIED: `claude@${NEWEST.claude}` } : {},
    hook ? { args: ['--settings', JSON.stringify({ hooks: { PermissionRequest: [entry] } })] } : {},
    hook ? { agentWordDir: dir } : {},
  );
  const samples: Sample[] = [];
  try {
    await userPrompt(a.term, 'make the files');
    for (let i = 0; i < SAMPLES; i++) samples.push(await sample(a, i));
  } finally {
    await a.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const line = (what: string, values: number[]): string => `${what} median ${median(values)} ms, p99 ${p99(values)} ms`;
  console.log(
    `claude permission, ${name} path (n=${samples.length}): ` +
      [
        line(
          'notify',
          samples.map((s) => s.notify),
        ),
        line(
          'answer',
          samples.map((s) => s.answer),
        ),
        line(
          'ran',
          samples.map((s) => s.ran),
        ),
      ].join('; '),
  );
}

export async function benchWordLatency(): Promise<void> {
  if (!fs.existsSync(HOOK)) {
    console.log('word latency: dist/agent-hook.js is not built (npm run build); nothing measured');
    return;
  }
  await pathLatency('screen');
  await pathLatency('hook');
}
