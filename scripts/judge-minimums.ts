/**
 * Holds each spec file (or, for the VS Code tier, each phase or flow file) of one tier to the
 * fewest tests test/min-counts-by-file.json records for it, so that a whole family vanishing fails
 * its tier even when the tier's total stays above test/min-counts.json.
 *
 *   npx tsx scripts/judge-minimums.ts <tier> <tally files> <minimums file> [<summary file>]
 *
 * The tally files hold lines `<tier> <file> <count>` (test/support/tally-reporter.cjs and
 * test/vscode/driver.ts append them; a file named twice counts the sum). A file with a recorded
 * minimum fails when it ran fewer tests (passed + failed) or did not run at all; a file without
 * one passes and is listed with its count, to be recorded. Prints one headline for the tier, each
 * shortfall in full, then every minimum it enforced; appends the headline and the shortfalls to the
 * summary file (scripts/test-all.sh repeats them at the end); exits 1 on a shortfall. Lowering a minimum
 * is an edit of the recorded file, reviewed like any other.
 */
import { appendFileSync, readFileSync } from 'node:fs';

/** Per tier, per file: the fewest tests it must run. */
type Minimums = Record<string, Record<string, number>>;

interface Verdict {
  ok: boolean;
  /** The headline and each shortfall: what the summary at the end repeats. */
  headline: string[];
  /** Every minimum enforced, and the files that ran with none recorded. */
  detail: string[];
}

/** Each file's tests in `tier`, summed over every line that names it. */
function countsOf(tier: string, tally: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of tally.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts.length < 3 || parts[0] !== tier) continue;
    const n = Number(parts[parts.length - 1]);
    if (!Number.isInteger(n) || n < 0) continue;
    const file = parts.slice(1, -1).join(' ');
    counts.set(file, (counts.get(file) ?? 0) + n);
  }
  return counts;
}

/** The judgement of one tier's per-file counts (`tally`, the lines of every tier) against `minimums`. */
export function judgeTier(tier: string, tally: string, minimums: Minimums, source: string): Verdict {
  const counts = countsOf(tier, tally);
  const held = minimums[tier] ?? {};
  const recorded = Object.keys(held).sort();
  const short: string[] = [];
  const enforced: string[] = [];
  for (const file of recorded) {
    const min = held[file] ?? 0;
    const ran = counts.get(file);
    if (ran === undefined) short.push(`  ${file}: did not run at all, at least ${min} recorded`);
    else if (ran < min) short.push(`  ${file}: ${ran} ran, at least ${min} recorded`);
    enforced.push(`    ${String(ran ?? 0).padStart(7)} / ${String(min).padStart(7)}  ${file}`);
  }
  const unrecorded = [...counts].filter(([f]) => !(f in held)).sort((a, b) => a[0].localeCompare(b[0]));
  const detail: string[] = [];
  if (enforced.length) detail.push(`  minimums enforced (${source}), ran / at least:`, ...enforced);
  if (unrecorded.length)
    detail.push(
      `  ran with no minimum recorded in ${source} (record one a little below its count):`,
      ...unrecorded.map(([f, n]) => `    ${String(n).padStart(7)}  ${f}`),
    );
  if (!(tier in minimums) && counts.size === 0) return { ok: true, headline: [], detail: [] };
  if (recorded.length === 0) {
    const none = `tier ${tier}: no per-file minimums recorded in ${source}; ${counts.size} files ran`;
    return { ok: true, headline: [none], detail };
  }
  const headline = short.length
    ? [
        `tier ${tier}: ${recorded.length - short.length} files held to their minimums, ` +
          `${short.length} fell short or did not run:`,
        ...short,
      ]
    : [`tier ${tier}: ${recorded.length} files held to their minimums`];
  return { ok: short.length === 0, headline, detail };
}

/** The recorded minimums, or why the file cannot be read as them. */
export function parseMinimums(text: string): Minimums | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return `not JSON: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'not an object of tiers';
  const out: Minimums = {};
  for (const [tier, files] of Object.entries(data)) {
    if (tier.startsWith('//')) continue;
    if (typeof files !== 'object' || files === null || Array.isArray(files)) return `${tier}: not an object of files`;
    out[tier] = {};
    for (const [file, min] of Object.entries(files as Record<string, unknown>)) {
      if (file.startsWith('//')) continue;
      if (typeof min !== 'number' || !Number.isInteger(min) || min < 0)
        return `${tier}: ${file}: ${JSON.stringify(min)} is not a count`;
      out[tier][file] = min;
    }
  }
  return out;
}

function main(argv: string[]): number {
  const [tier, tallyFile, minimumsFile, summaryFile] = argv;
  if (!tier || !tallyFile || !minimumsFile) {
    console.log('usage: judge-minimums.ts <tier> <tally files> <minimums file> [<summary file>]');
    return 2;
  }
  const summarise = (lines: string[]): void => {
    if (summaryFile && lines.length) appendFileSync(summaryFile, lines.map((l) => `${l}\n`).join(''));
  };
  const read = (f: string): string => {
    try {
      return readFileSync(f, 'utf8');
    } catch {
      return '';
    }
  };
  const minimums = parseMinimums(read(minimumsFile));
  if (typeof minimums === 'string') {
    const why = `tier ${tier}: ${minimumsFile} cannot be read: ${minimums}`;
    console.log(why);
    summarise([why]);
    return 1;
  }
  const verdict = judgeTier(tier, read(tallyFile), minimums, minimumsFile);
  for (const line of [...verdict.headline, ...verdict.detail]) console.log(line);
  summarise(verdict.headline);
  return verdict.ok ? 0 : 1;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
