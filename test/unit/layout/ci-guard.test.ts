/**
 * `.ci/run` refuses, before it installs or runs anything, every variable that would shrink the run
 * or point it at something other than what is reviewed,
 * whether or not the runner sets CI. The variables are not listed here: every `AKK_*` variable the
 * tests, scripts and server read from the environment is found in the code, and each must either be
 * refused by `.ci/run` or be named below with the reason it cannot change what a CI run checks.
 */
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const THIS_FILE = 'test/unit/layout/ci-guard.test.ts';

/** Variables read from the environment that cannot shrink or redirect a CI run, with why (`_` ends a prefix). */
const HARMLESS: Record<string, string> = {
  AKK_TALLY: 'scripts/test-all.sh sets it for every tier it runs',
  AKK_VSCODE_REPORT: 'the VS Code driver sets it for the suite it starts',
  AKK_VSCODE_KEEP: 'keeps the VS Code tier’s scratch folder afterwards; nothing runs differently',
  AKK_VSCODE_TIMEOUT_MS: 'the VS Code tier’s watchdog: a shorter one fails the run, a longer one only waits',
  AKK_AGENT_CACHE: 'where the clients are cached; a client with a record is checked against its integrity and digest',
  AKK_CHROMIUM: 'where this machine’s Chromium is',
  AKK_QUALIFY_WORK: 'the scratch folder of `npm run qualify`, which no tier runs',
  AKK_SUPERVISOR_SOCKET: 'VS Code sets it in its terminals; every test passes --socket itself',
  AKK_VERSION: 'the version string the build defines',
  AKK_BENCH_: '`npm run bench` only, which no tier runs',
  AKK_DEMO_: '`npm run demo` only, which no tier runs',
};
/** Examples of what a person might set, for the refusal test (any value is refused, even an empty one). */
const EXAMPLE: Record<string, string> = {
  AKK_TIERS: 'static unit',
  AKK_CRASH_ROUNDS: '0',
  AKK_VSCODE_FLOWS: 'terminal',
  AKK_VSCODE_AGENT: '0',
  AKK_VSCODE_SHELLS: 'none',
  AKK_LIVE_PART: 'a',
  AKK_PROCESS_TABLE: 'posix',
};

const harmless = (name: string): string | undefined =>
  Object.entries(HARMLESS).find(([k]) => (k.endsWith('_') ? name.startsWith(k) : name === k))?.[1];

/** Every `AKK_*` variable read from the environment in test/, scripts/, src/, tools/ and .ci/, with where. */
function readVariables(): Map<string, string[]> {
  const files = execFileSync(
    'git',
    ['ls-files', '-co', '--exclude-standard', 'test', 'scripts', 'src', 'tools', '.ci'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((f) => f !== '' && f !== THIS_FILE && fs.existsSync(join(ROOT, f)));
  const found = new Map<string, string[]>();
  const add = (name: string, file: string): void => {
    const at = found.get(name) ?? [];
    if (!at.includes(file)) at.push(file);
    found.set(name, at);
  };
  for (const file of files) {
    // `process.env.AKK_X`, `env.AKK_X`, `env['AKK_X']` in code; `$AKK_X` and `${AKK_X…}` in shell.
    const code = /\.(ts|mts|cts|js|cjs|mjs)$/.test(file);
    const shell = /\.sh$/.test(file) || file === '.ci/run';
    if (!code && !shell) continue;
    const text = fs.readFileSync(join(ROOT, file), 'utf8');
    const pattern = code ? /\benv(?:\.|\[\s*['"`])(AKK_[A-Z0-9_]+)/g : /\$\{?(AKK_[A-Z0-9_]+)/g;
    for (const m of text.matchAll(pattern)) add(m[1] as string, file);
  }
  return found;
}

const READ = readVariables();
const SHRINKING = [...READ.keys()].filter((name) => harmless(name) === undefined).sort();

/**
 * A copy of `.ci/run` in a folder of its own, whose system-package script and `npm` are stubs that
 * say they ran: a variable `.ci/run` fails to refuse runs nothing real.
 */
function sandbox(): { run: (env: NodeJS.ProcessEnv) => SpawnSyncReturns<string>; dispose(): void } {
  const dir = fs.mkdtempSync(join(os.tmpdir(), 'akk-ci-guard-'));
  fs.mkdirSync(join(dir, '.ci'));
  fs.mkdirSync(join(dir, 'scripts'));
  fs.mkdirSync(join(dir, 'bin'));
  fs.copyFileSync(join(ROOT, '.ci', 'run'), join(dir, '.ci', 'run'));
  fs.writeFileSync(join(dir, 'scripts', 'install-system-deps.sh'), 'echo "system packages: stub"\n');
  fs.writeFileSync(join(dir, 'bin', 'npm'), '#!/bin/sh\necho "npm packages: stub $*"\n', { mode: 0o755 });
  return {
    run: (env) =>
      spawnSync('bash', [join(dir, '.ci', 'run')], {
        env: { PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`, HOME: process.env.HOME, ...env },
        encoding: 'utf8',
        timeout: 15_000,
      }),
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

describe('.ci/run guards itself', function () {
  this.timeout(20_000);
  let box: ReturnType<typeof sandbox>;
  before(() => {
    box = sandbox();
  });
  after(() => box?.dispose());

  it('installs the system packages and runs npm test when nothing is set (its copy, with stubs)', () => {
    const r = box.run({});
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /system packages: stub\nnpm packages: stub test/);
  });

  it('finds the variables read in the code (the scan itself works)', () => {
    for (const [name, file] of [
      ['AKK_TIERS', 'scripts/test-all.sh'],
      ['AKK_VSCODE_FLOWS', 'test/vscode/lanes.ts'],
      ['AKK_CRASH_ROUNDS', 'test/integration/store-crash.test.ts'],
      ['AKK_PROCESS_TABLE', 'src/server/sessions/platform.ts'],
    ] as const)
      assert.ok(READ.get(name)?.includes(file), `${name} in ${file}; found ${JSON.stringify([...READ])}`);
  });

  it('names no harmless variable that the code no longer reads', () => {
    const stale = Object.keys(HARMLESS).filter((k) =>
      [...READ.keys()].every((name) => (k.endsWith('_') ? !name.startsWith(k) : name !== k)),
    );
    assert.deepEqual(stale, [], 'read nowhere: take them out of HARMLESS');
  });

  for (const name of SHRINKING) {
    const value = EXAMPLE[name] ?? '1';
    it(`refuses ${name}=${value} (read in ${READ.get(name)?.join(', ')}) with CI unset, and runs nothing`, () => {
      const r = box.run({ [name]: value });
      assert.equal(r.status, 1, `${name} is not refused by .ci/run:\n${r.stdout}${r.stderr}`);
      const lines = r.stdout.trim().split('\n');
      assert.match(lines[0] ?? '', new RegExp(`^${name}=`));
      assert.equal(lines[lines.length - 1], '0 passed, 1 failed');
      assert.doesNotMatch(r.stdout, /system packages|npm packages/, 'nothing was installed or run');
    });
  }
});
