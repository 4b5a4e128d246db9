// Qualifies the exact binary a person runs, on their machine: every corpus scenario is captured
// against that executable (offline, against the loopback fake model, with a private scratch home
// and work folder), each screen is checked against its answer key under the nearest qualified
// release's generation and compared with that release's stored screens. Only when every check
// passes and every screen is the same apart from volatile fields is a local qualification record
// written into the editor's global storage, bound to the binary's SHA-256; the server then answers
// sessions that run that binary. Otherwise nothing is written, and what differs is reported.
//
//   npm run qualify -- --local <agent> <version> --binary PATH --global DIR [--sizes 80x24] [--jobs 2]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { adapterOf } from '../../adapters/registry';
import { sha256OfFile } from '../../server/qualify/binary-digest';
import { LOCAL_RECORD_FORMAT, LocalQualifications, type LocalRecord } from '../../server/qualify/local-qualifications';
import { captureAll, targetDir, type Target } from '../capture';
import { parseRendering, renderingName, type Rendering } from '../../shared/rendering';
import { scenariosFor } from '../scenarios';
import { parseSize, type AgentName } from '../versions';
import {
  nearestQualified,
  readRecords,
  type Difference,
  type GenerationChecks,
  type QualificationRecord,
  type RenderingEntry,
} from './records';
import { judgePersonSize, personSizeSentence, type PersonSizeEntry } from './person-size';
import { judgeCondition, renderingFolder } from './renderings';
import { RECAPTURE_MAX, recapture } from './recapture';
import { judgeAgainst, ownReference, scenarioOf, scenariosBySize, type Judged } from './local-judgement';

interface LocalOutcome {
  result: 'qualified' | 'differs' | 'unreachable';
  /** One sentence: how it was qualified, or why not. */
  reason: string;
  nearest: string | null;
  generation: string | null;
  sha256: string;
  seconds: number;
  screens: number;
  differences: Difference[];
  failures: GenerationChecks['failures'];
  /** Screens only shown (never answered) that are worded otherwise than the nearest release's. */
  shownOnlyDifferences: string[];
  /** The record written, when qualified. */
  file?: string;
  /** Each of the person's rendering conditions, with how it was judged. */
  conditions: RenderingEntry[];
  /** The capture at the person's own terminal size, with how it was judged. */
  personSize?: PersonSizeEntry;
}

interface LocalOptions {
  agent: AgentName;
  version: string;
  binary: string;
  globalStorageDir: string;
  /** Sizes to capture; by default 80x24 where the nearest qualified release has screens there. */
  sizes?: readonly string[];
  jobs?: number;
  /** Scratch folder for the capture (removed afterwards unless given). */
  scratch?: string;
  /**
   * The person's rendering conditions besides the corpus's own (`light/truecolor`, `dark-background/truecolor`):
   * each is captured at the first size as well, judged against the run's own screens, and granted.
   */
  renderings?: readonly string[];
  /**
   * The person's terminal size (`100x15`), when not the first size: every scenario is captured at it
   * too, under the person's first rendering condition, and checked against its answer keys.
   */
  personSize?: string;
  /** Judge the capture already in `scratch` again instead of capturing. */
  reuseCapture?: boolean;
  /** The qualified releases to compare with (by default the repository's records). */
  references?: readonly QualificationRecord[];
  log?: (line: string) => void;
}

/** The gated shapes whose scenarios this capture holds (a shape is granted only where it was captured). */
function capturedShapes(agent: AgentName, scenarios: ReadonlySet<string>): string[] {
  const gated = new Set(adapterOf(agent)?.gatedShapes() ?? []);
  const shapes = new Set<string>();
  for (const sc of scenariosFor(agent).filter((s) => scenarios.has(s.name)))
    for (const step of sc.steps) for (const shape of step.shapes ?? []) if (gated.has(shape)) shapes.add(shape);
  return [...shapes].sort();
}

/** How long a step may take to come on screen at the person's size before it counts as not reached there. */
const PERSON_SIZE_STEP_WAIT_MS = 10_000;

