/**
 * Notifications outside the window, with the same Claude Code session (its turns follow the
 * supervisor flow's). With the workbench page in the background (another page in front, the
 * browser's own focus, not Playwright's emulated one), a permission and a questionnaire each raise
 * exactly one notification on the person's side: the browser's Notification, raised in the question
 * panel's webview. Clicking it (the browser's click event on that very notification: a headless
 * browser draws no notification to click) brings the panel with the step, answered there; a turn
 * that finishes raises one silent "finished" notice whose click brings the terminal. In focus,
 * none is raised outside. The fake model's tool results and the workspace are the ground truth.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { AskQuestion, ModelTurn } from '../../src/qualify/fake-model/types';
import { until } from './agent-tmux';
import { check, checkExactAnswers, toolResultOf, type FlowContext } from './flow-support';
import { log, screenshot } from './ui-support';
import {
  clearNotifications,
  findNotification,
  notificationButton,
  option,
  palette,
  panelFrame,
  waitPendingCount,
} from './workbench';

/** The supervisor flow's turns end at index 25; these follow. */
const FIRST = 26;
const Q_SHADE: AskQuestion = {
  question: 'Which shade should the away badge use?',
  header: 'Shade',
  multiSelect: false,
  options: [
    { label: 'Amber', description: 'Warm, seen from afar.' },
    { label: 'Slate', description: 'Quiet.' },
  ],
};
export const OUTSIDE_TURNS: ModelTurn[] = [
  { kind: 'bash', command: 'touch away.txt', description: 'Create away.txt' },
  { kind: 'text', text: 'Created away.txt.' },
  { kind: 'ask', questions: [Q_SHADE] },
  { kind: 'text', text: 'Amber it is.' },
  { kind: 'text', text: 'Done.', hold: true },
  { kind: 'bash', command: 'touch focused.txt', description: 'Create focused.txt' },
];

interface Raised {
  title: string;
  body: string;
  tag: string;
  silent: boolean | null;
}

/**
 * Records each Notification the panel's webview constructs (the real one still shows). Passed as
 * source text: the page runs it as written, without the bundler's helpers.
 */
const WATCH_NOTICES = `(() => {
  if (window.akkRaised) return;
  const Real = window.Notification;
  const raised = [];
  window.akkRaised = raised;
  const Watched = function (title, options) {
    const n = new Real(title, options);
    raised.push(n);
    return n;
  };
  Object.defineProperty(Watched, 'permission', { get: () => Real.permission });
  Watched.requestPermission = Real.requestPermission.bind(Real);
  Watched.prototype = Real.prototype;
  window.Notification = Watched;
})()`;

async function watchPanelNotices(p: Page): Promise<void> {
  await panelFrame(p).locator('#root').evaluate(WATCH_NOTICES);
}

async function raisedSoFar(p: Page): Promise<Raised[]> {
  return panelFrame(p)
    .locator('#root')
    .evaluate(() =>
      ((window as unknown as { akkRaised?: Notification[] }).akkRaised ?? []).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        silent: n.silent,
      })),
    );
}

/** The click the operating system would deliver on the n-th notification the panel raised. */
async function clickRaised(p: Page, n: number): Promise<void> {
  await panelFrame(p)
    .locator('#root')
    .evaluate((_, i) => {
      (window as unknown as { akkRaised: Notification[] }).akkRaised[i]?.dispatchEvent(new Event('click'));
    }, n);
}

/**
 * The turn a step belonged to goes on after the answer (the agent's reply) and then ends: told in
 * the window while it is in front. Waited for before the window goes behind again, or that end
 * would rightly be told outside and be taken for the next step's notice.
 */
async function turnEndedInWindow(p: Page): Promise<void> {
  await findNotification(p, /Claude Code finished its turn/);
  await clearNotifications(p);
}

async function waitRaised(p: Page, count: number, what: string): Promise<Raised[]> {
  let seen: Raised[] = [];
  await until(
    what,
    async () => {
      seen = await raisedSoFar(p);
      return seen.length >= count ? true : undefined;
    },
    30_000,
  );
  return seen;
}

