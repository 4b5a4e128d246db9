/**
 * Claude Code answered through the AKK server only (`akk/*` over stdio): the newest real client
 * against the loopback fake model. The fake model's tool result is the ground truth.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS } from '../../src/shared/protocol';
import { Q_DATABASE, Q_FEATURES, Q_NAME } from '../../src/agents/claude/qualify/questions';
import { optionId, question, respond, startServerAgent, userPrompt } from '../support/server-agent';
import { sleep } from '../../src/qualify/wait';
import { PROCESS_TABLE_NOTE } from '../support/process-table-note';

describe(`Claude Code through the AKK server (live${PROCESS_TABLE_NOTE})`, function () {
  this.timeout(120_000);

  it(
    'answers a two-question questionnaire ' +
      '(multi-select, then single-select into free text) and submits the review',
    async () => {
      const a = await startServerAgent('claude', {
        name: 'e2e-questionnaire',
        turns: [
          { kind: 'ask', questions: [Q_FEATURES, Q_NAME] },
          { kind: 'text', text: 'Thanks.' },
        ],
      });
      await userPrompt(a.term, 'plan the release');
      let s = await a.waitStatus(
        (x) => x.interaction?.questions[0]?.response_kind === 'multi_select',
        30_000,
        'the multi-select step',
      );
      assert.deepEqual(s.interaction?.step, { index: 1, total: 3 });
      const features = question(s).q.question_id;
      let r = await respond(a, s, {
        question_id: features,
        response_kind: 'multi_select',
        selected_option_ids: [optionId(s, 'Export'), optionId(s, 'Authentication')],
      });
      assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));

      s = await a.waitStatus((x) => x.interaction?.questions[0]?.prompt === Q_NAME.question, 30_000, 'the name step');
      r = await respond(a, s, {
        question_id: question(s).q.question_id,
        response_kind: 'single_select',
        selected_option_ids: [optionId(s, 'Type something.')],
      });
      assert.ok(r.result, JSON.stringify(r.error));

      s = await a.waitStatus(
        (x) => x.interaction?.questions[0]?.response_kind === 'free_text',
        30_000,
        'the free-text step',
      );
      assert.equal(question(s).q.max_length, 799);
      r = await respond(a, s, {
        question_id: question(s).q.question_id,
        response_kind: 'free_text',
        text: 'northwind "alpha" & <beta>',
      });
      assert.ok(r.result, JSON.stringify(r.error));

      s = await a.waitStatus(
        (x) => x.interaction?.questions[0]?.response_kind === 'confirm',
        30_000,
        'the review step',
      );
      assert.deepEqual(
        question(s).q.options.map((o) => o.label),
        ['Submit answers', 'Cancel'],
      );
      r = await respond(a, s, {
        question_id: question(s).q.question_id,
        response_kind: 'confirm',
        selected_option_ids: [optionId(s, 'Submit answers')],
      });
      assert.ok(r.result, JSON.stringify(r.error));

      const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
      assert.match(tool.content, /"Which features should the first release include\?"="Export, Authentication"/);
      assert.match(tool.content, /"What should the project be called\?"="northwind \\?"alpha\\?" & <beta>"/);
      assert.equal(tool.isError, false);

      // Every answered step is in the history, resolved, and a repeated response executes nothing.
      const list = (await a.call(REQUESTS.listInteractions.method, { session_id: a.sessionId })).result as {
        interactions: Array<{ status: string; interaction_id: string; turn_id: string }>;
      };
      assert.ok(list.interactions.filter((x) => x.status === 'resolved').length >= 4, JSON.stringify(list));
    },
  );

  it('approves a Bash command once, and the command runs', async () => {
    const a = await startServerAgent('claude', {
      name: 'e2e-bash-approve',
      turns: [
        { kind: 'bash', command: 'touch approved.txt', description: 'Create approved.txt' },
        { kind: 'text', text: 'Done.' },
      ],
    });
    await userPrompt(a.term, 'make the file');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the permission prompt');
    assert.equal(s.permission?.tool, 'bash');
    assert.equal(s.permission?.title, 'Bash command');
    assert.equal(s.permission?.subject, 'touch approved.txt');
    assert.deepEqual(s.permission?.decisions, ['approve_once', 'reject']);
    const r = await a.call(
      REQUESTS.approve.method,
      { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'approve_once' },
      30_000,
    );
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
    const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.equal(tool.isError, false);
    assert.ok(existsSync(join(a.term.workDir, 'approved.txt')));
    // The same approval again returns the original receipt and sends nothing.
    const again = await a.call(REQUESTS.approve.method, {
      interaction_id: s.permission?.interaction_id,
      turn_id: s.permission?.turn_id,
      decision: 'approve_once',
    });
    assert.equal((again.result as { replayed?: boolean } | undefined)?.replayed, true, JSON.stringify(again));
  });

  it('rejects a Bash command, and the command does not run', async () => {
    const a = await startServerAgent('claude', {
      name: 'e2e-bash-reject',
      turns: [
        { kind: 'bash', command: 'touch rejected.txt', description: 'Create rejected.txt' },
        { kind: 'text', text: 'Understood.' },
      ],
    });
    await userPrompt(a.term, 'make the file');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the permission prompt');
    const r = await a.call(
      REQUESTS.approve.method,
      { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'reject' },
      30_000,
    );
    assert.ok(r.result, JSON.stringify(r.error));
    // The receipt says what happened: a rejection is declined, not resolved.
    assert.equal((r.result as { outcome?: string }).outcome, 'declined');
    await a.waitStatus((x) => x.permission === null && x.state !== 'waiting_input', 30_000, 'the prompt to close');
    await sleep(1000);
    assert.equal(existsSync(join(a.term.workDir, 'rejected.txt')), false);
    assert.equal(a.model.toolResults().length, 0, 'a rejected command must not report a result');
  });

  it('answers stale_revision and sends nothing when the prompt changes between status and respond', async () => {
    const a = await startServerAgent('claude', {
      name: 'e2e-stale',
      turns: [
        { kind: 'ask', questions: [Q_DATABASE] },
        { kind: 'text', text: 'Thanks.' },
      ],
    });
    await userPrompt(a.term, 'pick a database');
    const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the question');
    // The user moves the cursor in the terminal: a different exact prompt.
    await sleep(400);
    await a.term.sendKeys('Down');
    await a.term.waitForSettled((screen) => /❯ 2\. PostgreSQL/.test(screen), 10_000, 300, 'the moved cursor');
    const before = await a.term.capture();
    const r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'MySQL')],
    });
    assert.equal(r.error?.data?.code, 'stale_revision', JSON.stringify(r));
    await sleep(800);
    assert.equal(await a.term.capture(), before, 'the screen changed: input was sent');
    assert.equal(a.model.toolResults().length, 0);
    // The new prompt is offered under a new id.
    const fresh = await a.waitStatus((x) => x.interaction !== null, 10_000, 'the new question');
    assert.notEqual(fresh.interaction?.interaction_id, s.interaction?.interaction_id);
  });

  it(
    'comes back response_uncertain, with nothing sent twice, ' + 'when the server dies between reservation and input',
    async () => {
      const a = await startServerAgent(
        'claude',
        {
          name: 'e2e-crash',
          turns: [
            { kind: 'ask', questions: [Q_DATABASE] },
            { kind: 'text', text: 'Thanks.' },
          ],
        },
        { AKK_FAULT_HOLD_AFTER_RESERVE_MS: '4000' },
      );
      await userPrompt(a.term, 'pick a database');
      const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the question');
      const before = await a.term.capture();
      const pending = respond(a, s, {
        question_id: question(s).q.question_id,
        response_kind: 'single_select',
        selected_option_ids: [optionId(s, 'PostgreSQL')],
      }).catch(() => undefined);
      await sleep(1500); // the reservation is on disk; the first key is held back
      a.server.child.kill('SIGKILL');
      await pending;
      await a.restart();
      const after = await a.waitStatus((x) => x.state === 'response_uncertain', 20_000, 'response_uncertain');
      assert.equal(after.interaction, null, 'a consumed prompt must not be offered again');
      const list = (await a.call(REQUESTS.listInteractions.method, { session_id: a.sessionId })).result as {
        interactions: Array<{ interaction_id: string; status: string; outcome: string | null }>;
      };
      const row = list.interactions.find((x) => x.interaction_id === s.interaction?.interaction_id);
      assert.equal(row?.status, 'failed');
      assert.equal(row?.outcome, 'response_uncertain');
      // Nothing was typed, and a retry is refused without input.
      const retry = await respond(a, s, {
        question_id: question(s).q.question_id,
        response_kind: 'single_select',
        selected_option_ids: [optionId(s, 'PostgreSQL')],
      });
      assert.equal(retry.error?.data?.code, 'response_uncertain', JSON.stringify(retry));
      await sleep(500);
      assert.equal(await a.term.capture(), before);
      assert.equal(a.model.toolResults().length, 0);

      // The person checks the terminal and says so: the session follows its screen again in a new
      // turn; the step stays failed, and its prompt is still never offered again.
      const ack = await a.call(REQUESTS.acknowledgeUncertain.method, { session_id: a.sessionId });
      assert.deepEqual(
        (ack.result as { settled?: string[] } | undefined)?.settled,
        [s.interaction?.interaction_id],
        JSON.stringify(ack),
      );
      const followed = await a.waitStatus(
        (x) => x.state === 'waiting_input',
        10_000,
        'the session to follow its screen',
      );
      assert.notEqual(followed.turn_id, after.turn_id);
      assert.equal(followed.interaction, null);
      await a.restart();
      await sleep(1000);
      assert.notEqual((await a.status()).state, 'response_uncertain');
    },
  );
});
