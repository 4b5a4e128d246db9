// How a person's own capture is judged in a local qualification: against the nearest qualified
// release below it (screens AKK answers must be the same; screens only shown may be worded
// otherwise), and as the reference its own captures under other conditions are judged against.
import * as path from 'node:path';
import { answerKeys } from '../answer-key';
import { type Sidecar } from '../capture';
import { readCorpusFile } from '../corpus/corpus-store';
import { loadCorpus, type Fixture } from '../corpus/fixture-corpus';
import { type AgentName } from '../versions';
import { judge } from './evaluate';
import { type Difference, type QualificationRecord } from './records';
import { type ConditionReference } from './renderings';

/** The release a person runs, as the judgement names it. */
interface Release {
  agent: AgentName;
  version: string;
}

/** `<size>/<file>` of every captured screen whose answer key says it is only shown (manual). */
function shownOnlyScreens(dir: string): Set<string> {
  const keys = answerKeys(loadCorpus(dir));
  return new Set(
    keys
      .filter((k) => k.expected.kind === 'manual_required')
      .map((k) => `${k.fixture.screen.cols}x${k.fixture.screen.rows}/${k.fixture.base}`),
  );
}

/** This run's own screens at one size, as what a capture under a condition is judged against. */
export function ownReference(
  scratch: string,
  o: Release,
  generation: string,
  size: string,
  uncompared: ReadonlySet<string>,
): ConditionReference {
  const steps = new Map<string, { file: string; screen: Fixture['screen'] }>();
  for (const f of loadCorpus(path.join(scratch, o.agent, o.version, size))) {
    const side = JSON.parse(readCorpusFile(path.join(f.dir, `${f.base}.json`))) as Sidecar;
    if (!uncompared.has(side.scenario)) steps.set(`${side.scenario}/${side.step}`, { file: f.base, screen: f.screen });
  }
  return {
    agent: o.agent,
    version: o.version,
    generation,
    held: new Set([...steps.keys()].map((k) => k.slice(0, k.lastIndexOf('/')))),
    steps: [...steps].map(([key, v]) => ({ key, file: v.file })),
    own: (scenario, step) => steps.get(`${scenario}/${step}`)?.screen,
  };
}

/** A judgement of this run's own capture against the nearest release below. */
export interface Judged {
  verdict: ReturnType<typeof judge>;
  /** Scenarios the reference release never captured: left out, and no shape granted from them. */
  uncompared: Set<string>;
  /** The screens AKK answers, or proves an answer by, that differ from the reference's. */
  differing: Difference[];
}

export const scenarioOf = (d: Difference): string => /\((\S+) step \d+\)$/.exec(d.screen)?.[1] ?? '';

export function judgeAgainst(
  scratch: string,
  o: Release,
  sizes: readonly string[],
  below: QualificationRecord,
): Judged {
  const verdict = judge(scratch, o.agent, o.version, sizes, [below], below.generation ?? undefined);
  // A screen only shown (a start-up question, a dialog the person alone answers) may be worded
  // otherwise so long as its checks pass: it gets no input either way. Every screen AKK answers,
  // or proves an answer by, must be the same.
  const shownOnly = shownOnlyScreens(path.join(scratch, o.agent, o.version));
  // A scenario the reference release never captured (one the harness gained after that release
  // was recorded) cannot be compared: it is left out, and no shape is granted from it.
  const referenceScenarios = new Set(below.screens.filter((s) => sizes.includes(s.size)).map((s) => s.scenario));
  const uncompared = new Set(
    verdict.differences.filter((d) => d.what === 'only here' && !referenceScenarios.has(scenarioOf(d))).map(scenarioOf),
  );
  const differing = verdict.differences.filter(
    (d) => !shownOnly.has(d.screen.split(' ')[0] ?? '') && !uncompared.has(scenarioOf(d)),
  );
  return { verdict, uncompared, differing };
}

/** The scenarios of the differing screens, by size (`120x40/15-… (scenario step 1)`). */
export function scenariosBySize(differing: readonly Difference[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const d of differing) {
    const size = d.screen.slice(0, d.screen.indexOf('/'));
    out.set(size, new Set([...(out.get(size) ?? []), scenarioOf(d)]));
  }
  return out;
}
