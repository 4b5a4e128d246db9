/**
 * The verdict of a qualification on the person's machine, judged on a real capture: the corpus's
 * own screens of the newest Claude Code at 120x40 (drawn by that release's binary) stand for the
 * run's capture, and the repository's records for the references. Against the nearest release
 * below, every answered screen is the same and every check passes: qualified, and a record bound
 * to the binary's digest is written. A reference whose answered screen differs, or a captured
 * screen drawn otherwise, is not qualified: that screen is named and nothing is written.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LocalQualifications } from '../../../src/server/qualify/local-qualifications';
import { qualifyLocally } from '../../../src/qualify/runner/local';
import { FIXTURES, nearestQualified, readRecords } from '../../../src/qualify/runner/records';
import { NEWEST } from '../../../src/qualify/versions';
import { scenariosFor } from '../../../src/qualify/scenarios';
import { adapterOf } from '../../../src/adapters/registry';
import { materialiseTarget, readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

const VERSION = NEWEST.claude;
const SIZE = '120x40';

describe(`qualifying ${VERSION} on this machine, judged on its own captured screens`, function () {
  this.timeout(60_000);
  let root: string;
  let scratch: string;
  let global: string;
  let binary: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-local-verdict-'));
    scratch = path.join(root, 'scratch');
    global = path.join(root, 'global');
    binary = path.join(root, 'claude.exe');
    fs.writeFileSync(binary, 'the binary that drew these screens');
    materialiseTarget(path.join(FIXTURES, 'claude', VERSION), SIZE, path.join(scratch, 'claude', VERSION, SIZE));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** The repository's records, and the qualified release below VERSION the run compares with. */
  const releaseBelow = () => {
    const records = readRecords('claude');
    const near = nearestQualified(
      records.filter((r) => r.version !== VERSION),
      VERSION,
      undefined,
      'below',
    );
    assert.ok(near);
    return { records, near };
  };

  const run = (references?: ReturnType<typeof readRecords>) =>
    qualifyLocally({
      agent: 'claude',
      version: VERSION,
      binary,
      globalStorageDir: global,
      sizes: [SIZE],
      scratch,
      reuseCapture: true,
      ...(references ? { references } : {}),
    });

  it('is qualified against the release below, and the record names the binary', async () => {
    const o = await run();
    assert.equal(o.result, 'qualified', o.reason);
    const { records } = new LocalQualifications(global).read();
    assert.equal(records.length, 1);
    assert.equal(records[0]?.record.executable.sha256, o.sha256);
    assert.equal(records[0]?.record.generation, readRecords('claude').find((r) => r.version === VERSION)?.generation);
  });

  it('a reference whose answered screen differs: not qualified, that screen named, nothing written', async () => {
    const { records, near } = releaseBelow();
    const target = near.screens.find((s) => s.size === SIZE && s.state === 'single-select');
    assert.ok(target);
    const altered = {
      ...near,
      screens: near.screens.map((s) => (s === target ? { ...s, plain: '0'.repeat(32), styled: '0'.repeat(32) } : s)),
    };
    const o = await run(records.map((r) => (r === near ? altered : r)));
    assert.equal(o.result, 'differs');
    assert.ok(
      o.differences.some((d) => d.screen.includes(`(${target.scenario} step ${target.step})`)),
      JSON.stringify(o.differences.map((d) => d.screen)),
    );
    assert.deepEqual(new LocalQualifications(global).read().records, []);
  });

  it('a captured questionnaire drawn otherwise: not qualified, that screen named, nothing written', async () => {
    const dir = path.join(scratch, 'claude', VERSION, SIZE);
    const base = fs
      .readdirSync(dir)
      .find((n) => /-single-select\.txt$/.test(n))
      ?.replace(/\.txt$/, '');
    assert.ok(base);
    for (const ext of ['.txt', '.ansi.txt']) {
      const file = path.join(dir, base + ext);
      fs.writeFileSync(file, readCorpusFile(file).replace('PostgreSQL', 'PostgreSQL 17'));
    }
    const o = await run();
    assert.equal(o.result, 'differs');
    assert.ok(
      o.differences.some((d) => d.screen.startsWith(`${SIZE}/${base} `)),
      JSON.stringify(o.differences.map((d) => d.screen)),
    );
    assert.deepEqual(new LocalQualifications(global).read().records, []);
  });
  /** A scenario with a gated shape no other scenario grants, and that shape. */
  const soleGrant = (): { name: string; shape: string } => {
    const gated = new Set(adapterOf('claude')?.gatedShapes() ?? []);
    const shapesOf = (sc: ReturnType<typeof scenariosFor>[number]) =>
      sc.steps.flatMap((st) => st.shapes ?? []).filter((x) => gated.has(x));
    for (const sc of scenariosFor('claude'))
      for (const shape of shapesOf(sc))
        if (scenariosFor('claude').every((o) => o === sc || !shapesOf(o).includes(shape)))
          return { name: sc.name, shape };
    throw new Error('every gated shape is granted by two scenarios');
  };

  it('a scenario the reference never ran is not compared, and grants no shape', async () => {
    const { records, near } = releaseBelow();
    const { name, shape } = soleGrant();
    assert.ok(
      near.screens.some((x) => x.scenario === name && x.size === SIZE),
      `${near.version} has no ${name}`,
    );
    const older = { ...near, screens: near.screens.filter((x) => x.scenario !== name) };
    const o = await run(records.map((r) => (r === near ? older : r)));
    assert.equal(o.result, 'qualified', o.reason);
    assert.match(
      o.reason,
      new RegExp(`not compared, as ${near.version.replace(/\./g, '\\.')} never ran them: ${name}`),
    );
    const record = new LocalQualifications(global).read().records[0]?.record;
    assert.ok(record && !record.shapes.includes(shape), `${shape} granted from a scenario never compared`);
  });

  it('a scenario the reference ran but the capture did not reach: not qualified', async () => {
    const { name } = soleGrant();
    const dir = path.join(scratch, 'claude', VERSION, SIZE);
    type Index = { files: Array<{ file: string; scenario: string }> };
    const index = JSON.parse(readCorpusFile(path.join(dir, 'index.json'))) as Index;
    const gone = index.files.filter((x) => x.scenario === name);
    assert.ok(gone.length > 0);
    for (const g of gone) for (const ext of ['.txt', '.ansi.txt', '.json']) fs.rmSync(path.join(dir, g.file + ext));
    fs.writeFileSync(
      path.join(dir, 'index.json'),
      JSON.stringify({ ...index, files: index.files.filter((x) => !gone.includes(x)) }),
    );
    const o = await run();
    assert.notEqual(o.result, 'qualified', o.reason);
    assert.ok(o.differences.some((d) => d.what === 'only in nearest' && d.screen.includes(`(${name} step`)));
    assert.deepEqual(new LocalQualifications(global).read().records, []);
  });
});
