// Qualifies a version under a rendering condition besides the corpus's own (a theme, a colour
// depth): captures every scenario at one size under it, checks each screen against its answer key
// under the version's generation, and checks that each is recognised as the same step as the
// version's own screen of that scenario and step under the corpus's rendering. When every check
// holds the screens are stored in fixtures/<agent>/<version>/<size>-<theme>-<depth>/ and the
// record lists the condition as qualified; otherwise as differing, with each differing screen.
//
//   npm run qualify -- --extend <agent> --rendering light/truecolor [--from V] [--to V] [--sizes 80x24]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { recognizeForQualification } from '../../adapters/recognize';
import { answerKeys } from '../answer-key';
import { runChecks } from '../answer-key/checks';
import { loadCorpus, summarize, type Fixture } from '../corpus/fixture-corpus';
import { captureAll, type Sidecar, type TargetIndex } from '../capture';
import { agentBinary } from '../install-agents';
import { parseRendering, renderingName, type Rendering } from '../../shared/rendering';
import { parseSize, type AgentName } from '../versions';
import { FIXTURES, storedPath, writeRecord, type QualificationRecord, type RenderingEntry } from './records';
import { listCorpus, readCorpusFile, storeTargetFrom } from '../corpus/corpus-store';

/** The scenarios a version's record holds at one size. */
function heldScenarios(record: QualificationRecord, size: string): Set<string> {
  return new Set(record.screens.filter((s) => s.size === size).map((s) => s.scenario));
}

/**
 * Keeps in a condition's capture only the screens of the scenarios the version's record holds at
 * that size (the others were captured, and are not what the condition is qualified for).
 */
function keepHeld(target: string, record: QualificationRecord, size: string): void {
  const held = heldScenarios(record, size);
  const indexFile = path.join(target, 'index.json');
  const index = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as TargetIndex;
  const drop = index.files.filter((f) => !held.has(f.scenario));
  for (const f of drop)
    for (const ext of ['.txt', '.ansi.txt', '.json']) fs.rmSync(path.join(target, f.file + ext), { force: true });
  const files = index.files.filter((f) => held.has(f.scenario));
  const unreached = index.unreached.filter((u) => held.has(u.scenario));
  fs.writeFileSync(indexFile, JSON.stringify({ ...index, files, unreached }, null, 2) + '\n');
}

/** The folder a condition's screens are kept in, beside the version's own sizes. */
export function renderingFolder(size: string, rendering: Rendering): string {
  return `${size}-${renderingName(rendering).replace('/', '-')}`;
}

/** The stored screens of one folder by file name, each folder read once per judgement. */
function screensIn(folders: Map<string, Map<string, Fixture['screen']>>, dir: string): Map<string, Fixture['screen']> {
  let screens = folders.get(dir);
  if (!screens) {
    screens = new Map(loadCorpus(dir).map((f) => [f.base, f.screen]));
    folders.set(dir, screens);
  }
  return screens;
}

/** What screens captured under a condition are judged against: the version's own, under the corpus's rendering. */
export interface ConditionReference {
  agent: AgentName;
  version: string;
  generation: string;
  /** The scenarios the version is qualified with at this size. */
  held: ReadonlySet<string>;
  /** Every step the version's own capture shows at this size, as `scenario/step`, with its file. */
  steps: ReadonlyArray<{ key: string; file: string }>;
  /** The version's own screen of a scenario's step under the corpus's rendering. */
  own(scenario: string, step: number): Fixture['screen'] | undefined;
}

/**
 * Judges the screens captured under a condition (`dir`): the answer-key checks under the version's
 * generation, and the same recognition as the version's own screen of the same step.
 */
export function judgeCondition(
  ref: ConditionReference,
  rendering: Rendering,
  size: string,
  dir: string,
): RenderingEntry {
  const { agent, version, generation } = ref;
  // Only the scenarios the version is qualified with at this size: a scenario its record does not
  // hold is not answered on that version under any condition (its shape stays gated).
  const sidecars = new Map<Fixture, Sidecar>();
  const sidecar = (f: Fixture): Sidecar => {
    let side = sidecars.get(f);
    if (!side) {
      side = JSON.parse(readCorpusFile(path.join(f.dir, `${f.base}.json`))) as Sidecar;
      sidecars.set(f, side);
    }
    return side;
  };
  const corpus = loadCorpus(dir).filter(
    (f) => f.agent === agent && f.version === version && ref.held.has(sidecar(f).scenario),
  );
  const recognise = (s: Fixture['screen']) => recognizeForQualification(agent, generation, version, s);
  const differing: RenderingEntry['differing'] = [];
  for (const r of runChecks(answerKeys(corpus), (k) => recognise(k.fixture.screen)))
    if (r.status === 'failed')
      differing.push({ screen: path.basename(r.screen), detail: `${r.check}: ${r.detail ?? ''}` });
  for (const f of corpus) {
    const side = sidecar(f);
    const ownScreen = ref.own(side.scenario, side.step);
    if (!ownScreen) {
      differing.push({
        screen: f.base,
        detail: `no screen of ${side.scenario} step ${side.step} under the corpus's own rendering`,
      });
      continue;
    }
    const mine = JSON.stringify(summarize(recognise(f.screen)));
    const theirs = JSON.stringify(summarize(recognise(ownScreen)));
    if (mine !== theirs)
      differing.push({ screen: f.base, detail: `recognised as ${mine}, under the corpus's own as ${theirs}` });
  }
  // Every step the version's own capture shows at this size must be captured under the condition too.
  const seen = new Set(corpus.map((f) => `${sidecar(f).scenario}/${sidecar(f).step}`));
  for (const e of ref.steps.filter((x) => !seen.has(x.key)))
    differing.push({ screen: e.file, detail: `${e.key.replace('/', ' step ')} was not captured under the condition` });
  return {
    rendering: renderingName(rendering),
    size,
    result: differing.length === 0 && corpus.length > 0 ? 'qualified' : 'differs',
    screens: corpus.length,
    differing: differing.slice(0, 40),
    date: new Date().toISOString().slice(0, 10),
  };
}

