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
import { qualifyLocally } from '../../harness/qualify/local';
import { FIXTURES, nearestQualified, readRecords } from '../../harness/qualify/records';
import { NEWEST } from '../../harness/versions';

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
    fs.cpSync(path.join(FIXTURES, 'claude', VERSION, SIZE), path.join(scratch, 'claude', VERSION, SIZE), {
      recursive: true,
    });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

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
    const records = readRecords('claude');
    const near = nearestQualified(
      records.filter((r) => r.version !== VERSION),
      VERSION,
      undefined,
      'below',
    );
    assert.ok(near);
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
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('PostgreSQL', 'PostgreSQL 17'));
    }
    const o = await run();
    assert.equal(o.result, 'differs');
    assert.ok(
      o.differences.some((d) => d.screen.startsWith(`${SIZE}/${base} `)),
      JSON.stringify(o.differences.map((d) => d.screen)),
    );
    assert.deepEqual(new LocalQualifications(global).read().records, []);
  });
});
