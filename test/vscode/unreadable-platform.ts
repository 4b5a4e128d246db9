/**
 * Phase 4 of `npm run test:vscode`: the extension on a system whose processes it cannot read
 * (native Windows, a locked-down container: neither /proc nor ps), forced on the VS Code host with
 * AKK_PROCESS_TABLE=none. The extension activates and its server runs; the Agent Sessions view says
 * what the machine lacks above its rows; the person types `claude` in a bash terminal and it is
 * listed by that name, version unknown, observe only with the reason; its permission prompt gets
 * no input (the fake model receives no tool result) and no step is counted; no error is shown.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { startCodeServer } from '../../scripts/vscode-host/host';
import { startFakeModel } from '../../src/qualify/fake-model';
import { sleep, until } from './agent-tmux';
import { check } from './flow-support';
import {
  TAB,
  killAgentsWithHome,
  newTerminal,
  personsAgents,
  sessionRow,
  showSessionsView,
  typeInTerminal,
  useShellProfile,
} from './terminal-support';
import { HostPhase, log, screenshot, secondsSince, type CheckResult } from './ui-support';
import { waitPendingCount, waitServerRunning } from './workbench';

export async function runUnreadablePlatform(
  browser: Browser,
  extPath: string,
  scratch: string,
): Promise<CheckResult[]> {
  const t = Date.now();
  const root = path.join(scratch, 'unreadable');
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  const settingsFile = path.join(workspace, '.vscode', 'settings.json');
  fs.writeFileSync(settingsFile, '{}\n');
  const model = await startFakeModel({
    name: 'vscode-unreadable',
    turns: [{ kind: 'bash', command: 'touch unreadable.txt', description: 'Create unreadable.txt' }],
    fallbackText: 'Done.',
  });
  const codexModel = await startFakeModel({ name: 'vscode-unreadable-codex', turns: [], fallbackText: 'Done.' });
  const agents = await personsAgents(root, 'unreadable', workspace, codexModel);
  useShellProfile(settingsFile, 'bash', agents, model);
  const consoleLog: string[] = [];
  const server = await startCodeServer({
    folder: workspace,
    smokeTestDriver: true,
    scratchDir: path.join(root, 'host'),
    env: { AKK_PROCESS_TABLE: 'none' },
  });
  log(`unreadable platform: code-server at ${server.url} (pid ${server.pid}), AKK_PROCESS_TABLE=none`);
  const phase = new HostPhase(browser, consoleLog);
  const { checks, step } = phase;
  try {
    await phase.open(server.workbenchUrl({ payload: [['extensionDevelopmentPath', server.remoteUri(extPath)]] }));

    await step(
      'unreadable processes: the extension activates, its server runs, the Agent Sessions view says what it cannot do',
      'failure-unreadable-notice.png',
      async (p) => {
        await waitServerRunning(p, 'the server to run', 60_000);
        const message = p.locator('.part.sidebar').getByText("AKK cannot read this system's processes").first();
        await showSessionsView(p, message);
        await message.waitFor({ state: 'visible', timeout: 20_000 });
        await screenshot(p, '70-unreadable-notice.png');
      },
    );

    await step(
      'unreadable processes: `claude` in a terminal is listed by name, observe only, with why; no input',
      'failure-unreadable-session.png',
      async (p) => {
        await newTerminal(p, 'bash');
        await typeInTerminal(p, TAB.shell('bash'), 'claude');
        const row = await sessionRow(p, 'Claude Code (unknown version)', /observe only: AKK cannot read/);
        check(/terminal/.test(row), `not listed as a terminal: ${row}`);
        await sleep(8000); // its screen unread, the row never says idle: the person gives it time to start
        await typeInTerminal(p, TAB.claude, 'Create unreadable.txt');
        await until('the agent to ask its permission', () =>
          Promise.resolve(model.issued.length > 0 ? true : undefined),
        );
        await sleep(6500); // longer than a response's whole window: a late key would show
        check(model.toolResults().length === 0, 'the permission was answered');
        check(!fs.existsSync(path.join(workspace, 'unreadable.txt')), 'the command ran');
        await waitPendingCount(p, 0);
        const errors = await p.locator('.notification-list-item.error, .notification-toast .codicon-error').count();
        check(errors === 0, `${errors} error notification(s) showed`);
        await screenshot(p, '71-unreadable-session.png');
      },
    );
  } catch (err) {
    phase.stopped('unreadable processes', err);
  } finally {
    killAgentsWithHome(agents.home, agents.codexHome);
    await phase.end(server, { logs: 'unreadable', label: 'unreadable platform' });
    await model.stop();
    await codexModel.stop();
  }
  const results = checks.results;
  log(
    `unreadable platform: ${results.filter((r) => r.status === 'passed').length}/${results.length} passed ` +
      `(${secondsSince(t)})`,
  );
  return results;
}
