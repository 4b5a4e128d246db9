/**
 * Claude Code through the AKK server when the situation leaves the happy path: a reloaded window
 * (a new connection id on the same store), two permissions in one turn approved by turn id, a
 * write that fails after its bytes were delivered, the revision echo, and steps closed by a detach
 * or by the agent exiting. The newest real client against the loopback fake model; the tool
 * results at the fake model and the files on disk are the ground truth.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import { Q_DATABASE, Q_NAME } from '../../src/agents/claude/qualify/questions';
import { optionId, question, respond, startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';
import { sleep, until } from '../../src/qualify/wait';
import { readOwnActivity } from '../../src/server/observe/own-activity';

interface Listed {
  interaction_id: string;
  status: string;
  outcome: string | null;
  turn_id: string;
}

/** What the client's own state record says now, found as Claude Code keeps it (under its HOME, by its pid). */
function ownRecord(a: ServerAgent) {
  const names = readdirSync(join(a.term.home, '.claude', 'sessions')).filter((n) => /^\d+\.json$/.test(n));
  assert.equal(names.length, 1, `one state record: ${names.join(', ')}`);
  return readOwnActivity('claude', Number.parseInt(names[0] ?? '', 10));
}

async function listed(a: ServerAgent): Promise<Listed[]> {
  const r = await a.call(REQUESTS.listInteractions.method, { session_id: a.sessionId });
  assert.ok(r.result, JSON.stringify(r.error));
  return (r.result as { interactions: Listed[] }).interactions;
}

function chooseOne(a: ServerAgent, s: StatusResult, label: string, extra: Record<string, unknown> = {}) {
  const { i, q } = question(s);
  const answers = [
    { question_id: q.question_id, response_kind: 'single_select', selected_option_ids: [optionId(s, label)] },
  ];
  return a.call(
    REQUESTS.respondInteraction.method,
    { interaction_id: i.interaction_id, turn_id: i.turn_id, answers, ...extra },
    30_000,
  );
}

