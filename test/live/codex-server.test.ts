/**
 * Codex answered through the AKK server only (`akk/*` over stdio): the newest real client against
 * the loopback fake model. Even the user's opening prompt is a managed send (`akk/respond`). The
 * function output the fake model receives is the ground truth: Codex's own `answers` format with
 * `user_note:` entries.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import { agentBinary } from '../harness/install-agents';
import {
  CODEX_ASTRA,
  CX_ASYNC_QUESTION,
  CX_DATABASE,
  CX_DEPLOY,
  CX_LANGUAGE,
  codexAsyncTurns,
} from '../harness/agents/codex/scenarios';
import { NEWEST } from '../harness/versions';
import { optionId, question, respond, startServerAgent, type ServerAgent } from '../support/server-agent';
import { INSTALL_TIMEOUT_MS } from './live-session';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Questions need the tool enabled outside Plan mode. */
const RUI = { args: ['--enable', 'default_mode_request_user_input'] };
const FOLLOW_UP = 'Thanks, noted.';

/** The async answer as the fake model received it: the reply message Codex injects into the running turn. */
async function asyncReplyAtModel(a: ServerAgent): Promise<unknown> {
  const text = await a.model.waitForUserMessage((t) => t.includes('<send_user_message_question_reply>'), 30_000);
  const body = /<send_user_message_question_reply>\n([\s\S]*)\n<\/send_user_message_question_reply>/.exec(text)?.[1];
  assert.ok(body, text);
  return (JSON.parse(body) as Array<{ answer: string; question: string }>).map((x) => ({
    answer: x.answer,
    question: x.question,
  }));
}

function outcome(r: { result?: unknown; error?: unknown }): string | undefined {
  assert.ok(r.result, JSON.stringify(r.error));
  return (r.result as { outcome?: string }).outcome;
}

/**
 * The user's message, sent through `akk/respond` once the server proves the composer empty. Until
 * Codex is ready the proof fails with manual_required and nothing is sent, so it is asked again.
 */
