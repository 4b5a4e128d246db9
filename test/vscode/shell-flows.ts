/**
 * Every shell the README names beyond bash: the person's default terminal is zsh, then fish (each
 * with the rc file a person has), and VS Code's shell integration is on, as it is by default. In
 * each, the person types `claude`: the session is listed, the notification comes, a questionnaire is
 * answered from the panel and a Bash permission from its notification; then `codex`, whose command
 * is approved from its notification; then `gemini`, which draws below the shell's lines, its
 * command approved from its notification once its output has filled the terminal. Then a terminal
 * without shell integration: the agent typed there is listed as observe only with the reason and
 * the fix for that shell, and its question gets no input at all. The fake models' tool results and
 * the files on disk are the ground truth.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AskQuestion, ModelTurn } from '../../src/qualify/fake-model/types';
import { geminiFiles } from '../../src/agents/gemini/qualify/launch';
import { startFakeModel, type FakeModel } from '../../src/qualify/fake-model';
import { agentBinary } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { sleep, until } from './agent-tmux';
import { check, toolResultOf, type FlowContext } from './flow-support';
import { LONG_ANSWER, fillWithLongAnswer, geminiCommand } from './gemini-command';
import {
  TAB,
  answerFromPanel,
  killAgentsWithHome,
  newTerminal,
  personsAgents,
  sessionRow,
  showSessionsView,
  terminalTab,
  typeInTerminal,
  useShellProfile,
  type PersonsAgents,
} from './terminal-support';
import { screenshot } from './ui-support';
import {
  clearNotifications,
  findNotification,
  notificationButton,
  palette,
  waitPendingCount,
  waitServerRunning,
} from './workbench';

/** The shells driven here, with the start-up file a person has for each. */
const SHELLS = [
  { shell: 'zsh', rc: '.zshrc', text: '# the person’s zsh\nPROMPT="%n %1~ %# "\n' },
  { shell: 'fish', rc: '.config/fish/config.fish', text: '# the person’s fish\nset -g fish_greeting\n' },
] as const;

function question(shell: string): AskQuestion {
  return {
    question: `Which test runner should the ${shell} project use?`,
    header: 'Runner',
    multiSelect: false,
    options: [
      { label: 'Mocha', description: 'Plain and quick.' },
      { label: 'Vitest', description: 'Vite-native.' },
    ],
  };
}

const claudeTurns = (shell: string): ModelTurn[] => [
  { kind: 'ask', questions: [question(shell)] },
  { kind: 'text', text: 'Noted.' },
  { kind: 'bash', command: `touch ${shell}-approved.txt`, description: `Create ${shell}-approved.txt` },
  { kind: 'text', text: 'Created.' },
];

const codexTurns = (shell: string): ModelTurn[] => [
  {
    kind: 'codex-command',
    command: `touch ../${shell}-codex-approved.txt`,
    justification: 'Create a marker file next to the project?',
    escalated: true,
  },
  { kind: 'text', text: 'Done.' },
];

const geminiTurns = (shell: string): ModelTurn[] => [
  { kind: 'text', text: LONG_ANSWER },
  {
    kind: 'tool',
    name: 'run_shell_command',
    input: { command: `touch ${shell}-gemini-approved.txt`, description: 'Create a marker file' },
  },
  { kind: 'text', text: 'Created.' },
];

/** One shell's agents and fake models. */
interface ShellRun {
  shell: string;
  agents: PersonsAgents;
  model: FakeModel;
  codexModel: FakeModel;
  geminiModel: FakeModel;
  geminiHome: string;
}

/** The person's start-up file for the shell, in both agents' homes. */
function writeRcFiles(agents: PersonsAgents, s: (typeof SHELLS)[number]): void {
  for (const home of [agents.home, agents.codexHome]) {
    fs.mkdirSync(path.dirname(path.join(home, s.rc)), { recursive: true });
    fs.writeFileSync(path.join(home, s.rc), s.text);
  }
}

async function prepareShell(scratch: string, workspace: string, s: (typeof SHELLS)[number]): Promise<ShellRun> {
  const model = await startFakeModel({ name: `vscode-${s.shell}`, turns: claudeTurns(s.shell), fallbackText: 'Done.' });
  const codexModel = await startFakeModel({
    name: `vscode-${s.shell}-codex`,
    turns: codexTurns(s.shell),
    fallbackText: 'Done.',
  });
  const geminiModel = await startFakeModel({
    name: `vscode-${s.shell}-gemini`,
    turns: geminiTurns(s.shell),
    fallbackText: 'Done.',
  });
  const agents = await personsAgents(scratch, s.shell, workspace, codexModel);
  writeRcFiles(agents, s);
  // Gemini CLI's own home; its command on the same PATH as the others.
  const geminiHome = path.join(scratch, `${s.shell}-gemini-home`);
  geminiFiles(geminiHome, []);
  geminiCommand(agents.binDir, geminiHome, geminiModel, await agentBinary('gemini', NEWEST.gemini));
  return { shell: s.shell, agents, model, codexModel, geminiModel, geminiHome };
}

