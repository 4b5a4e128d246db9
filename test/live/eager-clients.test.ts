/**
 * Clients that answer what they are told, the moment they are told: through the AKK server only
 * (`node dist/server.js --stdio`), a client answers every `akk/interactionRequired` at once, or
 * after a person's 300 ms, asking `akk/status` first as the protocol says and answering the step
 * it was announced. A screen the server's own response is walking through (between the keys of a
 * multi-select answer, the editor being typed) or has just left behind is part of that response:
 * every native step is announced exactly once, and no answer is refused. What the fake model
 * receives is the ground truth.
 */
import { strict as assert } from 'node:assert';
import type { Answer, TerminalInteraction } from '../../src/shared/contract';
import { NOTIFICATIONS, REQUESTS, type InteractionRequiredParams } from '../../src/shared/protocol';
import { Q_FEATURES, Q_NAME } from '../../src/agents/claude/qualify/questions';
import { CX_DATABASE, CX_LANGUAGE } from '../../src/agents/codex/qualify/scenarios';
import type { RpcMessage } from '../support/rpc-client';
import { startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';
import { sleep } from '../../src/qualify/wait';
import { FOLLOW_UP, RUI, answersAtModel, send } from './codex-server-support';

/** How the client answers each step it is told about: the options to choose, or the words to type. */
type Script = (i: TerminalInteraction) => Answer;

function byLabel(i: TerminalInteraction, labels: readonly string[]): string[] {
  const q = i.questions[0];
  assert.ok(q, 'an announced step without a question');
  return labels.map((label) => {
    const o = q.options.find((x) => x.label === label);
    assert.ok(o, `no option "${label}" in ${JSON.stringify(q.options.map((x) => x.label))}`);
    return o.option_id;
  });
}

function scripted(choices: Record<string, readonly string[]>, text: string): Script {
  return (i) => {
    const q = i.questions[0];
    assert.ok(q, 'an announced step without a question');
    if (q.response_kind === 'free_text') return { question_id: q.question_id, response_kind: 'free_text', text };
    const labels = q.response_kind === 'confirm' ? ['Submit answers'] : choices[q.prompt];
    assert.ok(labels, `the script has no answer for "${q.prompt}"`);
    return { question_id: q.question_id, response_kind: q.response_kind, selected_option_ids: byLabel(i, labels) };
  };
}

interface Run {
  /** Interaction ids in the order they were announced (a repeat is a step announced twice). */
  announced: string[];
  /** Every answer the server refused, with the step it was for. */
  refused: Array<{ id: string; error: RpcMessage['error'] }>;
}

/**
 * Answers every announcement, after `delayMs`: status first (the offer), then the step announced.
 * Stops when `done` holds; at most `timeoutMs`.
 */
async function answerEveryAnnouncement(
  a: ServerAgent,
  delayMs: number,
  script: Script,
  done: () => boolean,
  timeoutMs = 60_000,
): Promise<Run> {
  const run: Run = { announced: [], refused: [] };
  const deadline = Date.now() + timeoutMs;
  let seen = 0;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not done after ${timeoutMs} ms: ${JSON.stringify(run)}`);
    const fresh = a.server.notifications.slice(seen).filter((n) => n.method === NOTIFICATIONS.interactionRequired);
    seen = a.server.notifications.length;
    for (const n of fresh) {
      const told = (n.params as InteractionRequiredParams).interaction;
      if (!told) continue;
      run.announced.push(told.interaction_id);
      if (delayMs > 0) await sleep(delayMs);
      await a.status();
      const r = await a.call(
        REQUESTS.respondInteraction.method,
        { interaction_id: told.interaction_id, turn_id: told.turn_id, answers: [script(told)] },
        30_000,
      );
      if (r.error) run.refused.push({ id: told.interaction_id, error: r.error });
    }
    await sleep(20);
  }
  return run;
}

function checkRun(run: Run, steps: number): void {
  assert.deepEqual(run.refused, [], 'an announced step was refused');
  assert.equal(
    new Set(run.announced).size,
    run.announced.length,
    `a step announced twice: ${run.announced.join(', ')}`,
  );
  assert.equal(run.announced.length, steps, `one announcement per native step: ${run.announced.join(', ')}`);
}

describe('clients that answer every announcement at once (live, through the AKK server)', function () {
  this.timeout(150_000);

  describe('Claude Code', () => {
    const cases = [
      { delayMs: 0, launch: {} },
      { delayMs: 300, launch: {} },
      // A seed generation at the smallest standard size: the screen a multi-select answer leaves behind.
      { delayMs: 0, launch: { version: '2.1.267', size: { cols: 80, rows: 24 } } },
    ];
    for (const { delayMs, launch } of cases) {
      const where = launch.version ? ` (Claude Code ${launch.version} at 80x24)` : '';
      const name = `multi-select, a choice into free text, the review: each answered ${delayMs} ms after announced`;
      it(`${name}${where}`, async () => {
        const a = await startServerAgent(
          'claude',
          {
            name: `eager-claude-${delayMs}`,
            turns: [
              { kind: 'ask', questions: [Q_FEATURES, Q_NAME] },
              { kind: 'text', text: 'Thanks.' },
            ],
          },
          {},
          launch,
        );
        const agent = a;
        await userPrompt(agent.term, 'plan the release');
        const script = scripted(
          { [Q_FEATURES.question]: ['Export', 'Authentication'], [Q_NAME.question]: ['Type something.'] },
          'northwind',
        );
        const run = await answerEveryAnnouncement(agent, delayMs, script, () => agent.model.toolResults().length > 0);
        const tool = await agent.model.waitForToolResult(agent.model.issued[0]?.id ?? '', 30_000);
        assert.match(tool.content, /"Which features should the first release include\?"="Export, Authentication"/);
        assert.match(tool.content, /"What should the project be called\?"="northwind"/);
        // The multi-select step, the name, its free-text editor, and the review.
        checkRun(run, 4);
      });
    }
  });

  describe('Codex', () => {
    for (const delayMs of [0, 300]) {
      it(`a choice, then a choice into notes, each answered ${delayMs} ms after it is announced`, async () => {
        const a = await startServerAgent(
          'codex',
          {
            name: `eager-codex-${delayMs}`,
            turns: [
              { kind: 'codex-questions', questions: [CX_DATABASE, CX_LANGUAGE] },
              { kind: 'text', text: FOLLOW_UP },
            ],
          },
          {},
          RUI,
        );
        const agent = a;
        await send(agent, 'plan the service');
        const script = scripted(
          { [CX_DATABASE.question]: ['PostgreSQL'], [CX_LANGUAGE.question]: ['Type something.'] },
          'Prefer a small static binary',
        );
        const run = await answerEveryAnnouncement(agent, delayMs, script, () => agent.model.toolResults().length > 0);
        assert.deepEqual(await answersAtModel(agent), {
          answers: {
            database: { answers: ['PostgreSQL'] },
            language: { answers: ['None of the above', 'user_note: Prefer a small static binary'] },
          },
        });
        // The first question, the second, and its notes.
        checkRun(run, 3);
      });
    }
  });
});
