// Phase 3 of `npm run test:vscode`: the product's main job in a real VS Code with a real Claude
// Code session. The newest Claude Code runs against the loopback fake model; the extension
// itself starts it (palette: "New Claude Code Session", with the workspace's akk.claude.*
// settings pointing at the cached client, a prepared HOME and the fake model). The person's part
// (typing a request in the agent's terminal) goes through tmux; every answer goes through the
// workbench: the notification, the status bar, the question panel (mouse, then keyboard only)
// and the palette's approvals. The fake model's tool results are the ground truth.
// Then the same for Codex ("New Codex Session", akk.codex.* settings, its own fake model): a
// request_user_input questionnaire answered in the panel, a choice and then notes.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { startCodeServer } from '../../scripts/vscode-host/host';
import { startFakeModel, type FakeModel } from '../harness/fake-model';
import type { AskQuestion, ModelTurn } from '../harness/fake-model/types';
import { agentBinary } from '../harness/install-agents';
import { claudeEnv, claudeFiles } from '../harness/agents/claude/launch';
import { codexEnv, codexFiles } from '../harness/agents/codex/launch';
import { Q_DATABASE, Q_FEATURES, Q_NAME } from '../harness/agents/claude/scenarios';
import {
  CODEX_ASTRA,
  CX_ASYNC_QUESTION,
  CX_DATABASE,
  CX_LANGUAGE,
  codexAsyncTurns,
} from '../harness/agents/codex/scenarios';
import { NEWEST } from '../harness/versions';
import { AgentTmux, sleep, until } from './agent-tmux';
import {
  Checks,
  consoleTail,
  indent,
  log,
  newPage,
  printFailureLogs,
  saveLogs,
  screenshot,
  secondsSince,
  type CheckResult,
} from './ui-support';

// The keyboard flow asks different questions: an exact prompt that was answered once is never offered again.
const Q_LICENSE: AskQuestion = {
  question: 'Which licence should the project use?',
  header: 'Licence',
  multiSelect: false,
  options: [
    { label: 'MIT', description: 'Short and permissive.' },
    { label: 'Apache-2.0', description: 'Permissive, with a patent grant.' },
    { label: 'GPL-3.0', description: 'Copyleft.' },
  ],
};
const Q_PLATFORMS: AskQuestion = {
  question: 'Which platforms should the build target?',
  header: 'Platforms',
  multiSelect: true,
  options: [
    { label: 'Linux', description: 'x64 and arm64.' },
    { label: 'macOS', description: 'Universal binary.' },
    { label: 'Windows', description: 'x64 installer.' },
  ],
};
const Q_CODENAME: AskQuestion = {
  question: 'What should the first release be called?',
  header: 'Codename',
  multiSelect: false,
  options: [
    { label: 'dawn', description: 'A beginning.' },
    { label: 'ember', description: 'Small but warm.' },
  ],
};
export const IMG_LABEL = '<img src=x onerror=alert(1)>';
export const SCRIPT_LABEL = '<script>alert(2)</script>';
const Q_MARKUP: AskQuestion = {
  question: 'Which <b>snippet</b> should the page keep?',
  header: '<i>Markup</i>',
  multiSelect: false,
  options: [
    { label: IMG_LABEL, description: 'An image tag with an error handler.' },
    { label: SCRIPT_LABEL, description: '<style>body{display:none}</style>' },
  ],
};

const Q_COLOUR: AskQuestion = {
  question: 'Which colour should the status badge use?',
  header: 'Colour',
  multiSelect: false,
  options: [
    { label: 'Green', description: 'Calm.' },
    { label: 'Blue', description: 'Neutral.' },
  ],
};

/** One scripted turn per request of the conversation; indexes are named below. */
const TURNS: ModelTurn[] = [
  { kind: 'ask', text: 'A few questions first.', questions: [Q_DATABASE, Q_FEATURES, Q_NAME] },
  { kind: 'text', text: 'Thanks, noted.' },
  { kind: 'bash', command: 'touch approved.txt', description: 'Create approved.txt' },
  { kind: 'text', text: 'Created approved.txt.' },
  { kind: 'bash', command: 'touch rejected.txt', description: 'Create rejected.txt' },
  { kind: 'ask', questions: [Q_LICENSE, Q_PLATFORMS, Q_CODENAME] },
  { kind: 'text', text: 'Thanks, noted.' },
  { kind: 'ask', questions: [Q_MARKUP] },
  { kind: 'text', text: 'Kept.' },
  { kind: 'ask', questions: [Q_COLOUR] },
  { kind: 'text', text: 'Blue it is.' },
];
const TURN = { mouse: 0, approve: 2, reject: 4, keyboard: 5, markup: 7, lapsed: 9 } as const;
const FREE_TEXT = 'northwind "alpha" & <beta>';