/** The capture at the person's size: under their first rendering condition, or the corpus's own. */
function personTarget(o: LocalOptions, sizes: readonly string[], conditions: readonly Rendering[]): Target | null {
  if (!o.personSize || sizes.includes(o.personSize)) return null;
  const rendering = conditions[0];
  return {
    agent: o.agent,
    version: o.version,
    size: parseSize(o.personSize),
    binary: o.binary,
    stepWaitMs: PERSON_SIZE_STEP_WAIT_MS,
    ...(rendering ? { rendering } : {}),
  };
}

/** The standard capture, the one under the person's conditions and the one at their size: side by side with jobs. */
async function captureEach(
  o: LocalOptions,
  sizes: readonly string[],
  conditions: readonly Rendering[],
  scratch: string,
  roots: { conditions: string; person: string },
): Promise<void> {
  const target = (size: string, rendering?: Rendering): Target => ({
    agent: o.agent,
    version: o.version,
    size: parseSize(size),
    binary: o.binary,
    ...(rendering ? { rendering } : {}),
  });
  const person = personTarget(o, sizes, conditions);
  const runs = [
    () =>
      captureAll(
        sizes.map((size) => target(size)),
        scratch,
        1,
      ),
    () =>
      captureAll(
        conditions.map((r) => target(sizes[0] ?? '80x24', r)),
        roots.conditions,
        1,
      ),
    ...(person ? [() => captureAll([person], roots.person, 1)] : []),
  ];
  if ((o.jobs ?? 1) >= 2) await Promise.all(runs.map((run) => run()));
  else for (const run of runs) await run();
}

