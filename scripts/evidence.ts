/**
 * `npm run evidence`: each per-screen evidence family of the unit tier, its checks as registered
 * (mocha's dry run: nothing is recognised), the checks the same family would make on every copy of
 * an input (each test's title names how many more share its input), the distinct inputs it checks,
 * and, worked out apart from the tests' own grouping, that every distinct input of the family's
 * screens is checked by one of its tests. Exits non-zero when an input is dropped.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inStandardRendering, loadCorpus } from '../src/qualify/corpus/fixture-corpus';
import { answerKeys, type ScreenKey } from '../src/qualify/answer-key';
import { planCheck } from '../src/qualify/answer-key/checks';
import { recognitionInput } from '../test/support/distinct-inputs';
import { claims } from '../test/support/stored-claims';

const ROOT = join(__dirname, '..');
const ANSWER_KEY = 'test/unit/adapters/answer-key.test.ts';
const CLAIMS = 'test/unit/adapters/claimed-screens.test.ts';
const MUTATIONS = 'test/unit/adapters/mutations.test.ts';
const RENDERINGS = 'test/unit/adapters/rendering-equivalence.test.ts';

interface Family {
  name: string;
  file: string;
  /** The titles of the describe blocks the family's tests are in, outermost first. */
  within: string;
  /** The screens (or claims) the family checks, each as a name and its recognition input. */
  domain: () => Array<{ name: string; input: string }>;
  /** The name of the screen (or claim) a test checks, from its title within the family. */
  nameOf: (title: string) => string;
}

const keyed = (k: ScreenKey): { name: string; input: string } => ({
  name: k.fixture.id,
  input: recognitionInput(k.fixture.agent, k.fixture.version, k.fixture.screen),
});
const firstWord = (title: string): string => (title.split(' ')[0] ?? '').replace(/:$/, '');
const actionable = (k: ScreenKey): boolean => k.expected.kind === 'questionnaire' || k.expected.kind === 'permission';
const shownOnly = (k: ScreenKey): boolean =>
  k.expected.kind === 'manual_required' && (k.expected.startup ?? k.expected.dialog) !== undefined;

const FAMILIES: Family[] = [
  {
    name: 'recognition against the answer key',
    file: ANSWER_KEY,
    within: 'every captured screen against its answer key recognition',
    domain: () => answerKeys().map(keyed),
    nameOf: firstWord,
  },
  {
    name: "key plans for the harness's answer",
    file: ANSWER_KEY,
    within: "every captured screen against its answer key AKK's key plan for the harness's answer",
    domain: () =>
      answerKeys()
        .filter((k) => planCheck(k) !== undefined)
        .map(keyed),
    nameOf: firstWord,
  },
  {
    name: 'claims by other releases',
    file: CLAIMS,
    within: 'every stored screen under every release that claims it',
    domain: () => {
      const byId = new Map(answerKeys().map((k) => [k.fixture.id, k]));
      return claims().flatMap((c) => {
        const k = byId.get(c.stored);
        const input = k && recognitionInput(c.agent, c.version, k.fixture.screen);
        return input ? [{ name: `${c.agent}@${c.version} claims ${c.stored}`, input }] : [];
      });
    },
    nameOf: (title) => title.split(' ').slice(0, 3).join(' ').replace(/:$/, ''),
  },
  {
    name: 'mutated actionable screens',
    file: MUTATIONS,
    within: 'mutated actionable screens are manual_required, with zero input',
    domain: () => answerKeys().filter(actionable).map(keyed),
    nameOf: firstWord,
  },
  {
    name: 'mutated shown-only screens',
    file: MUTATIONS,
    within: 'mutated shown-only screens are not taken for the screen they resemble, and get zero input',
    domain: () => answerKeys().filter(shownOnly).map(keyed),
    nameOf: firstWord,
  },
  {
    name: 'renderings recognised alike',
    file: RENDERINGS,
    within: "every screen under another rendering, recognised as under the corpus's own",
    domain: () =>
      loadCorpus()
        .filter((f) => !inStandardRendering(f))
        .map((f) => ({ name: f.id, input: recognitionInput(f.agent, f.version, f.screen) })),
    nameOf: firstWord,
  },
];

interface DryTest {
  fullTitle: string;
  file: string;
}

/** Every test the families' files register, from mocha's dry run. */
function registered(): DryTest[] {
  const dir = mkdtempSync(join(tmpdir(), 'akk-evidence-'));
  try {
    const out = join(dir, 'tests.json');
    const files = [...new Set(FAMILIES.map((f) => f.file))];
    const r = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js'),
        '--no-config',
        '--require',
        'tsx/cjs',
        '--dry-run',
        '--reporter',
        'json',
        '--reporter-option',
        `output=${out}`,
        ...files,
      ],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 },
    );
    if (r.status !== 0) throw new Error(`mocha --dry-run failed: ${r.stderr || r.stdout}`);
    const report = JSON.parse(readFileSync(out, 'utf8')) as { tests: DryTest[] };
    return report.tests;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many more screens share the input of a test, from its title. */
function sharing(title: string): number {
  const m = / \(and (\d+) more with its input\)/.exec(title);
  return m ? Number(m[1]) : 0;
}

function main(): number {
  const tests = registered();
  const rows: string[][] = [];
  let dropped = 0;
  for (const family of FAMILIES) {
    const prefix = `${family.within} `;
    const mine = tests.filter((t) => t.file.endsWith(family.file) && t.fullTitle.startsWith(prefix));
    const titles = mine.map((t) => t.fullTitle.slice(prefix.length));
    const checked = new Set(titles.map(family.nameOf));
    const domain = family.domain();
    const inputs = new Map<string, string[]>();
    for (const d of domain) inputs.set(d.input, [...(inputs.get(d.input) ?? []), d.name]);
    const covered = new Set(domain.filter((d) => checked.has(d.name)).map((d) => d.input));
    const missing = [...inputs].filter(([input]) => !covered.has(input));
    dropped += missing.length;
    for (const [, names] of missing.slice(0, 5))
      console.error(`${family.name}: no test checks the input of ${names.join(', ')}`);
    rows.push([
      family.name,
      String(domain.length),
      String(inputs.size),
      String(titles.reduce((n, t) => n + 1 + sharing(t), 0)),
      String(mine.length),
      String(missing.length),
    ]);
  }
  const head = ['family', 'screens (claims)', 'distinct inputs', 'tests, one per copy', 'tests', 'inputs dropped'];
  const table = [head, head.map((h) => '-'.repeat(h.length)), ...rows];
  for (const r of table) console.log(`| ${r.join(' | ')} |`);
  console.log(dropped === 0 ? 'every distinct input is checked' : `${dropped} distinct input(s) dropped`);
  return dropped === 0 ? 0 : 1;
}

process.exitCode = main();
