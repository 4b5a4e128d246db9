// Judges one captured client version: its screens against their answer keys under each profile
// generation, and against the nearest qualified version's screens; then decides the result.
import * as path from 'node:path';
import { recognizeForQualification } from '../../adapters/recognize';
import { adapterOf } from '../../adapters/registry';
import { answerKeys } from '../answer-key';
import { runChecks } from '../answer-key/checks';
import { loadCorpus } from '../corpus/fixture-corpus';
import type { Sidecar, TargetIndex } from '../capture';
import { compareVersions, type AgentName } from '../versions';
import { canonicalLines, canonicalSidecar, digest, lineDiff } from './canonical';
import {
  nearestQualified,
  screenKey,
  storedPath,
  type Difference,
  type GenerationChecks,
  type QualificationRecord,
  type ScreenEntry,
} from './records';
import { corpusHas, readCorpusFile } from '../corpus/corpus-store';

/** One captured screen of the candidate, with the paths of its files in the scratch capture. */
export interface CandidateScreen extends Omit<ScreenEntry, 'storedIn'> {
  base: string;
}

interface Verdict {
  result: QualificationRecord['result'];
  generation: string | null;
  reason: string;
  nearest: string | null;
  checks: GenerationChecks[];
  differences: Difference[];
  unreached: QualificationRecord['unreached'];
  /** Whether a difference needs all three sizes captured before the result can stand. */
  needsAllSizes: boolean;
}

const read = (file: string): string => readCorpusFile(file);

function canonicalOf(
  agent: AgentName,
  base: string,
  version: string,
): { plain: string[]; styled: string[]; sidecar: string } {
  return {
    plain: canonicalLines(agent, read(`${base}.txt`), false, version),
    styled: canonicalLines(agent, read(`${base}.ansi.txt`), true, version),
    sidecar: canonicalSidecar(JSON.parse(read(`${base}.json`)) as Sidecar),
  };
}

/** The screens of one version's capture under `root/<agent>/<version>/<size>/`. */
export function capturedScreens(root: string, agent: AgentName, version: string, sizes: readonly string[]) {
  const screens: CandidateScreen[] = [];
  const unreached: QualificationRecord['unreached'] = [];
  for (const size of sizes) {
    const dir = path.join(root, agent, version, size);
    const index = JSON.parse(read(path.join(dir, 'index.json'))) as TargetIndex;
    for (const u of index.unreached) unreached.push({ size, scenario: u.scenario, error: u.error });
    for (const f of index.files) {
      const base = path.join(dir, f.file);
      // A step captured just before its scenario failed has no sidecar: that scenario is unreached.
      if (!corpusHas(`${base}.json`)) continue;
      const side = JSON.parse(read(`${base}.json`)) as Sidecar;
      const c = canonicalOf(agent, base, version);
      screens.push({
        size,
        scenario: side.scenario,
        step: side.step,
        state: side.state,
        file: f.file,
        plain: digest(c.plain),
        styled: digest(c.styled),
        sidecar: digest(c.sidecar),
        base,
      });
    }
  }
  return { screens, unreached };
}

/**
 * The nearest qualified version and every difference from its screens: the nearest below and the
 * nearest above are both compared, and the one with fewer differences is the nearest.
 */
function differencesFrom(
  agent: AgentName,
  version: string,
  screens: readonly CandidateScreen[],
  records: readonly QualificationRecord[],
  sizes: readonly string[],
): { nearest: string | null; differences: Difference[] } {
  const candidates = [
    nearestQualified(records, version, undefined, 'below'),
    nearestQualified(records, version, undefined, 'above'),
  ].filter((r): r is QualificationRecord => r !== undefined);
  let best: { nearest: string | null; differences: Difference[] } = { nearest: null, differences: [] };
  for (const near of candidates) {
    const differences = differencesFromOne(agent, version, screens, near, sizes);
    if (best.nearest === null || differences.length < best.differences.length)
      best = { nearest: near.version, differences };
  }
  return best;
}

