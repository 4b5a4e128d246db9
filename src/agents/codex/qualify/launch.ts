// Launching Codex against the fake model: its config.toml (the fake model as provider, the work
// folder trusted, no start-up screens unless a scenario keeps one), its environment, and no
// background server outside the pane.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { LaunchRun } from '../../../qualify/agents/types';

const run = promisify(execFile);

/** A model of the client's own catalog that names a successor (`gpt-6-sol`): it draws the migration prompt. */
const MIGRATING_MODEL = 'gpt-5.6-sol';
/** The newer release the `update` start-up screen offers (a cached check result, so nothing is fetched). */
const NEWER_RELEASE = '0.999.0';

/**
 * Writes Codex's config.toml into `codexHome`: the fake model as provider, `workDir` trusted, no
 * start-up extras, except the start-up screens named in `keep`:
 * - `trust`: `workDir` is a git repository (Codex asks only there) without a trust entry;
 * - `update`: update checks on, and a check made a moment ago found a newer release;
 * - `model-migration`: the model is one its catalog names a successor for.
 */
export function codexFiles(
  codexHome: string,
  workDir: string,
  modelUrl: string,
  extra: string[] = [],
  keep: readonly string[] = [],
): void {
  fs.mkdirSync(codexHome, { recursive: true });
  if (keep.includes('trust')) {
    fs.mkdirSync(path.join(workDir, '.git'), { recursive: true });
    fs.writeFileSync(path.join(workDir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  }
  if (keep.includes('update')) {
    const checked = { latest_version: NEWER_RELEASE, last_checked_at: new Date().toISOString() };
    fs.writeFileSync(path.join(codexHome, 'version.json'), JSON.stringify(checked));
  }
  const lines = [
    ...extra,
    `model = "${keep.includes('model-migration') ? MIGRATING_MODEL : 'gpt-5.1-codex'}"`,
    'model_provider = "fake"',
    'approval_policy = "on-request"',
    'sandbox_mode = "workspace-write"',
    `check_for_update_on_startup = ${keep.includes('update')}`,
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[model_providers.fake]',
    'name = "fake"',
    `base_url = "${modelUrl}/v1"`,
    'wire_api = "responses"',
    'env_key = "AKK_FAKE_KEY"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    ...(keep.includes('trust') ? [] : ['', `[projects."${workDir}"]`, 'trust_level = "trusted"']),
    '',
    // The run folders live under /tmp: keep /tmp out of the writable roots so that writes outside the
    // work folder need approval, as they would for a project outside /tmp.
    '[sandbox_workspace_write]',
    'exclude_slash_tmp = true',
    'exclude_tmpdir_env_var = true',
    '',
    '[tui]',
    'animations = false',
    'show_tooltips = false',
  ];
  fs.writeFileSync(path.join(codexHome, 'config.toml'), lines.join('\n') + '\n');
}

/** The environment that points Codex at its config (see codexFiles) and the fake model's key. */
export function codexEnv(codexHome: string): Record<string, string> {
  return { CODEX_HOME: codexHome, AKK_FAKE_KEY: 'sk-akk-fake' };
}

const helpCache = new Map<string, Promise<string>>();
function codexHelp(bin: string): Promise<string> {
  let p = helpCache.get(bin);
  if (!p) {
    p = run(bin, ['--help'], {
      env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: '/nonexistent' },
    }).then(
      (r) => r.stdout,
      () => '',
    );
    helpCache.set(bin, p);
  }
  return p;
}

/**
 * What the npm launcher (bin/codex.js) sets before it runs the native client, when the harness runs
 * that native binary itself (a person's session, qualified on their machine, names the process
 * that runs: the native one). Without it the client does not know it was installed by npm, and
 * draws no update prompt.
 */
function launcherEnv(bin: string): Record<string, string> {
  if (bin.endsWith('.js')) return {};
  for (let dir = path.dirname(bin); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const root = path.join(dir, '@openai', 'codex');
    if (path.basename(dir) === 'node_modules' && fs.existsSync(path.join(root, 'package.json')))
      return { CODEX_MANAGED_PACKAGE_ROOT: fs.realpathSync(root), CODEX_MANAGED_BY_NPM: '1' };
  }
  return {};
}

export async function prepareCodex(r: LaunchRun): Promise<{ env: Record<string, string>; args: string[] }> {
  const codexHome = path.join(r.home, '.codex');
  codexFiles(codexHome, r.workDir, r.modelUrl, [...r.config], r.startup);
  // Newer clients otherwise start (or reuse) a shared background server outside the tmux pane.
  const noDaemon = (await codexHelp(r.bin)).includes('--no-daemon') ? ['--no-daemon'] : [];
  return { env: { ...codexEnv(codexHome), ...launcherEnv(r.bin) }, args: noDaemon };
}
