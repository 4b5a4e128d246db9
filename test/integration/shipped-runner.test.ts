/**
 * "Qualify This Version on This Machine" as the .vsix ships it: the package (exactly what `vsce ls`
 * lists) carries the bundled runner, the fake MCP servers its scenarios start and, for each agent,
 * the reference screens of each profile generation's newest qualified release and of the release
 * before the newest, byte for byte the corpus's; it carries none of the sources, the corpus or a
 * source map, and stays under 5 MB compressed. Run from a copy of those files outside the
 * repository, the runner judges the next release of each agent, drawn as the newest draws it (the
 * corpus's own screens), qualified against the newest's shipped reference; a reference whose digest is
 * altered in that copy makes it differ, with the screen named and nothing written; a binary it
 * cannot read, or a command it cannot run, is a clear error with exit status 2.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { LocalQualifications } from '../../src/server/qualify/local-qualifications';
import { FIXTURES, readRecords, type QualificationRecord } from '../../src/qualify/runner/records';
import { AGENTS, NEWEST, compareVersions } from '../../src/qualify/versions';
import { installedCopy, packagedFiles } from '../support/installed-copy';
import { REPO_ROOT } from '../support/rpc-client';
import { corpusHas, listCorpus, readCorpusFile } from '../../src/qualify/corpus/corpus-store';

const SHIPPED = path.join('dist', 'qualify', 'fixtures');

/** The record the package ships for a release (the runner's own copy of the reference). */
function shippedRecord(root: string, agent: string, version: string): QualificationRecord {
  return JSON.parse(
    readCorpusFile(path.join(root, SHIPPED, agent, version, 'qualification.json')),
  ) as QualificationRecord;
}

/** The qualified releases that must be shipped: each generation's newest, and the one before the newest. */
function requiredReferences(agent: (typeof AGENTS)[number]): QualificationRecord[] {
  const qualified = readRecords(agent)
    .filter((r) => r.result === 'qualified' && r.generation && r.sizes.length > 0)
    .sort((a, b) => compareVersions(a.version, b.version));
  const newestOf = new Map(qualified.map((r) => [r.generation, r]));
  const newest = qualified[qualified.length - 1];
  const previous = qualified.filter((r) => r.generation === newest?.generation).slice(-2, -1);
  return [...new Set([...newestOf.values(), ...previous])];
}

