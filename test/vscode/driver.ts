// `npm run test:vscode`: the extension in a real VS Code (code-server + Debian Chromium).
//
//   1. builds dist/ (scripts/build.mjs) and bundles the in-host suite into out/vscode-test/;
//   2. runs the suite inside the real extension host (the workbench's smoke-test driver loads
//      extensionDevelopmentPath + extensionTestsPath) and prints mocha's report;
//   3. checks the real workbench with Playwright: status-bar item, palette commands, screenshots
//      under test-artifacts/vscode/;
//   4. appends `vscode <passed> <failed> <pending>` to $AKK_TALLY and exits non-zero on failure.
//
// Needs `npm run vscode-host:install` and Debian's chromium. Environment:
//   AKK_VSCODE_EXTENSION_PATH  extension folder to load (default: the repository)
//   AKK_VSCODE_SKIP_BUILD=1    do not run scripts/build.mjs
//   AKK_VSCODE_TIMEOUT_MS      whole-run watchdog (default 480000)
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
  type CodeServer,
} from '../../scripts/vscode-host/host';

const SUITE_DIR = path.join(REPO_ROOT, 'test', 'vscode', 'suite');
export const SUITE_OUT = path.join(REPO_ROOT, 'out', 'vscode-test');
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'vscode');
const SUITE_TIMEOUT_MS = 180_000;
const UI_TIMEOUT_MS = 60_000;

let scratchToRemove: string | undefined;

type Status = 'passed' | 'failed' | 'pending';
interface CheckResult {
  name: string;
  status: Status;
  detail?: string;
}

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

function log(msg: string): void {
  process.stdout.write(`[test:vscode] ${msg}\n`);
}

function secondsSince(t: number): string {
  return `${((Date.now() - t) / 1000).toFixed(1)}s`;
}

function indent(text: string, prefix = '  | '): string {
  return text
    .split('\n')
    .map((l) => prefix + l)
    .join('\n');
}

function writeTally(passed: number, failed: number, pending: number): void {
  const file = process.env.AKK_TALLY;
  if (file) fs.appendFileSync(file, `vscode ${passed} ${failed} ${pending}\n`);
}

/** Copies code-server's own log and the VS Code logs (extension host, output channels) into artifacts. */
function saveLogs(server: CodeServer, label: string): void {
  const dest = path.join(ARTIFACTS, 'logs', label);
  fs.mkdirSync(dest, { recursive: true });
  try {
    fs.copyFileSync(server.logFile, path.join(dest, 'code-server.log'));
  } catch {
    // no log yet
  }
  const logsRoot = path.join(server.userDataDir, 'logs');
  for (const f of server.logFiles()) {
    const rel = path.relative(logsRoot, f);
    fs.mkdirSync(path.dirname(path.join(dest, rel)), { recursive: true });
    fs.copyFileSync(f, path.join(dest, rel));
  }
}

function printFailureLogs(server: CodeServer, label: string): void {
  const noise = /ENOTFOUND|getaddrinfo|resource scoped configuration|GetAddrInfoReqWrap/;
  const own = server
    .logTail(120)
    .split('\n')
    .filter((l) => l.trim() && !noise.test(l))
    .slice(-25);
  log(`${label}: code-server log (tail, without network noise; full log in ${path.relative(REPO_ROOT, ARTIFACTS)}/logs/):\n${indent(own.join('\n'))}`);
  for (const f of server.logFiles()) {
    const own = f.includes('agent-knock-knock');
    if (!own && path.basename(f) !== 'remoteexthost.log') continue;
    let lines = fs.readFileSync(f, 'utf8').trim().split('\n');
    // From the extension host's log, only errors and lines about this extension.
    if (!own) lines = lines.filter((l) => !noise.test(l) && /\[error\]|agent-knock-knock|akk\./i.test(l));
    const text = lines.slice(-25).join('\n');
    if (text) log(`${label}: ${path.relative(server.userDataDir, f)} (tail):\n${indent(text)}`);
  }
}

// Harmless on a machine without internet: gallery, telemetry and GitHub sign-in lookups fail.
const CONSOLE_NOISE = /ENOTFOUND|ERR_NAME_NOT_RESOLVED|open-vsx|authentication provider 'github'|status of 404|same-origin iframe|allow-scripts and allow-same-origin|Long running operations during shutdown/;

