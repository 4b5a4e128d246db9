/**
 * Codex answered through the AKK server only (`akk/*` over stdio): the newest real client against
 * the loopback fake model. Even the user's opening prompt is a managed send (`akk/respond`). The
 * function output the fake model receives is the ground truth: Codex's own `answers` format with
 * `user_note:` entries.
 *
 * Questionnaires: choices, None of the above with notes, a prompt that changes before the answer,
 * and a question left unanswered through the Proceed confirmation (the approvals and the async
 * questions and managed sends are beside this file).
 */
import { strict as assert } from 'node:assert';
import { REQUESTS } from '../../src/shared/protocol';
import { CX_DATABASE, CX_DEPLOY, CX_LANGUAGE } from '../../src/agents/codex/qualify/scenarios';
import { optionId, question, respond, startServerAgent } from '../support/server-agent';
import { FOLLOW_UP, RUI, answersAtModel, chooseWithMode, outcome, send, sleep } from './codex-server-support';

describe('Codex through the AKK server (live)', function () {
  this.timeout(60_000);

  it('answers two questions: a choice, then None of the above with notes', async () => {
    const a = await startServerAgent(
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
    const a = await startServerAgent(
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

  it('answers stale_revision and sends nothing when the prompt changes between status and respond', async () => {
    const a = await startServerAgent(
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

  it('submits with an unanswered question through the Proceed confirmation', async () => {
    const a = await startServerAgent(
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
});