/** Judges the screens captured under a condition (`dir`) for `record`'s version, against its stored screens. */
export function judgeRendering(
  agent: AgentName,
  record: QualificationRecord,
  rendering: Rendering,
  size: string,
  dir: string,
): RenderingEntry {
  const folders = new Map<string, Map<string, Fixture['screen']>>();
  const atSize = record.screens.filter((s) => s.size === size);
  return judgeCondition(
    {
      agent,
      version: record.version,
      generation: record.generation as string,
      held: heldScenarios(record, size),
      steps: atSize.map((e) => ({ key: `${e.scenario}/${e.step}`, file: e.file })),
      own: (scenario, step) => {
        const own = atSize.find((s) => s.scenario === scenario && s.step === step);
        const base = own ? storedPath(agent, own) : undefined;
        return base ? screensIn(folders, path.dirname(base)).get(path.basename(base)) : undefined;
      },
    },
    rendering,
    size,
    dir,
  );
}

/** Captures, judges and records one qualified version under one condition; returns a line for the log. */
export async function extendRendering(
  agent: AgentName,
  record: QualificationRecord,
  rendering: Rendering,
  size: string,
  scratch: string,
  /** Judge the capture already in the scratch folder again instead of capturing. */
  reuse = false,
): Promise<string> {
  const name = renderingName(rendering);
  if (record.result !== 'qualified' || record.generation === null) return `${agent} ${record.version}: not qualified`;
  const recorded = (record.renderings ?? []).find((r) => r.rendering === name && r.size === size);
  // A condition recorded as differing may be judged again from its capture (`reuse`).
  if (recorded && !(reuse && recorded.result === 'differs'))
    return `${agent} ${record.version}: ${name} at ${size} already recorded`;
  if (!record.sizes.includes(size))
    throw new Error(`the record has no screens at ${size} to compare with (it has ${record.sizes.join(', ')})`);
  await agentBinary(agent, record.version);
  const root = path.join(scratch, 'renderings');
  const folder = renderingFolder(size, rendering);
  const captured = path.join(root, agent, record.version, folder);
  if (!(reuse && fs.existsSync(path.join(captured, 'index.json')))) {
    fs.rmSync(captured, { recursive: true, force: true });
    await captureAll([{ agent, version: record.version, size: parseSize(size), rendering }], root, 1);
  }
  const entry = judgeRendering(agent, record, rendering, size, captured);
  if (entry.result === 'qualified') {
    keepHeld(captured, record, size);
    storeTargetFrom(captured, path.join(FIXTURES, agent, record.version), folder);
  }
  writeRecord({ ...record, renderings: [...(record.renderings ?? []).filter((r) => r !== recorded), entry] });
  const why =
    entry.result === 'qualified'
      ? ''
      : `: ${entry.differing.length} screen(s) differ, e.g. ${entry.differing[0]?.detail}`;
  return `${agent} ${record.version}: ${name} at ${size} ${entry.result} (${entry.screens} screens)${why}`;
}

/**
 * Records the conditions whose screens are already stored in the version's folder (captured with
 * `npm run fixtures:capture -- --rendering R`), judged as a capture would be; returns a line each.
 */
export function recordStoredRenderings(agent: AgentName, record: QualificationRecord): string[] {
  const dir = path.join(FIXTURES, agent, record.version);
  const entries: RenderingEntry[] = [];
  for (const folder of listCorpus(dir).sort()) {
    const m = /^(\d+x\d+)-(.+)-(256|truecolor)$/.exec(folder);
    if (!m?.[1] || !m[2] || !m[3]) continue;
    const rendering = parseRendering(`${m[2]}/${m[3]}`);
    entries.push(judgeRendering(agent, record, rendering, m[1], path.join(dir, folder)));
  }
  writeRecord({ ...record, renderings: entries });
  return entries.map(
    (e) => `${agent} ${record.version}: ${e.rendering} at ${e.size} ${e.result} (${e.screens} screens)`,
  );
}