function runner(root: string, args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [path.join(root, 'dist', 'qualify-runner.js'), ...args], {
    cwd: os.tmpdir(),
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('the qualification runner the .vsix ships', function () {
  this.timeout(180_000);
  let files: string[];
  let installed: string;
  let work: string;

  before(() => {
    files = packagedFiles();
    installed = installedCopy(files);
  });
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-shipped-runner-'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));
  after(() => fs.rmSync(installed, { recursive: true, force: true }));

  it('carries the entries, the runner and every fake MCP server, and nothing of the sources', () => {
    for (const entry of ['extension', 'server', 'mcp', 'compaction-worker', 'qualify-runner'])
      assert.ok(files.includes(`dist/${entry}.js`), `dist/${entry}.js is not packaged`);
    assert.ok(files.includes('dist/sql-wasm.wasm'));
    for (const f of fs
      .readdirSync(path.join(REPO_ROOT, 'src', 'qualify', 'fake-mcp'))
      .filter((n) => n.endsWith('.cjs')))
      assert.ok(files.includes(`dist/qualify/fake-mcp/${f}`), `the fake MCP server ${f} is not packaged`);
    const stray = files.filter(
      (f) => /^(src|test|fixtures|node_modules|scripts)\//.test(f) || /\.(map|ts)$/.test(f) || f.includes('/.'),
    );
    assert.deepEqual(stray, []);
  });

  for (const agent of AGENTS)
    it(`ships ${agent}'s references with every screen they name, byte for byte the corpus's`, () => {
      const required = requiredReferences(agent);
      assert.ok(required.length > 0);
      const shippedVersions = listCorpus(path.join(installed, SHIPPED, agent)).sort(compareVersions);
      assert.deepEqual(shippedVersions, required.map((r) => r.version).sort(compareVersions));
      for (const record of required) {
        const shipped = shippedRecord(installed, agent, record.version);
        assert.equal(shipped.result, 'qualified');
        assert.equal(shipped.generation, record.generation);
        assert.equal(shipped.sizes.length, 1);
        const size = shipped.sizes[0] ?? '';
        assert.ok(record.sizes.includes(size), `${record.version} shipped at ${size}, never captured there`);
        const inCorpus = record.screens.filter((s) => s.size === size);
        assert.deepEqual(
          shipped.screens.map((s) => [s.file, s.plain, s.styled]),
          inCorpus.map((s) => [s.file, s.plain, s.styled]),
          `${record.version}: the shipped screens are not the record's`,
        );
        for (const s of inCorpus)
          for (const ext of ['.txt', '.ansi.txt', '.json']) {
            const file = path.join(SHIPPED, agent, record.version, size, s.file + ext);
            assert.ok(files.includes(file.split(path.sep).join('/')), `${file} is not packaged`);
            const corpus = path.join(FIXTURES, agent, s.storedIn, size, s.file + ext);
            const stored = Buffer.from(readCorpusFile(corpus), 'utf8');
            assert.ok(fs.readFileSync(path.join(installed, file)).equals(stored), `${file} differs`);
          }
      }
    });

  it('stays under 5 MB compressed', () => {
    const bytes = files.reduce((n, f) => n + deflateRawSync(fs.readFileSync(path.join(REPO_ROOT, f))).length, 0);
    process.stdout.write(`      the package's files: ${files.length}, ${(bytes / 1e6).toFixed(2)} MB deflated\n`);
    assert.ok(bytes < 5e6, `${bytes} bytes`);
  });

  /**
   * The day a release lands: the next patch release of the newest, drawn as the newest draws it (the
   * corpus's screens of the newest at the size its shipped reference was captured at, with the version
   * the client draws in its banner the next one), judged against that shipped reference.
   */
  const nextRelease = (agent: (typeof AGENTS)[number]) => {
    const version = NEWEST[agent].replace(/\d+$/, (n) => String(Number(n) + 1));
    const reference = shippedRecord(installed, agent, NEWEST[agent]);
    const size = reference.sizes[0] ?? '';
    const scratch = path.join(work, 'scratch');
    const from = path.join(FIXTURES, agent, NEWEST[agent], size);
    const to = path.join(scratch, agent, version, size);
    fs.mkdirSync(to, { recursive: true });
    // The client draws its own version (in its banner, say): the next release draws the next.
    for (const f of listCorpus(from))
      fs.writeFileSync(path.join(to, f), readCorpusFile(path.join(from, f)).split(NEWEST[agent]).join(version));
    const binary = path.join(work, 'the-binary');
    fs.writeFileSync(binary, `the ${agent} ${version} binary`);
    const global = path.join(work, 'global');
    const args = ['--local', agent, version, '--binary', binary, '--global', global, '--sizes', size];
    return { version, reference, args: [...args, '--scratch', scratch, '--reuse-capture'] };
  };
  const escaped = (s: string) => s.replace(/[.]/g, '\\.');

  for (const agent of AGENTS)
    it(`from an installed copy, qualifies ${agent}'s next release drawn as ${NEWEST[agent]} draws it`, () => {
      const { version, reference, args } = nextRelease(agent);
      const r = runner(installed, args);
      assert.equal(r.status, 0, r.out);
      assert.match(r.out, new RegExp(`${agent} ${escaped(version)}: qualified in \\d+ s`));
      assert.match(r.out, new RegExp(`the same as ${escaped(reference.version)}'s`));
      const { records } = new LocalQualifications(path.join(work, 'global')).read();
      assert.deepEqual(
        records.map((x) => [x.record.agent, x.record.version, x.record.generation]),
        [[agent, version, reference.generation]],
      );
    });

  it('a shipped reference digest altered in the copy: differs, the screen named, nothing written', () => {
    const { reference, args } = nextRelease('claude');
    const target = reference.screens.find((s) => s.state === 'single-select');
    assert.ok(target);
    const altered = {
      ...reference,
      screens: reference.screens.map((s) => (s === target ? { ...s, plain: '0'.repeat(32) } : s)),
    };
    const copy = installedCopy(files);
    try {
      const file = path.join(copy, SHIPPED, 'claude', reference.version, 'qualification.json');
      fs.writeFileSync(file, JSON.stringify(altered, null, 2));
      const reportFile = path.join(work, 'report.json');
      const r = runner(copy, [...args, '--report', reportFile]);
      assert.equal(r.status, 1, r.out);
      // The outcome the editor's report is made of: the differing screen with its rows.
      const outcome = JSON.parse(readCorpusFile(reportFile)) as {
        result: string;
        differences: Array<{ screen: string; diff: string }>;
      };
      assert.equal(outcome.result, 'differs');
      assert.ok(outcome.differences.some((d) => d.screen.includes(`(${target.scenario} step ${target.step})`)));
      assert.match(r.out, /: differs in \d+ s: 1 screen\(s\) differ from /);
      assert.ok(r.out.includes(`(${target.scenario} step ${target.step})`), r.out);
      assert.deepEqual(new LocalQualifications(path.join(work, 'global')).read().records, []);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('a binary it cannot read, or a command it cannot run: a clear error, exit status 2, nothing written', () => {
    const global = path.join(work, 'global');
    const missing = path.join(work, 'no-such-binary');
    const unreadable = runner(installed, ['--local', 'claude', '9.9.9', '--binary', missing, '--global', global]);
    assert.equal(unreadable.status, 2, unreadable.out);
    assert.match(unreadable.out, new RegExp(`qualify: ${escaped(missing)}: cannot be read`));
    const usage = runner(installed, ['--local', 'claude']);
    assert.equal(usage.status, 2, usage.out);
    assert.match(usage.out, /--local needs <agent> <version> --binary PATH --global DIR/);
    const unknown = runner(installed, ['--local', 'nobody', '1.0.0', '--binary', missing, '--global', global]);
    assert.equal(unknown.status, 2, unknown.out);
    assert.equal(corpusHas(global), false);
  });
});
