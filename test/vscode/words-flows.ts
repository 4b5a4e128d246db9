/**
 * Answers in words in the workbench, with the same Claude Code session (its turns follow the daily
 * flows'): a reply that names an option exactly, checked as a selection and sent; words that say
 * not to submit, which send nothing; and, with akk.textResolution.allowLowRisk, a reply read by a
 * language model, here a stub registered through VS Code's own provider API (test/vscode/stub-model)
 * that names the option whose words the reply shares most. The fake model's tool results are the
 * ground truth.
 */
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { Q_DATABASE } from '../../src/agents/claude/qualify/questions';
import { until } from './agent-tmux';
import { check, checkExactAnswers, checkNothingSent, toolResultOf, type FlowContext } from './flow-support';
import { screenshot } from './ui-support';
import { clearNotifications, option, palette, panelFrame, restartWithSettings, waitPendingCount } from './workbench';

/** The daily flows' turns end at index 19; these follow. */
const FIRST = 20;

export const WORDS_TURNS: ModelTurn[] = [
  { kind: 'ask', questions: [Q_DATABASE] },
  { kind: 'text', text: 'PostgreSQL it is.' },
  { kind: 'ask', questions: [Q_DATABASE] },
  { kind: 'text', text: 'MySQL it is.' },
];
export const WORDS_TURN = { alias: FIRST, model: FIRST + 2 } as const;

async function readReply(p: Page, f: FrameLocator, words: string): Promise<string> {
  await f.locator('#words').fill(words);
  await f.locator('#read-words').click();
  // The first reading by another extension's model asks the person to allow it (a workbench dialog).
  const allow = p.locator('.monaco-dialog-box .monaco-button', { hasText: /^Allow/ }).first();
  return until(
    'the reply to be read',
    async () => {
      if (await allow.isVisible().catch(() => false)) await allow.click();
      const banner = f.locator('.banner');
      const text = (await banner.count()) > 0 ? await banner.first().innerText() : '';
      return /Your reply|not used|Nothing was sent/.test(text) ? text : undefined;
    },
    30_000,
  );
}

export async function wordsFlows(ctx: FlowContext): Promise<void> {
  const { agent, model, workspace, settings, step } = ctx;
  const settingsFile = path.join(workspace, '.vscode', 'settings.json');

  await step(
    'words: "postgresql" names an option exactly; it is selected for the person to check, then sent',
    'failure-words-alias.png',
    async (p) => {
      await clearNotifications(p);
      await agent.prompt('Pick the database');
      await waitPendingCount(p, 1);
      await palette(p, 'Agent Knock Knock: Open Question Panel');
      const f = panelFrame(p);
      await f.locator('#words').waitFor({ timeout: 20_000 });
      const banner = await readReply(p, f, 'postgresql');
      check(banner.includes('Your reply names “PostgreSQL” (exactly)'), `banner: ${banner}`);
      check((await option(f, 'PostgreSQL').getAttribute('aria-checked')) === 'true', 'PostgreSQL is not the selection');
      check(model.toolResults().length === model.issued.filter((t) => t.turnIndex < FIRST).length, 'sent early');
      await screenshot(p, '45-words-alias.png');
      await f.locator('#submit').click();
      const r = await toolResultOf(model, WORDS_TURN.alias);
      checkExactAnswers(r.content, [[Q_DATABASE.question, 'PostgreSQL']]);
      await waitPendingCount(p, 0);
    },
  );

  await step(
    'words: "don\'t submit" sends nothing; with the low-risk switch on, a language model reads ' +
      '"the one that is widely hosted" as MySQL, which the person checks and sends',
    'failure-words-model.png',
    async (p) => {
      await restartWithSettings(p, settingsFile, { ...settings, 'akk.textResolution.allowLowRisk': true });
      await clearNotifications(p);
      await agent.prompt('Pick the database again');
      await waitPendingCount(p, 1);
      await palette(p, 'Agent Knock Knock: Open Question Panel');
      const f = panelFrame(p);
      await f.locator('#words').waitFor({ timeout: 20_000 });
      const before = model.toolResults().length;
      const blocked = await readReply(p, f, "MySQL, but don't submit yet");
      check(blocked.includes('Nothing was sent'), `banner: ${blocked}`);
      await checkNothingSent('"don\'t submit"', () => agent.capture(), model);
      check(model.toolResults().length === before, 'something reached the model after "don\'t submit"');
      check((await agent.capture()).includes(Q_DATABASE.question), 'the question left the terminal');
      const read = await readReply(p, f, 'the one that is widely hosted');
      check(read.includes('Your reply names “MySQL” (as read by the language model)'), `banner: ${read}`);
      await screenshot(p, '46-words-model.png');
      await f.locator('#submit').click();
      const r = await toolResultOf(model, WORDS_TURN.model);
      checkExactAnswers(r.content, [[Q_DATABASE.question, 'MySQL']]);
      await waitPendingCount(p, 0);
      await restartWithSettings(p, settingsFile, settings);
    },
  );
}
