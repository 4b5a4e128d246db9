// Qualifies client releases: installs the exact version, captures the corpus scenarios against the
// loopback fake model, checks every screen against its answer key, compares it with the nearest
// qualified version, stores the screens that differ and writes the record; the version tables are
// regenerated from the records. fixtures/README.md ("Qualifying a release") explains each step.
//
//   npm run qualify -- <agent> <version> [--sizes 80x24,120x40,200x60] [--jobs 2]
//   npm run qualify -- --new [--agent A]           releases newer than every record, each at three sizes
//   npm run qualify -- --history <agent> [--sizes 120x40] [--jobs 2]   every release since the first record
//   npm run qualify -- --from-corpus <agent> <version>   a version whose whole corpus is already in fixtures/
//   npm run qualify -- --table                    regenerate the version tables and the README section
//   npm run qualify -- --extend <agent> [--from V] [--to V] [--shape S]  add the scenarios of shapes added since
//   npm run qualify -- --extend <agent> --rendering light/truecolor [--from V] [--to V] [--versions A,B]
//                      [--sizes 80x24]
//                      capture every scenario under a rendering condition and record whether it qualifies
//   npm run qualify -- --renderings-from-corpus <agent> <version>   record the conditions already in fixtures/
//   npm run qualify -- --local <agent> <version> --binary PATH --global DIR
//                      qualify a person's own binary on their machine (a local record, bound to its SHA-256)
//   --no-capture: judge the scratch capture already taken (after a profile change); --no-table: leave the tables;
//   --dry-run: capture and judge, print the result, write nothing (any version, including one with a whole corpus)
//
// Exit status: 0 when every version tried was qualified, 1 when one was not, 2 when the command failed.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { adapterOf } from '../../src/adapters/registry';
import { captureAll, type Target } from '../../src/qualify/capture';
import { agentBinary } from '../../src/qualify/install-agents';
import {
  AGENTS,
  PACKAGES,
  SIZES,
  VERSIONS,
  compareVersions,
  parseAgent,
  parseSize,
  sizeName,
  type AgentName,
} from '../../src/qualify/versions';
import { judge } from '../../src/qualify/runner/evaluate';
import { extendOne } from './extend';
import { extendRendering, recordStoredRenderings } from '../../src/qualify/runner/renderings';
import { localCommand } from '../../src/qualify/runner/local-main';
import { HARNESS_AGENTS } from '../../src/qualify/agents';
import { parseRendering } from '../../src/shared/rendering';
import { FIXTURES, readRecords, writeRecord, type QualificationRecord } from '../../src/qualify/runner/records';
import { storeScreens } from './store';
import { writeTables } from './table';

const run = promisify(execFile);
const ALL_SIZES = SIZES.map(sizeName);
/** A new release must be qualified within ten minutes on two cores. */
const BUDGET_SECONDS = 600;

function scratchRoot(): string {
  return process.env.AKK_QUALIFY_WORK || path.join(os.homedir(), '.cache', 'akk', 'qualify');
}

