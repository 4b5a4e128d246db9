/**
 * "Answer in the Terminal" with the newest real Claude Code through the AKK server: a waiting
 * question left to the terminal (`akk/dismissInteraction`) is not offered or announced again while
 * it stays on screen, status says it is answered in the terminal, and nothing is typed; once the
 * person answers it at the agent's own prompt, the next question is offered and answered as usual.
 * The tool results at the loopback fake model are the ground truth.
 */
import { strict as assert } from 'node:assert';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import { Q_DATABASE, Q_NAME } from '../../src/agents/claude/qualify/questions';
import { optionId, question, startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';
import { sleep } from '../../src/qualify/wait';

interface Listed {
  interaction_id: string;
  status: string;
  outcome: string | null;
}

async function listed(a: ServerAgent): Promise<Listed[]> {
  const r = await a.call(REQUESTS.listInteractions.method, { session_id: a.sessionId });
  assert.ok(r.result, JSON.stringify(r.error));
  return (r.result as { interactions: Listed[] }).interactions;
}

/** Interaction ids announced to the client with `akk/interactionRequired`. */
function announced(a: ServerAgent): string[] {
  return a.server.notifications
    .filter((n) => n.method === 'akk/interactionRequired')
    .flatMap((n) => {
      const id = (n.params as { interaction?: { interaction_id?: string } | null }).interaction?.interaction_id;
      return id === undefined ? [] : [id];
    });
}

/** One key, as a person presses it: sent again only if the first had no visible effect. */
async function press(a: ServerAgent, key: string): Promise<void> {
  const before = await a.term.capture();
  for (let attempt = 0; attempt < 2; attempt++) {
    await a.term.sendKeys(key);
    const deadline = Date.now() + 2500;
    while (Date.now() < deadline) {
      if ((await a.term.capture()) !== before) return;
      await sleep(50);
    }
  }
  throw new Error(`key ${key} had no visible effect:\n${before}`);
}

describe('Claude Code: a question left to the terminal (live)', function () {
  this.timeout(120_000);

  it(
    'is not offered again while on screen and nothing is typed; ' + 'answered there, the next question is offered',
    async () => {
      const a = await startServerAgent('claude', {
        name: 'e2e-dismiss',
        turns: [
          { kind: 'ask', questions: [Q_DATABASE] },
          { kind: 'ask', questions: [Q_NAME] },
          { kind: 'text', text: 'Thanks.' },
        ],
      });
      await userPrompt(a.term, 'pick a database');
      const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the first question');
      const { i } = question(s);
      const screen = await a.term.capture();

      const r = await a.call(REQUESTS.dismissInteraction.method, {
        interaction_id: i.interaction_id,
        turn_id: i.turn_id,
      });
      assert.deepEqual(
        r.result,
        { interaction_id: i.interaction_id, session_id: a.sessionId, status: 'dismissed' },
        JSON.stringify(r.error),
      );
      const again = await a.call(REQUESTS.dismissInteraction.method, {
        interaction_id: i.interaction_id,
        turn_id: i.turn_id,
      });
      assert.deepEqual(again.result, r.result, 'a repeated dismissal answers the same');
      const notified = a.server.notifications.filter((n) => n.method === 'akk/interactionUpdated');
      assert.ok(
        notified.some(
          (n) =>
            (n.params as { interaction_id?: string; status?: string }).interaction_id === i.interaction_id &&
            (n.params as { status?: string }).status === 'dismissed',
        ),
        'the client is told',
      );
      const announcedBefore = announced(a).length;

      // While the same prompt stays on screen: never offered again, status says why, nothing typed.
      for (let k = 0; k < 5; k++) {
        const now: StatusResult = await a.status();
        assert.equal(now.interaction, null, `offered again: ${JSON.stringify(now)}`);
        assert.equal(now.permission, null);
        assert.match(now.manual_reason ?? '', /answer this step in the terminal/, JSON.stringify(now));
        assert.equal(now.offer_expires_at, null);
        await sleep(300);
      }
      assert.equal(await a.term.capture(), screen, 'something was typed');
      assert.deepEqual(announced(a).slice(announcedBefore), [], 'announced again');
      const stale = await a.call(REQUESTS.respondInteraction.method, {
        interaction_id: i.interaction_id,
        turn_id: i.turn_id,
        answers: [
          {
            question_id: question(s).q.question_id,
            response_kind: 'single_select',
            selected_option_ids: [optionId(s, 'MySQL')],
          },
        ],
      });
      assert.equal(stale.error?.data?.code, 'invalidated', JSON.stringify(stale));
      assert.equal(await a.term.capture(), screen, 'a refused answer typed something');
      const row = (await listed(a)).find((x) => x.interaction_id === i.interaction_id);
      assert.deepEqual([row?.status, row?.outcome], ['dismissed', 'answered in the terminal']);

      // The person answers at the agent's own prompt: PostgreSQL is its second option.
      await press(a, '2');
      const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
      assert.match(tool.content, /"Which database should the service use\?"="PostgreSQL"/);

      // The next question is offered and announced as usual, and answered through AKK.
      const next = await a.waitStatus(
        (x) => x.interaction?.questions[0]?.prompt === Q_NAME.question,
        30_000,
        'the next question',
      );
      assert.equal(next.manual_reason, null);
      const nextId = next.interaction?.interaction_id ?? '';
      const deadline = Date.now() + 5_000;
      while (!announced(a).includes(nextId) && Date.now() < deadline) await sleep(100);
      assert.ok(announced(a).includes(nextId), 'the next question is announced');
      const { q } = question(next);
      const answered = await a.call(
        REQUESTS.respondInteraction.method,
        {
          interaction_id: nextId,
          turn_id: next.interaction?.turn_id,
          answers: [
            {
              question_id: q.question_id,
              response_kind: 'single_select',
              selected_option_ids: [optionId(next, 'harbor')],
            },
          ],
        },
        30_000,
      );
      assert.equal(
        (answered.result as { outcome?: string } | undefined)?.outcome,
        'resolved',
        JSON.stringify(answered.error),
      );
      const second = await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
      assert.match(second.content, /"What should the project be called\?"="harbor"/);
    },
  );
});
