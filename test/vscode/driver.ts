// `npm run test:vscode`: the extension in a real VS Code (code-server + Debian Chromium).
//
//   1. builds dist/ (scripts/build.mjs) and bundles the in-host suite into out/vscode-test/;
//   2. runs the suite inside the real extension host (the workbench's smoke-test driver loads
//      extensionDevelopmentPath + extensionTestsPath) and prints mocha's report;
//   3. checks the real workbench with Playwright: status-bar item, palette commands, screenshots
//      under test-artifacts/vscode/;
//   4. the main job with a real Claude Code session against the fake model (./agent-flows.ts):
//      notification, status-bar count, the question panel by mouse and by keyboard, palette
//      approvals, markup shown literally; then a real Codex session's request_user_input
//      questionnaire (a choice, then notes) answered in the panel;
//   beside it, on hosts of their own, one after another (two lanes: both mostly wait on clients):
//   5. the day a release lands (./release-day.ts, the host started with the newest clients' records
//      withheld): each qualified on this machine from the workbench, then answered;
//   6. the extension where the system's processes cannot be read (./unreadable-platform.ts, the host
//      started with AKK_PROCESS_TABLE=none): the Sessions view's notice, an agent listed observe only;
//   7. the package as a person installs it (./packaged-walkthrough.ts): the .vsix in a clean host,
//      its walkthrough's steps each done on its command;
//   8. the package in a second language (./second-language.ts): French bundles a translator would
//      add, in a host started in French; then `claude` typed the moment the first terminal of a new
//      window is ready, while AKK starts, answered from its notification (./early-start.ts);
//   9. appends `vscode <passed> <failed> <pending>` to $AKK_TALLY, and to $AKK_TALLY.files a line
//      `vscode <file> <count>` for each phase and agent flow (its file; the in-host suite as
//      test/vscode/suite) with the checks it ran, and exits non-zero on failure.
//
// Needs `npm run vscode-host:install` and Debian's chromium. Environment:
//   AKK_VSCODE_EXTENSION_PATH  extension folder to load (default: a copy of the built repository)
//   AKK_VSCODE_AGENT=0         skip the agent flows (they need tmux and install Claude Code and Codex once)
//   AKK_VSCODE_FLOWS           only these agent flows and phases (`claude,terminal`, `release-day`, `walkthrough`, …)
//   AKK_VSCODE_SKIP_BUILD=1    do not run scripts/build.mjs
// Argument `--dist-built`: dist/ was built by the caller just before (scripts/test-all.sh, in the
// same run): it is not built a second time.
//   AKK_VSCODE_TIMEOUT_MS      whole-run watchdog (default 1500000)
//   AKK_VSCODE_KEEP=1          keep the scratch folder (HOME, user data, logs) and print where
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import {
  REPO_ROOT,
  codeServerVersion,
  hostProblems,
  killStartedProcesses,
  launchChromium,
  startCodeServer,
} from '../../scripts/vscode-host/host';
import { emptyLanes, runLanes, type LaneResults } from './lanes';
import { noteFailure, writeFileCounts, writeTally } from './tally';
import {
  ARTIFACTS,
  Checks,
  consoleTail,
  indent,
  log,
  newPage,
  printFailureLogs,
  runPalette,
  saveLogs,
  screenshot,
  secondsSince,
  type CheckResult,
} from './ui-support';

const SUITE_DIR = path.join(REPO_ROOT, 'test', 'vscode', 'suite');
export const SUITE_OUT = path.join(REPO_ROOT, 'out', 'vscode-test');
const SUITE_TIMEOUT_MS = 180_000;
const UI_TIMEOUT_MS = 60_000;

let scratchToRemove: string | undefined;