function consoleTail(consoleLog: string[], entries = 12): string {
  return consoleLog
    .filter((e) => !CONSOLE_NOISE.test(e))
    .slice(-entries)
    .map((e) => e.split('\n').slice(0, 3).join('\n'))
    .join('\n');
}

async function newPage(browser: Browser, consoleLog: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleLog.push(`[${m.type()}] ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleLog.push(`[pageerror] ${e.message}`));
  return page;
}

async function screenshot(page: Page, name: string): Promise<string | undefined> {
  const file = path.join(ARTIFACTS, name);
  try {
    await page.screenshot({ path: file, timeout: 10_000 });
    return file;
  } catch {
    return undefined;
  }
}

// -----------------------------------------------------------------------------------------
// Phase 1: the mocha suite inside the real extension host

interface SuiteOutcome {
  passes: number;
  failures: number;
  pending: number;
  ok: boolean;
}

async function runInHostSuite(browser: Browser, extPath: string, suiteEntry: string, scratch: string, workspace: string): Promise<SuiteOutcome> {
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
    log(`in-host suite: mocha report (${path.relative(REPO_ROOT, report)}):\n${text ? indent(text) : '  | (empty: the suite did not run or wrote nothing)'}`);
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
  log(`in-host suite: exit ${exitCode}, ${outcome.passes} passed, ${outcome.failures} failed, ${outcome.pending} pending (${secondsSince(t)})`);
  return outcome;
}

// -----------------------------------------------------------------------------------------
// Phase 2: the workbench as a person sees it

async function runPalette(page: Page, title: string, shot: string): Promise<void> {
  // Close whatever an earlier step left open (a dialog, a quick pick) before opening the palette.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 }, timeout: 10_000 }).catch(() => undefined);
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill(`>${title}`);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title.split(': ').pop() ?? title }).first();
  await row.waitFor({ state: 'visible', timeout: 15_000 });
  await screenshot(page, shot);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: 15_000 });
}

const WORKBENCH_LOADS = 'the workbench loads with the extension under development';

async function runUiChecks(browser: Browser, extPath: string, scratch: string, workspace: string): Promise<CheckResult[]> {
  const t = Date.now();
  const results: CheckResult[] = [];
  const consoleLog: string[] = [];
  const server = await startCodeServer({ folder: workspace, smokeTestDriver: true, scratchDir: path.join(scratch, 'ui') });
  log(`UI checks: code-server at ${server.url} (pid ${server.pid})`);
  let page: Page | undefined;
  const check = async (name: string, shotOnFail: string, body: (p: Page) => Promise<void>): Promise<void> => {
    const tc = Date.now();
    if (!page || results.some((r) => r.status === 'failed' && r.name === WORKBENCH_LOADS)) {
      results.push({ name, status: 'failed', detail: 'not run: the workbench did not load' });
      log(`  x ${name}: not run, the workbench did not load`);
      return;
    }
    try {
      await body(page);
      results.push({ name, status: 'passed' });
      log(`  ok ${name} (${secondsSince(tc)})`);
    } catch (err) {
      const detail = (err instanceof Error ? err.message : String(err))
        .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '') // colour codes
        .split('\n')
        .slice(0, 6)
        .join('\n');
      results.push({ name, status: 'failed', detail });
      const shot = await screenshot(page, shotOnFail);
      log(`  x ${name} (${secondsSince(tc)}):\n${indent(detail)}${shot ? `\n  screenshot: ${path.relative(REPO_ROOT, shot)}` : ''}`);
    }
  };
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
        [el, ...Array.from(el.querySelectorAll('[aria-label]'))].map((e) => e.getAttribute('aria-label') ?? '').filter(Boolean),
      );
      if (!labels.some((l) => l.startsWith('Agent Knock Knock'))) {
        throw new Error(`status-bar item's accessibility label does not start with "Agent Knock Knock": ${JSON.stringify(labels)}`);
      }
      await screenshot(p, '02-status-bar.png');
    });

    await check('palette runs "Agent Knock Knock: Show Server Status" and its message shows', 'failure-show-server-status.png', async (p) => {
      await runPalette(p, 'Agent Knock Knock: Show Server Status', '03-palette-show-server-status.png');
      // The message shows as a toast, or (when the workbench holds toasts back) in the
      // notification centre behind the status bar's bell.
      const message = p.locator('.notification-list-item-message', { hasText: 'Agent Knock Knock server' }).first();
      const asToast = await message.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false);
      if (!asToast) {
        await p.locator('[id="status.notifications"]').click({ timeout: 10_000 });
        await message.waitFor({ state: 'visible', timeout: 15_000 });
      }
      await screenshot(p, '04-server-status-message.png');
      if (!asToast) await p.locator('[id="status.notifications"]').click({ timeout: 5_000 }).catch(() => undefined);
    });

    await check('palette runs "Agent Knock Knock: Show Output" and the output panel shows its channel', 'failure-show-output.png', async (p) => {
      await runPalette(p, 'Agent Knock Knock: Show Output', '05-palette-show-output.png');
      const panel = p.locator('.part.panel');
      await panel.waitFor({ state: 'visible', timeout: 20_000 });
      await p.waitForFunction(
        () => {
          const panelEl = document.querySelector('.part.panel');
          if (!panelEl) return false;
          const selects = Array.from(panelEl.querySelectorAll('select'));
          const selected = selects.map((s) => s.options[s.selectedIndex]?.text ?? '');
          const titles = Array.from(panelEl.querySelectorAll('[title],[aria-label]')).map((e) => `${e.getAttribute('title') ?? ''} ${e.getAttribute('aria-label') ?? ''}`);
          return [...selected, ...titles].some((t) => t.includes('Agent Knock Knock'));
        },
        undefined,
        { timeout: 20_000 },
      );
      await screenshot(p, '06-output-panel.png');
    });
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
    await page?.context().close().catch(() => undefined);
    await server.stop();
  }
  log(`UI checks: ${results.filter((r) => r.status === 'passed').length}/${results.length} passed (${secondsSince(t)})`);
  return results;
}