describe('Claude Code lifecycle through the AKK server (live)', function () {
  this.timeout(120_000);

  it(
    'keeps answering after a window reload: ' +
      'a new connection id on the same store answers the pending step and the next one',
    async () => {
      const a = await startServerAgent('claude', {
        name: 'e2e-reload',
        turns: [
          { kind: 'ask', questions: [Q_DATABASE] },
          { kind: 'ask', questions: [Q_NAME] },
          { kind: 'text', text: 'Thanks.' },
        ],
      });
      await userPrompt(a.term, 'pick a database');
      const before = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the first question');
      // The window reloads: the extension host starts the server again with a new connection id.
      await a.restart({}, { ownerId: 'vscode-reloaded-window' });
      // What the old connection was offered answers nothing now (the terminal was re-attached under
      // a new binding generation, and the offer was the old connection's); nothing is typed.
      const screen = await a.term.capture();
      const stale = await chooseOne(a, before, 'PostgreSQL');
      assert.ok(['offer_required', 'stale_revision'].includes(String(stale.error?.data?.code)), JSON.stringify(stale));
      await sleep(400);
      assert.equal(await a.term.capture(), screen);
      // The same question on screen is offered to the new connection and answered.
      const s1 = await a.waitStatus(
        (x) => x.interaction?.questions[0]?.prompt === Q_DATABASE.question,
        30_000,
        'the first question after the reload',
      );
      const r1 = await chooseOne(a, s1, 'PostgreSQL');
      assert.equal((r1.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r1.error));
      const first = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
      assert.match(first.content, /"Which database should the service use\?"="PostgreSQL"/);

      // A prompt drawn after the reload becomes a new interaction and is answered.
      const s2 = await a.waitStatus(
        (x) => x.interaction?.questions[0]?.prompt === Q_NAME.question,
        30_000,
        'the next question',
      );
      const r2 = await chooseOne(a, s2, 'harbor');
      assert.equal((r2.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r2.error));
      const second = await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
      assert.match(second.content, /"What should the project be called\?"="harbor"/);
    },
  );

  it('approves two Bash permissions of one turn by turn id, each the one pending now', async () => {
    const a = await startServerAgent('claude', {
      name: 'e2e-two-permissions',
      turns: [
        { kind: 'bash', command: 'touch first.txt', description: 'Create first.txt' },
        { kind: 'bash', command: 'touch second.txt', description: 'Create second.txt' },
        { kind: 'text', text: 'Both done.' },
      ],
    });
    await userPrompt(a.term, 'make two files');
    const p1 = await a.waitStatus((x) => x.permission !== null, 30_000, 'the first permission');
    assert.equal(p1.permission?.subject, 'touch first.txt');
    // The client's own record says what its screen shows (read as the server reads it).
    assert.deepEqual(ownRecord(a), { activity: 'waiting', waitingFor: 'permission prompt' });
    const turnId = p1.permission?.turn_id;
    const r1 = await a.call(REQUESTS.approve.method, { turn_id: turnId, decision: 'approve_once' }, 30_000);
    assert.equal(
      (r1.result as { interaction_id?: string } | undefined)?.interaction_id,
      p1.permission?.interaction_id,
      JSON.stringify(r1),
    );
    assert.equal((r1.result as { replayed?: boolean }).replayed, false);

    const seen: string[] = [];
    const p2 = await a.waitStatus(
      (x) => {
        const was = `${x.state} ${x.turn_id ?? '-'}`;
        if (seen.at(-1) !== was) seen.push(was);
        return x.permission !== null && x.permission.interaction_id !== p1.permission?.interaction_id;
      },
      30_000,
      'the second permission',
    );
    assert.equal(p2.permission?.subject, 'touch second.txt');
    const log = `${JSON.stringify(r1)}\nstates seen: ${seen.join(', ')}\n${a.server.logLines('session ')}`;
    assert.equal(p2.permission?.turn_id, turnId, `both permissions belong to one turn (${turnId}); r1: ${log}`);
    const r2 = await a.call(REQUESTS.approve.method, { turn_id: turnId, decision: 'approve_once' }, 30_000);
    assert.equal(
      (r2.result as { interaction_id?: string } | undefined)?.interaction_id,
      p2.permission?.interaction_id,
      JSON.stringify(r2),
    );
    assert.equal(
      (r2.result as { replayed?: boolean }).replayed,
      false,
      'the second approval must not replay the first receipt',
    );

    await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
    assert.ok(existsSync(join(a.term.workDir, 'first.txt')));
    assert.ok(existsSync(join(a.term.workDir, 'second.txt')));
    // Nothing is pending now: an approval by turn is refused, and nothing is sent.
    await a.waitStatus((x) => x.permission === null, 30_000, 'no permission pending');
    await until('the client says it is idle', () => ownRecord(a)?.activity === 'idle', 30_000);
    const r3 = await a.call(REQUESTS.approve.method, { turn_id: turnId, decision: 'approve_once' });
    assert.equal(r3.error?.data?.code, 'not_found', JSON.stringify(r3));
  });

  it(
    'a write that fails after delivering its bytes is response_uncertain, never offered again, ' +
      'and ends when the screen moves on',
    async () => {
      const a = await startServerAgent(
        'claude',
        {
          name: 'e2e-write-fault',
          turns: [
            { kind: 'bash', command: 'touch faulted.txt', description: 'Create faulted.txt' },
            { kind: 'text', text: 'Done.' },
          ],
        },
        { AKK_FAULT_FAIL_AFTER_INPUT: '1' },
      );
      await userPrompt(a.term, 'make the file');
      const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the permission prompt');
      const r = await a.call(
        REQUESTS.approve.method,
        { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'approve_once' },
        30_000,
      );
      assert.equal(r.error?.data?.code, 'response_uncertain', JSON.stringify(r));
      // The bytes did arrive: Claude Code ran the command.
      await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
      assert.ok(existsSync(join(a.term.workDir, 'faulted.txt')));
      // A retry is refused; the step stays failed for the record.
      const retry = await a.call(REQUESTS.approve.method, {
        interaction_id: s.permission?.interaction_id,
        turn_id: s.permission?.turn_id,
        decision: 'approve_once',
      });
      assert.equal(retry.error?.data?.code, 'response_uncertain', JSON.stringify(retry));
      // The screen proves another state (the agent is idle again): the session leaves
      // response_uncertain in a new turn.
      const after = await a.waitStatus((x) => x.state === 'idle', 30_000, 'the session to follow its screen again');
      assert.notEqual(after.turn_id, s.permission?.turn_id);
      const row = (await listed(a)).find((x) => x.interaction_id === s.permission?.interaction_id);
      assert.equal(row?.status, 'failed');
      assert.equal(row?.outcome, 'response_uncertain');
      // Settled on disk: a restart does not make the session uncertain again.
      await a.restart();
      await sleep(1500);
      const restarted = await a.status();
      assert.notEqual(restarted.state, 'response_uncertain', JSON.stringify(restarted));
    },
  );

  it(
    'refuses a missing or wrong revision echo from a client that promised one, ' + 'and answers with the rendered one',
    async () => {
      const a = await startServerAgent('claude', {
        name: 'e2e-revision',
        turns: [
          { kind: 'ask', questions: [Q_DATABASE] },
          { kind: 'text', text: 'Thanks.' },
        ],
      });
      await a.restart({}, { ownerId: 'vscode-editor', echoesRevision: true });
      await userPrompt(a.term, 'pick a database');
      const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the question');
      assert.match(s.revision ?? '', /^\d+$/);
      const screen = await a.term.capture();
      const missing = await chooseOne(a, s, 'MySQL');
      assert.equal(missing.error?.data?.code, 'invalid_params', JSON.stringify(missing));
      const wrong = await chooseOne(a, s, 'MySQL', { expected_revision: String(Number(s.revision) + 7) });
      assert.equal(wrong.error?.data?.code, 'stale_revision', JSON.stringify(wrong));
      await sleep(500);
      assert.equal(await a.term.capture(), screen, 'a refused answer typed something');
      const fresh = await a.status();
      const ok = await chooseOne(a, fresh, 'MySQL', { expected_revision: fresh.revision });
      assert.equal((ok.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(ok.error));
      const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
      assert.match(tool.content, /="MySQL"/);
    },
  );

  it('closes a waiting step when its session is detached, and when the agent exits, and says why', async () => {
    const a = await startServerAgent('claude', {
      name: 'e2e-closed',
      turns: [
        { kind: 'ask', questions: [Q_DATABASE] },
        { kind: 'text', text: 'Thanks.' },
      ],
    });
    await userPrompt(a.term, 'pick a database');
    const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the question');
    const detached = await a.call(REQUESTS.detachSession.method, { session_id: a.sessionId });
    assert.ok(detached.result, JSON.stringify(detached.error));
    let row = (await listed(a)).find((x) => x.interaction_id === s.interaction?.interaction_id);
    assert.equal(row?.status, 'invalidated');
    assert.equal(row?.outcome, 'the session was detached');
    const updates = a.server.notifications.filter((n) => n.method === 'akk/interactionUpdated');
    assert.ok(
      updates.some((n) => (n.params as { interaction_id?: string }).interaction_id === s.interaction?.interaction_id),
      'the client is told',
    );
    const stale = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'MySQL')],
    });
    assert.ok(stale.error, 'a closed step is not answerable');

    // Attached again, the same prompt is a new step; then the agent exits under it.
    const again = await a.call(REQUESTS.attachSession.method, {
      tmux: { socket: a.term.socket, target: a.term.target },
    });
    assert.ok(again.result, JSON.stringify(again.error));
    const sessionId = (again.result as { session_id: string }).session_id;
    const statusOf = async (): Promise<StatusResult> =>
      (await a.call(REQUESTS.status.method, { session_id: sessionId })).result as StatusResult;
    const deadline = Date.now() + 20_000;
    let next = await statusOf();
    while (next.interaction === null && Date.now() < deadline) {
      await sleep(200);
      next = await statusOf();
    }
    assert.ok(next.interaction, `the question is offered after re-attaching: ${JSON.stringify(next)}`);
    process.kill(a.term.panePid(), 'SIGKILL');
    const closedBy = Date.now() + 20_000;
    for (;;) {
      const list = (await a.call(REQUESTS.listInteractions.method, { session_id: sessionId })).result as {
        interactions: Listed[];
      };
      row = list.interactions.find((x) => x.interaction_id === next.interaction?.interaction_id);
      if (row?.status !== 'active' || Date.now() > closedBy) break;
      await sleep(200);
    }
    assert.equal(row?.status, 'invalidated');
    assert.equal(row?.outcome, 'the agent exited');
  });
});

