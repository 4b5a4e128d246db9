/**
 * A release that was never qualified (Claude Code 2.1.261, the release before the first qualified
 * one), started by the person in a pane of the extension's tmux server and attached from the
 * palette: the Agent Sessions view and the status-bar tooltip name the version and the nearest
 * qualified one; while it is idle nothing says it waits; once it asks for a permission, a
 * notification says that it waits, what it asks, and to answer in the terminal; nothing is typed.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { claudeEnv, claudeFiles } from '../../src/agents/claude/qualify/launch';
import { startFakeModel } from '../../src/qualify/fake-model';
import { agentBinary } from '../../src/qualify/install-agents';
import { AgentTmux, sleep, until } from './agent-tmux';
import { check, checkNothingSent, type FlowContext } from './flow-support';
import { screenshot } from './ui-support';
import { findNotification, notificationTexts, palette, waitServerRunning } from './workbench';

const VERSION = '2.1.261';
const NEAREST = '2.1.263';

export async function unqualifiedVersionFlow(ctx: FlowContext): Promise<void> {
  const { agent, workspace, step } = ctx;
  await step(
    `a never-qualified release (Claude Code ${VERSION}): the sessions view, the status-bar tooltip and the ` +
      `manual step name the nearest qualified version (${NEAREST}); nothing is typed`,
    'failure-unqualified.png',
    async (p) => {
      // Its commands are there once the server runs (the flow may be the first of its host).
      await waitServerRunning(p);
      const bin = await agentBinary('claude', VERSION);
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-unqualified-home-'));
      claudeFiles(home, workspace, VERSION);
      const model = await startFakeModel({
        name: 'vscode-unqualified',
        turns: [{ kind: 'bash', command: 'touch never.txt', description: 'Create never.txt' }],
        fallbackText: 'Done.',
      });
      const old = new AgentTmux(agent.socket);
      const name = `akk-unqualified-${randomBytes(3).toString('hex')}`;
      try {
        const env = { HOME: home, TERM: 'xterm-256color', LANG: 'C.UTF-8', PATH: process.env.PATH ?? '/usr/bin:/bin' };
        const assignments = Object.entries({ ...env, ...claudeEnv(model.url) }).map(([k, v]) => `${k}=${v}`);
        await old.tmux(['new-session', '-d', '-s', name, '-x', '120', '-y', '40', '-c', workspace]);
        await old.tmux(['respawn-pane', '-k', '-t', name, 'env', '-i', ...assignments, bin]);
        old.pane = (await old.tmux(['list-panes', '-t', name, '-F', '#{pane_id}'])).trim();
        await until(
          'Claude Code to start',
          async () => ((await old.capture()).includes('❯') ? true : undefined),
          60_000,
        );

        await palette(p, 'Agent Knock Knock: Attach to Running Agent…');
        const row = p.locator('.quick-input-list .monaco-list-row', { hasText: `Claude Code ${VERSION}` }).first();
        await row.waitFor({ state: 'visible', timeout: 30_000 });
        await row.click();

        // The Agent Sessions view: opened from the activity bar when the side bar does not show it.
        const item = p.locator('.part.sidebar .monaco-list-row', { hasText: `Claude Code ${VERSION}` });
        const shown = await item.waitFor({ state: 'visible', timeout: 3_000 }).then(
          () => true,
          () => false,
        );
        if (!shown)
          await p
            .locator('.part.activitybar .action-item', { hasText: '' })
            .filter({ has: p.locator('[aria-label^="Agent Knock Knock"]') })
            .first()
            .click();
        await item.waitFor({ state: 'visible', timeout: 20_000 });
        await until('the sessions view to say the version is not qualified', async () =>
          (await item.innerText()).includes(`not qualified (nearest ${NEAREST})`) ? true : undefined,
        );
        await screenshot(p, '27-unqualified-session.png');

        // The status-bar item's tooltip and its screen-reader label carry the same note.
        const status = p.locator('.statusbar-item', { hasText: /AKK/ }).first();
        const label = await until('the status bar to name the nearest qualified version', async () => {
          const l = (await status.getAttribute('aria-label')) ?? '';
          return l.includes(`nearest qualified: ${NEAREST}`) ? l : undefined;
        });
        check(label.includes(`npm run qualify -- claude ${VERSION}`), `the status bar does not say how: ${label}`);
        await status.hover();
        await sleep(1500);
        await screenshot(p, '28-unqualified-tooltip.png');
        await p.mouse.move(0, 0);

        // Idle, the agent waits for nobody: no notification says it needs the person.
        await sleep(3000);
        const early = (await notificationTexts(p)).filter((t) => t.includes(`${VERSION} is not a qualified version`));
        check(early.length === 0, `told of a wait while the agent was idle: ${early.join(' | ')}`);
        await p.keyboard.press('Escape');

        await old.prompt('make the file');
        await until('the permission prompt', async () =>
          (await old.capture()).includes('Do you want to proceed?') ? true : undefined,
        );
        // Once it waits, the notification says so, what it asks, and to answer in the terminal.
        const note = await findNotification(p, /needs you in the terminal: It asks: /);
        const text = await note.innerText();
        check(text.includes('touch never.txt'), `the notification does not say what it asks: ${text}`);
        check(
          text.includes(`${VERSION} is not a qualified version (nearest qualified: ${NEAREST})`),
          `the notification does not name the nearest qualified version: ${text}`,
        );
        check(text.includes('answer its prompts in the terminal'), `the notification does not say where: ${text}`);
        // The status bar counts it apart from the steps answered here.
        await until('the status bar to count one step waiting in the terminal', async () =>
          (await status.innerText()).includes('1 in terminal') ? true : undefined,
        );
        await screenshot(p, '29-unqualified-manual-step.png');
        await checkNothingSent('the unqualified release', () => old.capture(), model);
        check(model.toolResults().length === 0, 'the fake model received an answer');
      } catch (err) {
        // This client's own screen, which the flow's failure report does not show.
        const screen = old.pane ? await old.capture().catch(() => '') : '';
        const message = err instanceof Error ? err.message : String(err);
        throw new Error(
          `${message}\nClaude Code ${VERSION}'s screen:\n${screen.trimEnd().split('\n').slice(-14).join('\n')}`,
        );
      } finally {
        await old.tmux(['kill-session', '-t', name]).catch(() => undefined);
        await model.stop();
        // The killed client may still be writing into its HOME for a moment.
        await sleep(500);
        fs.rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      }
    },
  );
}
