/**
 * Each spec file of a tier is held to its own minimum (scripts/judge-minimums.ts, which
 * scripts/test-all.sh runs after every tier on the counts the reporters append to $AKK_TALLY.files):
 * a file that ran fewer tests than recorded, or none, fails its tier by name though the tier's total
 * still clears test/min-counts.json; a file without a minimum passes. And the recorded minimums
 * name only files that exist, so a renamed file moves its minimum in the same change.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { judgeTier, parseMinimums } from '../../../scripts/judge-minimums';

const ROOT = join(__dirname, '..', '..', '..');
const SOURCE = 'test/min-counts-by-file.json';
const MINIMUMS = {
  unit: { 'test/unit/a.test.ts': 100, 'test/unit/b.test.ts': 10 },
  live: {},
};
const TALLY = [
  'unit test/unit/a.test.ts 100',
  'unit test/unit/b.test.ts 12',
  'live test/live/x.test.ts 3',
  'unit test/unit/new.test.ts 5',
].join('\n');

describe('each test file held to its own minimum', () => {
  it('passes a tier whose every recorded file ran at least its minimum, and names the count held', () => {
    const v = judgeTier('unit', TALLY, MINIMUMS, SOURCE);
    assert.equal(v.ok, true);
    assert.deepEqual(v.headline, ['tier unit: 2 files held to their minimums']);
    assert.ok(
      v.detail.some((l) => /^ +100 \/ +100 {2}test\/unit\/a\.test\.ts$/.test(l)),
      v.detail.join('\n'),
    );
  });

  it('fails a file that ran fewer tests than recorded, naming it with both counts', () => {
    const v = judgeTier('unit', TALLY.replace('a.test.ts 100', 'a.test.ts 40'), MINIMUMS, SOURCE);
    assert.equal(v.ok, false);
    assert.match(v.headline[0] ?? '', /^tier unit: 1 files held to their minimums, 1 fell short or did not run:$/);
    assert.deepEqual(v.headline.slice(1), ['  test/unit/a.test.ts: 40 ran, at least 100 recorded']);
  });

  it('fails a file with a minimum that did not run at all', () => {
    const tally = TALLY.split('\n')
      .filter((l) => !l.includes('b.test.ts'))
      .join('\n');
    const v = judgeTier('unit', tally, MINIMUMS, SOURCE);
    assert.equal(v.ok, false);
    assert.deepEqual(v.headline.slice(1), ['  test/unit/b.test.ts: did not run at all, at least 10 recorded']);
  });

  it('fails a file whose tests were all skipped (it ran none)', () => {
    const v = judgeTier('unit', TALLY.replace('b.test.ts 12', 'b.test.ts 0'), MINIMUMS, SOURCE);
    assert.deepEqual(v.headline.slice(1), ['  test/unit/b.test.ts: 0 ran, at least 10 recorded']);
  });

  it('passes a new file without a minimum and lists its count to record', () => {
    const v = judgeTier('unit', TALLY, MINIMUMS, SOURCE);
    assert.equal(v.ok, true);
    assert.ok(
      v.detail.some((l) => /^ +5 {2}test\/unit\/new\.test\.ts$/.test(l)),
      v.detail.join('\n'),
    );
  });

  it('sums a file named on several lines (a tier run in parts) and reads only its own tier', () => {
    const parts = ['unit test/unit/a.test.ts 40', 'live test/unit/b.test.ts 0'];
    const tally = [TALLY.replace('a.test.ts 100', 'a.test.ts 60'), ...parts].join('\n');
    assert.equal(judgeTier('unit', tally, MINIMUMS, SOURCE).ok, true);
  });

  it('passes a tier with no minimums recorded yet, saying so and listing what ran', () => {
    const v = judgeTier('live', TALLY, MINIMUMS, SOURCE);
    assert.equal(v.ok, true);
    assert.deepEqual(v.headline, [`tier live: no per-file minimums recorded in ${SOURCE}; 1 files ran`]);
    assert.ok(v.detail.some((l) => l.endsWith('3  test/live/x.test.ts')));
  });

  it('refuses a minimum that is not a count', () => {
    const refusal = (text: string): string => {
      const r = parseMinimums(text);
      return typeof r === 'string' ? r : 'read as minimums';
    };
    assert.match(refusal('{"unit": {"test/unit/a.test.ts": 1.5}}'), /is not a count/);
    assert.match(refusal('{"unit": 3}'), /not an object of files/);
  });

  it('exits 1 on a shortfall and appends the headline and the shortfall to the summary', () => {
    const dir = fs.mkdtempSync(join(os.tmpdir(), 'akk-minimums-'));
    try {
      fs.writeFileSync(join(dir, 'min.json'), JSON.stringify(MINIMUMS));
      fs.writeFileSync(join(dir, 'tally.files'), TALLY.replace('b.test.ts 12', 'b.test.ts 9'));
      const summary = join(dir, 'summary.txt');
      const script = join(ROOT, 'scripts', 'judge-minimums.ts');
      const args = ['--require', 'tsx/cjs', script, 'unit', join(dir, 'tally.files'), join(dir, 'min.json'), summary];
      const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
      assert.equal(r.status, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /minimums enforced/);
      assert.deepEqual(fs.readFileSync(summary, 'utf8').split('\n'), [
        'tier unit: 1 files held to their minimums, 1 fell short or did not run:',
        '  test/unit/b.test.ts: 9 ran, at least 10 recorded',
        '',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the recorded minimums parse, cover every tier with spec files, and name only files that exist', () => {
    const recorded = parseMinimums(fs.readFileSync(join(ROOT, SOURCE), 'utf8'));
    if (typeof recorded === 'string') assert.fail(`${SOURCE}: ${recorded}`);
    assert.deepEqual(Object.keys(recorded).sort(), ['integration', 'live', 'unit', 'vscode']);
    const missing = Object.values(recorded)
      .flatMap((files) => Object.keys(files))
      .filter((f) => !fs.existsSync(join(ROOT, f)));
    assert.deepEqual(missing, [], `${SOURCE} names files that do not exist: move or remove their minimums`);
  });
});
