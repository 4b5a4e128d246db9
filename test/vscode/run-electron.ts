// The in-host suite (test/vscode/suite) in desktop VS Code through @vscode/test-electron, for
// machines that can download VS Code. Here and in CI the same suite runs in code-server through
// test/vscode/driver.ts (`npm run test:vscode`).
//
//   npx tsx test/vscode/run-electron.ts
//
// Environment: AKK_VSCODE_VERSION (default "stable"), AKK_VSCODE_EXECUTABLE (an installed
// VS Code to use instead of downloading one), AKK_VSCODE_SKIP_BUILD=1, AKK_TALLY.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { REPO_ROOT } from '../../scripts/vscode-host/host';
import { bundleSuite } from './driver';

async function main(): Promise<number> {
  if (process.env.AKK_VSCODE_SKIP_BUILD !== '1') {
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs')], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (r.status !== 0) {
      console.error(`build failed (exit ${r.status ?? r.signal})`);
      return 1;
    }
  }
  const suiteEntry = await bundleSuite();
  const artifacts = path.join(REPO_ROOT, 'test-artifacts', 'vscode-electron');
  fs.mkdirSync(artifacts, { recursive: true });
  const report = path.join(artifacts, 'mocha-report.txt');
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-electron-ws-'));
  fs.writeFileSync(path.join(workspace, 'README.md'), '# Agent Knock Knock test workspace\n');

  let code = 1;
  try {
    code = await runTests({
      version: process.env.AKK_VSCODE_VERSION ?? 'stable',
      ...(process.env.AKK_VSCODE_EXECUTABLE ? { vscodeExecutablePath: process.env.AKK_VSCODE_EXECUTABLE } : {}),
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: suiteEntry,
      extensionTestsEnv: { AKK_VSCODE_REPORT: report },
      launchArgs: [
        workspace,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
      ],
    });
  } catch (err) {
    console.error(`VS Code tests failed: ${err instanceof Error ? err.message : String(err)}`);
    code = 1;
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }

  let summary: { passes?: number; failures?: number; pending?: number } = {};
  try {
    summary = JSON.parse(fs.readFileSync(`${report}.json`, 'utf8')) as typeof summary;
  } catch {
    // the suite never finished
  }
  const passed = summary.passes ?? 0;
  const failed = Math.max(summary.failures ?? 0, code === 0 ? 0 : 1);
  const pending = summary.pending ?? 0;
  if (process.env.AKK_TALLY)
    fs.appendFileSync(process.env.AKK_TALLY, `vscode-electron ${passed} ${failed} ${pending}\n`);
  console.log(
    `vscode-electron: ${passed} passed, ${failed} failed, ${pending} skipped ` +
      `(report: ${path.relative(REPO_ROOT, report)})`,
  );
  return code === 0 && failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