export async function qualifyLocally(o: LocalOptions): Promise<LocalOutcome> {
  const started = Date.now();
  const log = o.log ?? (() => undefined);
  const sha256 = await sha256OfFile(o.binary);
  if (sha256 === null) throw new Error(`${o.binary}: cannot be read`);
  // The version's own shipped record (if any) is never its own reference.
  const records = (o.references ?? readRecords(o.agent)).filter((r) => r.version !== o.version);
  const below = nearestQualified(records, o.version, undefined, 'below') ?? nearestQualified(records, o.version);
  if (!below?.generation) throw new Error(`no qualified ${o.agent} release to compare ${o.version} with`);
  const sizes = o.sizes ?? [below.sizes.includes('80x24') ? '80x24' : (below.sizes[0] ?? '80x24')];
  const missing = sizes.filter((s) => !below.sizes.includes(s));
  if (missing.length > 0) throw new Error(`${below.version} has no screens at ${missing.join(', ')} to compare with`);
  const scratch = o.scratch ?? fs.mkdtempSync(path.join(os.tmpdir(), 'akk-local-qualify-'));
  // A run stopped by a signal (the editor's Cancel) exits from the launcher's handler, past `finally`.
  const removeScratch = (): void => fs.rmSync(scratch, { recursive: true, force: true });
  if (!o.scratch) process.on('exit', removeScratch);
  try {
    const conditions = (o.renderings ?? []).map(parseRendering);
    const person = personTarget(o, sizes, conditions);
    const count = scenariosFor(o.agent).length * (sizes.length + conditions.length + (person ? 1 : 0));
    log(
      `${o.agent} ${o.version} (${o.binary}, sha256 ${sha256.slice(0, 12)}): ` +
        `capturing ${count} scenarios at ${sizes.join(', ')}` +
        (conditions.length > 0 ? `, and under ${conditions.map(renderingName).join(', ')}` : '') +
        (person ? `, and at this terminal's ${o.personSize}` : ''),
    );
    const conditionRoot = path.join(scratch, 'renderings');
    const personRoot = path.join(scratch, 'person');
    if (!(o.reuseCapture && o.scratch))
      await captureEach(o, sizes, conditions, scratch, { conditions: conditionRoot, person: personRoot });
    // Compared with the nearest release below only: the one a person's update came from.
    const judgeOwn = (): Judged => judgeAgainst(scratch, o, sizes, below);
    let { verdict, uncompared, differing } = judgeOwn();
    const again = scenariosBySize(differing);
    const recaptured = [...again.values()].reduce((n, x) => n + x.size, 0);
    if (!(o.reuseCapture && o.scratch) && recaptured > 0 && recaptured <= RECAPTURE_MAX) {
      log(`capturing again what differed: ${[...again].map(([z, x]) => `${[...x].join(', ')} at ${z}`).join('; ')}`);
      for (const [size, scenarios] of again)
        await recapture({ agent: o.agent, version: o.version, size: parseSize(size), binary: o.binary }, scratch, [
          ...scenarios,
        ]);
      ({ verdict, uncompared, differing } = judgeOwn());
    }
    const chosen = verdict.checks[0];
    const same =
      verdict.result === 'qualified' &&
      verdict.generation === below.generation &&
      differing.length === 0 &&
      (chosen?.failed ?? 1) === 0;
    // Each of the person's conditions, judged against this run's own screens of the same steps.
    const judged = same
      ? conditions.map((r) =>
          judgeCondition(
            ownReference(scratch, o, below.generation as string, sizes[0] ?? '80x24', uncompared),
            r,
            sizes[0] ?? '80x24',
            path.join(conditionRoot, o.agent, o.version, renderingFolder(sizes[0] ?? '80x24', r)),
          ),
        )
      : [];
    const conditionDiffers = judged.filter((j) => j.result !== 'qualified');
    const atSize =
      same && person
        ? judgePersonSize(
            o.agent,
            o.version,
            below.generation,
            o.personSize as string,
            renderingName(person.rendering ?? {}),
            targetDir(personRoot, person),
          )
        : undefined;
    const sizeMisreads = atSize?.misread.length ?? 0;
    const base = {
      conditions: judged,
      ...(atSize ? { personSize: atSize } : {}),
      nearest: below.version,
      sha256,
      seconds: Math.round((Date.now() - started) / 1000),
      screens: verdict.screens.length,
      differences: differing,
      failures: chosen?.failures ?? [],
      shownOnlyDifferences: verdict.differences
        .filter((d) => !differing.includes(d) && !uncompared.has(scenarioOf(d)))
        .map((d) => d.screen),
    };
    if (!same || conditionDiffers.length > 0 || sizeMisreads > 0) {
      const result = verdict.result === 'unreachable' ? 'unreachable' : 'differs';
      const reason =
        verdict.result === 'unreachable'
          ? verdict.reason
          : differing.length > 0
            ? `${differing.length} screen(s) differ from ${below.version}`
            : same
              ? [
                  ...conditionDiffers.map(
                    (c) => `under ${c.rendering} ${c.differing.length} screen(s) differ (${c.differing[0]?.detail})`,
                  ),
                  ...(atSize && sizeMisreads > 0
                    ? [`at this terminal's ${atSize.size} ${sizeMisreads} screen(s) are misread (${atSize.misread[0]})`]
                    : []),
                ].join('; ')
              : `a check failed under generation ${below.generation}`;
      return { ...base, result, reason, generation: null };
    }
    const record: LocalRecord = {
      format: LOCAL_RECORD_FORMAT,
      agent: o.agent,
      version: o.version,
      executable: { path: o.binary, sha256 },
      generation: below.generation,
      shapes: capturedShapes(
        o.agent,
        new Set(verdict.screens.map((s) => s.scenario).filter((name) => !uncompared.has(name))),
      ),
      renderings: judged.map((j) => j.rendering),
      qualifiedAt: new Date().toISOString(),
      seconds: base.seconds,
      screens: verdict.screens.length,
    };
    const file = new LocalQualifications(o.globalStorageDir).add(record);
    return {
      ...base,
      result: 'qualified',
      generation: below.generation,
      reason:
        `every screen AKK answers the same as ${below.version}'s apart from volatile fields ` +
        `(${base.shownOnlyDifferences.length} screen(s) only shown are worded otherwise` +
        (uncompared.size > 0
          ? `; not compared, as ${below.version} never ran them: ${[...uncompared].join(', ')}`
          : '') +
        '), ' +
        `and every check of ${verdict.screens.length} screens passed under generation ${below.generation}` +
        (judged.length > 0
          ? `; under ${judged.map((j) => `${j.rendering} (${j.screens} screens)`).join(', ')} too`
          : '') +
        (atSize ? `; ${personSizeSentence(atSize)}` : ''),
      file,
    };
  } finally {
    if (!o.scratch) {
      process.off('exit', removeScratch);
      removeScratch();
    }
  }
}
