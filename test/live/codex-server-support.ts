/**
 * What the Codex server suites share: the managed send that opens each turn, the answers as the
 * fake model received them, the steps that open an async question or ask for a delivery mode, and
 * a question then a command approval played from the person's side.
 */
import { strict as assert } from 'node:assert';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CX_DATABASE } from '../../src/agents/codex/qualify/scenarios';
import { CX_ASYNC_QUESTION } from '../../src/agents/codex/qualify/async-scenarios';
import { optionId, question, respond, type ServerAgent } from '../support/server-agent';

import { sleep } from '../../src/qualify/wait';

export { sleep };

/** Questions need the tool enabled outside Plan mode. */
export const RUI = { args: ['--enable', 'default_mode_request_user_input'] };
export const FOLLOW_UP = 'Thanks, noted.';

/** The async answer as the fake model received it: the reply message Codex injects into the running turn. */
export async function asyncReplyAtModel(a: ServerAgent): Promise<unknown> {
  const text = await a.model.waitForUserMessage((t) => t.includes('<send_user_message_question_reply>'), 30_000);
  const body = /<send_user_message_question_reply>\n([\s\S]*)\n<\/send_user_message_question_reply>/.exec(text)?.[1];
  assert.ok(body, text);
  return (JSON.parse(body) as Array<{ answer: string; question: string }>).map((x) => ({
    answer: x.answer,
    question: x.question,
  }));
}

export function outcome(r: { result?: unknown; error?: unknown }): string | undefined {
  assert.ok(r.result, JSON.stringify(r.error));
  return (r.result as { outcome?: string }).outcome;
}

/**
 * The user's message, sent through `akk/respond` once the server proves the composer empty. Until
 * Codex is ready the proof fails with manual_required and nothing is sent, so it is asked again.
 */
export async function send(a: ServerAgent, text: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  let last: unknown;
  while (Date.now() < deadline) {
    const r = await a.call(REQUESTS.respond.method, { session_id: a.sessionId, request: text }, 20_000);
    if (r.result) {
      assert.equal((r.result as { sent?: boolean }).sent, true);
      return;
    }
    last = r.error;
    assert.equal(r.error?.data?.code, 'manual_required', JSON.stringify(r.error));
    await sleep(250);
  }
  throw new Error(`the composer was never proven sendable: ${JSON.stringify(last)}\n${await a.term.capture()}`);
}

/** The JSON output of request_user_input as the fake model received it. */
export async function answersAtModel(a: ServerAgent): Promise<unknown> {
  const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
  return JSON.parse(tool.content) as unknown;
}

/**
 * The collapsed async question (`? 1 question`) is offered first as one step that opens it;
 * opening it through the server offers the question itself.
 */
export async function openAsyncQuestion(a: ServerAgent): Promise<StatusResult> {
  const collapsed = await a.waitStatus(
    (x) => x.interaction?.questions[0]?.options[0]?.label === 'Open the question',
    30_000,
    'the collapsed async question',
  );
  assert.equal(collapsed.interaction?.kind, 'async_question');
  assert.equal(collapsed.state, 'working');
  const r = await respond(a, collapsed, {
    question_id: question(collapsed).q.question_id,
    response_kind: 'single_select',
    selected_option_ids: [optionId(collapsed, 'Open the question')],
  });
  assert.equal(outcome(r), 'resolved');
  return a.waitStatus(
    (x) => x.interaction?.questions[0]?.prompt === CX_ASYNC_QUESTION,
    30_000,
    'the opened async question',
  );
}

/** Chooses `label` in the current question, asking for a delivery mode. */
export function chooseWithMode(a: ServerAgent, s: StatusResult, label: string, mode: string) {
  const { i, q } = question(s);
  return a.call(REQUESTS.respondInteraction.method, {
    interaction_id: i.interaction_id,
    turn_id: i.turn_id,
    answers: [
      { question_id: q.question_id, response_kind: 'single_select', selected_option_ids: [optionId(s, label)] },
    ],
    delivery_mode: mode,
  });
}

/** A question, then a command that needs approval, then the answer: the day's two steps in one turn. */
export const QUESTION_THEN_COMMAND = [
  { kind: 'codex-questions' as const, questions: [CX_DATABASE] },
  {
    kind: 'codex-command' as const,
    command: 'touch ../approved.txt',
    justification: 'Create a marker file next to the project?',
    escalated: true,
  },
  { kind: 'text' as const, text: FOLLOW_UP },
];

/** The first step of QUESTION_THEN_COMMAND: the question answered, checked at the model. */
export async function answerTheQuestion(a: ServerAgent): Promise<void> {
  await send(a, 'plan the service, then make the file');
  const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the question');
  assert.deepEqual(
    question(s).q.options.map((o) => o.label),
    ['SQLite (Recommended)', 'PostgreSQL', 'None of the above', 'Type something.'],
  );
  const r = await respond(a, s, {
    question_id: question(s).q.question_id,
    response_kind: 'single_select',
    selected_option_ids: [optionId(s, 'PostgreSQL')],
  });
  assert.equal(outcome(r), 'resolved');
  assert.deepEqual(await answersAtModel(a), { answers: { database: { answers: ['PostgreSQL'] } } });
}

/**
 * Plays QUESTION_THEN_COMMAND from the person's side: the question answered (checked at the model),
 * then the command approved once (the file it makes checked on disk).
 */
export async function answerThenApprove(a: ServerAgent): Promise<void> {
  await answerTheQuestion(a);
  const p = await a.waitStatus((x) => x.permission !== null, 30_000, 'the command approval');
  assert.equal(p.permission?.subject, 'touch ../approved.txt');
  const approved = await a.call(
    REQUESTS.approve.method,
    { interaction_id: p.permission?.interaction_id, turn_id: p.permission?.turn_id, decision: 'approve_once' },
    30_000,
  );
  assert.equal(outcome(approved), 'resolved');
  await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
  assert.ok(existsSync(join(a.term.workDir, '..', 'approved.txt')), 'the approved command ran');
}