async function driveShell(ctx: FlowContext, run: ShellRun): Promise<void> {
  const { workspace, step } = ctx;
  const { shell, model, codexModel, geminiModel } = run;
  const settingsFile = path.join(workspace, '.vscode', 'settings.json');
  const q = question(shell);

  await step(
    `${shell}: the person types \`claude\` in a new ${shell} terminal; the session is listed`,
    `failure-${shell}-start.png`,
    async (p) => {
      useShellProfile(settingsFile, shell, run.agents, model);
      await sleep(1500); // the settings file is read again
      await clearNotifications(p);
      await newTerminal(p, shell);
      await typeInTerminal(p, TAB.shell(shell), 'claude');
      await sessionRow(p, `Claude Code ${NEWEST.claude}`, /idle/);
      await screenshot(p, `60-${shell}-session.png`);
      await palette(p, 'View: Close Primary Side Bar');
    },
  );

  await step(
    `${shell}: the notification comes; the questionnaire is answered from the panel`,
    `failure-${shell}-questionnaire.png`,
    async (p) => {
      await typeInTerminal(p, TAB.claude, 'Pick the test runner');
      await waitPendingCount(p, 1);
      const note = await findNotification(p, `Claude Code asks: Runner: ${q.question}`);
      await note.locator('.monaco-button', { hasText: 'Answer' }).click({ timeout: 10_000 });
      await answerFromPanel(p, q.question, 'Vitest');
      const r = await toolResultOf(model, 0);
      check(/="Vitest"/.test(r.content), `the fake model received: ${r.content}`);
      await waitPendingCount(p, 0);
    },
  );

  await step(
    `${shell}: a Bash permission is approved from its notification, and the command runs`,
    `failure-${shell}-permission.png`,
    async (p) => {
      await clearNotifications(p);
      await typeInTerminal(p, TAB.claude, `Create ${shell}-approved.txt`);
      await waitPendingCount(p, 1);
      const approve = await notificationButton(
        p,
        `Claude Code asks to run \`touch ${shell}-approved.txt\``,
        'Approve once',
      );
      await screenshot(p, `61-${shell}-permission.png`);
      await approve.click();
      const r = await toolResultOf(model, 2);
      check(!r.isError, `the approved command reported an error: ${r.content}`);
      check(fs.existsSync(path.join(workspace, `${shell}-approved.txt`)), `${shell}-approved.txt was not created`);
      await waitPendingCount(p, 0);
    },
  );

  await step(
    `${shell}: the person types \`codex\`; its command is approved from the notification and runs`,
    `failure-${shell}-codex.png`,
    async (p) => {
      await clearNotifications(p);
      await newTerminal(p, shell);
      await typeInTerminal(p, TAB.shell(shell), 'codex');
      await sessionRow(p, `Codex ${NEWEST.codex}`, /idle/);
      await palette(p, 'View: Close Primary Side Bar');
      await typeInTerminal(p, TAB.codex, 'make the file');
      await waitPendingCount(p, 1, 45_000);
      const file = `../${shell}-codex-approved.txt`;
      const approve = await notificationButton(p, `Codex asks to run \`touch ${file}\``, 'Approve once');
      await screenshot(p, `62-${shell}-codex-permission.png`);
      await approve.click();
      await toolResultOf(codexModel, 0);
      check(fs.existsSync(path.join(workspace, file)), 'the approved Codex command did not run');
      await waitPendingCount(p, 0);
    },
  );

  await step(
    `${shell}: the person types \`gemini\`; once its output fills the terminal, its command is approved from ` +
      'the notification and runs',
    `failure-${shell}-gemini.png`,
    async (p) => {
      const label = `Gemini CLI ${NEWEST.gemini}`;
      const file = `${shell}-gemini-approved.txt`;
      await clearNotifications(p);
      // The side bar is shown before the agent starts: showing it later would resize its terminal,
      // and Gemini CLI does not redraw its whole screen after a resize.
      await showSessionsView(p, p.locator('.part.sidebar .monaco-list-row', { hasText: `Codex ${NEWEST.codex}` }));
      const tab = await newTerminal(p, shell);
      await typeInTerminal(p, tab, 'gemini');
      await fillWithLongAnswer(p, label, geminiModel, (text) => typeInTerminal(p, tab, text));
      await typeInTerminal(p, tab, `Create ${file}`);
      await waitPendingCount(p, 1, 45_000);
      const approve = await notificationButton(p, `Gemini CLI asks to run \`touch ${file}\``, 'Approve once');
      await tab.click(); // its terminal in sight beside the notification
      await screenshot(p, `62b-${shell}-gemini-permission.png`);
      await approve.click();
      const r = await toolResultOf(geminiModel, 1);
      check(!r.isError, `the approved command reported an error: ${r.content}`);
      check(fs.existsSync(path.join(workspace, file)), `${file} was not created`);
      await waitPendingCount(p, 0);
    },
  );

  await step(`${shell}: its terminals are closed`, `failure-${shell}-close.png`, async (p) => {
    killAgentsWithHome(run.agents.home, run.agents.codexHome, run.geminiHome);
    await palette(p, 'Terminal: Kill All Terminals');
    await sleep(1500);
  });
}

