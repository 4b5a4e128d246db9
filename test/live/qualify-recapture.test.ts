/**
 * A scenario captured again (src/qualify/runner/recapture.ts), with the newest real Claude Code
 * against the fake model: its question scenario captured at 120x40 matches the nearest qualified
 * release's screens; one of its screens then changed on disk as a half-drawn frame would leave it
 * differs from them; captured again, the scenario's screens replace the changed one, each step
 * once, and match again. What must match is the nearest release's stored record, not this code.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { captureAll, targetDir, type Target, type TargetIndex } from '../../src/qualify/capture';
import { judge } from '../../src/qualify/runner/evaluate';
import { recapture } from '../../src/qualify/runner/recapture';
import { nearestQualified, readRecords } from '../../src/qualify/runner/records';
import { NEWEST } from '../../src/qualify/versions';

const VERSION = NEWEST.claude;
const SCENARIO = 'claude-multi-question';

describe(`a scenario captured again, Claude Code ${VERSION} (live)`, function () {
  this.timeout(240_000);
  let scratch: string;
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-recapture-'));
  });
  afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('replaces a screen that differed by a fresh capture of its scenario, each step once', async () => {
    const records = readRecords('claude').filter((r) => r.version !== VERSION);
    const below = nearestQualified(records, VERSION, '120x40', 'below');
    assert.ok(below?.generation, 'no qualified release below the newest to compare with');
    const target: Target = { agent: 'claude', version: VERSION, size: { cols: 120, rows: 40 } };
    const differing = (): string[] =>
      judge(scratch, 'claude', VERSION, ['120x40'], [below], below.generation ?? undefined)
        // The scenario captured alone: the screens of every other scenario are not here, and its
        // idle screen is (a target's first scenario stores the idle screen for all).
        .differences.filter((d) => d.screen.includes(`(${SCENARIO} step`) && !/^only /.test(d.what))
        .map((d) => d.screen);
    await captureAll([target], scratch, 1, [SCENARIO]);
    const dir = targetDir(scratch, target);
    const first = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as TargetIndex;
    const steps = first.files.filter((f) => f.scenario === SCENARIO);
    assert.ok(steps.length >= 2, `the scenario drew ${steps.length} screens`);
    assert.deepEqual(differing(), [], 'the first capture already differs from the nearest release');

    // A question screen as a busy machine can leave it: its last drawn row not yet there.
    const question = steps.find((f) => f.state !== 'idle');
    assert.ok(question, 'the scenario drew no question');
    const torn = path.join(dir, `${question.file}.txt`);
    const lines = fs.readFileSync(torn, 'utf8').split('\n');
    const last = lines.map((l) => l.trim() !== '').lastIndexOf(true);
    lines[last] = '';
    fs.writeFileSync(torn, lines.join('\n'));
    assert.equal(differing().length, 1, 'the changed screen does not differ');

    await recapture(target, scratch, [SCENARIO]);
    const after = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as TargetIndex;
    const again = after.files.filter((f) => f.scenario === SCENARIO);
    assert.deepEqual(
      again.map((f) => f.state),
      steps.map((f) => f.state),
      'each step of the scenario once, in order',
    );
    assert.deepEqual(differing(), [], 'captured again, the scenario still differs');
  });
});