/** Bundles test/vscode/suite (index + every *.test.ts) into outDir; returns the entry's path. */
export async function bundleSuite(outDir = SUITE_OUT): Promise<string> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const tests = fs.readdirSync(SUITE_DIR).filter((f) => f.endsWith('.test.ts'));
  await build({
    entryPoints: [path.join(SUITE_DIR, 'index.ts'), ...tests.map((f) => path.join(SUITE_DIR, f))],
    outbase: SUITE_DIR,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return path.join(outDir, 'index.js');
}

// -----------------------------------------------------------------------------------------
// Phase 1: the mocha suite inside the real extension host

interface SuiteOutcome {
  passes: number;
  failures: number;
  pending: number;
  ok: boolean;
}

async function runInHostSuite(
  browser: Browser,
  extPath: string,
  suiteEntry: string,
  scratch: string,
  workspace: string,
): Promise<SuiteOutcome> {
  const t = Date.now();
  const report = path.join(ARTIFACTS, 'mocha-report.txt');
  const summaryFile = `${report}.json`;
  fs.rmSync(report, { force: true });
  fs.rmSync(summaryFile, { force: true });
  const consoleLog: string[] = [];
  const server = await startCodeServer({
    folder: workspace,
    smokeTestDriver: true,
    scratchDir: path.join(scratch, 'suite'),
    env: { AKK_VSCODE_REPORT: report },
  });
  log(`in-host suite: code-server ${codeServerVersion()} at ${server.url} (pid ${server.pid})`);
  let exitCode: number | string = 'no exit';
  try {
    const page = await newPage(browser, consoleLog);
    const exited = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationExit', (code: unknown) => {
        resolve(typeof code === 'number' ? code : Number(code));
      });
    });
    const url = server.workbenchUrl({
      payload: [
        ['extensionDevelopmentPath', server.remoteUri(extPath)],
        ['extensionTestsPath', server.remoteUri(suiteEntry)],
      ],
    });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: UI_TIMEOUT_MS });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`timed out after ${SUITE_TIMEOUT_MS / 1000}s`), SUITE_TIMEOUT_MS);
    });
    exitCode = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    await screenshot(page, '01-in-host-suite.png');
    await page.context().close();
  } finally {
    saveLogs(server, 'suite');
    fs.writeFileSync(path.join(ARTIFACTS, 'browser-console-suite.log'), consoleLog.join('\n') + '\n');
    const text = fs.existsSync(report) ? fs.readFileSync(report, 'utf8').trimEnd() : '';
    const body = text ? indent(text) : '  | (empty: the suite did not run or wrote nothing)';
    log(`in-host suite: mocha report (${path.relative(REPO_ROOT, report)}):\n${body}`);
    if (exitCode !== 0) {
      printFailureLogs(server, 'in-host suite');
      const tailText = consoleTail(consoleLog);
      if (tailText) log(`in-host suite: browser console errors (tail, without network noise):\n${indent(tailText)}`);
    }
    await server.stop();
  }
  let summary: Partial<SuiteOutcome> = {};
  try {
    summary = JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as Partial<SuiteOutcome>;
  } catch {
    // no summary: the suite never finished
  }
  const outcome: SuiteOutcome = {
    passes: summary.passes ?? 0,
    failures: summary.failures ?? 0,
    pending: summary.pending ?? 0,
    ok: exitCode === 0 && (summary.failures ?? 1) === 0,
  };
  if (!outcome.ok && outcome.failures === 0) outcome.failures = 1; // the suite itself broke
  if (!outcome.ok) noteFailure('in-host suite', `exit ${exitCode}, ${outcome.failures} failed (its report above)`);
  log(
    `in-host suite: exit ${exitCode}, ${outcome.passes} passed, ${outcome.failures} failed, ` +
      `${outcome.pending} pending (${secondsSince(t)})`,
  );
  return outcome;
}

// -----------------------------------------------------------------------------------------
// Phase 2: the workbench as a person sees it

const WORKBENCH_LOADS = 'the workbench loads with the extension under development';

