/**
 * An agent typed while AKK starts: the window opens, its first terminal is ready, and the moment the
 * extension is active the person types `claude` with its first request, as a rule before the
 * extension's server is up (the log says which). The command's start and its output from then on
 * reach the server once it runs, so the session is supervised from its first screen: its
 * permission raises the count and a notification, and is approved from the notification. What the
 * fake model received and the file on disk are the ground truth.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startCodeServer } from '../../scripts/vscode-host/host';
import { claudeEnv } from '../../src/agents/claude/qualify/launch';
import { startFakeModel } from '../../src/qualify/fake-model';
import { agentBinary } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { check, toolResultOf } from './flow-support';
import { until } from './agent-tmux';
import { killAgentsWithHome, personsAgents, sessionRow, useShellProfile } from './terminal-support';
import { HostPhase, log, screenshot, secondsSince, type CheckResult } from './ui-support';
import { notificationButton, waitPendingCount } from './workbench';

const FILE = 'early.txt';

/** Whether AKK's status-bar item says its server runs (the item is there once the extension activated). */
async function serverRunning(p: Page): Promise<boolean> {
  const label = await p
    .locator('.statusbar-item', { hasText: /AKK/ })
    .first()
    .getAttribute('aria-label', { timeout: 200 })
    .catch(() => null);
  return (label ?? '').includes('server running');
}

export async function runEarlyStart(browser: Browser, extPath: string, scratch: string): Promise<CheckResult[]> {
  const t = Date.now();
  const root = path.join(scratch, 'early-start');
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  const settingsFile = path.join(workspace, '.vscode', 'settings.json');
  fs.writeFileSync(settingsFile, '{}\n');
  const model = await startFakeModel({
    name: 'vscode-early-start',
    turns: [
      { kind: 'bash', command: `touch ${FILE}`, description: `Create ${FILE}` },
      { kind: 'text', text: 'Created.' },
    ],
    fallbackText: 'Done.',
  });
  const codexModel = await startFakeModel({ name: 'vscode-early-start-codex', turns: [], fallbackText: 'Done.' });
  const agents = await personsAgents(root, 'early', workspace, codexModel);
  useShellProfile(settingsFile, 'bash', agents, model);
  // The first terminal can open before the workspace's terminal profile is read: the person's
  // `claude`, typed by its path, brings its own environment (its home, its fake model).
  const claude = path.join(agents.binDir, 'claude-early');
  const env = Object.entries({ HOME: agents.home, TERM: 'xterm-256color', ...claudeEnv(model.url) })
    .map(([k, v]) => `${k}='${v}'`)
    .join(' ');
  fs.writeFileSync(claude, `#!/bin/sh\nexec env ${env} '${await agentBinary('claude', NEWEST.claude)}' "$@"\n`, {
    mode: 0o755,
  });
  const consoleLog: string[] = [];
  const server = await startCodeServer({
    folder: workspace,
    smokeTestDriver: true,
    scratchDir: path.join(root, 'host'),
  });
  log(`early start: code-server at ${server.url} (pid ${server.pid})`);
  const phase = new HostPhase(browser, consoleLog);
  const { checks, step } = phase;
  try {
    const opened = Date.now();
    await phase.open(server.workbenchUrl({ payload: [['extensionDevelopmentPath', server.remoteUri(extPath)]] }));
    await step(
      'early start: `claude` typed the moment the first terminal is ready after the window opens; its permission ' +
        'is counted, told and approved from the notification',
      'failure-early-start.png',
      async (p) => {
        // As a person at the keyboard: the workbench drawn, a new terminal, and the command typed
        // as soon as the terminal takes keys.
        await p.locator('.monaco-workbench .part.editor').waitFor({ state: 'visible', timeout: 60_000 });
        const focused = p.locator('.terminal-wrapper .xterm-helper-textarea:focus');
        // One terminal: the key that opens one is pressed again only when no terminal came of it
        // within 5 s (on a busy machine a terminal takes seconds to appear, and each press more opens
        // another, which takes the focus while the command is being typed); keys go once the
        // terminals have stayed as they are, one focused, for a second.
        let pressedAt = 0;
        let seen = { count: -1, since: 0 };
        await until(
          'a terminal that takes keys',
          async () => {
            const count = await p.locator('.terminal-wrapper').count();
            if (count === 0 && Date.now() - pressedAt > 5000) {
              pressedAt = Date.now();
              await p.keyboard.press('Control+Shift+Backquote');
            } else if (count > 0 && (await focused.count()) === 0) await p.locator('.terminal-wrapper').last().click();
            if (count !== seen.count) seen = { count, since: Date.now() };
            await new Promise((r) => setTimeout(r, 250));
            return (count > 0 && Date.now() - seen.since >= 1000 && (await focused.count()) > 0) || undefined;
          },
          30_000,
        );
        // From its activation on the extension sees every command start (it keeps a command that
        // starts before its server runs until the server is up); one typed before it activates is
        // an agent that was already running, told in words (terminal-flow.ts, after a reload).
        await until(
          "AKK's status-bar item (the extension active)",
          async () => ((await p.locator('.statusbar-item', { hasText: /AKK/ }).count()) > 0 ? true : undefined),
          60_000,
        );
        const running = await serverRunning(p);
        await p.keyboard.type(`${claude} "Create ${FILE}"`, { delay: 10 });
        await p.keyboard.press('Enter');
        log(
          `  early start: \`claude\` typed ${secondsSince(opened)} after the window opened, ` +
            (running ? "with AKK's server already running" : "before AKK's server ran"),
        );
        await waitPendingCount(p, 1, 60_000);
        const approve = await notificationButton(p, `Claude Code asks to run \`touch ${FILE}\``, 'Approve once');
        await screenshot(p, '65-early-start-permission.png');
        await approve.click();
        const r = await toolResultOf(model, 0);
        check(!r.isError, `the approved command reported an error: ${r.content}`);
        check(fs.existsSync(path.join(workspace, FILE)), `${FILE} was not created`);
        await waitPendingCount(p, 0);
        const row = await sessionRow(p, 'Claude Code', /./);
        check(!/observe only/.test(row), `the session is listed as observe only: ${row}`);
      },
    );
  } catch (err) {
    phase.stopped('early start', err);
  } finally {
    killAgentsWithHome(agents.home, agents.codexHome);
    await phase.end(server, { logs: 'early-start', label: 'early start' });
    await model.stop();
    await codexModel.stop();
  }
  const results = checks.results;
  log(
    `early start: ${results.filter((r) => r.status === 'passed').length}/${results.length} passed (${secondsSince(t)})`,
  );
  return results;
}
