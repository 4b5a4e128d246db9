/**
 * The agent flows with Codex: "New Codex Session" from the palette (akk.codex.* settings, its own
 * fake model), a request_user_input questionnaire answered in the panel (a choice, then notes), and
 * an async question answered through Other while the turn keeps working.
 */
import { CX_DATABASE, CX_LANGUAGE } from '../../src/agents/codex/qualify/scenarios';
import { CODEX_ASTRA, CX_ASYNC_QUESTION, codexAsyncTurns } from '../../src/agents/codex/qualify/async-scenarios';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { until } from './agent-tmux';
import { check, sortedJson, type FlowContext } from './flow-support';
import { screenshot } from './ui-support';
import {
  chooseAndSend,
  clearNotifications,
  findNotification,
  option,
  palette,
  panelFrame,
  waitAnsweredHere,
  waitPendingCount,
} from './workbench';

/**
 * Codex's conversation, on its own fake model: one request_user_input call with two questions,
 * then (for the next prompt) an async question asked while the turn keeps working.
 */
export const CODEX_TURNS: ModelTurn[] = [
  { kind: 'codex-questions', questions: [CX_DATABASE, CX_LANGUAGE] },
  { kind: 'text', text: 'Thanks, noted.' },
  ...codexAsyncTurns(false),
];
/**
 * Codex takes requests for user input in Default mode only with this feature; --no-daemon keeps it
 * in its pane; an Astra model is offered the async question tool too.
 */
export const CODEX_ARGS = ['--no-daemon', '--enable', 'default_mode_request_user_input', ...CODEX_ASTRA];
const CODEX_NOTES = 'Prefer a small static "binary" & <fast>';
const CODEX_ASYNC_TEXT = 'DuckDB, "embedded" & <fast>';
/** Codex is ready for a request: the composer and the status line with the model's name. */
const CODEX_IDLE = /›[\s\S]*GPT-6-Astra default ·/;

/** Codex's flows, in order; each is one check of the tier. */
export async function codexFlows(ctx: FlowContext): Promise<void> {
  const { codex, codexModel, step } = ctx;
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
      await waitAnsweredHere(p);
      await findNotification(p, 'Codex asks: A question while it keeps working');
      await screenshot(p, '37-codex-async-notification.png');
      await palette(p, 'Agent Knock Knock: Open Question Panel');
      const f = panelFrame(p);
      const question = f.locator('h2', { hasText: CX_ASYNC_QUESTION });
      await option(f, 'Open the question').waitFor({ timeout: 30_000 });
      await screenshot(p, '38-codex-async-collapsed-panel.png');
      await chooseAndSend(f, 'Open the question', question);
      const labels = await f.locator('.option .label').allInnerTexts();
      check(
        labels.join(' | ') === 'SQLite | PostgreSQL | Other',
        `the async question's options: ${labels.join(' | ')}`,
      );
      await screenshot(p, '39-codex-async-question-panel.png');
      // Codex redraws its question while it keeps working: chosen again if it comes back fresh.
      await chooseAndSend(f, 'Other', f.locator('#free-text'));
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
}
