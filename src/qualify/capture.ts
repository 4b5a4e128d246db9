// Drives every scenario against a real client and writes the screens at each step, plain, styled
// and with a sidecar (metadata, keys, ground truth), and an index of what was captured, skipped and
// unreachable (scripts/qualify/capture.ts is the command; fixtures/README.md has the layout).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { normalise, stripSgr } from './normalise';
import { renderingName, STANDARD_RENDERING, type Rendering } from '../shared/rendering';
import { scenariosFor, type NamedScenario } from './scenarios';
import { startSession, type Session } from './session';
import { compareVersions, sizeName, type AgentName, type TermSize } from './versions';

export interface Target {
  agent: AgentName;
  version: string;
  size: TermSize;
  /** The rendering condition; absent, the corpus's own (`STANDARD_RENDERING`). */
  rendering?: Rendering;
  /** The exact executable to run (a person's own install); absent, the one installed into the cache. */
  binary?: string;
  /**
   * How long a step may take to come on screen (25 s by default). A capture at a person's size gives
   * up sooner on a step that size never draws: the harness drives by rows in sight.
   */
  stepWaitMs?: number;
}

export type GroundTruth =
  | { kind: 'tool_result'; toolUseId: string; content: string; isError: boolean }
  | { kind: 'user_message'; text: string };

export interface Sidecar {
  agent: AgentName;
  version: string;
  size: string;
  /** The rendering condition it was captured under, when not the corpus's own (`light/truecolor`). */
  rendering?: string;
  scenario: string;
  scenarioDescription: string;
  step: number;
  state: string;
  shapes: string[];
  /** Keys and text sent since the previous captured screen (tmux key names; `text:` literal text). */
  keys: string[];
  /** Keys and text sent from this screen towards the next step. */
  next: string[];
  captured: string;
  /** The answer the model received after `next`, when this step answers. */
  groundTruth?: GroundTruth;
}

export interface TargetIndex {
  agent: AgentName;
  version: string;
  size: string;
  captured: string;
  files: Array<{ file: string; scenario: string; state: string; shapes: string[] }>;
  skipped: Array<{ scenario: string; reason: string }>;
  unreached: Array<{ scenario: string; step: number; state: string; error: string }>;
}

/**
 * Files the capture writes (and replaces): `NN-<state>.txt`, `.ansi.txt`, `.json` and `index.json`.
 * Anything else beside them is left alone.
 */
export function isCaptureFile(name: string): boolean {
  return /^\d\d-[a-z0-9-]+\.(?:txt|ansi\.txt|json)$/.test(name) || name === 'index.json';
}

export function targetDir(root: string, t: Target): string {
  return path.join(root, t.agent, t.version, targetName(t));
}

/** The target's folder name: its size, and its rendering condition when not the corpus's own. */
export function targetName(t: Target): string {
  return isStandard(t.rendering)
    ? sizeName(t.size)
    : `${sizeName(t.size)}-${renderingName(t.rendering ?? {}).replace('/', '-')}`;
}

function isStandard(r: Rendering | undefined): boolean {
  return renderingName(r ?? {}) === renderingName(STANDARD_RENDERING);
}

function firstLines(s: string, n: number): string {
  return s.split('\n').slice(0, n).join('\n');
}

const trimLines = (t: string): string =>
  t
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .trimEnd();

/** Plain and styled captures of the same frame (animated screens can change between two captures). */
async function consistentCapture(s: Session): Promise<{ plain: string; styled: string }> {
  let plain = '';
  let styled = '';
  for (let i = 0; i < 10; i++) {
    plain = await s.term.capture();
    styled = await s.term.capture({ styled: true });
    if (trimLines(stripSgr(styled)) === trimLines(plain)) break;
  }
  return { plain: normalise(plain), styled: normalise(styled) };
}