async function send(a: ServerAgent, text: string): Promise<void> {
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
async function answersAtModel(a: ServerAgent): Promise<unknown> {
  const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
  return JSON.parse(tool.content) as unknown;
}

/**
 * The collapsed async question (`? 1 question`) is offered first as one step that opens it;
 * opening it through the server offers the question itself.
 */
async function openAsyncQuestion(a: ServerAgent): Promise<StatusResult> {
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
function chooseWithMode(a: ServerAgent, s: StatusResult, label: string, mode: string) {
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

describe('Codex through the AKK server (live)', function () {
  this.timeout(60_000);
  let a: ServerAgent | undefined;

  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary('codex', NEWEST.codex);
  });
  afterEach(async () => {
    await a?.stop();
    a = undefined;
  });

  it('answers two questions: a choice, then None of the above with notes', async () => {
    a = await startServerAgent(
      'codex',
      {
        name: 'e2e-codex-questionnaire',
        turns: [
          { kind: 'codex-questions', questions: [CX_DATABASE, CX_LANGUAGE] },
          { kind: 'text', text: FOLLOW_UP },
        ],
      },
      {},
      RUI,
    );
    await send(a, 'plan the service');
    let s = await a.waitStatus(
      (x) => x.interaction?.questions[0]?.prompt === CX_DATABASE.question,
      30_000,
      'question 1',
    );
    assert.deepEqual(s.interaction?.step, { index: 1, total: 2 });
    assert.equal(s.interaction?.kind, 'questionnaire');
    assert.equal(s.interaction?.delivery_modes, undefined, 'a blocking questionnaire advertises no delivery modes');
    assert.deepEqual(
      question(s).q.options.map((o) => o.label),
      ['SQLite (Recommended)', 'PostgreSQL', 'None of the above', 'Type something.'],
    );
    // A blocking questionnaire refuses a delivery mode, before any input.
    const refused = await chooseWithMode(a, s, 'PostgreSQL', 'queue_next_turn');
    assert.equal(refused.error?.data?.code, 'invalid_params', JSON.stringify(refused));
    let r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'PostgreSQL')],
    });
    assert.equal(outcome(r), 'resolved');

    s = await a.waitStatus(
      (x) =>
        x.interaction?.questions[0]?.prompt === CX_LANGUAGE.question &&
        x.interaction.questions[0].response_kind === 'single_select',
      30_000,
      'question 2',
    );
    assert.deepEqual(s.interaction?.step, { index: 2, total: 2 });
    r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'Type something.')],
    });
    assert.equal(outcome(r), 'resolved');

    s = await a.waitStatus((x) => x.interaction?.questions[0]?.response_kind === 'free_text', 30_000, 'the Notes step');
    assert.equal(question(s).q.prompt, CX_LANGUAGE.question);
    r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'free_text',
      text: 'Prefer a small static binary',
    });
    assert.equal(outcome(r), 'resolved');

    assert.deepEqual(await answersAtModel(a), {
      answers: {
        database: { answers: ['PostgreSQL'] },
        language: { answers: ['None of the above', 'user_note: Prefer a small static binary'] },
      },
    });
    const list = (await a.call(REQUESTS.listInteractions.method, { session_id: a.sessionId })).result as {
      interactions: Array<{ status: string }>;
    };
    assert.equal(list.interactions.filter((x) => x.status === 'resolved').length, 3, JSON.stringify(list));
    assert.equal(
      list.interactions.filter((x) => x.status === 'invalidated').length,
      0,
      'an offered step was superseded by itself',
    );
  });

  it('answers a single question with None of the above and notes', async () => {
    a = await startServerAgent(
      'codex',
      {
        name: 'e2e-codex-notes',
        turns: [
          { kind: 'codex-questions', questions: [CX_DATABASE] },
          { kind: 'text', text: FOLLOW_UP },
        ],
      },
      {},
      RUI,
    );
    await send(a, 'pick a database');
    let s = await a.waitStatus(
      (x) => x.interaction?.questions[0]?.response_kind === 'single_select',
      30_000,
      'the question',
    );
    assert.deepEqual(s.interaction?.step, { index: 1, total: 1 });
    let r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'Type something.')],
    });
    assert.equal(outcome(r), 'resolved');
    s = await a.waitStatus((x) => x.interaction?.questions[0]?.response_kind === 'free_text', 30_000, 'the Notes step');
    r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'free_text',
      text: 'DuckDB for analytics, "embedded" & <fast>',
    });
    assert.equal(outcome(r), 'resolved');
    assert.deepEqual(await answersAtModel(a), {
      answers: { database: { answers: ['None of the above', 'user_note: DuckDB for analytics, "embedded" & <fast>'] } },
    });
  });

  it('approves a command once, and it runs', async () => {
    a = await startServerAgent('codex', {
      name: 'e2e-codex-approve',
      turns: [
        {
          kind: 'codex-command',
          command: 'touch ../approved.txt',
          justification: 'Create a marker file next to the project?',
          escalated: true,
        },
        { kind: 'text', text: FOLLOW_UP },
      ],
    });
    await send(a, 'make the file');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the approval');
    assert.equal(s.permission?.tool, 'command');
    assert.equal(s.permission?.subject, 'touch ../approved.txt');
    assert.deepEqual(s.permission?.decisions, ['approve_once', 'reject']);
    const r = await a.call(
      REQUESTS.approve.method,
      { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'approve_once' },
      30_000,
    );
    assert.equal(outcome(r), 'resolved');
    const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(tool.content, /Process exited with code 0/);
    assert.ok(existsSync(join(a.term.root, 'approved.txt')));
  });

  it('rejects a command: it does not run, and the model hears so with the next message', async () => {
    a = await startServerAgent('codex', {
      name: 'e2e-codex-reject',
      turns: [
        {
          kind: 'codex-command',
          command: 'touch ../rejected.txt',
          justification: 'Create a marker file next to the project?',
          escalated: true,
        },
        { kind: 'text', text: FOLLOW_UP },
      ],
    });
    await send(a, 'make the file');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the approval');
    const r = await a.call(
      REQUESTS.approve.method,
      { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'reject' },
      30_000,
    );
    assert.ok(r.result, JSON.stringify(r.error));
    await a.waitStatus(
      (x) => x.permission === null && x.interaction === null && x.state === 'idle',
      30_000,
      'the prompt to close',
    );
    assert.equal(existsSync(join(a.term.root, 'rejected.txt')), false);
    assert.equal(a.model.toolResults().length, 0, 'a rejected command reports nothing until the next message');
    await send(a, 'continue');
    const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(tool.content, /aborted by user/);
  });

  it('answers stale_revision and sends nothing when the prompt changes between status and respond', async () => {
    a = await startServerAgent(
      'codex',
      {
        name: 'e2e-codex-stale',
        turns: [
          { kind: 'codex-questions', questions: [CX_DATABASE] },
          { kind: 'text', text: FOLLOW_UP },
        ],
      },
      {},
      RUI,
    );
    await send(a, 'pick a database');
    const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the question');
    // The user moves the cursor in the terminal: a different exact prompt.
    await a.term.sendKeys('Down');
    await a.term.waitForSettled((screen) => /› 2\. PostgreSQL/.test(screen), 10_000, 300, 'the moved cursor');
    const before = await a.term.capture();
    const r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'SQLite (Recommended)')],
    });
    assert.equal(r.error?.data?.code, 'stale_revision', JSON.stringify(r));
    await sleep(800);
    assert.equal(await a.term.capture(), before, 'the screen changed: input was sent');
    assert.equal(a.model.toolResults().length, 0);
    // A message cannot be sent while the question owns the input.
    const blocked = await a.call(REQUESTS.respond.method, { session_id: a.sessionId, request: 'hello' });
    assert.equal(blocked.error?.data?.code, 'manual_required', JSON.stringify(blocked));
    await sleep(300);
    assert.equal(await a.term.capture(), before, 'the blocked message reached the terminal');
    const fresh = await a.waitStatus((x) => x.interaction !== null, 10_000, 'the new question');
    assert.notEqual(fresh.interaction?.interaction_id, s.interaction?.interaction_id);
  });

  it('answers an async question while the turn keeps working, and the answer steers the running turn', async () => {
    a = await startServerAgent(
      'codex',
      { name: 'e2e-codex-async', turns: codexAsyncTurns(false) },
      {},
      { args: CODEX_ASTRA },
    );
    await send(a, 'set up the service');
    const s = await openAsyncQuestion(a);
    assert.equal(s.state, 'working', 'the turn keeps working while the question waits');
    assert.deepEqual(s.interaction?.delivery_modes, ['steer_current_turn']);
    assert.deepEqual(
      question(s).q.options.map((o) => o.label),
      ['SQLite', 'PostgreSQL', 'Other'],
    );
    // A mode the native key does not perform is refused before any input.
    const refused = await chooseWithMode(a, s, 'PostgreSQL', 'queue_next_turn');
    assert.equal(refused.error?.data?.code, 'invalid_params', JSON.stringify(refused));
    const r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'PostgreSQL')],
    });
    assert.equal(outcome(r), 'resolved');
    assert.deepEqual(await asyncReplyAtModel(a), [{ answer: 'PostgreSQL', question: CX_ASYNC_QUESTION }]);
    a.model.releaseAll();
  });

  it('answers an async question through its native Other row with free text', async () => {
    a = await startServerAgent(
      'codex',
      { name: 'e2e-codex-async-other', turns: codexAsyncTurns(false) },
      {},
      { args: CODEX_ASTRA },
    );
    await send(a, 'set up the service');
    let s = await openAsyncQuestion(a);
    // The user folds it away again in the terminal: the summary is offered again, and opens again.
    await a.term.sendKeys('S-Right');
    s = await openAsyncQuestion(a);
    let r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'Other')],
    });
    assert.equal(outcome(r), 'resolved');
    s = await a.waitStatus(
      (x) => x.interaction?.questions[0]?.response_kind === 'free_text',
      30_000,
      'the Other editor',
    );
    assert.equal(s.interaction?.kind, 'async_question');
    assert.deepEqual(s.interaction?.delivery_modes, ['steer_current_turn']);
    assert.equal(question(s).q.prompt, CX_ASYNC_QUESTION);
    const text = 'DuckDB for analytics, "embedded" & <fast>';
    r = await respond(a, s, { question_id: question(s).q.question_id, response_kind: 'free_text', text });
    assert.equal(outcome(r), 'resolved');
    assert.deepEqual(await asyncReplyAtModel(a), [{ answer: text, question: CX_ASYNC_QUESTION }]);
    a.model.releaseAll();
  });

  it('submits with an unanswered question through the Proceed confirmation', async () => {
    a = await startServerAgent(
      'codex',
      {
        name: 'e2e-codex-proceed',
        turns: [
          { kind: 'codex-questions', questions: [CX_DATABASE, CX_LANGUAGE, CX_DEPLOY] },
          { kind: 'text', text: FOLLOW_UP },
        ],
      },
      {},
      RUI,
    );
    await send(a, 'plan the service');
    let s = await a.waitStatus(
      (x) => x.interaction?.questions[0]?.prompt === CX_DATABASE.question,
      30_000,
      'question 1',
    );
    let r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'PostgreSQL')],
    });
    assert.equal(outcome(r), 'resolved');
    s = await a.waitStatus((x) => x.interaction?.questions[0]?.prompt === CX_LANGUAGE.question, 30_000, 'question 2');
    // The user skips ahead in the terminal and submits with question 2 unanswered.
    await a.term.sendKeys('Right');
    await a.term.waitForSettled((screen) => screen.includes(CX_DEPLOY.question), 10_000, 300, 'question 3');
    s = await a.waitStatus(
      (x) => x.interaction?.questions[0]?.prompt === CX_DEPLOY.question,
      30_000,
      'question 3 offered',
    );
    r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, question(s).q.options[0]?.label ?? '')],
    });
    assert.equal(outcome(r), 'resolved');
    s = await a.waitStatus(
      (x) => x.interaction?.questions[0]?.response_kind === 'confirm',
      30_000,
      'the unanswered confirmation',
    );
    assert.deepEqual(
      question(s).q.options.map((o) => o.label),
      ['Proceed', 'Go back'],
    );
    r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'confirm',
      selected_option_ids: [optionId(s, 'Proceed')],
    });
    assert.equal(outcome(r), 'resolved');
    // Codex's own format for a skipped question: an empty answers list.
    assert.deepEqual(await answersAtModel(a), {
      answers: {
        database: { answers: ['PostgreSQL'] },
        language: { answers: [] },
        [CX_DEPLOY.id]: { answers: [CX_DEPLOY.options[0]?.label] },
      },
    });
  });

  it(
    'records a managed send before pasting it: ' +
      'the same request id is answered from the record, never pasted twice',
    async () => {
      a = await startServerAgent('codex', { name: 'e2e-codex-send-once', turns: [{ kind: 'text', text: FOLLOW_UP }] });
      const deadline = Date.now() + 20_000;
      let first: { result?: unknown; error?: { data?: { code?: string } } } | undefined;
      while (Date.now() < deadline) {
        first = await a.call(
          REQUESTS.respond.method,
          { session_id: a.sessionId, request: 'hello once', request_id: 'send-e2e-1' },
          20_000,
        );
        if (first.result || first.error?.data?.code !== 'manual_required') break;
        await sleep(250);
      }
      assert.ok(first?.result, JSON.stringify(first));
      assert.deepEqual(
        { ...first.result, turn_id: null },
        { session_id: a.sessionId, turn_id: null, sent: true, send_id: 'send-e2e-1', replayed: false },
      );
      await a.term.waitForSettled((screen) => screen.includes(FOLLOW_UP), 30_000, 300, 'the answer');
      const again = await a.call(REQUESTS.respond.method, {
        session_id: a.sessionId,
        request: 'hello once',
        request_id: 'send-e2e-1',
      });
      assert.equal((again.result as { replayed?: boolean } | undefined)?.replayed, true, JSON.stringify(again));
      const other = await a.call(REQUESTS.respond.method, {
        session_id: a.sessionId,
        request: 'something else',
        request_id: 'send-e2e-1',
      });
      assert.equal(other.error?.data?.code, 'invalid_params', JSON.stringify(other));
      await sleep(1_000);
      assert.equal(
        a.model.userMessages().filter((t) => t === 'hello once').length,
        1,
        JSON.stringify(a.model.userMessages()),
      );
    },
  );

  it(
    'comes back response_uncertain, with nothing pasted, ' +
      'when the server dies between recording a send and its paste',
    async () => {
      a = await startServerAgent(
        'codex',
        { name: 'e2e-codex-send-crash', turns: [{ kind: 'text', text: FOLLOW_UP }] },
        { AKK_FAULT_HOLD_AFTER_RESERVE_MS: '4000' },
      );
      await a.term.waitForSettled(
        (screen) => screen.includes('Ask Codex to do anything'),
        30_000,
        1_000,
        'the idle composer',
      );
      const before = await a.term.capture();
      const pending = a
        .call(
          REQUESTS.respond.method,
          { session_id: a.sessionId, request: 'hello crash', request_id: 'send-crash-1' },
          20_000,
        )
        .catch(() => undefined);
      await sleep(1_500); // the send is on disk; its paste is held back
      a.server.child.kill('SIGKILL');
      await pending;
      await a.restart();
      const repeat = await a.call(REQUESTS.respond.method, {
        session_id: a.sessionId,
        request: 'hello crash',
        request_id: 'send-crash-1',
      });
      assert.equal(repeat.error?.data?.code, 'response_uncertain', JSON.stringify(repeat));
      // The idle composer on screen proves another state: the session follows it again, in a new
      // turn, while the send stays recorded as uncertain and is never pasted.
      await a.waitStatus((x) => x.state === 'idle', 20_000, 'the idle composer');
      const again = await a.call(REQUESTS.respond.method, {
        session_id: a.sessionId,
        request: 'hello crash',
        request_id: 'send-crash-1',
      });
      assert.equal(again.error?.data?.code, 'response_uncertain', JSON.stringify(again));
      await sleep(500);
      assert.equal(await a.term.capture(), before, 'something reached the terminal');
      assert.equal(a.model.userMessages().includes('hello crash'), false);
    },
  );
});
