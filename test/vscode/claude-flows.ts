/**
 * The agent flows with Claude Code: "New Claude Code Session" from the palette, a questionnaire
 * answered with the mouse from its notification, a permission approved and one rejected from the
 * palette, a questionnaire answered by keyboard only, and labels with markup shown literally.
 * The fake model's tool results are the ground truth.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AskQuestion, ModelTurn } from '../../src/qualify/fake-model/types';
import { Q_DATABASE, Q_FEATURES, Q_NAME } from '../../src/agents/claude/qualify/questions';
import { NEWEST } from '../../src/qualify/versions';
import { sleep, until } from './agent-tmux';
import { DAILY_TURN, DAILY_TURNS } from './daily-flows';
import { WORDS_TURNS } from './words-flows';
import { SUPERVISOR_TURNS } from './supervisor-flow';
import { OUTSIDE_TURNS } from './outside-flow';
import { REJECTED_BY_USER, check, checkExactAnswers, toolResultOf, type FlowContext } from './flow-support';
import { log, screenshot } from './ui-support';
import { clearNotifications, findNotification, option, palette, panelFrame, waitPendingCount } from './workbench';

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
const IMG_LABEL = '<img src=x onerror=alert(1)>';
const SCRIPT_LABEL = '<script>alert(2)</script>';
const Q_MARKUP: AskQuestion = {
  question: 'Which <b>snippet</b> should the page keep?',
  header: '<i>Markup</i>',
  multiSelect: false,
  options: [
    { label: IMG_LABEL, description: 'An image tag with an error handler.' },
    { label: SCRIPT_LABEL, description: '<style>body{display:none}</style>' },
  ],
};

/** Asked last, in the lapsed-offer flow. */
export const Q_COLOUR: AskQuestion = {
  question: 'Which colour should the status badge use?',
  header: 'Colour',
  multiSelect: false,
  options: [
    { label: 'Green', description: 'Calm.' },
    { label: 'Blue', description: 'Neutral.' },
  ],
};

/** One scripted turn per request of the conversation; indexes are named below. */
export const TURNS: ModelTurn[] = [
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
  ...DAILY_TURNS,
  ...WORDS_TURNS,
  ...SUPERVISOR_TURNS,
  ...OUTSIDE_TURNS,
];
export const TURN = { mouse: 0, approve: 2, reject: 4, keyboard: 5, markup: 7, lapsed: 9, ...DAILY_TURN } as const;
const FREE_TEXT = 'northwind "alpha" & <beta>';
/** A person reads a step before pressing a key: the panel ignores a key within 500 ms of a step being drawn. */
const readStep = (): Promise<void> => sleep(600);

/** Claude Code's flows, in order; each is one check of the tier. */
export async function claudeFlows(ctx: FlowContext): Promise<void> {
  const { agent, model, workspace, dialogs, step } = ctx;
  let paneSize = '';
  let clickToContentMs = -1;
  const agentPaneSize = async (): Promise<string> =>
    (await agent.tmux(['display-message', '-p', '-t', agent.pane ?? '', '#{pane_width}x#{pane_height}'])).trim();

  await step(
    'agent: "New Claude Code Session" from the palette starts Claude Code in tmux and shows its terminal',
    'failure-agent-start.png',
    async (p) => {
      await p.locator('.statusbar-item', { hasText: /AKK/ }).first().waitFor({ state: 'visible', timeout: 60_000 });
      await until(
        'the server to run',
        async () =>
          ((await p.locator('.statusbar-item', { hasText: /AKK/ }).first().getAttribute('aria-label')) ?? '').includes(
            'server running',
          ) || undefined,
        30_000,
      );
      await palette(p, 'Agent Knock Knock: New Claude Code Session', '10-palette-new-session.png');
      await until(`a pane on tmux -L ${agent.socket}`, () => agent.findPane(), 20_000);
      await p.locator('.tab', { hasText: 'Claude Code (AKK)' }).first().waitFor({ state: 'visible', timeout: 20_000 });
      await until(
        "Claude Code's idle prompt",
        async () => (/❯/.test(await agent.capture()) ? true : undefined),
        30_000,
      );
      // The Agent Sessions view lists the session with its agent and exact version.
      await p
        .locator(
          '.activitybar .action-item a[aria-label^="Agent Knock Knock"], ' +
            '.activitybar .action-item[aria-label^="Agent Knock Knock"]',
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
        `agent flows: click-to-content ${clickToContentMs} ms ` +
          '("Answer" in the notification to the question shown in the panel)',
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
      checkExactAnswers(r.content, [
        [Q_DATABASE.question, 'PostgreSQL'],
        [Q_FEATURES.question, 'Authentication, Export'],
        [
          'What should the project be called?',
          /"What should the project be called\?"="northwind \\?"alpha\\?" & <beta>"/,
        ],
      ]);
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
      check(!fs.existsSync(path.join(workspace, 'rejected.txt')), 'rejected.txt was created: the rejected command ran');
      // The rejection reaches the model with the next request (the next step's prompt), checked there.
    },
  );

  await step(
    'keyboard only: palette opens the panel; digits, Space, typing and Enter answer every step',
    'failure-keyboard.png',
    async (p) => {
      await clearNotifications(p);
      await agent.prompt('Pick the licence and platforms');
      const rejected = await toolResultOf(model, TURN.reject);
      check(REJECTED_BY_USER.test(rejected.content), `the model was not told of the rejection: ${rejected.content}`);
      check(!fs.existsSync(path.join(workspace, 'rejected.txt')), 'the rejected command ran');
      await waitPendingCount(p, 1);
      await palette(p, 'Agent Knock Knock: Open Question Panel');
      const f = panelFrame(p);
      await f.locator('.step', { hasText: 'Step 1 of 4 · Licence' }).waitFor({ timeout: 20_000 });
      await until(
        'the panel to take keyboard focus',
        async () => ((await f.locator('.option:focus').count()) > 0 ? true : undefined),
        10_000,
      );
      await readStep();
      await p.keyboard.press('2');
      check((await option(f, 'Apache-2.0').getAttribute('aria-checked')) === 'true', 'key 2 did not choose Apache-2.0');
      await screenshot(p, '21-keyboard-single-select.png');
      await p.keyboard.press('Enter');

      await f.locator('.step', { hasText: 'Step 2 of 4 · Platforms' }).waitFor({ timeout: 30_000 });
      await until(
        'the next step to take focus',
        async () => ((await f.locator('.option:focus').count()) > 0 ? true : undefined),
        10_000,
      );
      await readStep();
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
      await readStep();
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
      await readStep();
      await p.keyboard.type('solstice');
      await screenshot(p, '23-keyboard-free-text.png');
      await p.keyboard.press('Enter');

      await f.locator('.option', { hasText: 'Submit answers' }).waitFor({ timeout: 30_000 });
      await until(
        'the review to take focus',
        async () => ((await f.locator('.option:focus').count()) > 0 ? true : undefined),
        10_000,
      );
      await readStep();
      await p.keyboard.press('1');
      await screenshot(p, '24-keyboard-review.png');
      await p.keyboard.press('Enter');

      const r = await toolResultOf(model, TURN.keyboard);
      checkExactAnswers(r.content, [
        [Q_LICENSE.question, 'Apache-2.0'],
        [Q_PLATFORMS.question, 'Linux, Windows'],
        [Q_CODENAME.question, 'solstice'],
      ]);
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
      checkExactAnswers(r.content, [[Q_MARKUP.question, IMG_LABEL]]);
      check(dialogs.length === 0, `a dialog opened: ${dialogs.join('; ')}`);
      await waitPendingCount(p, 0);
    },
  );
}