/**
 * A terminal whose shell integration is off: the agent is listed as observe only, with the reason
 * and the fix for that shell, and its question waits in the terminal with nothing typed.
 */
async function withoutIntegration(ctx: FlowContext, run: ShellRun): Promise<void> {
  const { workspace, step } = ctx;
  const { shell } = run;
  const settingsFile = path.join(workspace, '.vscode', 'settings.json');
  const model = await startFakeModel({
    name: `vscode-${shell}-unintegrated`,
    turns: [{ kind: 'ask', questions: [question(shell)] }],
    fallbackText: 'Done.',
  });
  // A home of its own: the person's first Claude Code in this terminal.
  const agents = await personsAgents(path.dirname(run.agents.home), `${shell}-unintegrated`, workspace, run.codexModel);
  const rc = SHELLS.find((x) => x.shell === shell);
  if (rc) writeRcFiles(agents, rc);
  try {
    await step(
      `${shell} without shell integration: listed as observe only with the reason and the fix; nothing is typed`,
      `failure-${shell}-no-integration.png`,
      async (p) => {
        useShellProfile(settingsFile, shell, agents, model, false);
        await sleep(1500);
        await clearNotifications(p);
        await newTerminal(p, shell);
        await typeInTerminal(p, TAB.shell(shell), 'claude');
        const row = await sessionRow(p, `Claude Code ${NEWEST.claude}`, /observe only: no shell integration/);
        check(row.includes(shell), `the row does not name the shell: ${row}`);
        await screenshot(p, `63-${shell}-no-integration.png`);
        // Its screen unread, the row never says idle: the person gives the agent time to start.
        await sleep(8000);
        await typeInTerminal(p, TAB.claude, 'Pick the test runner');
        await until(
          'the agent to reach its question',
          () => Promise.resolve(model.issued.length > 0 ? true : undefined),
          45_000,
        ).catch(async (e: unknown) => {
          await terminalTab(p, TAB.claude).last().click();
          await screenshot(p, `failure-${shell}-no-integration-terminal.png`);
          throw e;
        });
        await sleep(6500); // longer than a response's whole window: a late key would show
        check(model.toolResults().length === 0, 'something answered the question in the terminal');
        await waitPendingCount(p, 0);
        await screenshot(p, `64-${shell}-no-integration-question.png`);
      },
    );
  } finally {
    killAgentsWithHome(agents.home);
    await model.stop();
  }
}

export async function shellFlows(ctx: FlowContext, scratch: string): Promise<void> {
  const runs: ShellRun[] = [];
  try {
    for (const s of SHELLS) runs.push(await prepareShell(scratch, ctx.workspace, s));
    await ctx.step('shells: every terminal of the earlier flows is closed', 'failure-shells-start.png', async (p) => {
      await waitServerRunning(p, 'the server to run', 60_000);
      await palette(p, 'Terminal: Kill All Terminals');
      await sleep(1500);
    });
    // AKK_VSCODE_SHELLS=none skips to the terminal without integration (while working on it).
    const driven = (process.env.AKK_VSCODE_SHELLS ?? 'zsh,fish').split(',');
    for (const run of runs) if (driven.includes(run.shell)) await driveShell(ctx, run);
    const fish = runs.find((r) => r.shell === 'fish');
    if (fish) await withoutIntegration(ctx, fish);
  } finally {
    for (const run of runs) {
      killAgentsWithHome(run.agents.home, run.agents.codexHome, run.geminiHome);
      await run.model.stop();
      await run.codexModel.stop();
      await run.geminiModel.stop();
    }
  }
}
