// Newest Codex, answered by keys typed through tmux; the assertions are on the exact function call
// output (or user message) the fake model received.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CX_DATABASE, CX_DEPLOY, CX_LANGUAGE } from '../../src/agents/codex/qualify/scenarios';
import type { Session } from '../../src/qualify/session';
import { NEWEST } from '../../src/qualify/versions';
import { liveSessions } from './live-session';

const FOLLOW_UP = 'Thanks, noted. Continuing with the plan.';

async function startTurn(s: Session): Promise<void> {
  // The composer takes input once the status line with the model name is drawn.
  await s.screen({ all: ['›'], any: ['gpt-5.1-codex default ·', 'GPT-6-Astra default ·'] }, { what: 'ready composer' });
  await s.prompt('go');
}

async function finished(s: Session): Promise<void> {
  await s.screen({ all: [FOLLOW_UP] }, { what: 'follow-up text' });
}

describe(`live: Codex ${NEWEST.codex}`, function () {
  const start = liveSessions('codex');

  it('request_user_input: one question, a digit answers at once', async () => {
    const s = await start('codex-single-select');
    await startTurn(s);
    await s.screen({ all: [CX_DATABASE.question, 'None of the above'] });
    await s.perform({ choose: 'PostgreSQL' });
    const r = await s.fm.waitForToolResult();
    assert.deepEqual(JSON.parse(r.content), { answers: { database: { answers: ['PostgreSQL'] } } });
    await finished(s);
  });

  it('request_user_input: a choice, then a choice with notes', async () => {
    const s = await start('codex-questionnaire');
    await startTurn(s);
    await s.screen({ all: [CX_DATABASE.question, 'Question 1/2'] });
    await s.perform({ choose: 'PostgreSQL' });
    await s.screen({ all: [CX_LANGUAGE.question, 'Question 2/2'] });
    await s.press('Tab');
    await s.screen({ all: ['Add notes'] });
    await s.type('Prefer a small static binary');
    await s.perform({ sleep: 300 });
    await s.press('Enter');
    const r = await s.fm.waitForToolResult();
    assert.deepEqual(JSON.parse(r.content), {
      answers: {
        database: { answers: ['PostgreSQL'] },
        language: { answers: ['Rust', 'user_note: Prefer a small static binary'] },
      },
    });
    await finished(s);
  });

  it('request_user_input: unanswered confirmation, Go back, None of the above with notes', async () => {
    const s = await start('codex-unanswered');
    await startTurn(s);
    await s.screen({ all: [CX_DATABASE.question, 'Question 1/3'] });
    await s.press('Right', 'Right');
    await s.screen({ all: [CX_DEPLOY.question, 'Question 3/3'] });
    await s.press('Enter');
    await s.screen({ all: ['Submit with unanswered questions?', 'Proceed', 'Go back'] });
    await s.perform({ focus: 'Go back' });
    await s.press('Enter');
    await s.screen({ all: [CX_DATABASE.question], none: ['Go back'] });
    await s.perform({ focus: 'None of the above' });
    await s.press('Tab');
    await s.screen({ all: ['Add notes'] });
    await s.type('DuckDB for analytics');
    await s.perform({ sleep: 300 });
    await s.press('Enter');
    await s.screen({ all: [CX_LANGUAGE.question] });
    await s.perform({ choose: 'Go' });
    await s.screen({ all: [CX_DEPLOY.question] });
    assert.equal(s.fm.toolResults().length, 0);
    await s.press('Enter');
    const r = await s.fm.waitForToolResult();
    assert.deepEqual(JSON.parse(r.content), {
      answers: {
        database: { answers: ['None of the above', 'user_note: DuckDB for analytics'] },
        language: { answers: ['Go'] },
        deploy_target: { answers: ['Staging'] },
      },
    });
    await finished(s);
  });

  it('command approval: y runs the escalated command', async () => {
    const s = await start('codex-command-approve');
    await startTurn(s);
    await s.screen({
      all: ['Would you like to run the following command?', '$ touch ../outside.txt', 'Yes, proceed (y)'],
    });
    await s.press('y');
    const r = await s.fm.waitForToolResult();
    assert.match(r.content, /Process exited with code 0/);
    assert.equal(fs.existsSync(path.join(s.term.root, 'outside.txt')), true);
    await finished(s);
  });

  it('command approval: No interrupts; the next prompt carries "aborted by user"', async () => {
    const s = await start('codex-command-reject');
    await startTurn(s);
    await s.screen({ all: ['Would you like to run the following command?', 'Yes, proceed (y)'] });
    await s.perform({ choose: 'No' });
    await s.screen({ all: ['›'], none: ['Yes, proceed'] });
    await s.prompt('continue');
    const r = await s.fm.waitForToolResult();
    assert.match(r.content, /^Wall time: [\d.]+ seconds\naborted by user$/);
    assert.equal(fs.existsSync(path.join(s.term.root, 'outside.txt')), false);
    await finished(s);
  });

  it('file-change approval: y applies the patch outside the writable roots', async () => {
    const s = await start('codex-file-change');
    await startTurn(s);
    await s.screen({ all: ['Would you like to make the following edits?', 'outside-patch.txt', 'Yes, proceed (y)'] });
    await s.press('y');
    const r = await s.fm.waitForToolResult();
    assert.match(r.content, /Success\. Updated the following files:\nA \.\.\/outside-patch\.txt/);
    assert.equal(fs.readFileSync(path.join(s.term.root, 'outside-patch.txt'), 'utf8'), 'hello\n');
    await finished(s);
  });

  it('async question: the answer arrives as a new user message while the turn runs', async () => {
    const s = await start('codex-async-question');
    await startTurn(s);
    await s.screen({ all: ['1 question'] }, { animated: true });
    await s.press('S-Left');
    await s.screen({ all: ['Which database should the service use?', 'Other'] }, { animated: true });
    await s.perform({ choose: 'PostgreSQL' });
    const text = await s.fm.waitForUserMessage((m) => m.includes('send_user_message_question_reply'));
    const inner = /<send_user_message_question_reply>\n([\s\S]*)\n<\/send_user_message_question_reply>/.exec(text);
    assert.ok(inner?.[1], text);
    const reply = JSON.parse(inner[1]) as Array<{ answer: string; question: string }>;
    assert.deepEqual(
      reply.map((x) => [x.question, x.answer]),
      [['Which database should the service use?', 'PostgreSQL']],
    );
    s.fm.releaseAll();
    await finished(s);
  });
});
