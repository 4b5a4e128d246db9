/**
 * `.ci/run` refuses, before it installs or runs anything, every variable that would rewrite the
 * reviewed expectations or shrink the run, whether or not the runner sets CI.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const SHRINKING = {
  AKK_UPDATE_FIXTURES: '1',
  AKK_TIERS: 'static unit',
  AKK_CRASH_ROUNDS: '0',
  AKK_VSCODE_FLOWS: 'terminal',
};

describe('.ci/run guards itself', function () {
  this.timeout(20_000);
  for (const [name, value] of Object.entries(SHRINKING)) {
    it(`refuses ${name}=${value} with CI unset, and runs nothing`, () => {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, [name]: value };
      const r = spawnSync('bash', [join(ROOT, '.ci', 'run')], { env, encoding: 'utf8', timeout: 15_000 });
      assert.equal(r.status, 1, r.stdout + r.stderr);
      const lines = r.stdout.trim().split('\n');
      assert.match(lines[0] ?? '', new RegExp(`^${name}=`));
      assert.equal(lines[lines.length - 1], '0 passed, 1 failed');
      assert.doesNotMatch(r.stdout, /system packages|npm packages/, 'nothing was installed or run');
    });
  }
});
