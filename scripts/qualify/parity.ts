// Mirror-versus-tmux parity: every corpus scenario runs in tmux with its raw output recorded
// (pipe-pane); at each screen the corpus keeps, the bytes recorded so far are replayed into the
// server's screen mirror at the same size, and the mirror's text and styles are compared with
// tmux's own capture of the same moment.
//   npm run parity -- [--agent claude|codex|gemini] [--version V] [--size 120x40 ...] [--scenario NAME ...]
//                     [--rendering THEME/DEPTH ...]   under a theme and colour depth (e.g. light/truecolor)
//                     [--save DIR]   keep each stream and tmux's screens, for the replay test
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ScreenMirror, type MirrorScreen } from '../../src/server/sessions/terminal/mirror';
import { selfContainedRows } from '../../src/server/sessions/tmux/styled-lines';
import { targetName } from '../../src/qualify/capture';
import { parseArgs } from './capture';
import { parseRendering, renderingName, type Rendering } from '../../src/shared/rendering';
import { scenariosFor, type NamedScenario } from '../../src/qualify/scenarios';
import { startSession } from '../../src/qualify/session';
import { cellDiff } from './screen-cells';
import { stripSgr } from '../../src/qualify/sgr';
import {
  AGENTS,
  NEWEST,
  SIZES,
  compareVersions,
  parseAgent,
  parseSize,
  sizeName,
  type AgentName,
} from '../../src/qualify/versions';
import type { TermSize } from '../../src/qualify/versions';

export interface TmuxScreen {
  plain: string;
  styled: string;
}

/** One kept screen of a recorded run: where it is in the stream and what tmux showed. */
export interface StreamMark {
  step: number;
  state: string;
  /** Bytes of the stream written before the screen was captured. */
  offset: number;
  tmux: TmuxScreen;
}

export interface RecordedRun {
  agent: AgentName;
  version: string;
  size: string;
  /** The theme and colour depth it ran under, when not the corpus's own (`light/truecolor`). */
  rendering?: string;
  scenario: string;
  marks: StreamMark[];
}

export interface ParityResult {
  scenario: string;
  size: string;
  step: number;
  state: string;
  differences: string[];
  /** Why the mirror was not proven at this mark, or null. */
  unproven: string | null;
}

/** Replays a recorded stream into a mirror of the run's size and compares it at every mark. */
export async function replay(run: RecordedRun, stream: Uint8Array): Promise<ParityResult[]> {
  const size = parseSize(run.size);
  const mirror = new ScreenMirror(size.cols, size.rows, 'the agent has not drawn its whole screen yet', {
    programStart: true,
  });
  const out: ParityResult[] = [];
  let fed = 0;
  try {
    for (const mark of run.marks) {
      await mirror.write(stream.subarray(fed, mark.offset));
      fed = mark.offset;
      out.push({
        scenario: run.scenario,
        size: run.size,
        step: mark.step,
        state: mark.state,
        differences: compareWithTmux(mark.tmux, mirror.screen()),
        unproven: mirror.unproven,
      });
    }
  } finally {
    mirror.dispose();
  }
  return out;
}

/**
 * Row-by-row differences between tmux's capture and the mirror: text, then each cell's style.
 * Trailing blank cells are not compared: tmux trims trailing spaces by bytes, so a styled blank at
 * the end of a row is kept or dropped depending on what its row held before.
 */
export function compareWithTmux(tmux: TmuxScreen, mirror: MirrorScreen): string[] {
  return cellDiff(selfContainedRows(tmux.styled), mirror.styled, tmux.plain, mirror.text);
}

const trimLines = (t: string): string =>
  t
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .trimEnd();

