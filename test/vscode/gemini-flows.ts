/**
 * Gemini CLI in the editor: "New Gemini CLI Session" starts it in tmux beside the question panel; a
 * shell command's notification "Approve once" runs it, and the next is approved from the palette;
 * the next through the language-model tools, as a chat agent calls them (the person confirms the
 * exact command in VS Code's own dialog first; a cancelled confirmation types nothing). An
 * `ask_user` question whose free-text row is out of sight is read and answered in the panel, and
 * the next question answered through the tools, its question and answer confirmed first; then a
 * question that takes several options, its checklist read and two boxes checked in the panel; and
 * after a window reload, the tmux session is listed again and its next command approved.
 * Typed into a plain bottom-panel terminal (bash with VS Code's shell integration, no tmux on its
 * path), it draws below the shell's lines and never redraws the whole screen: it is read once its
 * output has filled the terminal (a long answer first), then a command is approved from its
 * notification and the next from the palette, typed back into that terminal. Each
 * client has its own home (settings that point it at its fake model) and its own fake model, whose
 * tool results and the workspace's files are the ground truth.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { geminiFiles } from '../../src/agents/gemini/qualify/launch';
import { GEMINI_ASK } from '../../src/agents/gemini/qualify/question-scenarios';
import { startFakeModel } from '../../src/qualify/fake-model';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { agentBinary } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { AgentTmux, sleep, until } from './agent-tmux';
import { check, toolResultOf, type FlowContext } from './flow-support';
import { GEMINI_IDLE, LONG_ANSWER, fillWithLongAnswer, geminiCommand } from './gemini-command';
import {
  ancestry,
  answerFromPanel,
  killAgentsWithHome,
  paletteDecision,
  processesWithHome,
  showSessionsView,
  useShellProfile,
} from './terminal-support';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './ui-support';
import {
  clearNotifications,
  findNotification,
  notificationButton,
  option,
  palette,
  panelFrame,
  waitPendingCount,
  waitServerRunning,
} from './workbench';

/**
 * Types into the panel's terminal as a person does (a click gives it focus), then moves focus away so
 * that a palette's Escape cannot reach the agent.
 */
async function typeInPanelTerminal(p: Page, text: string): Promise<void> {
  await p.locator('.part.panel .xterm:visible').first().click();
  await until(
    'the panel terminal to have focus',
    () => p.evaluate(() => (document.activeElement?.closest('.part.panel .xterm') ?? undefined) && true),
    5_000,
  );
  await sleep(300);
  await p.keyboard.type(text, { delay: 20 });
  await sleep(400);
  await p.keyboard.press('Enter');
  await p.locator('.part.statusbar').click({ position: { x: 5, y: 5 } });
}

function shell(command: string): ModelTurn[] {
  return [
    { kind: 'tool', name: 'run_shell_command', input: { command, description: 'Create a marker file' } },
    { kind: 'text', text: 'Created.' },
  ];
}

