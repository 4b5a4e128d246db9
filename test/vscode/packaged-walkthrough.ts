/**
 * The package as a person installs it: the built extension packaged with vsce the way `npm run
 * package` does (from the files .vscodeignore lets in), installed with code-server's own CLI into an
 * empty extensions folder, and loaded in a clean host with no development path. It activates, its
 * walkthrough opens from "Welcome: Open Walkthrough...", and each step is marked done once the
 * command on its own button has run.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT, installVsix, startCodeServer } from '../../scripts/vscode-host/host';
import { localisedManifest } from '../support/manifest';
import { until } from './agent-tmux';
import { check } from './flow-support';
import { HostPhase, log, screenshot, secondsSince, type CheckResult } from './ui-support';
import { waitServerRunning } from './workbench';

const PACKAGED = [
  'package.json',
  'package.nls.json',
  'l10n',
  'README.md',
  'LICENSE',
  'CHANGELOG.md',
  '.vscodeignore',
  'dist',
  'media',
  'schema',
];

interface Walkthrough {
  title: string;
  steps: Array<{ id: string; title: string; description: string }>;
}

/**
 * The built repository packaged with vsce in a copy of its own (vsce reads .vscodeignore there);
 * `added` files (a translator's bundle: [its file, its path in the package]) go in beside.
 */
export function packageVsix(root: string, added: ReadonlyArray<readonly [string, string]> = []): string {
  const copy = path.join(root, 'package');
  for (const f of PACKAGED) fs.cpSync(path.join(REPO_ROOT, f), path.join(copy, f), { recursive: true });
  for (const [from, to] of added) fs.cpSync(from, path.join(copy, to));
  const vsix = path.join(root, 'agent-knock-knock.vsix');
  const vsce = path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
  const r = spawnSync(vsce, ['package', '--no-dependencies', '--out', vsix], { cwd: copy, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`vsce package failed: ${r.stderr || r.stdout}`);
  return vsix;
}

/** The step's button, in the walkthrough opened again from the palette (a command may have covered it). */
async function stepButton(p: Page, title: string, walkthrough: string): Promise<ReturnType<Page['locator']>> {
  const button = p.locator('button.getting-started-step', { hasText: title }).first();
  await p.keyboard.press('Escape');
  await new Promise((r) => setTimeout(r, 300));
  await p.keyboard.press('F1');
  await p.locator('.quick-input-widget input').fill('>Welcome: Open Walkthrough');
  await p
    .locator('.quick-input-list .monaco-list-row', { hasText: 'Open Walkthrough' })
    .first()
    .click({ timeout: 10_000 });
  await p.locator('.quick-input-list .monaco-list-row', { hasText: walkthrough }).first().click({ timeout: 10_000 });
  await button.waitFor({ state: 'visible', timeout: 20_000 });
  return button;
}

export async function runPackagedWalkthrough(browser: Browser, scratch: string): Promise<CheckResult[]> {
  const t = Date.now();
  const root = path.join(scratch, 'packaged');
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  // The titles as the workbench shows them, from package.nls.json.
  const manifest = localisedManifest() as { contributes: { walkthroughs: Walkthrough[] } };
  const walkthrough = manifest.contributes.walkthroughs[0];
  if (!walkthrough) throw new Error('package.json contributes no walkthrough');
  const vsix = packageVsix(root);
  const extensionsDir = path.join(root, 'extensions');
  await installVsix(vsix, extensionsDir, { scratchDir: path.join(root, 'vsix-scratch') });
  log(
    `packaged: ${path.basename(vsix)} (${Math.round(fs.statSync(vsix).size / 1024)} KiB) ` +
      `installed (${secondsSince(t)})`,
  );
  const consoleLog: string[] = [];
  const server = await startCodeServer({ folder: workspace, scratchDir: path.join(root, 'host'), extensionsDir });
  const phase = new HostPhase(browser, consoleLog);
  const { checks, step } = phase;
  try {
    await phase.open(server.workbenchUrl());

    await step('packaged: the .vsix installs into a clean host and its server runs', 'failure-packaged.png', (p) =>
      waitServerRunning(p, 'the installed extension to run its server', 60_000),
    );

    await step(
      `packaged: the walkthrough opens, and each of its ${walkthrough.steps.length} steps is done once its command ran`,
      'failure-walkthrough.png',
      async (p) => {
        // The step that starts an agent last: its terminal and panel cover the editor.
        const order = [...walkthrough.steps].sort((a, b) => Number(a.id === 'start') - Number(b.id === 'start'));
        for (const s of order) {
          const button = await stepButton(p, s.title, walkthrough.title);
          await button.click();
          const label = /\[([^\]]+)\]\(command:/.exec(s.description)?.[1];
          if (!label) throw new Error(`step ${s.id} has no command button`);
          await p.locator('.getting-started-step.expanded').getByRole('button', { name: label }).first().click();
          // What the command opened (a quick pick, a message) is closed as a person would.
          await new Promise((r) => setTimeout(r, 1000));
          await p.keyboard.press('Escape');
          await until(
            `step "${s.title}" to be marked done`,
            async () => {
              const shown = p.locator('button.getting-started-step', { hasText: s.title }).first();
              const b = (await shown.isVisible()) ? shown : await stepButton(p, s.title, walkthrough.title);
              return (await b.getAttribute('aria-checked')) === 'true' ? true : undefined;
            },
            30_000,
          );
          log(`    walkthrough step "${s.title}": done after "${label}"`);
        }
        await screenshot(p, '80-walkthrough-done.png');
        const done = await p.locator('button.getting-started-step[aria-checked="true"]').count();
        check(done === walkthrough.steps.length, `${done} of ${walkthrough.steps.length} steps are marked done`);
      },
    );
  } catch (err) {
    phase.stopped('packaged', err);
  } finally {
    await phase.end(server, { logs: 'packaged', label: 'packaged walkthrough' });
  }
  const results = checks.results;
  log(
    `packaged walkthrough: ${results.filter((r) => r.status === 'passed').length}/${results.length} ` +
      `passed (${secondsSince(t)})`,
  );
  return results;
}
