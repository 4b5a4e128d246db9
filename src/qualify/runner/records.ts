// Qualification records: fixtures/<agent>/<version>/qualification.json, one per client version
// tried. A record names the version, its result and profile generation, the client package's
// digests, the digest of every captured screen and where its full files are stored, the result of
// every check, and every difference from the nearest qualified version.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { FIXTURES } from '../harness-data';
import { AGENTS, compareVersions, type AgentName } from '../versions';

export { FIXTURES };

const ScreenEntry = z
  .object({
    size: z.string().regex(/^\d+x\d+$/),
    scenario: z.string(),
    step: z.number().int().nonnegative(),
    state: z.string(),
    /** `NN-<state>`: the files' base name in the folder that stores them. */
    file: z.string().regex(/^\d\d-[a-z0-9-]+$/),
    plain: z.string().regex(/^[0-9a-f]{32}$/),
    styled: z.string().regex(/^[0-9a-f]{32}$/),
    sidecar: z.string().regex(/^[0-9a-f]{32}$/),
    /** The version whose fixtures folder holds this screen's files (this one, or an identical earlier one). */
    storedIn: z.string(),
  })
  .strict();
export type ScreenEntry = z.infer<typeof ScreenEntry>;

const CheckFailure = z.object({ screen: z.string(), check: z.string(), detail: z.string() }).strict();

const GenerationChecks = z
  .object({
    generation: z.string(),
    passed: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    /** The first failures, enough to see why. */
    failures: z.array(CheckFailure),
  })
  .strict();
export type GenerationChecks = z.infer<typeof GenerationChecks>;

const Difference = z
  .object({
    screen: z.string(),
    what: z.enum(['plain', 'styled', 'sidecar', 'only here', 'only in nearest']),
    diff: z.string(),
  })
  .strict();
export type Difference = z.infer<typeof Difference>;

/**
 * One rendering condition a version was captured under besides the corpus's own: every scenario at
 * one size, the screens stored in `fixtures/<agent>/<version>/<size>-<theme>-<depth>/`. Qualified
 * when every screen passes its answer-key checks under the version's generation and is recognised
 * as the same step as under the corpus's own rendering; otherwise it differs, with those screens.
 */
const RenderingEntry = z
  .object({
    rendering: z.string().regex(/^[a-z-]+\/(256|truecolor)$/),
    size: z.string().regex(/^\d+x\d+$/),
    result: z.enum(['qualified', 'differs']),
    screens: z.number().int().nonnegative(),
    /** The screens (file names) that failed a check or were recognised as another step, with why. */
    differing: z.array(z.object({ screen: z.string(), detail: z.string() }).strict()),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  })
  .strict();
export type RenderingEntry = z.infer<typeof RenderingEntry>;

export const QualificationRecord = z
  .object({
    agent: z.enum(AGENTS as unknown as [AgentName, ...AgentName[]]),
    version: z.string().regex(/^\d+\.\d+\.\d+$/),
    result: z.enum(['qualified', 'differs', 'unreachable']),
    /** The profile generation it is qualified with; null unless qualified. */
    generation: z.string().nullable(),
    /** How it was qualified, or why not, in one sentence. */
    reason: z.string(),
    /** The nearest qualified version its screens were compared with (null for the first one). */
    nearest: z.string().nullable(),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    client: z
      .object({
        package: z.string(),
        /** The registry's integrity of the package tarball. */
        integrity: z.string(),
        /** sha256 of the executable that was run. */
        executableSha256: z.string().regex(/^[0-9a-f]{64}$/),
      })
      .strict(),
    sizes: z.array(z.string()),
    /** Wall-clock seconds the qualification took (install, capture, checks), where it captured. */
    seconds: z.number().nullable(),
    screens: z.array(ScreenEntry),
    /** Scenarios that did not reach a step, with the error. */
    unreached: z.array(z.object({ size: z.string(), scenario: z.string(), error: z.string() }).strict()),
    /** The checks under each generation tried, the chosen one first. */
    checks: z.array(GenerationChecks),
    differences: z.array(Difference),
    /** Rendering conditions captured besides the corpus's own (absent: none). */
    renderings: z.array(RenderingEntry).optional(),
  })
  .strict();
export type QualificationRecord = z.infer<typeof QualificationRecord>;

export function recordPath(agent: AgentName, version: string, root = FIXTURES): string {
  return path.join(root, agent, version, 'qualification.json');
}

export function readRecord(file: string): QualificationRecord {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: not a qualification record: ${e instanceof Error ? e.message : String(e)}`);
  }
  const parsed = QualificationRecord.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: not a qualification record: ${parsed.error.message}`);
  return parsed.data;
}

export function writeRecord(rec: QualificationRecord, root = FIXTURES): void {
  const file = recordPath(rec.agent, rec.version, root);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written whole and renamed into place: runs on other versions read every record meanwhile.
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(QualificationRecord.parse(rec), null, 2) + '\n');
  fs.renameSync(temp, file);
}

/** Every record of an agent, oldest version first. */
export function readRecords(agent: AgentName, root = FIXTURES): QualificationRecord[] {
  const dir = path.join(root, agent);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((v) => fs.existsSync(recordPath(agent, v, root)))
    .sort(compareVersions)
    .map((v) => readRecord(recordPath(agent, v, root)));
}

/**
 * The qualified version nearest to `version` (with screens at `size`, if given): the newest below
 * it, else the oldest above; or only one side.
 */
export function nearestQualified(
  records: readonly QualificationRecord[],
  version: string,
  size?: string,
  side?: 'below' | 'above',
): QualificationRecord | undefined {
  const usable = records.filter(
    (r) => r.result === 'qualified' && r.version !== version && (size === undefined || r.sizes.includes(size)),
  );
  const below = usable.filter((r) => compareVersions(r.version, version) < 0);
  const above = usable.find((r) => compareVersions(r.version, version) > 0);
  if (side === 'below') return below[below.length - 1];
  if (side === 'above') return above;
  return below[below.length - 1] ?? above;
}

/** Where a screen's files live: `fixtures/<agent>/<storedIn>/<size>/<file>`. */
export function storedPath(agent: AgentName, s: ScreenEntry, root = FIXTURES): string {
  return path.join(root, agent, s.storedIn, s.size, s.file);
}

export const screenKey = (s: { size: string; scenario: string; step: number }): string =>
  `${s.size}/${s.scenario}/${s.step}`;