// -----------------------------------------------------------------------------------------

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

  const extPath = path.resolve(process.env.AKK_VSCODE_EXTENSION_PATH ?? REPO_ROOT);
  if (process.env.AKK_VSCODE_SKIP_BUILD !== '1') {
    const tb = Date.now();
    log('building dist/ (node scripts/build.mjs) ...');
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs')], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (r.status !== 0) {
      log(`build failed (exit ${r.status ?? r.signal})`);
      writeTally(0, 1, 0);
      return 1;
    }
    log(`built in ${secondsSince(tb)}`);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(extPath, 'package.json'), 'utf8')) as { main?: string };
  if (manifest.main && !fs.existsSync(path.join(extPath, manifest.main))) {
    log(`the extension's main ${manifest.main} is missing in ${extPath}`);
    writeTally(0, 1, 0);
    return 1;
  }
  const suiteEntry = await bundleSuite();
  log(`suite bundled into ${path.relative(REPO_ROOT, SUITE_OUT)}/`);

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-vscode-test-'));
  scratchToRemove = process.env.AKK_VSCODE_KEEP === '1' ? undefined : scratch;
  const workspace = path.join(scratch, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'README.md'), '# Agent Knock Knock test workspace\n');

  let browser: Browser | undefined;
  let suite: SuiteOutcome = { passes: 0, failures: 1, pending: 0, ok: false };
  let ui: CheckResult[] = [];
  try {
    browser = await launchChromium();
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
  } finally {
    await browser?.close().catch(() => undefined);
    if (process.env.AKK_VSCODE_KEEP === '1') log(`scratch kept at ${scratch}`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }

  const passed = suite.passes + ui.filter((r) => r.status === 'passed').length;
  const failed = suite.failures + ui.filter((r) => r.status === 'failed').length;
  const pending = suite.pending + ui.filter((r) => r.status === 'pending').length;
  writeTally(passed, failed, pending);
  const shots = fs.readdirSync(ARTIFACTS).filter((f) => f.endsWith('.png')).sort();
  log(`screenshots in ${path.relative(REPO_ROOT, ARTIFACTS)}/: ${shots.join(', ') || '(none)'}`);
  log(`in-host mocha: ${suite.passes} passed, ${suite.failures} failed, ${suite.pending} pending; UI checks: ${ui.filter((r) => r.status === 'passed').length} passed, ${ui.filter((r) => r.status === 'failed').length} failed`);
  for (const r of ui.filter((x) => x.status === 'failed')) log(`  failed UI check: ${r.name}`);
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
  const watchdogMs = Number(process.env.AKK_VSCODE_TIMEOUT_MS ?? 480_000);
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
