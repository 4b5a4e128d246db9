/**
 * Gemini CLI in the editor: "New Gemini CLI Session" starts it in tmux beside the question panel; a
 * shell command's notification "Approve once" runs it, and the next is approved from the palette.
 * Typed into a plain integrated terminal (bash with VS Code's shell integration, no tmux on its
 * path), it is listed observe only, saying why: it draws below the shell's lines and never redraws
 * the whole screen, so what it shows cannot be proven from its output, and nothing is typed. Each
 * client has its own home (settings that point it at its fake model) and its own fake model, whose
 * tool results and the workspace's files are the ground truth.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { geminiEnv, geminiFiles } from '../harness/agents/gemini/launch';
import { startFakeModel, type FakeModel } from '../harness/fake-model';
import type { ModelTurn } from '../harness/fake-model/types';
import { agentBinary } from '../harness/install-agents';
import { NEWEST } from '../harness/versions';
import { AgentTmux, sleep, until } from './agent-tmux';
import { check, toolResultOf, type FlowContext } from './flow-support';
import {
  ancestry,
  killAgentsWithHome,
  newTerminal,
  paletteDecision,
  processesWithHome,
  sessionRow,
  typeInTerminal,
  useShellProfile,
} from './terminal-support';
import { log, screenshot } from './ui-support';
import { clearNotifications, notificationButton, palette, waitPendingCount, waitServerRunning } from './workbench';

/** The composer once it is ready for a request. */
const GEMINI_IDLE = /Type your message or @path\/to\/file/;

function shell(command: string): ModelTurn[] {
  return [
    { kind: 'tool', name: 'run_shell_command', input: { command, description: 'Create a marker file' } },
    { kind: 'text', text: 'Created.' },
  ];
}

/**
 * A `gemini` on the person's PATH: the cached client with its home, its key and its fake model.
 * CI=true (set where the tests run) would make it take its terminal for a CI job and leave.
 */
function geminiCommand(binDir: string, home: string, model: FakeModel, bin: string): string {
  const env = Object.entries({ HOME: home, ...geminiEnv(model.url) })
    .map(([k, v]) => `${k}='${v}'`)
    .join(' ');
  const file = path.join(binDir, 'gemini');
  fs.writeFileSync(file, `#!/bin/sh\nexec env -u CI ${env} '${process.execPath}' '${bin}' "$@"\n`, { mode: 0o755 });
  return file;
}

export async function geminiFlows(ctx: FlowContext, scratch: string): Promise<void> {
  const { workspace, step } = ctx;
  const bin = await agentBinary('gemini', NEWEST.gemini);
  const label = `Gemini CLI ${NEWEST.gemini}`;
  const termModel = await startFakeModel({
    name: 'vscode-gemini-terminal',
    turns: [{ kind: 'text', text: 'Nothing to do.' }],
    fallbackText: 'Done.',
  });
  const tmuxModel = await startFakeModel({
    name: 'vscode-gemini-tmux',
    turns: [...shell('touch gem-notified.txt'), ...shell('touch gem-palette.txt')],
    fallbackText: 'Done.',
  });
  const termHome = path.join(scratch, 'gemini-terminal-home');
  const tmuxHome = path.join(scratch, 'gemini-tmux-home');
  const termBin = path.join(scratch, 'gemini-terminal-bin');
  const tmuxBin = path.join(scratch, 'gemini-tmux-bin');
  for (const dir of [termBin, tmuxBin]) fs.mkdirSync(dir, { recursive: true });
  geminiFiles(termHome, []);
  geminiFiles(tmuxHome, []);
  geminiCommand(termBin, termHome, termModel, bin);
  const sessionCommand = geminiCommand(tmuxBin, tmuxHome, tmuxModel, bin);
  const settingsFile = path.join(workspace, '.vscode', 'settings.json');
  const session = new AgentTmux(String(ctx.settings['akk.tmux.socket']), 'gemini');
  try {
    await step(
      'gemini: "New Gemini CLI Session" starts it in tmux; its command approved from the notification runs',
      'failure-gemini-session.png',
      async (p) => {
        const before = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
        const settings = { ...before, 'akk.gemini.command': sessionCommand, 'akk.gemini.args': [] };
        fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2) + '\n');
        await waitServerRunning(p, 'the server to run', 60_000);
        await sleep(1500); // the settings file is read again
        await clearNotifications(p);
        await palette(p, 'Agent Knock Knock: New Gemini CLI Session', '80-palette-new-gemini-session.png');
        await until(`a Gemini CLI pane on tmux -L ${session.socket}`, () => session.findPane(), 20_000);
        await p.locator('.tab', { hasText: 'Gemini CLI (AKK)' }).first().waitFor({ state: 'visible', timeout: 20_000 });
        await session.prompt('Create gem-notified.txt', GEMINI_IDLE);
        await waitPendingCount(p, 1, 45_000);
        const approve = await notificationButton(p, 'Gemini CLI asks to run `touch gem-notified.txt`', 'Approve once');
        await screenshot(p, '81-gemini-notification.png');
        await approve.click();
        const r = await toolResultOf(tmuxModel, 0);
        check(!r.isError, `the tool result is an error: ${r.content}`);
        check(fs.existsSync(path.join(workspace, 'gem-notified.txt')), 'gem-notified.txt was not created');
        await waitPendingCount(p, 0);
      },
    );

    await step('gemini: the next command approved from the palette runs', 'failure-gemini-palette.png', async (p) => {
      await clearNotifications(p);
      await session.prompt('Create gem-palette.txt', GEMINI_IDLE);
      await waitPendingCount(p, 1, 45_000);
      await paletteDecision(p, 'Approve', 'touch gem-palette.txt', '82-gemini-palette.png');
      const r = await toolResultOf(tmuxModel, 2);
      check(!r.isError, `the tool result is an error: ${r.content}`);
      check(fs.existsSync(path.join(workspace, 'gem-palette.txt')), 'gem-palette.txt was not created');
      await waitPendingCount(p, 0);
      await screenshot(p, '83-gemini-session.png');
    });

    await step(
      'gemini: typed in a plain terminal, observe only, saying why (it never draws its whole screen); nothing typed',
      'failure-gemini-terminal.png',
      async (p) => {
        useShellProfile(settingsFile, 'bash', { home: termHome, codexHome: termHome, binDir: termBin }, termModel);
        await sleep(1500); // the settings file is read again
        await clearNotifications(p);
        // The new terminal itself: the earlier flows left bash terminals of their own open.
        const terminal = await newTerminal(p, 'bash');
        await typeInTerminal(p, terminal, 'gemini');
        // Gemini CLI draws below the shell's lines and never erases the whole screen: what the rows
        // above it hold is not in its output, so its screen is never proven and nothing is typed.
        const row = await sessionRow(p, label, /observe only/);
        const pids = processesWithHome(termHome);
        check(pids.length > 0, 'no Gemini CLI process runs with the terminal profile’s HOME');
        for (const pid of pids) {
          const chain = ancestry(pid);
          check(!chain.some((n) => n.startsWith('tmux')), `tmux is on the agent's path: ${chain.join(' < ')}`);
        }
        await sleep(3000);
        await screenshot(p, '84-gemini-terminal.png');
        check(termModel.requests.filter((r) => !r.side).length === 0, 'the model was sent a prompt');
        await waitPendingCount(p, 0);
        log(`  gemini in a plain terminal: ${row.slice(0, 200)}`);
      },
    );
  } finally {
    session.killSync();
    killAgentsWithHome(termHome, tmuxHome);
    await termModel.stop();
    await tmuxModel.stop();
  }
}
