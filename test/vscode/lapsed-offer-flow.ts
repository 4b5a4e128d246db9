/**
 * The lapsed offer: a step shown for longer than its offer lifetime (a short one, set in the
 * workspace and taken by the restarted server) is said to have lapsed, types nothing, is offered
 * again and then answered.
 */
import * as path from 'node:path';
import { sleep } from './agent-tmux';
import { Q_COLOUR, TURN } from './claude-flows';
import { check, checkExactAnswers, toolResultOf, type FlowContext } from './flow-support';
import { screenshot } from './ui-support';
import { clearNotifications, option, palette, panelFrame, restartWithSettings, waitPendingCount } from './workbench';

export async function lapsedOfferFlow(ctx: FlowContext): Promise<void> {
  const { agent, model, workspace, settings, step } = ctx;
  await step(
    'lapsed offer: a step shown for longer than its offer lifetime is said to have lapsed, ' +
      'offered again, and answered',
    'failure-lapsed.png',
    async (p) => {
      // A short offer lifetime, taken by the server when it restarts.
      await restartWithSettings(p, path.join(workspace, '.vscode', 'settings.json'), {
        ...settings,
        'akk.offerLifetimeSeconds': 5,
      });
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
      checkExactAnswers(r.content, [[Q_COLOUR.question, 'Blue']]);
      await waitPendingCount(p, 0);
    },
  );
}
