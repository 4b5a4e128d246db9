// Drives every scenario against a real client and writes the screens at each step:
//   fixtures/<agent>/<version>/<cols>x<rows>[-<theme>-<depth>]/NN-<state>.txt  plain (capture-pane -p)
//                                            NN-<state>.ansi.txt  styled (capture-pane -p -e)
//                                            NN-<state>.json      sidecar (metadata, keys, ground truth)
//                                            index.json           what was captured, skipped, unreachable
// Usage: npm run fixtures:capture -- --agent claude --version 2.1.267 --size 120x40
//        npm run fixtures:capture -- --all [--jobs 2]
//        options: --newest, --scenario NAME (repeatable), --out DIR (default: fixtures)
//        --append: keep the target's screens and capture only the scenarios it has no screen of yet,
//                  numbered after its last screen (new scenarios join a corpus without re-taking it)
//        --normalise-only: re-apply the normalisation rules to the files already under --out
//        --rendering THEME/DEPTH (repeatable, e.g. light/truecolor): capture under that condition,
//                  into a folder of its own beside the size's (the corpus's own is dark/256)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isCorpusRoot, storedTargets, throughScratch } from '../support/corpus-store';
import { FIXTURES } from '../support/harness-data';
import { normalise, stripSgr } from './normalise';
import { parseRendering, renderingName, STANDARD_RENDERING, type Rendering } from '../../src/shared/rendering';
import { scenariosFor, type NamedScenario } from './scenarios';
import { startSession, type Session } from './session';
import {
  AGENTS,
  NEWEST,
  SIZES,
  VERSIONS,
  compareVersions,
  parseAgent,
  parseSize,
  sizeName,
  type AgentName,
  type TermSize,
} from './versions';

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

/** `--name value` pairs (repeatable; a flag without a value is 'true'). */
export function parseArgs(argv: string[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('--')) continue;
    const next = argv[i + 1];
    const v = next !== undefined && !next.startsWith('--') ? (i++, next) : 'true';
    m.set(a.slice(2), [...(m.get(a.slice(2)) ?? []), v]);
  }
  return m;
}

/** Re-applies the normalisation rules to an existing corpus (the rules are idempotent). */
export function renormalise(root: string): number {
  let changed = 0;
  const visit = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) visit(p);
      else if (isCaptureFile(e.name)) {
        const before = fs.readFileSync(p, 'utf8');
        let after = normalise(before);
        if (e.name.endsWith('.json')) {
          // Normalise decoded strings (ground truth is JSON-escaped in the file).
          const walk = (v: unknown): unknown =>
            typeof v === 'string'
              ? normalise(v)
              : Array.isArray(v)
                ? v.map(walk)
                : v && typeof v === 'object'
                  ? Object.fromEntries(
                      Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, k === 'captured' ? x : walk(x)]),
                    )
                  : v;
          after = JSON.stringify(walk(JSON.parse(before)), null, 2) + '\n';
        }
        if (after !== before) {
          fs.writeFileSync(p, after);
          changed += 1;
        }
      }
    }
  };
  if (fs.existsSync(root)) visit(root);
  return changed;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const one = (k: string): string | undefined => args.get(k)?.[0];
  const root = path.resolve(one('out') ?? FIXTURES);
  if (args.has('normalise-only')) {
    let n = 0;
    // A corpus kept by content is normalised as files, then stored again.
    if (isCorpusRoot(root)) await throughScratch(root, storedTargets(root), true, (r) => void (n = renormalise(r)));
    else n = renormalise(root);
    process.stdout.write(`renormalised ${n} files under ${root}\n`);
    return;
  }
  const agents = args.has('agent') ? [parseAgent(one('agent'))] : AGENTS;
  const sizes = args.has('size') ? (args.get('size') ?? []).map(parseSize) : SIZES;
  const targets: Target[] = [];
  for (const agent of agents) {
    let versions: readonly string[];
    if (args.has('version')) versions = args.get('version') ?? [];
    else if (args.has('newest')) versions = [NEWEST[agent]];
    else if (args.has('all')) versions = VERSIONS[agent];
    else
      throw new Error(
        `usage: capture --agent ${AGENTS.join('|')} --version X [--size 120x40] | --newest | --all ` +
          '[--jobs N] [--scenario NAME] [--out DIR]',
      );
    const renderings = (args.get('rendering') ?? []).map(parseRendering);
    for (const version of versions)
      for (const size of sizes)
        if (renderings.length === 0) targets.push({ agent, version, size });
        else for (const rendering of renderings) targets.push({ agent, version, size, rendering });
  }
  if (args.has('scenario') && !args.has('out') && !args.has('append')) {
    // A partial capture renumbers the target's files: keep it away from the corpus.
    throw new Error('--scenario needs --out DIR (a scratch folder): the corpus is captured whole');
  }
  const jobs = Number(one('jobs') ?? (targets.length > 1 ? 2 : 1));
  const started = Date.now();
  const capture = (into: string): Promise<TargetIndex[]> =>
    captureAll(targets, into, jobs, args.get('scenario') ?? [], args.has('append'));
  let res: TargetIndex[] = [];
  let added: number | undefined;
  if (isCorpusRoot(root)) {
    // Captured as files, then stored by content: only the screens no release stores yet add a blob.
    const stored = targets.map((t) => ({ agent: t.agent, version: t.version, target: targetName(t) }));
    added = await throughScratch(root, stored, args.has('append'), async (into) => void (res = await capture(into)));
  } else res = await capture(root);
  const screens = res.reduce((a, r) => a + r.files.length, 0);
  const unreached = res.reduce((a, r) => a + r.unreached.length, 0);
  process.stdout.write(
    `captured ${screens} screens in ${targets.length} targets, ${unreached} scenarios unreached, ` +
      `${Math.round((Date.now() - started) / 1000)} s${added === undefined ? '' : `, ${added} new blobs stored`}\n`,
  );
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