function differencesFromOne(
  agent: AgentName,
  version: string,
  screens: readonly CandidateScreen[],
  near: QualificationRecord,
  sizes: readonly string[],
): Difference[] {
  const differences: Difference[] = [];
  for (const size of sizes.filter((s) => near.sizes.includes(s))) {
    const theirs = new Map(near.screens.filter((s) => s.size === size).map((s) => [screenKey(s), s]));
    for (const mine of screens.filter((s) => s.size === size)) {
      const key = screenKey(mine);
      const other = theirs.get(key);
      theirs.delete(key);
      const name = `${size}/${mine.file} (${mine.scenario} step ${mine.step})`;
      if (!other) {
        differences.push({ screen: name, what: 'only here', diff: `no such step in ${near.version}` });
        continue;
      }
      if (other.plain === mine.plain && other.styled === mine.styled && other.sidecar === mine.sidecar) continue;
      const a = canonicalOf(agent, storedPath(agent, other), other.storedIn);
      const b = canonicalOf(agent, mine.base, version);
      if (other.plain !== mine.plain)
        differences.push({ screen: name, what: 'plain', diff: lineDiff(a.plain, b.plain) });
      else if (other.styled !== mine.styled)
        differences.push({ screen: name, what: 'styled', diff: lineDiff(a.styled, b.styled) });
      if (other.sidecar !== mine.sidecar)
        differences.push({ screen: name, what: 'sidecar', diff: `- ${a.sidecar}\n+ ${b.sidecar}` });
    }
    for (const [, s] of theirs) {
      differences.push({
        screen: `${size}/${s.file} (${s.scenario} step ${s.step})`,
        what: 'only in nearest',
        diff: `${version} did not capture this step`,
      });
    }
  }
  return differences;
}

/** The answer-key checks of the candidate's captured screens under one generation. */
function checksUnder(root: string, agent: AgentName, version: string, generation: string): GenerationChecks {
  const corpus = loadCorpus(path.join(root, agent, version)).filter((f) => f.agent === agent && f.version === version);
  const keys = answerKeys(corpus);
  const results = runChecks(keys, (k) => recognizeForQualification(agent, generation, version, k.fixture.screen));
  const failed = results.filter((r) => r.status === 'failed');
  return {
    generation,
    passed: results.filter((r) => r.status === 'passed').length,
    failed: failed.length,
    skipped: results.filter((r) => r.status === 'skipped').length,
    failures: failed.slice(0, 20).map((r) => ({ screen: r.screen, check: r.check, detail: r.detail ?? '' })),
  };
}

/** The generations to try: the nearest qualified version's first, then the others, nearest first. */
function generationOrder(agent: AgentName, version: string, nearestGeneration: string | undefined): string[] {
  const all = adapterOf(agent)?.generations() ?? [];
  const anchor = nearestGeneration ?? [...all].reverse().find((g) => compareVersions(g, version) <= 0) ?? all[0];
  const at = all.indexOf(anchor ?? '');
  return [...all].sort((a, b) => Math.abs(all.indexOf(a) - at) - Math.abs(all.indexOf(b) - at));
}

export function judge(
  root: string,
  agent: AgentName,
  version: string,
  sizes: readonly string[],
  records: readonly QualificationRecord[],
  /** The generation to try first (a version already in the table); by default the nearest version's. */
  preferred?: string,
): Verdict & { screens: CandidateScreen[] } {
  const { screens, unreached } = capturedScreens(root, agent, version, sizes);
  const { nearest, differences } = differencesFrom(agent, version, screens, records, sizes);
  const nearestGeneration = records.find((r) => r.version === nearest)?.generation ?? undefined;
  const base = { nearest, differences, unreached, screens, needsAllSizes: false };
  if (unreached.length > 0) {
    const first = unreached[0];
    return {
      ...base,
      result: 'unreachable',
      generation: null,
      checks: [],
      reason:
        `${unreached.length} scenario(s) did not reach a step (first: ${first?.size} ${first?.scenario}: ` +
        `${first?.error.split('\n')[0]}); the screen it stopped at is in the record`,
    };
  }
  const checks: GenerationChecks[] = [];
  for (const generation of generationOrder(agent, version, preferred ?? nearestGeneration)) {
    const c = checksUnder(root, agent, version, generation);
    checks.push(c);
    if (c.failed > 0) continue;
    if (differences.length === 0 && generation === nearestGeneration) {
      return {
        ...base,
        result: 'qualified',
        generation,
        checks: [c, ...checks.filter((x) => x !== c)],
        reason: `every screen identical to ${nearest} apart from volatile fields, and every check passed`,
      };
    }
    const all = ['80x24', '120x40', '200x60'].every((s) => sizes.includes(s));
    return {
      ...base,
      needsAllSizes: !all,
      result: 'qualified',
      generation,
      checks: [c, ...checks.filter((x) => x !== c)],
      reason:
        (nearest === null
          ? 'the first version recorded'
          : `${differences.length} screen difference(s) from ${nearest}`) +
        `; every check passed under generation ${generation} at ${sizes.join(', ')}`,
    };
  }
  return {
    ...base,
    needsAllSizes: !['80x24', '120x40', '200x60'].every((s) => sizes.includes(s)),
    result: 'differs',
    generation: null,
    checks,
    reason:
      `${differences.length} screen difference(s) from ${nearest ?? 'no qualified version'}, and no profile ` +
      `generation passes every check (${checks.map((c) => `${c.generation}: ${c.failed} failed`).join('; ')})`,
  };
}