/**
 * Codex's conversation, on its own fake model: one request_user_input call with two questions,
 * then (for the next prompt) an async question asked while the turn keeps working.
 */
const CODEX_TURNS: ModelTurn[] = [
  { kind: 'codex-questions', questions: [CX_DATABASE, CX_LANGUAGE] },
  { kind: 'text', text: 'Thanks, noted.' },
  ...codexAsyncTurns(false),
];
/**
 * Codex takes requests for user input in Default mode only with this feature; --no-daemon keeps it
 * in its pane; an Astra model is offered the async question tool too.
 */
const CODEX_ARGS = ['--no-daemon', '--enable', 'default_mode_request_user_input', ...CODEX_ASTRA];
const CODEX_NOTES = 'Prefer a small static "binary" & <fast>';
const CODEX_ASYNC_TEXT = 'DuckDB, "embedded" & <fast>';
/** Codex is ready for a request: the composer and the status line with the model's name. */
const CODEX_IDLE = /›[\s\S]*GPT-6-Astra default ·/;

/** JSON with every object's keys sorted, so that two values compare by content alone. */
function sortedJson(v: unknown): string {
  const sort = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(sort)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.keys(x)
              .sort()
              .map((k) => [k, sort((x as Record<string, unknown>)[k])]),
          )
        : x;
  return JSON.stringify(sort(v));
}

function check(cond: boolean, message: string): void {
  if (!cond) throw new Error(message);
}

// ------------------------------------------------------------------------------- workbench helpers

