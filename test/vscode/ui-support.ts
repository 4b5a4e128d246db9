// What the driver's UI phases share: logging, screenshots, the palette, failure reports, and
// a runner for named checks (each one passes, or fails with its reason and a screenshot).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT, type CodeServer } from '../../scripts/vscode-host/host';

export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'vscode');

export type Status = 'passed' | 'failed' | 'pending';
export interface CheckResult {
  name: string;
  status: Status;
  detail?: string;
  /** The flow file the check belongs to, where a phase runs several (agent-flows.ts). */
  family?: string;
}

export function log(msg: string): void {
  process.stdout.write(`[test:vscode] ${msg}\n`);
}

export function secondsSince(t: number): string {
  return `${((Date.now() - t) / 1000).toFixed(1)}s`;
}

export function indent(text: string, prefix = '  | '): string {
  return text
    .split('\n')
    .map((l) => prefix + l)
    .join('\n');
}

/** Copies code-server's own log and the VS Code logs (extension host, output channels) into artifacts. */
export function saveLogs(server: CodeServer, label: string): void {
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

export function printFailureLogs(server: CodeServer, label: string): void {
  const noise = /ENOTFOUND|getaddrinfo|resource scoped configuration|GetAddrInfoReqWrap/;
  const own = server
    .logTail(120)
    .split('\n')
    .filter((l) => l.trim() && !noise.test(l))
    .slice(-25);
  log(
    `${label}: code-server log (tail, without network noise; ` +
      `full log in ${path.relative(REPO_ROOT, ARTIFACTS)}/logs/):\n${indent(own.join('\n'))}`,
  );
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

/**
 * The end of a phase on its own code-server: its logs and the browser console saved, their tails
 * printed when a check failed, the page closed and the host stopped.
 */
export async function endHostRun(
  server: CodeServer,
  names: { logs: string; label: string },
  failed: boolean,
  consoleLog: string[],
  page: Page | undefined,
): Promise<void> {
  saveLogs(server, names.logs);
  fs.writeFileSync(path.join(path.dirname(server.logFile), 'browser-console.log'), consoleLog.join('\n') + '\n');
  if (failed) {
    printFailureLogs(server, names.label);
    const tailText = consoleTail(consoleLog);
    if (tailText) log(`${names.label}: browser console errors (tail):\n${indent(tailText)}`);
  }
  await page
    ?.context()
    .close()
    .catch(() => undefined);
  await server.stop();
}

// Harmless on a machine without internet: gallery, telemetry and GitHub sign-in lookups fail.
const CONSOLE_NOISE_FORMS = [
  /ENOTFOUND|ERR_NAME_NOT_RESOLVED|open-vsx|authentication provider 'github'|status of 404/,
  /same-origin iframe|allow-scripts and allow-same-origin|Long running operations during shutdown/,
];
export const CONSOLE_NOISE = new RegExp(CONSOLE_NOISE_FORMS.map((r) => r.source).join('|'));

export function consoleTail(consoleLog: string[], entries = 12): string {
  return consoleLog
    .filter((e) => !CONSOLE_NOISE.test(e))
    .slice(-entries)
    .map((e) => e.split('\n').slice(0, 3).join('\n'))
    .join('\n');
}

export async function newPage(
  browser: Browser,
  consoleLog: string[],
  viewport = { width: 1400, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleLog.push(`[${m.type()}] ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleLog.push(`[pageerror] ${e.message}`));
  return page;
}

export async function screenshot(page: Page, name: string): Promise<string | undefined> {
  const file = path.join(ARTIFACTS, name);
  try {
    await page.screenshot({ path: file, timeout: 10_000 });
    return file;
  } catch {
    return undefined;
  }
}

/**
 * Escape, to close what an earlier step left open (a dialog, a quick pick), but never into a
 * terminal that has the keyboard: there it reaches the agent, and Claude Code opens its rewind
 * menu on a second one, taking the next prompt typed into it.
 */
export async function escapeOutsideTerminals(page: Page): Promise<void> {
  const inTerminal = await page
    .evaluate(() => document.activeElement?.classList.contains('xterm-helper-textarea') === true)
    .catch(() => false);
  if (!inTerminal) await page.keyboard.press('Escape');
}

export async function runPalette(page: Page, title: string, shot: string): Promise<void> {
  // Close whatever an earlier step left open (a dialog, a quick pick) before opening the palette.
  await escapeOutsideTerminals(page);
  await escapeOutsideTerminals(page);
  await page
    .locator('.monaco-workbench')
    .click({ position: { x: 700, y: 400 }, timeout: 10_000 })
    .catch(() => undefined);
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

/** What the workbench showed when a check failed: the status bar's count and the panel's text. */
async function onShow(page: Page): Promise<string> {
  const text = (l: ReturnType<Page['locator']>): Promise<string> =>
    l
      .innerText({ timeout: 2000 })
      .then((t) => JSON.stringify(t.replace(/\s+/g, ' ').trim().slice(0, 300)))
      .catch(() => 'none');
  const status = await text(page.locator('.statusbar-item', { hasText: /AKK/ }).first());
  const panel = await text(page.frameLocator('iframe.webview.ready').frameLocator('#active-frame').locator('body'));
  return `on show: status bar ${status}; panel ${panel}`;
}

/** Runs named checks in order; after a failure marked fatal, later checks are reported as not run. */
export class Checks {
  readonly results: CheckResult[] = [];
  private blocked: string | undefined;

  constructor(private readonly page: () => Page | undefined) {}

  get failed(): boolean {
    return this.results.some((r) => r.status === 'failed');
  }

  /** Marks every later check as not run, with the reason. */
  block(reason: string): void {
    this.blocked ??= reason;
  }

  async run(
    name: string,
    shotOnFail: string,
    body: (p: Page) => Promise<void>,
    opts: { fatal?: boolean } = {},
  ): Promise<boolean> {
    const tc = Date.now();
    const page = this.page();
    if (!page || this.blocked) {
      const why = this.blocked ?? 'the workbench did not load';
      this.results.push({ name, status: 'failed', detail: `not run: ${why}` });
      log(`  x ${name}: not run, ${why}`);
      return false;
    }
    try {
      await body(page);
      this.results.push({ name, status: 'passed' });
      log(`  ok ${name} (${secondsSince(tc)})`);
      return true;
    } catch (err) {
      const detail = (err instanceof Error ? err.message : String(err))
        .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '') // colour codes
        .split('\n')
        .slice(0, 24)
        .join('\n');
      const seen = await onShow(page);
      // The summary shows a failure's first line: what was on show goes there.
      const [first, ...rest] = detail.split('\n');
      this.results.push({ name, status: 'failed', detail: [`${first ?? ''} [${seen}]`, ...rest].join('\n') });
      const shot = await screenshot(page, shotOnFail);
      const where = shot ? `\n  screenshot: ${path.relative(REPO_ROOT, shot)}` : '';
      log(`  x ${name} (${secondsSince(tc)}):\n${indent(detail)}\n  ${seen}${where}`);
      if (opts.fatal) this.block(`"${name}" failed`);
      return false;
    }
  }
}

/** The workbench page of one host phase and its checks: a failed step ends the phase. */
export class HostPhase {
  page: Page | undefined;
  readonly checks = new Checks(() => this.page);

  constructor(
    private readonly browser: Browser,
    private readonly consoleLog: string[],
  ) {}

  /** A new page at `url`; `prepare` runs before it loads (a dialog handler, say). */
  async open(url: string, prepare?: (p: Page) => void): Promise<Page> {
    this.page = await newPage(this.browser, this.consoleLog, { width: 1600, height: 1000 });
    prepare?.(this.page);
    await this.page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    return this.page;
  }

  readonly step = (name: string, shot: string, body: (p: Page) => Promise<void>): Promise<boolean> =>
    this.checks.run(name, shot, body, { fatal: true });

  /** Records that the phase stopped outside any check (the workbench did not open, say). */
  stopped(label: string, err: unknown): void {
    const detail = err instanceof Error ? err.message : String(err);
    this.checks.results.push({ name: `${label}: workbench opens`, status: 'failed', detail });
    log(`  x ${label}: workbench opens: ${detail}`);
  }

  end(server: CodeServer, names: { logs: string; label: string }): Promise<void> {
    return endHostRun(server, names, this.checks.failed, this.consoleLog, this.page);
  }
}