async function runScenario(
  t: Target,
  sc: NamedScenario,
  dir: string,
  index: TargetIndex,
  counter: { n: number },
  log: (s: string) => void,
): Promise<void> {
  let session: Session | undefined;
  let stepNo = 0;
  let state = '';
  try {
    session = await startSession({
      agent: t.agent,
      version: t.version,
      size: t.size,
      scenario: sc,
      ...(t.rendering ? { rendering: t.rendering } : {}),
      ...(t.binary ? { binary: t.binary } : {}),
    });
    const s = session;
    for (const [i, step] of sc.steps.entries()) {
      stepNo = i;
      state = step.state;
      await s.screen(step.until, {
        animated: step.animated,
        timeoutMs: t.stepWaitMs ?? 25_000,
        what: `${sc.name}/${step.state}`,
      });
      const keys = s.takeKeyLog();
      const skipIdle = step.state === 'idle' && index.files.some((f) => f.state === 'idle');
      let base = '';
      if (!skipIdle) {
        const { plain, styled } = await consistentCapture(s);
        counter.n += 1;
        base = `${String(counter.n).padStart(2, '0')}-${step.state}`;
        fs.writeFileSync(path.join(dir, `${base}.txt`), plain);
        fs.writeFileSync(path.join(dir, `${base}.ansi.txt`), styled);
        index.files.push({ file: base, scenario: sc.name, state: step.state, shapes: step.shapes ?? [] });
      }
      const issuedBefore = s.fm.issued.length;
      const usersBefore = s.fm.userMessages().length;
      for (const a of step.then ?? []) await s.perform(a);
      const next = s.takeKeyLog();
      let groundTruth: GroundTruth | undefined;
      if (step.answer === 'tool') {
        const id = s.fm.issued[s.fm.issued.length - 1]?.id;
        if (!id || s.fm.issued.length < issuedBefore) throw new Error('no tool use issued before the answer');
        const r = await s.fm.waitForToolResult(id, 20_000);
        groundTruth = {
          kind: 'tool_result',
          toolUseId: '<tool-use-id>',
          content: normalise(r.content),
          isError: r.isError,
        };
      } else if (step.answer === 'user-message') {
        const want = step.answerMatch;
        const text = await s.fm.waitForUserMessage(
          (m) => (want !== undefined ? m.includes(want) : !s.fm.userMessages().slice(0, usersBefore).includes(m)),
          20_000,
        );
        groundTruth = { kind: 'user_message', text: normalise(text) };
      }
      if (!skipIdle) {
        const side: Sidecar = {
          agent: t.agent,
          version: t.version,
          size: sizeName(t.size),
          ...(isStandard(t.rendering) ? {} : { rendering: renderingName(t.rendering ?? {}) }),
          scenario: sc.name,
          scenarioDescription: sc.description,
          step: i,
          state: step.state,
          shapes: step.shapes ?? [],
          keys,
          next,
          captured: new Date().toISOString(),
          ...(groundTruth ? { groundTruth } : {}),
        };
        fs.writeFileSync(path.join(dir, `${base}.json`), JSON.stringify(side, null, 2) + '\n');
      }
    }
    log(`  ok   ${sc.name}`);
  } catch (e) {
    const msg = normalise(e instanceof Error ? e.message : String(e));
    index.unreached.push({ scenario: sc.name, step: stepNo, state, error: firstLines(msg, 60) });
    log(`  FAIL ${sc.name} at ${state}: ${firstLines(msg, 1)}`);
  } finally {
    await session?.stop();
  }
}

/** The index of a target captured before, when `append` asks to extend it. */
function earlierIndex(dir: string, append: boolean): TargetIndex | undefined {
  const file = path.join(dir, 'index.json');
  if (!append || !fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as TargetIndex;
}

export async function captureTarget(
  t: Target,
  root: string,
  only: string[] = [],
  append = false,
): Promise<TargetIndex> {
  const dir = targetDir(root, t);
  fs.mkdirSync(dir, { recursive: true });
  const earlier = earlierIndex(dir, append);
  // Appending retries the scenarios that did not reach their end: their partial screens go.
  const retried = new Set(earlier?.unreached.map((u) => u.scenario) ?? []);
  for (const f of fs.readdirSync(dir)) {
    const base = f.slice(0, f.indexOf('.'));
    const partial = earlier?.files.some((x) => x.file === base && retried.has(x.scenario));
    if (isCaptureFile(f) && (!earlier || partial)) fs.rmSync(path.join(dir, f));
  }
  const kept = earlier?.files.filter((f) => !retried.has(f.scenario)) ?? [];
  const seen = new Set(kept.map((f) => f.scenario));
  const index: TargetIndex = {
    agent: t.agent,
    version: t.version,
    size: sizeName(t.size),
    captured: new Date().toISOString(),
    files: kept,
    skipped: earlier?.skipped.filter((x) => seen.has(x.scenario)) ?? [],
    unreached: [],
  };
  const lines: string[] = [];
  const log = (s: string): void => {
    lines.push(s);
  };
  const counter = { n: Math.max(0, ...index.files.map((f) => Number(f.file.slice(0, f.file.indexOf('-'))))) };
  for (const sc of scenariosFor(t.agent)) {
    if (only.length > 0 && !only.includes(sc.name)) continue;
    if (seen.has(sc.name)) continue;
    if (sc.minVersion && compareVersions(t.version, sc.minVersion) < 0) {
      index.skipped.push({ scenario: sc.name, reason: `needs ${t.agent} ${sc.minVersion} or later` });
      continue;
    }
    await runScenario(t, sc, dir, index, counter, log);
  }
  fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index, null, 2) + '\n');
  process.stdout.write(
    `${t.agent} ${t.version} ${targetName(t)}: ` +
      `${index.files.length} screens, ${index.unreached.length} unreached\n${lines.join('\n')}\n`,
  );
  return index;
}

export async function captureAll(
  targets: Target[],
  root: string,
  jobs: number,
  only: string[] = [],
  append = false,
): Promise<TargetIndex[]> {
  const queue = [...targets];
  const out: TargetIndex[] = [];
  const worker = async (): Promise<void> => {
    for (;;) {
      const t = queue.shift();
      if (!t) return;
      out.push(await captureTarget(t, root, only, append));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return out;
}