async function npmView(args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['view', ...args], { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

/** Stable releases in the registry, oldest first. */
export async function registryReleases(agent: AgentName): Promise<string[]> {
  const all = JSON.parse(await npmView([PACKAGES[agent], 'versions', '--json'])) as string[];
  return all.filter((v) => /^\d+\.\d+\.\d+$/.test(v)).sort(compareVersions);
}

async function clientDigests(agent: AgentName, version: string, bin: string): Promise<QualificationRecord['client']> {
  const integrity = await npmView([`${PACKAGES[agent]}@${version}`, 'dist.integrity']);
  const executableSha256 = createHash('sha256')
    .update(fs.readFileSync(fs.realpathSync(bin)))
    .digest('hex');
  return { package: `${PACKAGES[agent]}@${version}`, integrity, executableSha256 };
}

const today = (): string => new Date().toISOString().slice(0, 10);

interface Outcome {
  record: QualificationRecord;
  line: string;
}

/** Captures `sizes` of a version into the scratch folder (replacing an earlier scratch capture). */
async function capture(agent: AgentName, version: string, sizes: readonly string[], jobs: number): Promise<void> {
  const targets: Target[] = sizes.map((s) => ({ agent, version, size: parseSize(s) }));
  await captureAll(targets, scratchRoot(), jobs);
}

/** Where the screens come from: a capture just taken (timed), an earlier scratch capture, or fixtures/. */
type Source = 'capture' | 'reuse' | 'corpus';

/** Judges a captured version, stores its screens, writes its record (unless a dry run). */
async function conclude(
  agent: AgentName,
  version: string,
  sizes: string[],
  started: number,
  jobs: number,
  source: Source,
  dryRun = false,
): Promise<Outcome> {
  const fromCorpus = source === 'corpus';
  const root = fromCorpus ? FIXTURES : scratchRoot();
  let records = readRecords(agent).filter((r) => r.version !== version);
  const tableGeneration = fromCorpus ? adapterOf(agent)?.generationOf(version) : undefined;
  let verdict = judge(root, agent, version, sizes, records, tableGeneration);
  if (verdict.needsAllSizes && !fromCorpus) {
    const missing = ALL_SIZES.filter((s) => !sizes.includes(s));
    const scratch = (s: string): boolean => fs.existsSync(path.join(scratchRoot(), agent, version, s, 'index.json'));
    const toCapture = source === 'reuse' ? missing.filter((s) => !scratch(s)) : missing;
    process.stdout.write(
      `${agent} ${version}: differs from ${verdict.nearest} at ${sizes.join(', ')}; ` +
        `capturing ${toCapture.join(', ') || 'nothing (the scratch capture has every size)'}\n`,
    );
    if (toCapture.length > 0) await capture(agent, version, toCapture, jobs);
    sizes = ALL_SIZES.slice();
    records = readRecords(agent).filter((r) => r.version !== version);
    verdict = judge(root, agent, version, sizes, records, tableGeneration);
  }
  const bin = await agentBinary(agent, version);
  const screens =
    fromCorpus || dryRun
      ? verdict.screens.map(({ base: _base, ...s }) => ({ ...s, storedIn: version }))
      : storeScreens(agent, version, verdict.screens, records, root);
  const record: QualificationRecord = {
    agent,
    version,
    result: verdict.result,
    generation: verdict.generation,
    reason: verdict.reason,
    nearest: verdict.nearest,
    date: today(),
    client: await clientDigests(agent, version, bin),
    sizes,
    seconds: source === 'capture' ? Math.round((Date.now() - started) / 1000) : null,
    screens,
    unreached: verdict.unreached,
    checks: verdict.checks,
    differences: verdict.differences,
  };
  if (!dryRun) writeRecord(record);
  else for (const d of record.differences.slice(0, 10)) process.stdout.write(`  ${d.screen} (${d.what})\n${d.diff}\n`);
  const took = record.seconds === null ? '' : ` in ${record.seconds} s`;
  return {
    record,
    line:
      `${agent} ${version}: ${record.result}` +
      `${record.generation ? ` (generation ${record.generation})` : ''}${took}: ${record.reason}`,
  };
}

/** Versions whose whole corpus was captured by `fixtures:capture`: recorded from it, never re-captured here. */
function hasWholeCorpus(agent: AgentName, version: string): boolean {
  return VERSIONS[agent].includes(version);
}

async function qualifyOne(
  agent: AgentName,
  version: string,
  sizes: string[],
  jobs: number,
  recapture: boolean,
  dryRun: boolean,
): Promise<Outcome> {
  if (hasWholeCorpus(agent, version) && !dryRun) {
    throw new Error(`${agent} ${version} has its whole corpus in fixtures/: use --from-corpus ${agent} ${version}`);
  }
  const started = Date.now();
  await agentBinary(agent, version);
  const installed = Date.now();
  if (recapture) await capture(agent, version, sizes, jobs);
  process.stdout.write(
    `${agent} ${version}: installed in ${Math.round((installed - started) / 1000)} s` +
      (recapture ? `, captured ${sizes.join(', ')} in ${Math.round((Date.now() - installed) / 1000)} s\n` : '\n'),
  );
  return conclude(agent, version, sizes, started, jobs, recapture ? 'capture' : 'reuse', dryRun);
}

/**
 * Qualifies versions in ascending order, so each is compared with the nearest one qualified before
 * it; captures run ahead (`jobs` at a time) while earlier versions are judged.
 */
async function qualifyMany(
  agent: AgentName,
  versions: string[],
  sizes: string[],
  jobs: number,
  reuse = false,
): Promise<Outcome[]> {
  const captured = (version: string): boolean =>
    sizes.every((s) => fs.existsSync(path.join(scratchRoot(), agent, version, s, 'index.json')));
  const pending = versions.map(
    (version): { version: string; started: number; source: Source; done?: Promise<void> } => ({
      version,
      started: 0,
      source: 'capture',
    }),
  );
  let next = 0;
  const startNext = (): void => {
    const p = pending[next++];
    if (!p) return;
    p.started = Date.now();
    if (reuse && captured(p.version)) p.source = 'reuse';
    p.done = agentBinary(agent, p.version).then(() =>
      p.source === 'reuse' ? undefined : capture(agent, p.version, sizes, 1),
    );
  };
  for (let i = 0; i < Math.max(1, jobs); i++) startNext();
  const out: Outcome[] = [];
  for (const p of pending) {
    try {
      await p.done;
      const o = await conclude(agent, p.version, sizes, p.started, jobs, p.source);
      out.push(o);
      process.stdout.write(`${o.line}\n`);
      writeTables();
    } catch (e) {
      process.stdout.write(`${agent} ${p.version}: FAILED: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    startNext();
  }
  return out;
}

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function main(argv: string[]): Promise<number> {
  const jobs = Number(option(argv, 'jobs') ?? 2);
  const sizes = (option(argv, 'sizes') ?? ALL_SIZES.join(',')).split(',').map((s) => sizeName(parseSize(s)));
  const positional = argv.filter(
    (a, i) =>
      !a.startsWith('--') &&
      !['--sizes', '--jobs', '--agent', '--from', '--to', '--shape', '--rendering', '--versions'].includes(
        argv[i - 1] ?? '',
      ),
  );
  let outcomes: Outcome[] = [];
  const started = Date.now();
  if (argv.includes('--local')) {
    return localCommand(argv);
  } else if (argv.includes('--table')) {
    const changed = writeTables();
    process.stdout.write(changed.length > 0 ? `rewrote ${changed.join(', ')}\n` : 'tables up to date\n');
    return 0;
  } else if (argv.includes('--renderings-from-corpus')) {
    const [a, version] = positional;
    const agent = parseAgent(a);
    const record = readRecords(agent).find((r) => r.version === version);
    if (!record) throw new Error(`--renderings-from-corpus needs a recorded version: ${a} ${version}`);
    for (const line of recordStoredRenderings(agent, record)) process.stdout.write(`${line}\n`);
    writeTables();
    return 0;
  } else if (argv.includes('--from-corpus')) {
    const [a, version] = positional;
    const agent = parseAgent(a);
    if (!version || !hasWholeCorpus(agent, version))
      throw new Error(`--from-corpus needs a version with a whole corpus: ${VERSIONS[agent].join(', ')}`);
    outcomes = [await conclude(agent, version, ALL_SIZES.slice(), Date.now(), jobs, 'corpus')];
    process.stdout.write(`${outcomes[0]?.line}\n`);
  } else if (argv.includes('--history')) {
    const agent = parseAgent(positional[0]);
    const known = new Set(readRecords(agent).map((r) => r.version));
    const first = readRecords(agent)[0]?.version ?? VERSIONS[agent][0] ?? '0';
    const todo = (await registryReleases(agent)).filter((v) => compareVersions(v, first) >= 0 && !known.has(v));
    process.stdout.write(`${agent}: ${todo.length} releases to qualify at ${sizes.join(', ')}\n`);
    outcomes = await qualifyMany(agent, todo, sizes, jobs, argv.includes('--no-capture'));
  } else if (argv.includes('--extend')) {
    const agent = parseAgent(positional[0]);
    const from = option(argv, 'from') ?? '0';
    const to = option(argv, 'to');
    const inRange = (v: string): boolean =>
      compareVersions(v, from) >= 0 && (to === undefined || compareVersions(v, to) <= 0);
    const only = option(argv, 'versions')?.split(',');
    const records = readRecords(agent).filter((r) => inRange(r.version) && (!only || only.includes(r.version)));
    const rendering = option(argv, 'rendering');
    if (rendering !== undefined) {
      const condition = parseRendering(rendering);
      const themes = HARNESS_AGENTS[agent].themes;
      if (condition.theme !== undefined && !themes?.includes(condition.theme))
        throw new Error(
          themes
            ? `${agent} offers the themes ${themes.join(', ')}, not ${condition.theme}`
            : `${agent} has no theme setting: name the terminal's background (light-background/truecolor)`,
        );
      for (const record of records)
        // At 80x24 where the record has screens there (else at its first size), or at `--sizes`.
        for (const size of option(argv, 'sizes')
          ? sizes
          : [record.sizes.includes('80x24') ? '80x24' : (record.sizes[0] ?? '')]) {
          const t = Date.now();
          const line = await extendRendering(
            agent,
            record,
            condition,
            size,
            scratchRoot(),
            argv.includes('--no-capture'),
          ).catch(
            (err: unknown) => `${agent} ${record.version}: FAILED: ${err instanceof Error ? err.message : String(err)}`,
          );
          process.stdout.write(`${line} (${Math.round((Date.now() - t) / 1000)} s)\n`);
          writeTables();
        }
      return 0;
    }
    let extended = 0;
    for (const record of records) {
      const t = Date.now();
      const e = await extendOne(agent, record, scratchRoot(), jobs, option(argv, 'shape')).catch((err: unknown) => ({
        version: record.version,
        added: [],
        line: `${agent} ${record.version}: FAILED: ${err instanceof Error ? err.message : String(err)}`,
      }));
      if (e.added.length > 0) extended += 1;
      process.stdout.write(`${e.line} (${Math.round((Date.now() - t) / 1000)} s)\n`);
      writeTables();
    }
    process.stdout.write(`qualify: ${extended} record(s) extended\n`);
    return 0;
  } else if (argv.includes('--new')) {
    const agents = option(argv, 'agent') ? [parseAgent(option(argv, 'agent'))] : AGENTS;
    for (const agent of agents) {
      const records = readRecords(agent);
      const newest = records[records.length - 1]?.version ?? '0';
      const todo = (await registryReleases(agent)).filter((v) => compareVersions(v, newest) > 0);
      process.stdout.write(
        `${agent}: newest recorded ${newest}; ${todo.length} newer in the registry` +
          `${todo.length ? `: ${todo.join(', ')}` : ''}\n`,
      );
      outcomes.push(...(await qualifyMany(agent, todo, ALL_SIZES.slice(), jobs)));
    }
  } else {
    const [a, version] = positional;
    const agent = parseAgent(a);
    if (!version)
      throw new Error(
        'usage: qualify <agent> <version> | --new | --history <agent> | --from-corpus <agent> <version> | --table',
      );
    outcomes = [
      await qualifyOne(agent, version, sizes, jobs, !argv.includes('--no-capture'), argv.includes('--dry-run')),
    ];
    process.stdout.write(`${outcomes[0]?.line}\n`);
  }
  const changed = argv.includes('--no-table') || argv.includes('--dry-run') ? [] : writeTables();
  const failed = outcomes.filter((o) => o.record.result !== 'qualified');
  process.stdout.write(
    `qualify: ${outcomes.length - failed.length} qualified, ${failed.length} not qualified, ` +
      `${Math.round((Date.now() - started) / 1000)} s${changed.length ? `; rewrote ${changed.join(', ')}` : ''}\n`,
  );
  const slow = outcomes.filter((o) => (o.record.seconds ?? 0) > BUDGET_SECONDS);
  for (const o of slow)
    process.stdout.write(
      `qualify: ${o.record.agent} ${o.record.version} took ${o.record.seconds} s, ` +
        `over the ${BUDGET_SECONDS} s budget\n`,
    );
  return failed.length > 0 ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`qualify: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(2);
    },
  );
}