async function runUiChecks(
  browser: Browser,
  extPath: string,
  scratch: string,
  workspace: string,
): Promise<CheckResult[]> {
  const t = Date.now();
  const consoleLog: string[] = [];
  const server = await startCodeServer({
    folder: workspace,
    smokeTestDriver: true,
    scratchDir: path.join(scratch, 'ui'),
  });
  log(`UI checks: code-server at ${server.url} (pid ${server.pid})`);
  let page: Page | undefined;
  const checks = new Checks(() => page);
  const results = checks.results;
  const check = (name: string, shotOnFail: string, body: (p: Page) => Promise<void>): Promise<boolean> =>
    checks.run(name, shotOnFail, body, { fatal: name === WORKBENCH_LOADS });
  try {
    page = await newPage(browser, consoleLog);
    const url = server.workbenchUrl({ payload: [['extensionDevelopmentPath', server.remoteUri(extPath)]] });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: UI_TIMEOUT_MS });

    await check(WORKBENCH_LOADS, 'failure-workbench.png', async (p) => {
      await p.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await p.locator('.statusbar-item').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    });

    await check('the extension activates and its status-bar item shows', 'failure-status-bar.png', async (p) => {
      const item = p.locator('.statusbar-item', { hasText: /AKK/ }).first();
      await item.waitFor({ state: 'visible', timeout: 45_000 });
      const labels = await item.evaluate((el) =>
        [el, ...Array.from(el.querySelectorAll('[aria-label]'))]
          .map((e) => e.getAttribute('aria-label') ?? '')
          .filter(Boolean),
      );
      if (!labels.some((l) => l.startsWith('Agent Knock Knock'))) {
        throw new Error(
          `status-bar item's accessibility label does not start with "Agent Knock Knock": ${JSON.stringify(labels)}`,
        );
      }
      await screenshot(p, '02-status-bar.png');
    });

    await check(
      'palette runs "Agent Knock Knock: Show Server Status" and its message shows',
      'failure-show-server-status.png',
      async (p) => {
        await runPalette(p, 'Agent Knock Knock: Show Server Status', '03-palette-show-server-status.png');
        // The message shows as a toast, or (when the workbench holds toasts back) in the
        // notification centre behind the status bar's bell.
        const message = p.locator('.notification-list-item-message', { hasText: 'Agent Knock Knock server' }).first();
        const asToast = await message.waitFor({ state: 'visible', timeout: 5_000 }).then(
          () => true,
          () => false,
        );
        if (!asToast) {
          await p.locator('[id="status.notifications"]').click({ timeout: 10_000 });
          await message.waitFor({ state: 'visible', timeout: 15_000 });
        }
        await screenshot(p, '04-server-status-message.png');
        if (!asToast)
          await p
            .locator('[id="status.notifications"]')
            .click({ timeout: 5_000 })
            .catch(() => undefined);
      },
    );

    await check(
      'palette runs "Agent Knock Knock: Show Output" and the output panel shows its channel',
      'failure-show-output.png',
      async (p) => {
        await runPalette(p, 'Agent Knock Knock: Show Output', '05-palette-show-output.png');
        const panel = p.locator('.part.panel');
        await panel.waitFor({ state: 'visible', timeout: 20_000 });
        await p.waitForFunction(
          () => {
            const panelEl = document.querySelector('.part.panel');
            if (!panelEl) return false;
            const selects = Array.from(panelEl.querySelectorAll('select'));
            const selected = selects.map((s) => s.options[s.selectedIndex]?.text ?? '');
            const titles = Array.from(panelEl.querySelectorAll('[title],[aria-label]')).map(
              (e) => `${e.getAttribute('title') ?? ''} ${e.getAttribute('aria-label') ?? ''}`,
            );
            return [...selected, ...titles].some((t) => t.includes('Agent Knock Knock'));
          },
          undefined,
          { timeout: 20_000 },
        );
        await screenshot(p, '06-output-panel.png');
      },
    );
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    results.push({ name: 'workbench opens', status: 'failed', detail });
    log(`  x workbench opens: ${detail}`);
  } finally {
    saveLogs(server, 'ui');
    fs.writeFileSync(path.join(ARTIFACTS, 'browser-console-ui.log'), consoleLog.join('\n') + '\n');
    if (results.some((r) => r.status === 'failed')) {
      printFailureLogs(server, 'UI checks');
      const tailText = consoleTail(consoleLog);
      if (tailText) log(`UI checks: browser console errors (tail, without network noise):\n${indent(tailText)}`);
    }
    await page
      ?.context()
      .close()
      .catch(() => undefined);
    await server.stop();
  }
  log(
    `UI checks: ${results.filter((r) => r.status === 'passed').length}/${results.length} passed (${secondsSince(t)})`,
  );
  return results;
}

