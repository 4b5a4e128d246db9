/**
 * Codex answered through the AKK server only (`akk/*` over stdio): the newest real client against
 * the loopback fake model. Even the user's opening prompt is a managed send (`akk/respond`). The
 * function output the fake model receives is the ground truth: Codex's own `answers` format with
 * `user_note:` entries.
 *
 * While the turn runs: async questions answered as the turn keeps working, and managed sends,
 * recorded before they are pasted, never pasted twice, uncertain when the server dies in between.
 */
import { strict as assert } from 'node:assert';
import { REQUESTS } from '../../src/shared/protocol';
import { CODEX_ASTRA, CX_ASYNC_QUESTION, codexAsyncTurns } from '../../src/agents/codex/qualify/async-scenarios';
import { optionId, question, respond, startServerAgent } from '../support/server-agent';
import {
  FOLLOW_UP,
  asyncReplyAtModel,
  chooseWithMode,
  openAsyncQuestion,
  outcome,
  send,
  sleep,
} from './codex-server-support';

describe('Codex through the AKK server (live)', function () {
  this.timeout(60_000);

  it('answers an async question while the turn keeps working, and the answer steers the running turn', async () => {
    const a = await startServerAgent(
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
    const a = await startServerAgent(
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

  it(
    'records a managed send before pasting it: ' +
      'the same request id is answered from the record, never pasted twice',
    async () => {
      const a = await startServerAgent('codex', {
        name: 'e2e-codex-send-once',
        turns: [{ kind: 'text', text: FOLLOW_UP }],
      });
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
      const a = await startServerAgent(
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