export async function outsideFlow(ctx: FlowContext): Promise<void> {
  const { agent, model, workspace, step } = ctx;
  let front: Page | undefined;
  // Another page in front takes the browser's focus from the workbench (document.hasFocus() turns
  // false); a headless browser has no window manager to send the window's blur and focus events,
  // so they are sent as the browser would (with the page's visibility event, on which the workbench
  // also looks), and the workbench reads the real focus state on them.
  const focusTo = async (p: Page, focused: boolean): Promise<void> => {
    await until(
      focused ? 'the workbench to have focus' : 'the workbench to lose focus',
      async () => ((await p.evaluate(() => document.hasFocus())) === focused ? true : undefined),
      10_000,
    );
    await p.evaluate((f) => {
      window.dispatchEvent(new FocusEvent(f ? 'focus' : 'blur'));
      document.dispatchEvent(new Event('visibilitychange'));
    }, focused);
    await new Promise((r) => setTimeout(r, 1000));
  };
  const toBackground = async (p: Page): Promise<void> => {
    front ??= await p.context().newPage();
    await front.bringToFront();
    await focusTo(p, false);
  };
  const toFront = async (p: Page): Promise<void> => {
    await p.bringToFront();
    await focusTo(p, true);
  };

  await step(
    "outside the window: in the background, a permission raises one notification on the person's side; " +
      'its click shows the step, approved there',
    'failure-outside-permission.png',
    async (p) => {
      await clearNotifications(p);
      await p.context().grantPermissions(['notifications'], { origin: new URL(p.url()).origin });
      // The browser's own focus, not the one Playwright emulates for every page.
      const cdp = await p.context().newCDPSession(p);
      await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
      await palette(p, 'Agent Knock Knock: Open Question Panel');
      await panelFrame(p).locator('#root').waitFor({ state: 'attached', timeout: 20_000 });
      await watchPanelNotices(p);
      await toBackground(p);
      await agent.prompt('Create away.txt');
      const raised = await waitRaised(p, 1, 'a notification outside the window');
      check(raised.length === 1, `${raised.length} notifications were raised: ${JSON.stringify(raised)}`);
      check(
        raised[0]?.title === 'Claude Code asks for permission' && (raised[0]?.body ?? '').includes('`touch away.txt`'),
        `the notification says: ${JSON.stringify(raised[0])}`,
      );
      await new Promise((r) => setTimeout(r, 2000));
      check((await raisedSoFar(p)).length === 1, 'a second notification was raised for the same step');
      const clicked = Date.now();
      await clickRaised(p, 0);
      const f = panelFrame(p);
      await f.locator('pre.subject', { hasText: 'touch away.txt' }).waitFor({ timeout: 20_000 });
      log(`    the step showed in the panel ${Date.now() - clicked} ms after the click on the notification`);
      await toFront(p);
      await screenshot(p, '60-outside-permission.png');
      await new Promise((r) => setTimeout(r, 600));
      await f.locator('button[data-decision="approve_once"]').click();
      const r = await toolResultOf(model, FIRST);
      check(!r.isError, `the approved command reported an error: ${r.content}`);
      check(fs.existsSync(path.join(workspace, 'away.txt')), 'away.txt was not created');
      await waitPendingCount(p, 0);
      await turnEndedInWindow(p);
    },
  );

  await step(
    'outside the window: a questionnaire raises one notification; its click shows the question, answered in the panel',
    'failure-outside-question.png',
    async (p) => {
      await toBackground(p);
      await agent.prompt('Pick a shade for the away badge');
      const raised = await waitRaised(p, 2, 'a second notification outside the window');
      check(raised.length === 2, `${raised.length} notifications in all: ${JSON.stringify(raised)}`);
      check(
        raised[1]?.title === 'Claude Code asks you' && (raised[1]?.body ?? '').includes(Q_SHADE.question),
        `the notification says: ${JSON.stringify(raised[1])}`,
      );
      await clickRaised(p, 1);
      await toFront(p);
      const f = panelFrame(p);
      await f.locator('h2', { hasText: Q_SHADE.question }).waitFor({ timeout: 20_000 });
      await new Promise((r) => setTimeout(r, 600));
      await option(f, 'Amber').click();
      await f.locator('#submit').click();
      const r = await toolResultOf(model, FIRST + 2);
      checkExactAnswers(r.content, [[Q_SHADE.question, 'Amber']]);
      await waitPendingCount(p, 0);
      await turnEndedInWindow(p);
      check((await raisedSoFar(p)).length === 2, 'answering raised another notification');
    },
  );

  await step(
    'outside the window: a finished turn raises one silent "finished" notice and no step notice; ' +
      'its click brings the terminal',
    'failure-outside-finished.png',
    async (p) => {
      await toBackground(p);
      await agent.prompt('Say done');
      // The agent works a while (the model holds its reply), as a real turn does, then finishes.
      await new Promise((r) => setTimeout(r, 3000));
      model.release();
      const raised = await waitRaised(p, 3, 'the finished notice outside the window');
      const n = raised[2];
      check(raised.length === 3, `${raised.length} notifications in all: ${JSON.stringify(raised)}`);
      check(
        n?.title === 'Claude Code finished' && n.body.includes('finished its turn') && n.tag.endsWith('.finished'),
        `the notification says: ${JSON.stringify(n)}`,
      );
      check(n?.silent === true, 'the finished notice is not silent');
      await new Promise((r) => setTimeout(r, 2000));
      check((await raisedSoFar(p)).length === 3, 'a second notification was raised for the finished turn');
      await waitPendingCount(p, 0);
      await clickRaised(p, 2);
      await toFront(p);
      await until(
        "the agent's terminal to have the keyboard",
        async () =>
          (await p.evaluate(() => document.activeElement?.classList.contains('xterm-helper-textarea'))) || undefined,
        15_000,
      );
    },
  );

  await step(
    'outside the window: in focus, a permission is announced in the window only; ' +
      '"Reject Shown Permission" from the palette rejects the one the panel shows',
    'failure-outside-focused.png',
    async (p) => {
      await clearNotifications(p);
      await agent.prompt('Create focused.txt');
      await waitPendingCount(p, 1);
      await notificationButton(p, 'Claude Code asks to run `touch focused.txt`', 'Reject');
      await panelFrame(p).locator('pre.subject', { hasText: 'touch focused.txt' }).waitFor({ timeout: 20_000 });
      await new Promise((r) => setTimeout(r, 1500));
      const raised = await raisedSoFar(p);
      // The permission, the questionnaire and the finished turn, raised while the window was behind.
      check(raised.length === 3, `a notification was raised outside a focused window: ${JSON.stringify(raised[3])}`);
      await palette(p, 'Agent Knock Knock: Reject Shown Permission');
      await waitPendingCount(p, 0);
      await new Promise((r) => setTimeout(r, 1500));
      check(!fs.existsSync(path.join(workspace, 'focused.txt')), 'focused.txt was created');
      await front?.close();
    },
  );
}