// -----------------------------------------------------------------------------------------

/** Copies what the extension needs at run time (manifest and dist/) into dir; returns dir. */
function stageExtension(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const f of ['package.json', 'package.nls.json', 'LICENSE', 'README.md']) {
    if (fs.existsSync(path.join(REPO_ROOT, f))) fs.copyFileSync(path.join(REPO_ROOT, f), path.join(dir, f));
  }
  fs.cpSync(path.join(REPO_ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
  return dir;
}

async function main(): Promise<number> {
  const t0 = Date.now();
  const problems = hostProblems();
  if (problems.length) {
    log(`cannot run: the VS Code host is not ready:\n${indent(problems.join('\n'))}`);
    writeTally(0, 1, 0);
    return 1;
  }
  fs.rmSync(ARTIFACTS, { recursive: true, force: true });
  fs.mkdirSync(ARTIFACTS, { recursive: true });

  const ownExtPath = process.env.AKK_VSCODE_EXTENSION_PATH;
  if (process.argv.includes('--dist-built')) log('dist/ as built by the caller (--dist-built)');
  else if (process.env.AKK_VSCODE_SKIP_BUILD !== '1') {
    const tb = Date.now();
    log('building dist/ (node scripts/build.mjs) ...');
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs')], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (r.status !== 0) {
      log(`build failed (exit ${r.status ?? r.signal})`);
      writeTally(0, 1, 0);
      return 1;
    }
    log(`built in ${secondsSince(tb)}`);
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-vscode-test-'));
  scratchToRemove = process.env.AKK_VSCODE_KEEP === '1' ? undefined : scratch;
  // The run loads a copy of the built extension, so a rebuild of dist/ meanwhile cannot pull it away.
  const extPath = ownExtPath ? path.resolve(ownExtPath) : stageExtension(path.join(scratch, 'extension'));
  const manifest = JSON.parse(fs.readFileSync(path.join(extPath, 'package.json'), 'utf8')) as { main?: string };
  if (manifest.main && !fs.existsSync(path.join(extPath, manifest.main))) {
    log(`the extension's main ${manifest.main} is missing in ${extPath}`);
    writeTally(0, 1, 0);
    return 1;
  }
  const suiteEntry = await bundleSuite();
  log(`suite bundled into ${path.relative(REPO_ROOT, SUITE_OUT)}/`);
  const workspace = path.join(scratch, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'README.md'), '# Agent Knock Knock test workspace\n');

  let browser: Browser | undefined;
  let suite: SuiteOutcome = { passes: 0, failures: 1, pending: 0, ok: false };
  let ui: CheckResult[] = [];
  let lanes: LaneResults = emptyLanes();
  try {
    const chromium = await launchChromium();
    browser = chromium;
    try {
      suite = await runInHostSuite(browser, extPath, suiteEntry, scratch, workspace);
    } catch (err) {
      log(`in-host suite could not run: ${err instanceof Error ? err.message : String(err)}`);
    }
    try {
      ui = await runUiChecks(browser, extPath, scratch, workspace);
    } catch (err) {
      ui = [{ name: 'UI checks', status: 'failed', detail: err instanceof Error ? err.message : String(err) }];
      log(`UI checks could not run: ${ui[0]?.detail ?? ''}`);
    }
    lanes = await runLanes(chromium, extPath, scratch);
  } finally {
    await browser?.close().catch(() => undefined);
    if (process.env.AKK_VSCODE_KEEP === '1') log(`scratch kept at ${scratch}`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }

  const { agent, unreadable, releaseDay, walkthrough, secondLanguage, earlyStart } = lanes;
  const checks = [...ui, ...agent, ...unreadable, ...releaseDay, ...walkthrough, ...secondLanguage, ...earlyStart];
  const passed = suite.passes + checks.filter((r) => r.status === 'passed').length;
  const failed = suite.failures + checks.filter((r) => r.status === 'failed').length;
  const pending = suite.pending + checks.filter((r) => r.status === 'pending').length;
  writeTally(passed, failed, pending);
  writeFileCounts(suite.passes + suite.failures, [
    ['driver.ts', ui],
    ['agent-flows.ts', agent],
    ['unreadable-platform.ts', unreadable],
    ['release-day.ts', releaseDay],
    ['packaged-walkthrough.ts', walkthrough],
    ['second-language.ts', secondLanguage],
    ['early-start.ts', earlyStart],
  ]);
  const shots = fs
    .readdirSync(ARTIFACTS)
    .filter((f) => f.endsWith('.png'))
    .sort();
  log(`screenshots in ${path.relative(REPO_ROOT, ARTIFACTS)}/: ${shots.join(', ') || '(none)'}`);
  const count = (rs: CheckResult[], status: CheckResult['status']): number =>
    rs.filter((r) => r.status === status).length;
  const tally = (rs: CheckResult[]): string => `${count(rs, 'passed')} passed, ${count(rs, 'failed')} failed`;
  log(
    `in-host mocha: ${suite.passes} passed, ${suite.failures} failed, ${suite.pending} pending; ` +
      `UI checks: ${tally(ui)}; agent flows: ${tally(agent)}; unreadable platform: ${tally(unreadable)}; ` +
      `release day: ${tally(releaseDay)}; packaged walkthrough: ${tally(walkthrough)}; ` +
      `second language: ${tally(secondLanguage)}; early start: ${tally(earlyStart)}`,
  );
  // The detail is repeated here, at the end, where a truncated CI log still shows it, and in the
  // failures the summary of every tier repeats.
  for (const r of checks.filter((x) => x.status === 'failed')) {
    log(`  failed check: ${r.name}${r.detail ? `\n${indent(r.detail)}` : ''}`);
    noteFailure(r.name, r.detail);
  }
  log(`done in ${secondsSince(t0)}`);
  process.stdout.write(`vscode: ${passed} passed, ${failed} failed, ${pending} skipped\n`);
  return failed === 0 && suite.ok ? 0 : 1;
}

if (require.main === module) {
  // A reader that went away (a closed pipe) must not stop the run before it cleans up.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  const abort = (why: string, code: number): void => {
    killStartedProcesses(); // first, synchronously: code-server and its extension hosts
    if (scratchToRemove) fs.rmSync(scratchToRemove, { recursive: true, force: true });
    try {
      log(`${why}; stopped the VS Code host`);
      writeTally(0, 1, 0);
    } catch {
      // nothing more to do
    }
    process.exit(code); // playwright-core ends the Chromium it launched on exit
  };
  const watchdogMs = Number(process.env.AKK_VSCODE_TIMEOUT_MS ?? 1_500_000);
  setTimeout(() => abort(`timed out after ${watchdogMs / 1000}s`, 1), watchdogMs).unref();
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(sig, () => abort(sig, 130));
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      writeTally(0, 1, 0);
      process.exit(1);
    },
  );
}
