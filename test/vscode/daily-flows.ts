/**
 * The prompts of a normal day in the workbench, with the same Claude Code session as the Claude
 * flows (its turns follow theirs): a Bash command approved, and another rejected, from the
 * notification's own buttons; an edit opened from its notification as a diff and approved from the
 * diff's title bar; a plan (after Shift+Tab into plan mode) read and approved in the panel. The
 * fake model's tool results and the workspace's files are the ground truth.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { until } from './agent-tmux';
import { REJECTED_BY_USER, check, toolResultOf, type FlowContext } from './flow-support';
import { screenshot } from './ui-support';
import {
  clearNotifications,
  notificationButton,
  option,
  palette,
  panelFrame,
  restartWithSettings,
  waitPendingCount,
} from './workbench';

const CONFIG = 'name: demo\nport: 8080\nworkers: 2\n';
const PLAN = '# Health check\n\n1. Add a /healthz endpoint.\n2. Cover it with a test.\n';
/** The Claude flows' turns end at index 10; these follow. */
const FIRST = 11;

export const DAILY_TURNS: ModelTurn[] = [
  { kind: 'bash', command: 'touch notified.txt', description: 'Create notified.txt' },
  { kind: 'text', text: 'Created notified.txt.' },
  { kind: 'bash', command: 'touch declined.txt', description: 'Create declined.txt' },
  { kind: 'read', filePath: '{{workDir}}/config.yaml' },
  { kind: 'edit', filePath: '{{workDir}}/config.yaml', oldString: 'port: 8080', newString: 'port: 9090' },
  { kind: 'text', text: 'Edited.' },
  { kind: 'write', filePath: '{{planFile}}', content: PLAN },
  { kind: 'exit-plan', plan: PLAN },
  { kind: 'text', text: 'Planned.' },
];
export const DAILY_TURN = {
  notifiedApprove: FIRST,
  notifiedReject: FIRST + 2,
  edit: FIRST + 4,
  plan: FIRST + 7,
} as const;

export async function dailyFlows(ctx: FlowContext): Promise<void> {
  const { agent, model, workspace, settings, step } = ctx;
  model.setVars({ workDir: workspace });

  await step(
    'notification: a Bash permission names the exact command; its own "Approve once" runs it',
    'failure-notification-approve.png',
    async (p) => {
      // The lapsed-offer flow left a 5-second offer lifetime: back to the workspace's own settings.
      await restartWithSettings(p, path.join(workspace, '.vscode', 'settings.json'), settings);
      await clearNotifications(p);
      await agent.prompt('Create notified.txt');
      await waitPendingCount(p, 1);
      const approve = await notificationButton(p, 'Claude Code asks to run `touch notified.txt`', 'Approve once');
      await screenshot(p, '40-notification-approve.png');
      await approve.click();
      const r = await toolResultOf(model, DAILY_TURN.notifiedApprove);
      check(!r.isError, `the tool result is an error: ${r.content}`);
      check(fs.existsSync(path.join(workspace, 'notified.txt')), 'notified.txt was not created');
      await waitPendingCount(p, 0);
    },
  );

  await step(
    'notification: "Reject" on the next command: it does not run, and the model is told',
    'failure-notification-reject.png',
    async (p) => {
      await clearNotifications(p);
      fs.writeFileSync(path.join(workspace, 'config.yaml'), CONFIG);
      await agent.prompt('Create declined.txt');
      await waitPendingCount(p, 1);
      const reject = await notificationButton(p, 'Claude Code asks to run `touch declined.txt`', 'Reject');
      await reject.click();
      await waitPendingCount(p, 0);
      check(!fs.existsSync(path.join(workspace, 'declined.txt')), 'declined.txt was created');
      // The rejection reaches the model with the next request, which starts the edit.
      await agent.prompt('Then update the port in config.yaml');
      const r = await toolResultOf(model, DAILY_TURN.notifiedReject);
      check(REJECTED_BY_USER.test(r.content), `the tool result is not the rejection: ${r.content}`);
    },
  );

  await step(
    'edit: "Show Diff" opens the drawn diff; "Approve Edit Once" in its title bar applies exactly that edit',
    'failure-edit-diff.png',
    async (p) => {
      await waitPendingCount(p, 1);
      const show = await notificationButton(p, 'Claude Code asks to edit config.yaml', 'Show Diff');
      await show.click();
      const diff = p.locator('.monaco-diff-editor').first();
      await diff.waitFor({ state: 'visible', timeout: 20_000 });
      await until(
        'the diff to show both sides',
        async () => {
          // The editor draws spaces as no-break spaces.
          const text = (await diff.innerText()).replace(/\u00a0/g, ' ');
          return text.includes('port: 8080') && text.includes('port: 9090') ? true : undefined;
        },
        20_000,
      );
      await screenshot(p, '41-edit-diff.png');
      await p.locator('.editor-actions .action-label[aria-label="Approve Edit Once"]').first().click();
      const r = await toolResultOf(model, DAILY_TURN.edit);
      check(!r.isError, `the edit's tool result is an error: ${r.content}`);
      const after = fs.readFileSync(path.join(workspace, 'config.yaml'), 'utf8');
      check(after === CONFIG.replace('port: 8080', 'port: 9090'), `config.yaml after the edit: ${after}`);
      await waitPendingCount(p, 0);
      // The diff stays open, holding the focus: an Escape pressed later must not reach the agent's terminal.
    },
  );

  await step(
    'plan: in plan mode the plan is shown in the panel with its question; "Yes, manually approve edits" approves it',
    'failure-plan.png',
    async (p) => {
      await clearNotifications(p);
      // Shift+Tab twice, each once the mode line shows the last: manual mode, accept edits, plan mode.
      for (const mode of ['accept edits on', 'plan mode on']) {
        await agent.tmux(['send-keys', '-t', agent.pane ?? '', 'BTab']);
        await until(mode, async () => ((await agent.capture()).includes(mode) ? true : undefined), 10_000);
      }
      await agent.prompt('Plan the health check');
      await waitPendingCount(p, 1);
      await palette(p, 'Agent Knock Knock: Open Question Panel');
      const f = panelFrame(p);
      await f.locator('pre.context', { hasText: 'Add a /healthz endpoint.' }).waitFor({ timeout: 20_000 });
      const labels = await f.locator('.option .label').allInnerTexts();
      check(
        labels.join('|') === 'Yes, manually approve edits|Tell Claude what to change',
        `the plan's choices are ${labels.join(' | ')}`,
      );
      await screenshot(p, '42-plan-panel.png');
      await option(f, 'Yes, manually approve edits').click();
      await f.locator('#submit').click();
      const r = await toolResultOf(model, DAILY_TURN.plan);
      check(!r.isError && r.content.startsWith('User has approved your plan'), `tool result: ${r.content}`);
      await waitPendingCount(p, 0);
    },
  );
}
