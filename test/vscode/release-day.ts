/**
 * Phase 5 of `npm run test:vscode`: the day a release lands. The host runs with the extension's
 * own records of the newest Claude Code and Codex withheld (AKK_WITHHOLD_QUALIFIED), so the real
 * newest clients are versions this build has never qualified. The person types `claude` in a bash
 * terminal: the Agent Sessions view says the version is not qualified; its questionnaire waits in
 * the terminal, told by a notification that names the version and says to answer there, with
 * nothing sent. The person clicks **Qualify on This Machine** on it: the run's progress shows, it
 * says how long it took (logged here; `npm run bench -- qualify` measures that time), and from then
 * on the session is answered: the waiting questionnaire in the panel, then a Bash permission from
 * the panel's keyboard (a digit pressed as it is drawn does nothing, a digit then Enter approves),
 * each checked at the fake model and on disk; each turn's end is told once as "finished", never as
 * a step, and once the person mutes that session, its next finished turn tells nothing. Then, with
 * `akk.qualify.automatic` set, `codex` in another terminal is qualified as it appears, without
 * asking; its command approval waits meanwhile, told by a notification with nothing sent, and once
 * the run has qualified it, is approved from the palette; its finished turn is told (the mute was
 * the other session's only).
 * Last, a release that draws screens otherwise than the one below it stays in the terminal, its
 * differing screens in the report (release-day-differing.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startCodeServer } from '../../scripts/vscode-host/host';
import { Q_DATABASE } from '../../src/agents/claude/qualify/questions';
import { startFakeModel } from '../../src/qualify/fake-model';
import { DIFFERING_RELEASE, NEWEST } from '../../src/qualify/versions';
import { sleep, until } from './agent-tmux';
import { check, toolResultOf } from './flow-support';
import {
  TAB,
  answerFromPanel,
  killAgentsWithHome,
  newTerminal,
  paletteDecision,
  personsAgents,
  sessionRow,
  typeInTerminal,
  useShellProfile,
} from './terminal-support';
import { DIFFERING_TURNS, DIFFERING_WITHHELD, differingRelease } from './release-day-differing';
import { HostPhase, log, screenshot, secondsSince, type CheckResult } from './ui-support';
import {
  clearNotifications,
  findNotification,
  notificationTexts,
  palette,
  panelFrame,
  waitPendingCount,
  waitServerRunning,
} from './workbench';

interface EarlyKey {
  afterMs: number;
  chosen: boolean;
}

/**
 * Presses 1 in the panel the moment a permission's buttons are drawn, as a keyboard would, and
 * keeps how long after drawing it came and whether a decision showed as chosen. Source text: the
 * page runs it as written, without the bundler's helpers.
 */
const PRESS_AS_DRAWN = `(() => {
  const seen = new MutationObserver(() => {
    const button = document.querySelector('button[data-decision="approve_once"]');
    if (!button) return;
    seen.disconnect();
    const drawnAt = performance.now();
    const key = { key: '1', code: 'Digit1', bubbles: true, cancelable: true };
    document.body.dispatchEvent(new KeyboardEvent('keydown', key));
    const afterMs = performance.now() - drawnAt;
    setTimeout(() => {
      const chosen = !!document.querySelector('button[aria-pressed="true"]');
      window.akkEarly = { afterMs, chosen };
    }, 50);
  });
  seen.observe(document.body, { childList: true, subtree: true });
})()`;

/** Waits for the run's verdict (a toast, or in the notification centre once the toast is gone); returns its seconds. */
async function qualifiedIn(p: Page, name: string): Promise<number> {
  let polls = 0;
  const text = await until(
    `${name} to be qualified on this machine`,
    async () => {
      polls += 1;
      const toasts = await p.locator('.notification-list-item-message').allInnerTexts();
      const all = polls % 5 === 0 ? [...toasts, ...(await notificationTexts(p))] : toasts;
      const failed = all.find((t) => t.includes(`${name} stays answered in the terminal`));
      if (failed) throw new Error(failed);
      return all.find((t) => t.includes(`${name} is qualified on this machine`));
    },
    300_000,
    1000,
  );
  const seconds = Number(/qualified on this machine \((\d+) s\)/.exec(text)?.[1] ?? NaN);
  log(`  release day: ${name} qualified on this machine in ${seconds} s`);
  check(Number.isFinite(seconds), `the verdict does not say how long the run took: ${text}`);
  return seconds;
}

