/**
 * Agents typed into a plain integrated terminal, with no tmux on their path: the person opens a
 * terminal (bash, with VS Code's shell integration) and types `claude`, later `codex`. The
 * extension notices the command, the server mirrors its output, and the person answers from the
 * workbench as with any other session: the count and the notification appear, a questionnaire is
 * answered in the panel, a Bash command approved and another rejected from the palette; a resize
 * in the middle of a questionnaire leads to a proven re-offer, and the fake model receives exactly
 * the answers given. The fake models' tool results are the ground truth.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AskQuestion } from '../../src/qualify/fake-model/types';
import { startFakeModel, type FakeModel } from '../../src/qualify/fake-model';
import { NEWEST } from '../../src/qualify/versions';
import { sleep, until } from './agent-tmux';
import { check, toolResultOf, type FlowContext } from './flow-support';
import {
  TAB,
  ancestry,
  answerFromPanel,
  killAgentsWithHome,
  newTerminal,
  paletteDecision,
  personsAgents,
  processesWithHome,
  sessionRow,
  showSessionsView,
  terminalTab,
  typeInTerminal,
  useShellProfile,
} from './terminal-support';
import { log, screenshot } from './ui-support';
import {
  clearNotifications,
  findNotification,
  palette,
  panelFrame,
  waitPendingCount,
  waitServerRunning,
} from './workbench';

const Q_EDITOR: AskQuestion = {
  question: 'Which editor font should the docs recommend?',
  header: 'Font',
  multiSelect: false,
  options: [
    { label: 'Fira Code', description: 'Ligatures.' },
    { label: 'JetBrains Mono', description: 'Tall lowercase.' },
  ],
};
const Q_THEME: AskQuestion = {
  question: 'Which theme should the screenshots use?',
  header: 'Theme',
  multiSelect: false,
  options: [
    { label: 'Light', description: 'For print.' },
    { label: 'Dark', description: 'For slides.' },
  ],
};

export async function terminalFlows(ctx: FlowContext, scratch: string): Promise<void> {
  const { workspace, step } = ctx;
  const model: FakeModel = await startFakeModel({
    name: 'vscode-terminal',
    turns: [
      { kind: 'ask', questions: [Q_EDITOR] },
      { kind: 'text', text: 'Noted.' },
      { kind: 'bash', command: 'touch term-approved.txt', description: 'Create term-approved.txt' },
      { kind: 'text', text: 'Created.' },
      { kind: 'bash', command: 'touch term-rejected.txt', description: 'Create term-rejected.txt' },
      { kind: 'ask', questions: [Q_THEME] },
      { kind: 'text', text: 'Dark it is.' },
    ],
    fallbackText: 'Done.',
  });
  const codexModel: FakeModel = await startFakeModel({
    name: 'vscode-terminal-codex',
    turns: [
      {
        kind: 'codex-command',
        command: 'touch ../term-codex-approved.txt',
        justification: 'Create a marker file next to the project?',
        escalated: true,
      },
      { kind: 'text', text: 'Done.' },
    ],
    fallbackText: 'Done.',
  });
  // The person's `claude` and `codex` on PATH, in a bash terminal profile whose environment points
  // them at the fake models.
  const agents = await personsAgents(scratch, 'terminal', workspace, codexModel);
  const { home, codexHome } = agents;
  const settingsFile = path.join(workspace, '.vscode', 'settings.json');
  useShellProfile(settingsFile, 'bash', agents, model);

  try {
    await step(
      'plain terminal: the person types `claude` in a new terminal; listed as a terminal, no tmux, the panel beside it',
      'failure-terminal-start.png',
      async (p) => {
        await waitServerRunning(p, 'the server to run', 60_000);
        await sleep(1500); // the settings file is read again
        await clearNotifications(p);
        await newTerminal(p, 'bash');
        await typeInTerminal(p, TAB.shell('bash'), 'claude');
        const row = await sessionRow(p, `Claude Code ${NEWEST.claude}`, /idle/);
        check(/terminal/.test(row), `the session is not shown as a terminal session: ${row}`);
        const pids = processesWithHome(home);
        check(pids.length > 0, 'no Claude Code process runs with the terminal profile’s HOME');
        for (const pid of pids) {
          const chain = ancestry(pid);
          check(!chain.some((n) => n.startsWith('tmux')), `tmux is on the agent's path: ${chain.join(' < ')}`);
        }
        await screenshot(p, '50-terminal-session.png');
        await palette(p, 'View: Close Primary Side Bar');
        // Detected, the session gets the question panel beside its terminal at once, as AKK's own do
        // (akk.questionPanel.besideDetectedSessions): opening it on the first question would resize
        // the terminal under it (which the resize step below checks on purpose).
        await panelFrame(p).locator('.empty', { hasText: 'No question is waiting.' }).waitFor({ timeout: 20_000 });
        await sleep(1500);
      },
    );

    await step(
      'plain terminal: the count and the notification appear; the first click is timed; answered in the panel',
      'failure-terminal-questionnaire.png',
      async (p) => {
        await typeInTerminal(p, TAB.claude, 'Pick the editor font');
        await waitPendingCount(p, 1);
        const note = await findNotification(p, `Claude Code asks: Font: ${Q_EDITOR.question}`);
        await screenshot(p, '51-terminal-notification.png');
        const clicked = Date.now();
        await note.locator('.monaco-button', { hasText: 'Answer' }).click({ timeout: 10_000 });
        await panelFrame(p).locator('h2', { hasText: Q_EDITOR.question }).waitFor({ timeout: 30_000 });
        const firstClickMs = Date.now() - clicked;
        log(`  plain terminal: first click-to-content ${firstClickMs} ms ("Answer" to the question in the panel)`);
        await answerFromPanel(p, Q_EDITOR.question, 'JetBrains Mono');
        const r = await toolResultOf(model, 0);
        check(/="JetBrains Mono"/.test(r.content), `the fake model received: ${r.content}`);
        await waitPendingCount(p, 0);
        await screenshot(p, '52-terminal-answered.png');
      },
    );

    await step(
      'plain terminal: a Bash command approved from the palette runs; another rejected does not',
      'failure-terminal-permissions.png',
      async (p) => {
        await clearNotifications(p);
        await typeInTerminal(p, TAB.claude, 'Create term-approved.txt');
        await waitPendingCount(p, 1);
        await paletteDecision(p, 'Approve', 'touch term-approved.txt', '53-terminal-approve.png');
        const r = await toolResultOf(model, 2);
        check(!r.isError, `the approved command reported an error: ${r.content}`);
        check(fs.existsSync(path.join(workspace, 'term-approved.txt')), 'term-approved.txt was not created');
        await waitPendingCount(p, 0);

        await typeInTerminal(p, TAB.claude, 'Create term-rejected.txt');
        await waitPendingCount(p, 1);
        await paletteDecision(p, 'Reject', 'touch term-rejected.txt', '54-terminal-reject.png');
        await waitPendingCount(p, 0);
        await sleep(1500);
        check(!fs.existsSync(path.join(workspace, 'term-rejected.txt')), 'the rejected command ran');
      },
    );

    await step(
      'plain terminal: a resize in the middle of a questionnaire sends nothing; the step is offered again and answered',
      'failure-terminal-resize.png',
      async (p) => {
        await clearNotifications(p);
        await typeInTerminal(p, TAB.claude, 'Pick the theme');
        await waitPendingCount(p, 1);
        const resultsBefore = model.toolResults().length;
        const size = p.viewportSize() ?? { width: 1600, height: 1000 };
        await p.setViewportSize({ width: size.width - 240, height: size.height - 160 });
        await sleep(2500);
        check(model.toolResults().length === resultsBefore, 'something was answered across the resize');
        await waitPendingCount(p, 1);
        await palette(p, 'Agent Knock Knock: Open Question Panel');
        await answerFromPanel(p, Q_THEME.question, 'Dark');
        const r = await toolResultOf(model, 5);
        check(/="Dark"/.test(r.content), `the fake model received: ${r.content}`);
        await waitPendingCount(p, 0);
        await screenshot(p, '55-terminal-after-resize.png');
        await p.setViewportSize(size);
      },
    );

    await step(
      'plain terminal: the person types `codex`; a command is approved from the palette and runs',
      'failure-terminal-codex.png',
      async (p) => {
        await clearNotifications(p);
        await newTerminal(p, 'bash');
        await typeInTerminal(p, TAB.shell('bash'), 'codex');
        await sessionRow(p, `Codex ${NEWEST.codex}`, /idle/);
        await palette(p, 'View: Close Primary Side Bar');
        await typeInTerminal(p, TAB.codex, 'make the file');
        await terminalTab(p, TAB.codex).first().click();
        await sleep(3000);
        await screenshot(p, '56-terminal-codex.png');
        await p.locator('.tab', { hasText: 'Agent Question' }).first().click();
        await waitPendingCount(p, 1, 45_000);
        await paletteDecision(p, 'Approve', 'touch ../term-codex-approved.txt', '57-terminal-codex-approve.png');
        await toolResultOf(codexModel, 0);
        check(
          fs.existsSync(path.join(workspace, '..', 'term-codex-approved.txt')),
          'the approved Codex command did not run',
        );
        await waitPendingCount(p, 0);
      },
    );

    await step(
      'launch setting "terminal": "New Claude Code Session" starts Claude Code in a plain terminal, not in tmux',
      'failure-terminal-launch.png',
      async (p) => {
        const before = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
        fs.writeFileSync(settingsFile, JSON.stringify({ ...before, 'akk.launch.in': 'terminal' }, null, 2) + '\n');
        await sleep(1500);
        const panes = await ctx.agent.tmux(['list-panes', '-a', '-F', '#{pane_id}']).catch(() => '');
        await palette(p, 'Agent Knock Knock: New Claude Code Session');
        await p
          .locator('.tab', { hasText: /Claude Code$/ })
          .first()
          .waitFor({ state: 'visible', timeout: 20_000 });
        const rows = p.locator('.part.sidebar .monaco-list-row', { hasText: `Claude Code ${NEWEST.claude}` });
        await showSessionsView(p, rows.first());
        await until(
          'two Claude Code terminal sessions',
          async () => {
            const texts = await rows.allInnerTexts();
            return texts.filter((t) => /terminal/.test(t) && /idle/.test(t)).length >= 2 ? true : undefined;
          },
          60_000,
        );
        const after = await ctx.agent.tmux(['list-panes', '-a', '-F', '#{pane_id}']).catch(() => '');
        check(after === panes, `a tmux pane was started: before ${panes.trim()}, after ${after.trim()}`);
        await screenshot(p, '57b-terminal-launch.png');
        fs.writeFileSync(settingsFile, JSON.stringify(before, null, 2) + '\n');
      },
    );

    await step(
      'plain terminal: after a window reload the running agents are listed as observe only, and why, and the ' +
        'person is told so once in words',
      'failure-terminal-reload.png',
      async (p) => {
        await palette(p, 'Developer: Reload Window');
        await waitServerRunning(p, 'the server to run after the reload', 90_000);
        const row = await sessionRow(p, `Claude Code ${NEWEST.claude}`, /observe only/);
        check(/terminal/.test(row), `the reloaded session is not listed as a terminal: ${row}`);
        // A revived terminal has no shell integration until its shell draws a prompt again: the
        // agent in it is one that was running before this window, not one in a shell without it.
        // Each revived terminal is listed when its own process is read: wait for both, not the first.
        const observed = p.locator('.part.sidebar .monaco-list-row', { hasText: 'observe only' });
        let rows: string[] = [];
        await until(
          'both running agents listed after the reload',
          async () => {
            rows = await observed.allInnerTexts();
            return rows.length >= 2 ? true : undefined;
          },
          30_000,
        ).catch(() => undefined);
        check(rows.length >= 2, `fewer running agents listed after the reload than were running: ${rows.join(' | ')}`);
        const wrong = rows.filter((r) => !/already running when this window loaded/.test(r));
        check(wrong.length === 0, `listed for another reason than running before the reload: ${wrong.join(' | ')}`);
        await findNotification(p, /already running when Agent Knock Knock started here/);
        await screenshot(p, '58-terminal-after-reload.png');
        check(processesWithHome(home).length > 0, 'Claude Code did not survive the reload in its terminal');
      },
    );
  } finally {
    killAgentsWithHome(home, codexHome);
    await model.stop();
    await codexModel.stop();
  }
}