describe('Claude Code announcements through the AKK server (live)', function () {
  this.timeout(120_000);

  it(
    'announces a step only once its screen is quiet: ' + 'frames redrawn within moments never reach the client',
    async () => {
      const a = await startServerAgent('claude', {
        name: 'e2e-quiet-announce',
        turns: [
          { kind: 'ask', questions: [Q_DATABASE] },
          { kind: 'text', text: 'Thanks.' },
        ],
      });
      await userPrompt(a.term, 'pick a database');
      const first = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the question');
      const required = (): string[] =>
        a.server.notifications
          .filter((n) => n.method === 'akk/interactionRequired')
          .flatMap((n) => {
            const id = (n.params as { interaction?: { interaction_id?: string } | null }).interaction?.interaction_id;
            return id === undefined ? [] : [id];
          });
      await until(
        'the first announcement',
        () => (required().includes(String(first.interaction?.interaction_id)) ? true : undefined),
        5_000,
      );
      const before = required().length;
      // Two quick resizes: Claude Code redraws the dialog at each width, so each frame is a new step.
      await a.term.tmux(['resize-window', '-t', a.term.target, '-x', '100', '-y', '40']);
      await sleep(60);
      await a.term.tmux(['resize-window', '-t', a.term.target, '-x', '120', '-y', '40']);
      await sleep(2500);
      const after = required().slice(before);
      const now = await a.waitStatus((x) => x.interaction !== null, 10_000, 'the question after the resizes');
      assert.deepEqual(
        after,
        [now.interaction?.interaction_id],
        `announced after the resizes: ${JSON.stringify(after)}`,
      );
      const all = (await listed(a)).filter((x) => x.status === 'invalidated');
      assert.ok(all.length >= 1, 'the redrawn frames were steps of their own, invalidated without a word');
    },
  );
});
