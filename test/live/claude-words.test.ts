/**
 * Answers in words and messages with answers, with the newest real Claude Code through the AKK
 * server only (`node dist/server.js --stdio`): a question answered through an exact alias, words
 * that say not to submit (zero input), a click with a message for the agent, and a Bash command
 * rejected with its reason. What the fake model receives is the ground truth.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import type { TextResolution } from '../../src/shared/contract';
import { Q_DATABASE } from '../../src/agents/claude/qualify/questions';
import { optionId, question, startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';
import { sleep } from '../../src/qualify/wait';

/** The answer Claude Code reports to the model for one single-select question. */
const answered = (label: string): string => `"${Q_DATABASE.question}"="${label}"`;

async function databaseQuestion(a: ServerAgent): Promise<StatusResult> {
  await userPrompt(a.term, 'choose a database');
  return a.waitStatus((x) => x.interaction?.questions[0]?.prompt === Q_DATABASE.question, 30_000, 'the question');
}

function askTurns(name: string) {
  return {
    name,
    turns: [
      { kind: 'ask' as const, questions: [Q_DATABASE] },
      { kind: 'text' as const, text: 'Noted.' },
      { kind: 'text' as const, text: 'Understood.' },
    ],
  };
}

describe('Claude Code: answers in words and messages with answers (live)', function () {
  this.timeout(120_000);

  it('answers a question in words through an exact alias: the model receives exactly the resolved option', async () => {
    const a = await startServerAgent('claude', askTurns('words-alias'));
    const s = await databaseQuestion(a);
    const { i, q } = question(s);
    assert.equal(i.text_resolution, 'exact_aliases');
    assert.equal(s.confirm_before_answer, false, 'a low-risk question is answered as a click would be');
    const r = await a.call(REQUESTS.resolveText.method, {
      interaction_id: i.interaction_id,
      turn_id: i.turn_id,
      text: '  postgresql ',
    });
    const resolution = r.result as TextResolution;
    assert.equal(resolution.status, 'resolved', JSON.stringify(r.error));
    assert.equal(resolution.status === 'resolved' && resolution.option_id, optionId(s, 'PostgreSQL'));
    // The person confirmed the resolved option; the answer says it came from words.
    const sent = await a.call(
      REQUESTS.respondInteraction.method,
      {
        interaction_id: i.interaction_id,
        turn_id: i.turn_id,
        answers: [
          {
            question_id: q.question_id,
            response_kind: 'single_select',
            selected_option_ids: [optionId(s, 'PostgreSQL')],
          },
        ],
        from_text: { text: '  postgresql ', via: 'exact_alias' },
      },
      30_000,
    );
    assert.equal((sent.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(sent.error));
    const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.ok(tool.content.includes(answered('PostgreSQL')), tool.content);
  });

  it('words that say not to submit block the turn, a click included, and nothing is typed', async () => {
    const a = await startServerAgent('claude', askTurns('words-blocked'));
    const s = await databaseQuestion(a);
    const { i, q } = question(s);
    const words = await a.call(REQUESTS.resolveText.method, {
      interaction_id: i.interaction_id,
      turn_id: i.turn_id,
      text: "PostgreSQL, but don't submit yet",
    });
    assert.equal(words.error?.data?.code, 'submission_blocked', JSON.stringify(words));
    const click = await a.call(REQUESTS.respondInteraction.method, {
      interaction_id: i.interaction_id,
      turn_id: i.turn_id,
      answers: [
        { question_id: q.question_id, response_kind: 'single_select', selected_option_ids: [optionId(s, 'MySQL')] },
      ],
      message: 'wait, I want to check with the team first',
    });
    assert.equal(click.error?.data?.code, 'submission_blocked', JSON.stringify(click));
    await sleep(1500);
    // The same step is still the one waiting, untouched, and the model has heard nothing.
    const after = await a.waitStatus((x) => x.interaction !== null, 5000, 'the question still waiting');
    assert.equal(after.interaction?.interaction_id, i.interaction_id);
    assert.equal(a.model.toolResults().length, 0);
    assert.ok((await a.term.capture()).includes(Q_DATABASE.question));
  });

  it('a click with a message: the answer first, then the message as the next user message', async () => {
    const a = await startServerAgent('claude', askTurns('words-click-message'));
    const s = await databaseQuestion(a);
    const { i, q } = question(s);
    const message = 'Also keep the schema migrations in a separate folder.';
    const r = await a.call(
      REQUESTS.respondInteraction.method,
      {
        interaction_id: i.interaction_id,
        turn_id: i.turn_id,
        answers: [
          {
            question_id: q.question_id,
            response_kind: 'single_select',
            selected_option_ids: [optionId(s, 'SQLite (Recommended)')],
          },
        ],
        message,
      },
      30_000,
    );
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
    const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.ok(tool.content.includes(answered('SQLite (Recommended)')), tool.content);
    // Sent once the turn is over and the composer is proven empty: the model's next user message.
    const next = await a.model.waitForUserMessage((t) => t.includes(message), 60_000);
    assert.equal(next.trim(), message);
  });

  it('rejects a Bash command with a reason: it does not run, and the model receives the reason next', async () => {
    const a = await startServerAgent('claude', {
      name: 'words-reject-reason',
      turns: [
        { kind: 'bash', command: 'touch rejected.txt', description: 'Create rejected.txt' },
        { kind: 'text', text: 'Understood, I will not create it.' },
      ],
    });
    await userPrompt(a.term, 'make the file');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the permission prompt');
    const reason = 'Do not create files in the repository root; use the tmp folder instead.';
    const r = await a.call(
      REQUESTS.approve.method,
      {
        interaction_id: s.permission?.interaction_id,
        turn_id: s.permission?.turn_id,
        decision: 'reject',
        message: reason,
      },
      30_000,
    );
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'declined', JSON.stringify(r.error));
    const next = await a.model.waitForUserMessage((t) => t.includes(reason), 60_000);
    assert.equal(next.trim(), reason);
    assert.equal(existsSync(join(a.term.workDir, 'rejected.txt')), false);
    assert.equal(a.model.toolResults().filter((t) => !t.isError).length, 0, 'the command must not have run');
  });
});