export async function geminiFlows(ctx: FlowContext, scratch: string): Promise<void> {
  const { workspace, step } = ctx;
  const bin = await agentBinary('gemini', NEWEST.gemini);
  const label = `Gemini CLI ${NEWEST.gemini}`;
  const termModel = await startFakeModel({
    name: 'vscode-gemini-terminal',
    turns: [
      { kind: 'text', text: LONG_ANSWER },
      ...shell('touch gem-term-notified.txt'),
      ...shell('touch gem-term-palette.txt'),
    ],
    fallbackText: 'Done.',
  });
  const tmuxModel = await startFakeModel({
    name: 'vscode-gemini-tmux',
    turns: [
      ...shell('touch gem-notified.txt'),
      ...shell('touch gem-palette.txt'),
      ...shell('touch gem-tools.txt'),
      { kind: 'tool', name: 'ask_user', input: { questions: [GEMINI_ASK.database] } },
      { kind: 'text', text: 'Noted.' },
      { kind: 'tool', name: 'ask_user', input: { questions: [GEMINI_ASK.release] } },
      { kind: 'text', text: 'Holding the release.' },
      { kind: 'tool', name: 'ask_user', input: { questions: [GEMINI_ASK.checks] } },
      { kind: 'text', text: 'Checks noted.' },
      ...shell('touch gem-reloaded.txt'),
    ],
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
      "gemini: a chat agent's language-model tools approve the next command only once the person confirms it in " +
        "AKK's own dialog, with the chat's tool auto-approval on; cancelled, nothing is typed",
      'failure-gemini-tools.png',
      async (p) => {
        await clearNotifications(p);
        await session.prompt('Create gem-tools.txt', GEMINI_IDLE);
        await waitPendingCount(p, 1, 45_000);
        // Outside a chat VS Code asks the person in a dialog of its own, with what AKK shows: the exact command.
        const confirmation = async (): Promise<Locator> => {
          await palette(p, 'AKK Stub: Approve the Waiting Permission Through the Tools');
          const dialog = p.locator('.monaco-dialog-box');
          await dialog.waitFor({ state: 'visible', timeout: 15_000 });
          const shown = await dialog.innerText();
          check(shown.includes('Approve once this permission'), `the dialog asks otherwise: ${shown}`);
          // The command on a line of its own, exactly as drawn (the dialog shows plain text).
          const lines = shown.split('\n').map((l) => l.trim());
          check(lines.includes('touch gem-tools.txt'), `the dialog does not show the command alone: ${shown}`);
          return dialog;
        };
        const first = await confirmation();
        await first
          .locator('.monaco-button', { hasText: /^Cancel$/ })
          .first()
          .click();
        await findNotification(p, /Tools: not run/);
        await sleep(2000);
        check(!fs.existsSync(path.join(workspace, 'gem-tools.txt')), 'cancelled, and yet gem-tools.txt was created');
        await waitPendingCount(p, 1);
        // The chat's tools set to approve by themselves: VS Code may then skip its own dialog, and
        // AKK's still asks, with the caller, the decision and the command on a line of its own.
        const before = fs.readFileSync(settingsFile, 'utf8');
        const auto = { 'chat.tools.autoApprove': true, 'chat.tools.global.autoApprove': true };
        fs.writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(before), ...auto }, null, 2) + '\n');
        await sleep(1500); // the settings file is read again
        try {
          await palette(p, 'AKK Stub: Approve the Waiting Permission Through the Tools');
          const ours = p.locator('.monaco-dialog-box', {
            hasText: 'asks to approve once this permission of Gemini CLI',
          });
          const theirs = p.locator('.monaco-dialog-box', { hasText: 'Approve once this permission in the agent' });
          await until('a confirmation', async () => ((await ours.or(theirs).count()) > 0 ? true : undefined), 15_000);
          if ((await theirs.count()) > 0) {
            await screenshot(p, '82b-gemini-tools-confirmation.png');
            await theirs.locator('.monaco-button', { hasText: /^Yes$/ }).first().click();
          }
          await ours.waitFor({ state: 'visible', timeout: 15_000 });
          const shown = await ours.innerText();
          const lines = shown.split('\n').map((l) => l.trim());
          check(shown.includes('akk_decide_permission'), `AKK's dialog does not name the caller: ${shown}`);
          check(lines.includes('touch gem-tools.txt'), `AKK's dialog does not show the command alone: ${shown}`);
          await screenshot(p, '82c-gemini-tools-akk-confirmation.png');
          await sleep(1500);
          check(!fs.existsSync(path.join(workspace, 'gem-tools.txt')), 'typed before the person confirmed in AKK');
          await ours.locator('.monaco-button', { hasText: 'Allow: Approve Once' }).first().click();
        } finally {
          fs.writeFileSync(settingsFile, before);
        }
        const r = await toolResultOf(tmuxModel, 4);
        check(!r.isError, `the tool result is an error: ${r.content}`);
        check(fs.existsSync(path.join(workspace, 'gem-tools.txt')), 'gem-tools.txt was not created');
        await findNotification(p, /Tools: .*"outcome":"resolved"/); // what the tool returned to the chat agent
        await waitPendingCount(p, 0);
      },
    );

    await step(
      'gemini: an ask_user question longer than its dialog is read, then answered in the panel from its notification',
      'failure-gemini-question.png',
      async (p) => {
        const { database } = GEMINI_ASK;
        await clearNotifications(p);
        await session.prompt('Pick the database', GEMINI_IDLE);
        await waitPendingCount(p, 1, 45_000);
        const answer = await notificationButton(p, `Gemini CLI asks: ${database.question}`, 'Answer');
        await answer.click();
        // Its free-text row was out of sight: the panel lists it only because the rows were read.
        await option(panelFrame(p), 'Enter a custom value').waitFor({ timeout: 20_000 });
        await screenshot(p, '83-gemini-question.png');
        await answerFromPanel(p, database.question, 'Redis');
        const r = await toolResultOf(tmuxModel, 6);
        check(r.content === JSON.stringify({ answers: { 0: 'Redis' } }), `the answer at the model: ${r.content}`);
        await waitPendingCount(p, 0);
      },
    );

    await step(
      "gemini: a chat agent's language-model tools answer the next question once the person confirms the answer",
      'failure-gemini-tools-question.png',
      async (p) => {
        const { release } = GEMINI_ASK;
        await clearNotifications(p);
        await session.prompt('Ship it?', GEMINI_IDLE);
        await waitPendingCount(p, 1, 45_000);
        // The question panel shows it first: its coming up takes the focus.
        await panelFrame(p).locator('h2', { hasText: release.question }).waitFor({ timeout: 30_000 });
        await palette(p, 'AKK Stub: Answer the Waiting Question Through the Tools');
        const input = p.locator('.quick-input-widget input');
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        await input.fill('No');
        await p.keyboard.press('Enter');
        const dialog = p.locator('.monaco-dialog-box');
        await dialog.waitFor({ state: 'visible', timeout: 15_000 });
        // Plain text in VS Code's dialog: the question as drawn, then the answer, each on its own line.
        const lines = (await dialog.innerText()).split('\n').map((l) => l.trim());
        check(lines.includes(release.question), `the dialog does not show the question: ${lines.join(' | ')}`);
        check(lines.includes('Answer: No'), `the dialog does not show the answer: ${lines.join(' | ')}`);
        await screenshot(p, '83b-gemini-tools-question.png');
        await dialog.locator('.monaco-button', { hasText: /^Yes$/ }).first().click();
        const r = await toolResultOf(tmuxModel, 8);
        check(r.content === JSON.stringify({ answers: { 0: 'No' } }), `the answer at the model: ${r.content}`);
        await findNotification(p, /Tools: .*"outcome":"resolved"/);
        await waitPendingCount(p, 0);
      },
    );

    await step(
      'gemini: an ask_user question that takes several options is read, and two boxes checked in the panel',
      'failure-gemini-checklist.png',
      async (p) => {
        const { checks } = GEMINI_ASK;
        await clearNotifications(p);
        await session.prompt('Pick the checks', GEMINI_IDLE);
        await waitPendingCount(p, 1, 45_000);
        await (await notificationButton(p, `Gemini CLI asks: ${checks.question}`, 'Answer')).click();
        const f = panelFrame(p);
        await f.locator('h2', { hasText: checks.question }).waitFor({ timeout: 30_000 });
        for (const o of checks.options) await option(f, o.label).click();
        const boxes = await f.locator('[role="checkbox"][aria-checked="true"]').count();
        check(boxes === 2, `${boxes} boxes are checked, not two`);
        await screenshot(p, '83c-gemini-checklist.png');
        await f.locator('#submit').click();
        const r = await toolResultOf(tmuxModel, 10);
        const want = JSON.stringify({ answers: { 0: checks.options.map((o) => o.label).join(', ') } });
        check(r.content === want, `the answer at the model: ${r.content}`);
        await waitPendingCount(p, 0);
      },
    );

    await step(
      'gemini: after a window reload its tmux session is listed again; its next command approved from the notification',
      'failure-gemini-reload.png',
      async (p) => {
        await palette(p, 'Developer: Reload Window');
        await waitServerRunning(p, 'the server to run after the reload', 90_000);
        const row = p.locator('.part.sidebar .monaco-list-row', { hasText: label }).first();
        await showSessionsView(p, row);
        // Re-attached, it is read again from the screen the pane shows; a reload that resized the
        // pane leaves rows of Gemini CLI's old frame under its footer, unread until it draws again.
        await until(
          `the Agent Sessions view to list ${label} in tmux`,
          async () => (/tmux/.test(await row.innerText().catch(() => '')) ? true : undefined),
          45_000,
        );
        await screenshot(p, '83d-gemini-after-reload.png');
        await clearNotifications(p);
        await session.prompt('Create gem-reloaded.txt', GEMINI_IDLE);
        await waitPendingCount(p, 1, 45_000);
        await (await notificationButton(p, 'Gemini CLI asks to run `touch gem-reloaded.txt`', 'Approve once')).click();
        const r = await toolResultOf(tmuxModel, 12);
        check(!r.isError, `the tool result is an error: ${r.content}`);
        check(fs.existsSync(path.join(workspace, 'gem-reloaded.txt')), 'gem-reloaded.txt was not created');
        await waitPendingCount(p, 0);
      },
    );

    await step(
      'gemini: typed in a bottom-panel terminal; once its output fills it, a command approved from the notification',
      'failure-gemini-terminal.png',
      async (p) => {
        useShellProfile(settingsFile, 'bash', { home: termHome, codexHome: termHome, binDir: termBin }, termModel);
        await sleep(1500); // the settings file is read again
        await clearNotifications(p);
        // The side bar is shown before the agent starts: showing it later would resize the panel's
        // terminal, and Gemini CLI does not redraw its whole screen after a resize.
        await showSessionsView(p, p.locator('.part.sidebar .monaco-list-row', { hasText: label }).first());
        const before = await p.locator('.part.panel .xterm').count();
        await p.locator('.part.statusbar').click({ position: { x: 5, y: 5 } });
        await p.keyboard.press('Control+Shift+Backquote'); // Terminal: Create New Terminal, in the panel
        await until(
          'a new terminal in the panel',
          async () => ((await p.locator('.part.panel .xterm').count()) > before ? true : undefined),
          20_000,
        );
        await sleep(2000); // the shell and its integration start
        await typeInPanelTerminal(p, 'gemini');
        const pids = processesWithHome(termHome);
        check(pids.length > 0, 'no Gemini CLI process runs with the terminal profile’s HOME');
        for (const pid of pids) {
          const chain = ancestry(pid);
          check(!chain.some((n) => n.startsWith('tmux')), `tmux is on the agent's path: ${chain.join(' < ')}`);
        }
        // Drawn below the shell's lines, it is read once its output has filled the terminal: a long
        // answer first, as a conversation gives.
        await fillWithLongAnswer(p, label, termModel, (text) => typeInPanelTerminal(p, text));
        await typeInPanelTerminal(p, 'Create gem-term-notified.txt');
        await waitPendingCount(p, 1, 45_000);
        const approve = await notificationButton(
          p,
          'Gemini CLI asks to run `touch gem-term-notified.txt`',
          'Approve once',
        );
        await screenshot(p, '84-gemini-terminal.png');
        await approve.click();
        const r = await toolResultOf(termModel, 1);
        check(!r.isError, `the tool result is an error: ${r.content}`);
        check(fs.existsSync(path.join(workspace, 'gem-term-notified.txt')), 'gem-term-notified.txt was not created');
        await waitPendingCount(p, 0);
      },
    );

    await step(
      'gemini: in the same terminal, the next command approved from the palette',
      'failure-gemini-terminal-palette.png',
      async (p) => {
        await clearNotifications(p);
        await typeInPanelTerminal(p, 'Create gem-term-palette.txt');
        await waitPendingCount(p, 1, 45_000);
        await paletteDecision(p, 'Approve', 'touch gem-term-palette.txt', '85-gemini-terminal-palette.png');
        const r = await toolResultOf(termModel, 3);
        check(!r.isError, `the tool result is an error: ${r.content}`);
        check(fs.existsSync(path.join(workspace, 'gem-term-palette.txt')), 'gem-term-palette.txt was not created');
        await waitPendingCount(p, 0);
      },
    );
  } finally {
    session.killSync();
    killAgentsWithHome(termHome, tmuxHome);
    await termModel.stop();
    await tmuxModel.stop();
  }
}
