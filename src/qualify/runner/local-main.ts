// The command that qualifies a person's own binary: `npm run qualify -- --local …` in a checkout, and
// the runner the extension ships (dist/qualify-runner.js, entry runner-entry.ts), which the server
// starts for "Qualify This Version on This Machine" (src/server/qualify/qualification-runner.ts).
//
//   qualify-runner --local <agent> <version> --binary PATH --global DIR [--sizes 80x24] [--jobs 1]
//                  [--renderings light/truecolor,…] [--person-size 100x15]
//                  [--scratch DIR [--reuse-capture]] [--report FILE]
//
// `--renderings` names the person's rendering conditions besides the corpus's own (the client's
// theme or the terminal's background, and the colour depth): each is captured at the first size too,
// and granted only when every screen under it is recognised as the same step as the run's own;
// `--person-size` is the person's terminal: every scenario is captured at it as well (under the first
// rendering condition), and no screen may be misread there (a step only shown there is reported);
// `--scratch` keeps the capture in DIR (otherwise a temporary folder, removed afterwards);
// `--reuse-capture` judges the capture already there again instead of running the binary;
// `--report` writes the outcome (every difference with its rows, every failed check) as JSON to FILE.
// It prints its progress line by line, then `<agent> <version>: <result> in N s: <reason>`, each
// differing screen and failed check, and the record's path; exit status 0 when qualified, 1 when
// not, 2 when the command failed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAgent, parseSize, sizeName } from '../versions';
import { qualifyLocally } from './local';

function option(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

export async function localCommand(argv: readonly string[]): Promise<number> {
  // Stopped (the editor's Cancel sends SIGTERM to the run's process group): exit through the 'exit'
  // handlers, which kill the run's tmux servers and remove its scratch folder.
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(sig, () => process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1)));
  const valued = new Set([
    '--binary',
    '--global',
    '--sizes',
    '--jobs',
    '--scratch',
    '--report',
    '--renderings',
    '--person-size',
  ]);
  const positional = argv.filter((a, i) => !a.startsWith('--') && !valued.has(argv[i - 1] ?? ''));
  const [a, version] = positional;
  const agent = parseAgent(a);
  const binary = option(argv, 'binary');
  const global = option(argv, 'global');
  if (!version || !binary || !global)
    throw new Error('--local needs <agent> <version> --binary PATH --global DIR (the editor global storage)');
  const scratch = option(argv, 'scratch');
  if (argv.includes('--reuse-capture') && !scratch) throw new Error('--reuse-capture needs --scratch DIR');
  const sizes = option(argv, 'sizes')
    ?.split(',')
    .map((s) => sizeName(parseSize(s)));
  const person = option(argv, 'person-size');
  const personSize = person === undefined ? undefined : sizeName(parseSize(person));
  const o = await qualifyLocally({
    agent,
    version,
    binary: path.resolve(binary),
    globalStorageDir: path.resolve(global),
    ...(sizes ? { sizes } : {}),
    renderings: option(argv, 'renderings')?.split(',').filter(Boolean) ?? [],
    ...(personSize ? { personSize } : {}),
    jobs: Number(option(argv, 'jobs') ?? 1),
    ...(scratch ? { scratch: path.resolve(scratch), reuseCapture: argv.includes('--reuse-capture') } : {}),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const report = option(argv, 'report');
  if (report) fs.writeFileSync(report, JSON.stringify({ agent, version, ...o }, null, 2) + '\n');
  process.stdout.write(`${agent} ${version}: ${o.result} in ${o.seconds} s: ${o.reason}\n`);
  for (const d of o.differences.slice(0, 10)) process.stdout.write(`  ${d.screen} (${d.what})\n${d.diff}\n`);
  for (const f of o.failures.slice(0, 10)) process.stdout.write(`  ${f.screen}: ${f.check}: ${f.detail}\n`);
  for (const c of o.conditions)
    for (const d of c.differing.slice(0, 10))
      process.stdout.write(`  ${c.size}-${c.rendering.replace('/', '-')}/${d.screen}: ${d.detail}\n`);
  const at = o.personSize;
  for (const line of at?.misread.slice(0, 10) ?? []) process.stdout.write(`  ${at?.size}/${line}\n`);
  for (const line of at?.shownOnly.slice(0, 10) ?? []) process.stdout.write(`  only shown at ${at?.size}: ${line}\n`);
  if (o.file) process.stdout.write(`record: ${o.file}\n`);
  return o.result === 'qualified' ? 0 : 1;
}