function panelFrame(p: Page): FrameLocator {
  return p.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function option(frame: FrameLocator, label: string): Locator {
  return frame
    .locator('.option')
    .filter({ has: frame.locator('.label', { hasText: new RegExp(`^${escapeRe(label)}$`) }) });
}

async function statusText(p: Page): Promise<string> {
  return (await p.locator('.statusbar-item', { hasText: /AKK/ }).first().innerText({ timeout: 5000 })).trim();
}

async function waitPendingCount(p: Page, n: number, timeoutMs = 30_000): Promise<void> {
  let seen = '';
  await until(
    n === 0 ? 'the status bar to show no pending step' : `the status bar to count ${n} pending step(s)`,
    async () => {
      seen = await statusText(p);
      const m = /AKK\s*(\d+)?$/.exec(seen);
      const count = m?.[1] ? Number(m[1]) : 0;
      return count === n ? true : undefined;
    },
    timeoutMs,
  ).catch((e: unknown) => {
    throw new Error(`${e instanceof Error ? e.message : String(e)}; status bar shows "${seen}"`);
  });
}

/** The notification about the step: a toast, or (when toasts are held back) in the notification centre. */
async function findNotification(p: Page, text: string | RegExp): Promise<Locator> {
  const item = p
    .locator('.notification-list-item', { has: p.locator('.notification-list-item-message', { hasText: text }) })
    .last();
  const asToast = await item.waitFor({ state: 'visible', timeout: 8_000 }).then(
    () => true,
    () => false,
  );
  if (!asToast) {
    await p.locator('[id="status.notifications"]').click({ timeout: 10_000 });
    await item.waitFor({ state: 'visible', timeout: 15_000 });
  }
  return item;
}

/** Every message in the notification centre (opened for the purpose). */
async function notificationTexts(p: Page): Promise<string[]> {
  const centre = p.locator('.notifications-center');
  if (!(await centre.isVisible())) await p.locator('[id="status.notifications"]').click({ timeout: 5000 });
  return p.locator('.notifications-center .notification-list-item-message').allInnerTexts();
}

async function clearNotifications(p: Page): Promise<void> {
  await p.keyboard.press('Escape');
  // "Clear All Notifications" from the palette keeps later waits from matching an old message.
  await palette(p, 'Notifications: Clear All Notifications');
}

/** Runs a palette command by keyboard: F1, the title, Enter. Returns once the palette has closed or moved on. */
async function palette(p: Page, title: string, shot?: string): Promise<void> {
  await p.keyboard.press('Escape');
  await p.keyboard.press('F1');
  const input = p.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill(`>${title}`);
  const row = p.locator('.quick-input-list .monaco-list-row', { hasText: title.split(': ').pop() ?? title }).first();
  await row.waitFor({ state: 'visible', timeout: 15_000 });
  if (shot) await screenshot(p, shot);
  await p.keyboard.press('Enter');
  await until(
    `the palette to run "${title}"`,
    async () =>
      !(await input.isVisible()) || !(await input.inputValue().catch(() => '')).startsWith('>') ? true : undefined,
    15_000,
  );
}

async function toolResultOf(
  model: FakeModel,
  turn: number,
  timeoutMs = 30_000,
): Promise<{ id: string; content: string; isError: boolean }> {
  const id = await until(
    `the fake model to issue the tool use of turn ${turn}`,
    () => Promise.resolve(model.issued.find((t) => t.turnIndex === turn)?.id),
    timeoutMs,
  );
  return model.waitForToolResult(id, timeoutMs);
}

// ------------------------------------------------------------------------------- the phase

export async function runAgentFlows(browser: Browser, extPath: string, scratch: string): Promise<CheckResult[]> {
  const t = Date.now();
  const root = path.join(scratch, 'agent');
  const workspace = path.join(root, 'workspace');
  const home = path.join(root, 'claude-home');
  const codexHome = path.join(root, 'codex-home');
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'README.md'), '# Agent Knock Knock live test workspace\n');

  const tb = Date.now();
  const bin = await agentBinary('claude', NEWEST.claude);
  log(`agent flows: Claude Code ${NEWEST.claude} at ${bin} (${secondsSince(tb)})`);
  const tc = Date.now();
  const codexBin = await agentBinary('codex', NEWEST.codex);
  log(`agent flows: Codex ${NEWEST.codex} at ${codexBin} (${secondsSince(tc)})`);
  const model = await startFakeModel({ name: 'vscode-e2e', turns: TURNS, fallbackText: 'Done.' });
  const codexModel = await startFakeModel({ name: 'vscode-e2e-codex', turns: CODEX_TURNS, fallbackText: 'Done.' });
  const agent = new AgentTmux(`akk-vsc-${randomBytes(4).toString('hex')}`, 'claude');
  const codex = new AgentTmux(agent.socket, 'codex');
  const onExit = (): void => {
    codex.killSync();
    agent.killSync();
  };
  process.once('exit', onExit);
  claudeFiles(home, workspace, NEWEST.claude);
  codexFiles(path.join(codexHome, '.codex'), workspace, codexModel.url);
  const settings = {
    'akk.claude.command': bin,
    'akk.claude.args': [],
    'akk.claude.env': { HOME: home, TERM: 'xterm-256color', LANG: 'C.UTF-8', ...claudeEnv(model.url) },
    'akk.codex.command': codexBin,
    'akk.codex.args': CODEX_ARGS,
    'akk.codex.env': {
      HOME: codexHome,
      // Codex's launcher is a node script.
      PATH: `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      ...codexEnv(path.join(codexHome, '.codex')),
    },
    'akk.tmux.socket': agent.socket,
  };
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2) + '\n');

  const consoleLog: string[] = [];
  const dialogs: string[] = [];
  const server = await startCodeServer({
    folder: workspace,
    smokeTestDriver: true,
    scratchDir: path.join(root, 'host'),
  });
  log(
    `agent flows: code-server at ${server.url} (pid ${server.pid}), fake models at ${model.url} (Claude Code) and ${codexModel.url} (Codex), tmux -L ${agent.socket}`,
  );
  let page: Page | undefined;
  let paneSize = '';
  let clickToContentMs = -1;
  const agentPaneSize = async (): Promise<string> =>
    (await agent.tmux(['display-message', '-p', '-t', agent.pane ?? '', '#{pane_width}x#{pane_height}'])).trim();
  const checks = new Checks(() => page);
  const step = (name: string, shot: string, body: (p: Page) => Promise<void>): Promise<boolean> =>
    checks.run(name, shot, body, { fatal: true });
  try {
    page = await newPage(browser, consoleLog, { width: 1600, height: 1000 });
    page.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss().catch(() => undefined);
    });
    await page.goto(server.workbenchUrl({ payload: [['extensionDevelopmentPath', server.remoteUri(extPath)]] }), {
      waitUntil: 'domcontentloaded',
      timeout: 60_000,
    });

    await step(
      'agent: "New Claude Code Session" from the palette starts Claude Code in tmux and shows its terminal',
      'failure-agent-start.png',
      async (p) => {
        await p.locator('.statusbar-item', { hasText: /AKK/ }).first().waitFor({ state: 'visible', timeout: 60_000 });
        await until(
          'the server to run',
          async () =>
            (
              (await p.locator('.statusbar-item', { hasText: /AKK/ }).first().getAttribute('aria-label')) ?? ''
            ).includes('server running') || undefined,
          30_000,
        );
        await palette(p, 'Agent Knock Knock: New Claude Code Session', '10-palette-new-session.png');
        await until(`a pane on tmux -L ${agent.socket}`, () => agent.findPane(), 20_000);
        await p
          .locator('.tab', { hasText: 'Claude Code (AKK)' })
          .first()
          .waitFor({ state: 'visible', timeout: 20_000 });
        await until(
          "Claude Code's idle prompt",
          async () => (/❯/.test(await agent.capture()) ? true : undefined),
          30_000,
        );
        // The Agent Sessions view lists the session with its agent and exact version.
        await p
          .locator(
            '.activitybar .action-item a[aria-label^="Agent Knock Knock"], .activitybar .action-item[aria-label^="Agent Knock Knock"]',
          )
          .first()
          .click();
        await p
          .locator('.monaco-list-row', { hasText: `Claude Code ${NEWEST.claude}` })
          .first()
          .waitFor({ state: 'visible', timeout: 20_000 });
        await screenshot(p, '10b-sessions-tree.png');
        // The layout a person answers in is set up by the session's start: the agent's terminal beside
        // the (still empty) question panel, with nothing else to open.
        await palette(p, 'View: Close Primary Side Bar');
        await panelFrame(p).locator('.empty', { hasText: 'No question is waiting.' }).waitFor({ timeout: 20_000 });
        paneSize = await agentPaneSize();
        log(`agent flows: the agent's pane is ${paneSize}`);
        await screenshot(p, '11-agent-terminal.png');
      },
    );

    await step(
      'questionnaire: a notification and the status-bar count appear',
      'failure-questionnaire-arrives.png',
      async (p) => {
        await agent.prompt('Plan the release');
        await waitPendingCount(p, 1);
        const label = (await p.locator('.statusbar-item', { hasText: /AKK/ }).first().getAttribute('aria-label')) ?? '';
        check(label.includes('1 pending step'), `status-bar accessibility label: "${label}"`);
        await findNotification(p, `Claude Code asks: Database: ${Q_DATABASE.question}`);
        await screenshot(p, '12-questionnaire-notification.png');
      },
    );

    await step(
      'questionnaire: "Answer" opens the panel; single-select, multi-select, free text and review are clicked',
      'failure-panel-mouse.png',
      async (p) => {
        const note = await findNotification(p, `Claude Code asks: Database: ${Q_DATABASE.question}`);
        const answer = note.locator('.monaco-button', { hasText: 'Answer' });
        await answer.waitFor({ state: 'visible', timeout: 10_000 });
        const clicked = Date.now();
        await answer.click({ timeout: 10_000 });
        const f = panelFrame(p);
        await f.locator('h2', { hasText: Q_DATABASE.question }).waitFor({ timeout: 20_000 });
        clickToContentMs = Date.now() - clicked;
        log(
          `agent flows: click-to-content ${clickToContentMs} ms ("Answer" in the notification to the question shown in the panel)`,
        );
        await f.locator('.step', { hasText: 'Step 1 of 4 · Database' }).waitFor({ timeout: 20_000 });
        const sizeAfter = await agentPaneSize();
        check(
          sizeAfter === paneSize,
          `the agent's terminal was resized when the panel showed the question: ${paneSize} -> ${sizeAfter}`,
        );
        await option(f, 'PostgreSQL').click();
        check(
          (await option(f, 'PostgreSQL').getAttribute('aria-checked')) === 'true',
          'PostgreSQL is not checked after the click',
        );
        await screenshot(p, '13-panel-single-select.png');
        await f.locator('#submit').click();

        await f.locator('.step', { hasText: 'Step 2 of 4 · Features' }).waitFor({ timeout: 30_000 });
        await option(f, 'Authentication').click();
        await option(f, 'Export').click();
        check(
          (await f.locator('[role="checkbox"][aria-checked="true"]').count()) === 2,
          'two checkboxes should be checked',
        );
        await screenshot(p, '14-panel-multi-select.png');
        await f.locator('#submit').click();

        await f.locator('.step', { hasText: 'Step 3 of 4 · Name' }).waitFor({ timeout: 30_000 });
        await option(f, 'Type something.').click();
        await f.locator('#submit').click();
        const input = f.locator('#free-text');
        await input.waitFor({ timeout: 30_000 });
        await input.fill(FREE_TEXT);
        const count = (await f.locator('#count').innerText()).trim();
        check(count === `${FREE_TEXT.length} / 799`, `the character count shows "${count}"`);
        await screenshot(p, '15-panel-free-text.png');
        await f.locator('#submit').click();

        await f
          .locator('h2', { hasText: /Review your answers|Submit/ })
          .or(f.locator('.option', { hasText: 'Submit answers' }))
          .first()
          .waitFor({ timeout: 30_000 });
        await option(f, 'Submit answers').click();
        await screenshot(p, '16-panel-review.png');
        await f.locator('#submit').click();
      },
    );

    await step(
      'questionnaire: the fake model receives exactly the clicked answers, and the count returns to zero',
      'failure-mouse-result.png',
      async (p) => {
        const r = await toolResultOf(model, TURN.mouse);
        check(!r.isError, `the tool result is an error: ${r.content}`);
        for (const want of [
          `"${Q_DATABASE.question}"="PostgreSQL"`,
          `"${Q_FEATURES.question}"="Authentication, Export"`,
        ]) {
          check(r.content.includes(want), `tool result lacks ${want}: ${r.content}`);
        }
        check(
          /"What should the project be called\?"="northwind \\?"alpha\\?" & <beta>"/.test(r.content),
          `tool result lacks the free text: ${r.content}`,
        );
        await waitPendingCount(p, 0);
        await panelFrame(p).locator('.empty', { hasText: 'No question is waiting.' }).waitFor({ timeout: 20_000 });
        await screenshot(p, '17-answered-count-zero.png');
      },
    );

    await step(
      'permission: "Approve Pending Permission" shows the exact command, approves it, and the command runs',
      'failure-approve.png',
      async (p) => {
        await clearNotifications(p);
        await agent.prompt('Create approved.txt');
        await waitPendingCount(p, 1);
        await screenshot(p, '18-permission-status-bar.png');
        await palette(p, 'Agent Knock Knock: Approve Pending Permission');
        const widget = p.locator('.quick-input-widget');
        await widget.locator('.quick-input-title', { hasText: 'Approve: Claude Code' }).waitFor({ timeout: 15_000 });
        const rows = widget.locator('.quick-input-list .monaco-list-row');
        await rows.first().waitFor();
        const text = await widget.innerText();
        check(text.includes('touch approved.txt'), `the confirmation does not show the command: ${text}`);
        check(/Approve once/.test(text) && /Cancel/.test(text), `the confirmation lacks its choices: ${text}`);
        await screenshot(p, '19-palette-approve.png');
        await p.keyboard.press('Enter');
        await widget.waitFor({ state: 'hidden', timeout: 15_000 });
        const r = await toolResultOf(model, TURN.approve);
        check(!r.isError, `the approved command reported an error: ${r.content}`);
        check(fs.existsSync(path.join(workspace, 'approved.txt')), 'approved.txt was not created');
        await waitPendingCount(p, 0);
      },
    );

    await step(
      'permission: "Reject Pending Permission" rejects it, and the command does not run',
      'failure-reject.png',
      async (p) => {
        await agent.prompt('Create rejected.txt');
        await waitPendingCount(p, 1);
        await palette(p, 'Agent Knock Knock: Reject Pending Permission');
        const widget = p.locator('.quick-input-widget');
        await widget.locator('.quick-input-title', { hasText: 'Reject: Claude Code' }).waitFor({ timeout: 15_000 });
        check((await widget.innerText()).includes('touch rejected.txt'), 'the confirmation does not show the command');
        await screenshot(p, '20-palette-reject.png');
        await p.keyboard.press('Enter');
        await widget.waitFor({ state: 'hidden', timeout: 15_000 });
        await waitPendingCount(p, 0);
        await sleep(1500);
        check(
          !fs.existsSync(path.join(workspace, 'rejected.txt')),
          'rejected.txt was created: the rejected command ran',
        );
        const id = model.issued.find((x) => x.turnIndex === TURN.reject)?.id;
        const result = model.toolResults().find((x) => x.id === id);
        check(!result || result.isError, `the rejected command reported a successful result: ${result?.content ?? ''}`);
      },
    );

    await step(
      'keyboard only: palette opens the panel; digits, Space, typing and Enter answer every step',
      'failure-keyboard.png',
      async (p) => {
        await clearNotifications(p);
        await agent.prompt('Pick the licence and platforms');
        await waitPendingCount(p, 1);
        await palette(p, 'Agent Knock Knock: Open Question Panel');
        const f = panelFrame(p);
        await f.locator('.step', { hasText: 'Step 1 of 4 · Licence' }).waitFor({ timeout: 20_000 });
        await until(
          'the panel to take keyboard focus',
          async () => ((await f.locator('.option:focus').count()) > 0 ? true : undefined),
          10_000,
        );
        await p.keyboard.press('2');
        check(
          (await option(f, 'Apache-2.0').getAttribute('aria-checked')) === 'true',
          'key 2 did not choose Apache-2.0',
        );
        await screenshot(p, '21-keyboard-single-select.png');
        await p.keyboard.press('Enter');

        await f.locator('.step', { hasText: 'Step 2 of 4 · Platforms' }).waitFor({ timeout: 30_000 });
        await until(
          'the next step to take focus',
          async () => ((await f.locator('.option:focus').count()) > 0 ? true : undefined),
          10_000,
        );
        await p.keyboard.press('1');
        await p.keyboard.press('ArrowDown');
        await p.keyboard.press('ArrowDown');
        await p.keyboard.press('Space');
        const checked = await f.locator('[role="checkbox"][aria-checked="true"] .label').allInnerTexts();
        check(checked.join(',') === 'Linux,Windows', `checked by keys: ${checked.join(',')}`);
        await screenshot(p, '22-keyboard-multi-select.png');
        await p.keyboard.press('Enter');

        await f.locator('.step', { hasText: 'Step 3 of 4 · Codename' }).waitFor({ timeout: 30_000 });
        await until(
          'the next step to take focus',
          async () => ((await f.locator('.option:focus').count()) > 0 ? true : undefined),
          10_000,
        );
        const labels = await f.locator('.option .label').allInnerTexts();
        const typeIndex = labels.indexOf('Type something.');
        check(typeIndex >= 0, `no "Type something." row: ${labels.join(' | ')}`);
        await p.keyboard.press(String(typeIndex + 1));
        await p.keyboard.press('Enter');
        const input = f.locator('#free-text');
        await input.waitFor({ timeout: 30_000 });
        await until(
          'the text field to take focus',
          async () => ((await f.locator('#free-text:focus').count()) > 0 ? true : undefined),
          10_000,
        );
        await p.keyboard.type('solstice');
        await screenshot(p, '23-keyboard-free-text.png');
        await p.keyboard.press('Enter');

        await f.locator('.option', { hasText: 'Submit answers' }).waitFor({ timeout: 30_000 });
        await until(
          'the review to take focus',
          async () => ((await f.locator('.option:focus').count()) > 0 ? true : undefined),
          10_000,
        );
        await p.keyboard.press('1');
        await screenshot(p, '24-keyboard-review.png');
        await p.keyboard.press('Enter');

        const r = await toolResultOf(model, TURN.keyboard);
        for (const want of [
          `"${Q_LICENSE.question}"="Apache-2.0"`,
          `"${Q_PLATFORMS.question}"="Linux, Windows"`,
          `"${Q_CODENAME.question}"="solstice"`,
        ]) {
          check(r.content.includes(want), `tool result lacks ${want}: ${r.content}`);
        }
        await waitPendingCount(p, 0);
      },
    );

    await step(
      'markup: labels with markup and script text are shown literally and run nothing',
      'failure-markup.png',
      async (p) => {
        await clearNotifications(p);
        await agent.prompt('Which snippet?');
        await waitPendingCount(p, 1);
        await palette(p, 'Agent Knock Knock: Open Question Panel');
        const f = panelFrame(p);
        await f.locator('h2', { hasText: Q_MARKUP.question }).waitFor({ timeout: 20_000 });
        const labels = await f.locator('.option .label').allTextContents();
        check(
          labels.includes(IMG_LABEL) && labels.includes(SCRIPT_LABEL),
          `labels are not shown literally: ${JSON.stringify(labels)}`,
        );
        const descriptions = await f.locator('.option .description').allTextContents();
        check(
          descriptions.includes('<style>body{display:none}</style>'),
          `description not literal: ${JSON.stringify(descriptions)}`,
        );
        check(
          (await f.locator('#root img, #root script, #root style, #root b, #root i').count()) === 0,
          'markup from the screen became elements',
        );
        await screenshot(p, '25-markup-literal.png');
        await option(f, IMG_LABEL).click();
        await f.locator('#submit').click();
        const r = await toolResultOf(model, TURN.markup);
        check(r.content.includes(`"${Q_MARKUP.question}"="${IMG_LABEL}"`), `tool result: ${r.content}`);
        check(dialogs.length === 0, `a dialog opened: ${dialogs.join('; ')}`);
        await waitPendingCount(p, 0);
      },
    );

    await step(
      'codex: "New Codex Session" from the palette starts Codex in tmux and shows its terminal',
      'failure-codex-start.png',
      async (p) => {
        await clearNotifications(p);
        await palette(p, 'Agent Knock Knock: New Codex Session', '30-palette-new-codex-session.png');
        await until(`a Codex pane on tmux -L ${codex.socket}`, () => codex.findPane(), 20_000);
        await p.locator('.tab', { hasText: 'Codex (AKK)' }).first().waitFor({ state: 'visible', timeout: 20_000 });
        await until(
          "Codex's idle prompt",
          async () => (CODEX_IDLE.test(await codex.capture()) ? true : undefined),
          30_000,
        ).catch(async (e: unknown) => {
          throw new Error(
            `${e instanceof Error ? e.message : String(e)}; screen:\n${await codex.capture().catch(() => '?')}`,
          );
        });
        await screenshot(p, '31-codex-terminal.png');
      },
    );

    await step(
      'codex questionnaire: a notification and the status-bar count appear',
      'failure-codex-arrives.png',
      async (p) => {
        await codex.prompt('Plan the service', CODEX_IDLE);
        await waitPendingCount(p, 1);
        // Codex's screen shows no question header, so the notification names the question alone.
        await findNotification(p, `Codex asks: ${CX_DATABASE.question}`);
        await screenshot(p, '32-codex-notification.png');
      },
    );

    await step(
      'codex questionnaire: a choice, then "Type something." and notes are answered in the panel',
      'failure-codex-panel.png',
      async (p) => {
        await palette(p, 'Agent Knock Knock: Open Question Panel');
        const f = panelFrame(p);
        await f.locator('.step', { hasText: 'Step 1 of 2' }).waitFor({ timeout: 20_000 });
        await f.locator('h2', { hasText: CX_DATABASE.question }).waitFor();
        const labels = await f.locator('.option .label').allInnerTexts();
        check(
          labels.join(' | ') === 'SQLite (Recommended) | PostgreSQL | None of the above | Type something.',
          `the first question's options: ${labels.join(' | ')}`,
        );
        await option(f, 'PostgreSQL').click();
        check(
          (await option(f, 'PostgreSQL').getAttribute('aria-checked')) === 'true',
          'PostgreSQL is not checked after the click',
        );
        await screenshot(p, '33-codex-panel-choice.png');
        await f.locator('#submit').click();

        await f.locator('.step', { hasText: 'Step 2 of 2' }).waitFor({ timeout: 30_000 });
        await f.locator('h2', { hasText: CX_LANGUAGE.question }).waitFor();
        await option(f, 'Type something.').click();
        check(
          (await option(f, 'Type something.').getAttribute('aria-checked')) === 'true',
          '"Type something." is not checked after the click',
        );
        await screenshot(p, '34-codex-panel-type-something.png');
        await f.locator('#submit').click();

        const input = f.locator('#free-text');
        await input.waitFor({ timeout: 30_000 });
        await f.locator('h2', { hasText: CX_LANGUAGE.question }).waitFor();
        await input.fill(CODEX_NOTES);
        await screenshot(p, '35-codex-panel-notes.png');
        await f.locator('#submit').click();
      },
    );

    await step(
      "codex questionnaire: the fake model receives exactly Codex's answers, and the count returns to zero",
      'failure-codex-result.png',
      async (p) => {
        const id = await until(
          'the fake model to issue request_user_input',
          () => Promise.resolve(codexModel.issued[0]?.id),
          30_000,
        );
        const r = await codexModel.waitForToolResult(id, 30_000);
        let got: unknown;
        try {
          got = JSON.parse(r.content);
        } catch {
          throw new Error(`the tool result is not JSON: ${r.content}`);
        }
        const want = {
          answers: {
            [CX_DATABASE.id]: { answers: ['PostgreSQL'] },
            [CX_LANGUAGE.id]: { answers: ['None of the above', `user_note: ${CODEX_NOTES}`] },
          },
        };
        check(
          sortedJson(got) === sortedJson(want),
          `the answers at the fake model: ${r.content}; expected ${JSON.stringify(want)}`,
        );
        await waitPendingCount(p, 0);
        await panelFrame(p).locator('.empty', { hasText: 'No question is waiting.' }).waitFor({ timeout: 20_000 });
        await screenshot(p, '36-codex-answered-count-zero.png');
      },
    );

    await step(
      'codex async question: offered while Codex keeps working, opened and answered through Other in the panel',
      'failure-codex-async.png',
      async (p) => {
        await clearNotifications(p);
        await codex.prompt('Set up the service', CODEX_IDLE);
        await waitPendingCount(p, 1);
        await findNotification(p, 'Codex asks: A question while it keeps working');
        await screenshot(p, '37-codex-async-notification.png');
        await palette(p, 'Agent Knock Knock: Open Question Panel');
        const f = panelFrame(p);
        await option(f, 'Open the question').click();
        await screenshot(p, '38-codex-async-collapsed-panel.png');
        await f.locator('#submit').click();
        await f.locator('h2', { hasText: CX_ASYNC_QUESTION }).waitFor({ timeout: 30_000 });
        const labels = await f.locator('.option .label').allInnerTexts();
        check(
          labels.join(' | ') === 'SQLite | PostgreSQL | Other',
          `the async question's options: ${labels.join(' | ')}`,
        );
        await option(f, 'Other').click();
        await screenshot(p, '39-codex-async-question-panel.png');
        await f.locator('#submit').click();
        const input = f.locator('#free-text');
        await input.waitFor({ timeout: 30_000 });
        await input.fill(CODEX_ASYNC_TEXT);
        await screenshot(p, '40-codex-async-other-panel.png');
        await f.locator('#submit').click();
      },
    );

    await step(
      'codex async question: the running turn receives exactly the typed answer, and the count returns to zero',
      'failure-codex-async-result.png',
      async (p) => {
        const reply = await codexModel.waitForUserMessage(
          (t) => t.includes('<send_user_message_question_reply>'),
          30_000,
        );
        const body =
          /<send_user_message_question_reply>\n([\s\S]*)\n<\/send_user_message_question_reply>/.exec(reply)?.[1] ?? '';
        let got: unknown;
        try {
          got = (JSON.parse(body) as Array<{ answer: string; question: string }>).map((x) => ({
            answer: x.answer,
            question: x.question,
          }));
        } catch {
          throw new Error(`the async reply is not the expected JSON: ${reply}`);
        }
        const want = [{ answer: CODEX_ASYNC_TEXT, question: CX_ASYNC_QUESTION }];
        check(
          sortedJson(got) === sortedJson(want),
          `the async reply at the fake model: ${body}; expected ${JSON.stringify(want)}`,
        );
        codexModel.releaseAll();
        await waitPendingCount(p, 0);
        await screenshot(p, '41-codex-async-answered.png');
      },
    );

    await step(
      'lapsed offer: a step shown for longer than its offer lifetime is said to have lapsed, offered again, and answered',
      'failure-lapsed.png',
      async (p) => {
        // A short offer lifetime, taken by the server when it restarts.
        fs.writeFileSync(
          path.join(workspace, '.vscode', 'settings.json'),
          JSON.stringify({ ...settings, 'akk.offerLifetimeSeconds': 5 }, null, 2) + '\n',
        );
        await sleep(1500);
        await palette(p, 'Agent Knock Knock: Restart Server');
        await until(
          'the server to run again',
          async () =>
            (
              (await p.locator('.statusbar-item', { hasText: /AKK/ }).first().getAttribute('aria-label')) ?? ''
            ).includes('server running') || undefined,
          30_000,
        );
        await clearNotifications(p);
        await agent.prompt('Pick a badge colour');
        await waitPendingCount(p, 1);
        await palette(p, 'Agent Knock Knock: Open Question Panel');
        const f = panelFrame(p);
        await f.locator('h2', { hasText: Q_COLOUR.question }).waitFor({ timeout: 20_000 });
        await sleep(6_500);
        await option(f, 'Blue').click();
        await f.locator('#submit').click();
        await f.locator('.banner-lapsed', { hasText: 'still waiting' }).waitFor({ timeout: 15_000 });
        check(
          !model.issued.some((t) => t.turnIndex === TURN.lapsed && model.toolResults().some((r) => r.id === t.id)),
          'a lapsed offer typed an answer',
        );
        await screenshot(p, '26-offer-lapsed.png');
        await option(f, 'Blue').click();
        await f.locator('#submit').click();
        const r = await toolResultOf(model, TURN.lapsed);
        check(r.content.includes(`"${Q_COLOUR.question}"="Blue"`), `tool result: ${r.content}`);
        await waitPendingCount(p, 0);
      },
    );
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    checks.results.push({ name: 'agent flows: workbench opens', status: 'failed', detail });
    log(`  x agent flows: workbench opens: ${detail}`);
  } finally {
    if (checks.failed) {
      const screen = agent.pane ? await agent.capture().catch(() => '') : '';
      if (screen) log(`agent flows: the agent's screen at the end:\n${indent(screen.trimEnd())}`);
      const codexScreen = codex.pane ? await codex.capture().catch(() => '') : '';
      if (codexScreen) log(`agent flows: Codex's screen at the end:\n${indent(codexScreen.trimEnd())}`);
      log(
        `agent flows: fake model served ${model.turnsServed()} turn(s), ${model.toolResults().length} tool result(s)`,
      );
      log(
        `agent flows: Codex's fake model served ${codexModel.turnsServed()} turn(s), ${codexModel.toolResults().length} tool result(s)`,
      );
      const notes = page ? await notificationTexts(page).catch(() => []) : [];
      if (notes.length) log(`agent flows: notifications:\n${indent(notes.join('\n'))}`);
    }
    saveLogs(server, 'agent');
    fs.writeFileSync(path.join(path.dirname(server.logFile), 'browser-console.log'), consoleLog.join('\n') + '\n');
    if (checks.failed) {
      printFailureLogs(server, 'agent flows');
      const tailText = consoleTail(consoleLog);
      if (tailText) log(`agent flows: browser console errors (tail):\n${indent(tailText)}`);
    }
    await page
      ?.context()
      .close()
      .catch(() => undefined);
    await server.stop();
    onExit();
    process.removeListener('exit', onExit);
    if (agent.alive())
      checks.results.push({
        name: "agent flows: the agent's tmux server is stopped",
        status: 'failed',
        detail: `tmux -L ${agent.socket} still runs`,
      });
    await model.stop();
    await codexModel.stop();
  }
  const results = checks.results;
  log(
    `agent flows: ${results.filter((r) => r.status === 'passed').length}/${results.length} passed (${secondsSince(t)})`,
  );
  return results;
}