/** Runs one scenario in tmux with its stream recorded; returns the marks and the stream. */
export async function recordRun(
  agent: AgentName,
  version: string,
  size: TermSize,
  sc: NamedScenario,
  rendering?: Rendering,
): Promise<{ run: RecordedRun; stream: Uint8Array }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-parity-'));
  const file = path.join(dir, 'stream');
  const session = await startSession({
    agent,
    version,
    size,
    scenario: sc,
    recordStream: file,
    ...(rendering ? { rendering } : {}),
  });
  const marks: StreamMark[] = [];
  try {
    for (const [i, step] of sc.steps.entries()) {
      await session.screen(step.until, {
        animated: step.animated,
        timeoutMs: 25_000,
        what: `${sc.name}/${step.state}`,
      });
      marks.push({ step: i, state: step.state, ...(await quietCapture(session.term)) });
      for (const a of step.then ?? []) await session.perform(a);
    }
    return {
      run: {
        agent,
        version,
        size: sizeName(size),
        ...(rendering ? { rendering: renderingName(rendering) } : {}),
        scenario: sc.name,
        marks,
      },
      stream: new Uint8Array(fs.readFileSync(file)),
    };
  } finally {
    await session.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Term = Awaited<ReturnType<typeof startSession>>['term'];

/** tmux's plain and styled capture of one moment, with the stream offset that produced it. */
async function quietCapture(term: Term): Promise<{ offset: number; tmux: TmuxScreen }> {
  for (let i = 0; ; i++) {
    const before = await term.recordedBytes();
    const plain = await term.capture();
    const styled = await term.capture({ styled: true });
    const after = await term.recordedBytes(0);
    const consistent = trimLines(stripSgr(styled)) === trimLines(plain);
    if ((before === after && consistent) || i >= 20)
      return { offset: after, tmux: { plain: trimLines(plain), styled: styled.replace(/\n$/, '') } };
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const agents = args.has('agent') ? [parseAgent(args.get('agent')?.[0])] : AGENTS;
  const sizes = args.has('size') ? (args.get('size') ?? []).map(parseSize) : SIZES;
  const only = args.get('scenario') ?? [];
  const save = args.get('save')?.[0];
  const renderings: Array<Rendering | undefined> = args.has('rendering')
    ? (args.get('rendering') ?? []).map(parseRendering)
    : [undefined];
  let same = 0;
  let different = 0;
  for (const agent of agents) {
    const version = args.get('version')?.[0] ?? NEWEST[agent];
    for (const size of sizes) {
      for (const rendering of renderings)
        for (const sc of scenariosFor(agent)) {
          if (only.length > 0 && !only.includes(sc.name)) continue;
          if (sc.minVersion && compareVersions(version, sc.minVersion) < 0) continue;
          const { run, stream } = await recordRun(agent, version, size, sc, rendering);
          if (save) {
            const dir = path.join(
              save,
              agent,
              version,
              targetName({ agent, version, size, ...(rendering ? { rendering } : {}) }),
            );
            fs.mkdirSync(dir, { recursive: true });
            fs.writeFileSync(path.join(dir, `${sc.name}.stream`), stream);
            fs.writeFileSync(path.join(dir, `${sc.name}.marks.json`), JSON.stringify(run, null, 1) + '\n');
          }
          for (const r of await replay(run, stream)) {
            if (r.unproven !== null) process.stdout.write(`UNPROVEN ${r.scenario} step ${r.step}: ${r.unproven}\n`);
            if (r.differences.length === 0) same += 1;
            else {
              different += 1;
              process.stdout.write(`DIFFERENT ${agent} ${version} ${r.size} ${r.scenario} step ${r.step} ${r.state}\n`);
              process.stdout.write(r.differences.map((d) => `  ${d}`).join('\n') + '\n');
            }
          }
          process.stdout.write(`${agent} ${version} ${sizeName(size)} ${sc.name}: ${stream.length} bytes\n`);
        }
    }
  }
  process.stdout.write(`parity: ${same} identical, ${different} different\n`);
  process.exitCode = different === 0 ? 0 : 1;
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(2);
  });
}