export async function runReleaseDay(browser: Browser, extPath: string, scratch: string): Promise<CheckResult[]> {
  const t = Date.now();
  const root = path.join(scratch, 'release-day');
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  const settingsFile = path.join(workspace, '.vscode', 'settings.json');
  fs.writeFileSync(settingsFile, '{}\n');
  const model = await startFakeModel({
    name: 'vscode-release-day',
    turns: [
      { kind: 'ask', questions: [Q_DATABASE] },
      { kind: 'text', text: 'Noted.' },
      { kind: 'bash', command: 'touch release-day.txt', description: 'Create release-day.txt' },
      { kind: 'text', text: 'Created.' },
    ],
    fallbackText: 'Done.',
  });
  const codexModel = await startFakeModel({
    name: 'vscode-release-day-codex',
    turns: [
      {
        kind: 'codex-command',
        command: 'touch ../release-day-codex.txt',
        justification: 'Create a marker file next to the project?',
        escalated: true,
      },
      { kind: 'text', text: 'Done.' },
      ...DIFFERING_TURNS,
    ],
    fallbackText: 'Done.',
  });
  const agents = await personsAgents(root, 'release-day', workspace, codexModel);
  useShellProfile(settingsFile, 'bash', agents, model);
  const withheld = `claude@${NEWEST.claude},codex@${NEWEST.codex},${DIFFERING_WITHHELD}`;
  const consoleLog: string[] = [];
  // The remote machine's settings, where akk.qualify.automatic (a machine setting) is set later on.
  const machineSettings = path.join(root, 'host', 'user-data', 'Machine', 'settings.json');
  fs.mkdirSync(path.dirname(machineSettings), { recursive: true });
  fs.writeFileSync(machineSettings, '{}\n');
  const server = await startCodeServer({
    folder: workspace,
    smokeTestDriver: true,
    scratchDir: path.join(root, 'host'),
    env: { AKK_WITHHOLD_QUALIFIED: withheld },
  });
  log(`release day: code-server at ${server.url} (pid ${server.pid}), AKK_WITHHOLD_QUALIFIED=${withheld}`);
  const homes = [agents.home, agents.codexHome];
  const phase = new HostPhase(browser, consoleLog);
  const { checks, step } = phase;
  const claude = `Claude Code ${NEWEST.claude}`;
  const codex = `Codex ${NEWEST.codex}`;
  try {
    await phase.open(server.workbenchUrl({ payload: [['extensionDevelopmentPath', server.remoteUri(extPath)]] }));

    await step(
      `release day: ${claude}, never qualified by this build, waits with a questionnaire: told, nothing typed`,
      'failure-release-day-unqualified.png',
      async (p) => {
        await waitServerRunning(p, 'the server to run', 60_000);
        await newTerminal(p, 'bash');
        await typeInTerminal(p, TAB.shell('bash'), 'claude');
        await sessionRow(p, claude, /not qualified/);
        // The person lays out the question panel beside the terminal first: opening it later would
        // resize the terminal under the question, which is then offered afresh.
        await palette(p, 'View: Close Primary Side Bar');
        await palette(p, 'Agent Knock Knock: Open Question Panel');
        await panelFrame(p).locator('.empty', { hasText: 'No question is waiting.' }).waitFor({ timeout: 20_000 });
        await sleep(1500);
        await clearNotifications(p);
        await typeInTerminal(p, TAB.claude, 'Set up the service');
        const note = await findNotification(p, /needs you in the terminal: It asks: /);
        const text = await note.innerText();
        check(text.includes(Q_DATABASE.question), `the notification does not say what it asks: ${text}`);
        check(text.includes(`${NEWEST.claude} is not a qualified version`), `the version is not named: ${text}`);
        check(text.includes('in the terminal'), `the notification does not say where to answer: ${text}`);
        await waitPendingCount(p, 1);
        // The Agent Sessions view counts it too, on the activity bar with the side bar closed.
        const badge = p.locator('.activitybar .action-item[aria-label*="Agent Knock Knock"] .badge-content');
        await until('the Agent Sessions badge to count 1', async () =>
          (await badge.count()) > 0 && (await badge.first().innerText()).trim() === '1' ? true : undefined,
        );
        await screenshot(p, '80-release-day-unqualified.png');
        // Longer than a response's whole window: a key sent late would have reached the model by now.
        const turns = model.requests.filter((r) => !r.side).length;
        await sleep(6500);
        check(model.toolResults().length === 0, 'the questionnaire was answered while unqualified');
        check(model.requests.filter((r) => !r.side).length === turns, 'the fake model received a turn');
      },
    );

    await step(
      `release day: Qualify on This Machine from that notification qualifies ${claude}`,
      'failure-release-day-qualify.png',
      async (p) => {
        const note = await findNotification(p, /needs you in the terminal: It asks: /);
        // Off the bell the notification centre was opened with, whose tooltip would take the click.
        await p.mouse.move(600, 300);
        await sleep(800);
        await note.locator('.monaco-button', { hasText: 'Qualify on This Machine' }).click({ timeout: 10_000 });
        await findNotification(p, `Qualifying ${claude} on this machine`);
        await screenshot(p, '81-release-day-qualifying.png');
        await qualifiedIn(p, claude);
      },
    );

    await step(
      `release day: qualified here, ${claude}'s waiting questionnaire and then a permission are answered`,
      'failure-release-day-answered.png',
      async (p) => {
        // Read again under the new record, the waiting questionnaire is now a step answered here.
        const note = await findNotification(p, `Claude Code asks: Database: ${Q_DATABASE.question}`);
        await p.mouse.move(600, 300);
        await sleep(800);
        await note.locator('.monaco-button', { hasText: 'Answer' }).click({ timeout: 10_000 });
        await answerFromPanel(p, Q_DATABASE.question, 'PostgreSQL');
        const answer = await toolResultOf(model, 0);
        check(/="PostgreSQL"/.test(answer.content), `the fake model received: ${answer.content}`);
        await waitPendingCount(p, 0);
        // The agent's reply ends its turn: told apart from a step, as finished.
        await findNotification(p, /Claude Code finished its turn/);
        await clearNotifications(p);
        // The person moves to the panel while the agent works, and presses 1 just as the permission
        // is drawn: a key that soon is not meant for it, and a digit alone never approves. The key
        // is pressed inside the panel at the moment of drawing: from out here, on a busy machine,
        // the moment a key lands cannot be held within the settle time.
        const f = panelFrame(p);
        await f.locator('#root').evaluate(PRESS_AS_DRAWN);
        await typeInTerminal(p, TAB.claude, 'Create release-day.txt');
        await f.locator('#root').click({ position: { x: 4, y: 4 } });
        const approveOnce = f.locator('button[data-decision="approve_once"]');
        await approveOnce.waitFor({ timeout: 30_000 });
        const early = await until('the key pressed as the permission was drawn', () =>
          f.locator('#root').evaluate(() => (window as unknown as { akkEarly?: EarlyKey }).akkEarly),
        );
        log(`  release day: 1 pressed ${early.afterMs.toFixed(1)} ms after the permission was drawn in the panel`);
        check(early.afterMs < 500, `the key came ${early.afterMs} ms after the permission was drawn`);
        check(!early.chosen, 'the early key chose a decision');
        await sleep(1500);
        const answeredBefore = model.toolResults().length;
        check(answeredBefore === 1, `a key pressed as the permission was drawn answered it (${answeredBefore})`);
        check((await approveOnce.getAttribute('aria-pressed')) === 'false', 'the early key chose a decision');
        await waitPendingCount(p, 1);
        // Read, the person presses 1: it is chosen, and nothing is sent until Enter.
        await p.keyboard.press('1');
        await until('the digit to choose Approve once', async () =>
          (await approveOnce.getAttribute('aria-pressed')) === 'true' ? true : undefined,
        );
        await screenshot(p, '82-release-day-approve.png');
        await sleep(1500);
        check(model.toolResults().length === 1, 'a digit alone approved the permission');
        check(!fs.existsSync(path.join(workspace, 'release-day.txt')), 'the command ran on a digit alone');
        await p.keyboard.press('Enter');
        const r = await toolResultOf(model, 2);
        check(!r.isError, `the approved command reported an error: ${r.content}`);
        check(fs.existsSync(path.join(workspace, 'release-day.txt')), 'release-day.txt was not created');
        await waitPendingCount(p, 0);
        await findNotification(p, /Claude Code finished its turn/);
        await sleep(2000);
        const told = await notificationTexts(p);
        const finished = told.filter((t) => t.includes('finished its turn'));
        check(finished.length === 1, `the finished turn was told ${finished.length} times: ${told.join(' | ')}`);
        const steps = told.filter((t) => / asks|needs you/.test(t));
        check(steps.length <= 1, `the finished turn raised a step's notification: ${told.join(' | ')}`);
      },
    );

    await step(
      `release day: a muted ${claude} session tells nothing when its next turn finishes`,
      'failure-release-day-muted.png',
      async (p) => {
        await clearNotifications(p);
        // The only live session: muted without a choice to make.
        await palette(p, 'Agent Knock Knock: Mute Notifications');
        const asked = model.requests.filter((r) => !r.side).length;
        await typeInTerminal(p, TAB.claude, 'Anything else?');
        await until('the model to be asked', () =>
          Promise.resolve(model.requests.filter((r) => !r.side).length > asked ? true : undefined),
        );
        await sleep(8000);
        const told = await notificationTexts(p);
        check(!told.some((t) => t.includes('Claude Code finished')), `a muted session told: ${told.join(' | ')}`);
      },
    );

    await step(
      `release day: ${codex}, qualified as it appears (akk.qualify.automatic), told while it waits, then approved`,
      'failure-release-day-codex.png',
      async (p) => {
        await clearNotifications(p);
        // The person lets every unqualified session be qualified as it appears, without asking. The
        // setting is the machine's (a workspace may not start runs): where the server runs, code-server
        // reads it from the remote machine's settings.
        fs.writeFileSync(machineSettings, JSON.stringify({ 'akk.qualify.automatic': true }, null, 2));
        await sleep(1500);
        await newTerminal(p, 'bash');
        await typeInTerminal(p, TAB.shell('bash'), 'codex');
        await sessionRow(p, codex, /not qualified/);
        await findNotification(p, `Qualifying ${codex} on this machine`);
        // Its command approval waits meanwhile, the version not qualified yet: told, nothing typed.
        await typeInTerminal(p, TAB.codex, 'make the file');
        await waitPendingCount(p, 1, 60_000);
        const note = await findNotification(p, /Codex needs you in the terminal: It asks: /);
        const text = await note.innerText();
        check(text.includes('touch ../release-day-codex.txt'), `the notification does not say what it asks: ${text}`);
        check(text.includes(`${NEWEST.codex} is not a qualified version`), `the version is not named: ${text}`);
        check(text.includes('in the terminal'), `the notification does not say where to answer: ${text}`);
        await sleep(6500);
        check(codexModel.toolResults().length === 0, 'the command approval was answered while unqualified');
        check(!fs.existsSync(path.join(root, 'release-day-codex.txt')), 'the command ran while unqualified');
        await qualifiedIn(p, codex);
        await sessionRow(p, codex, /qualified on this machine/);
        // Read again under the new record, the waiting approval is a step answered here.
        await paletteDecision(p, 'Approve', 'touch ../release-day-codex.txt', '83-release-day-codex.png');
        await toolResultOf(codexModel, 0);
        await until('the approved command to run', () =>
          Promise.resolve(fs.existsSync(path.join(root, 'release-day-codex.txt')) ? true : undefined),
        );
        await waitPendingCount(p, 0);
        // Muting the other session silenced it only: this one's finished turn is told.
        await findNotification(p, /Codex finished its turn/);
      },
    );

    await step(
      `release day: ${DIFFERING_RELEASE.agent} ${DIFFERING_RELEASE.version}, drawn otherwise than ` +
        `${DIFFERING_RELEASE.below}, stays in the terminal; Show Report names the differing screens; nothing typed`,
      'failure-release-day-differing.png',
      (p) => differingRelease(p, { agents, model: codexModel, root }),
    );
  } catch (err) {
    phase.stopped('release day', err);
  } finally {
    killAgentsWithHome(...homes);
    await phase.end(server, { logs: 'release-day', label: 'release day' });
    await model.stop();
    await codexModel.stop();
  }
  const results = checks.results;
  log(
    `release day: ${results.filter((r) => r.status === 'passed').length}/${results.length} passed (${secondsSince(t)})`,
  );
  return results;
}
