/**
 * Gemini CLI's `ask_user` questions, newest release, live through `node dist/server.js --stdio` at
 * 80x24, answered from the server. The client shows three rows at a time, so a question with three
 * options and the free-text row scrolls: the server reads the rows out of sight (the cursor taken
 * down to the last row and back, each move proven) and offers the whole list, answered by digit.
 * Then free text on that scrolled list (the free-text row chosen, then the text), a yes/no
 * question whose rows are all in sight, two questions (a tab each) and the review submitted, and a
 * free-text question's field; and at 100x15, where each tab is a window of its own list, two
 * questions and the review. Ground truth is what the fake model received: the client's own
 * `{"answers":{"0":…}}` result. The first list is read while the machine is busy, where the client
 * draws a move of the cursor and what goes with it in two frames.
 */
import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import type { StatusResult } from '../../src/shared/protocol';
import { GEMINI_ASK } from '../../src/agents/gemini/qualify/question-scenarios';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { agentBinary } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { answerAtModel, idleComposer, prompt } from '../support/gemini-live';
import { optionId, question, respond, startServerAgent, type ServerAgent } from '../support/server-agent';

const VERSION = NEWEST.gemini;
const FREE_TEXT = 'Enter a custom value';
const { database, release, rollout, name } = GEMINI_ASK;
/** The same options under another question: a step drawn like one already answered is the person's. */
const HOSTING = { ...database, question: 'Which database should the reports use?', header: 'Reports' };
const TYPED = 'DuckDB, read-only';

function ask(q: object): ModelTurn {
  return { kind: 'tool', name: 'ask_user', input: { questions: [q] } };
}

/** Runs `fn` while six processes keep the machine's cores busy. */
async function whileBusy<T>(fn: () => Promise<T>): Promise<T> {
  const busy: ChildProcess[] = Array.from({ length: 6 }, () => spawn('yes', [], { stdio: 'ignore' }));
  try {
    return await fn();
  } finally {
    for (const b of busy) b.kill();
  }
}

async function asked(a: ServerAgent, text: string, kind = 'single_select', timeoutMs = 30_000): Promise<StatusResult> {
  return a.waitStatus(
    (x) => x.interaction?.questions[0]?.prompt === text && x.interaction.questions[0].response_kind === kind,
    timeoutMs,
    `${kind}: ${text}`,
  );
}

async function choose(a: ServerAgent, s: StatusResult, label: string): Promise<void> {
  const r = await respond(a, s, {
    question_id: question(s).q.question_id,
    response_kind: 'single_select',
    selected_option_ids: [optionId(s, label)],
  });
  assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
}

describe(`Gemini CLI ${VERSION} ask_user questions through the AKK server (live)`, function () {
  this.timeout(150_000);
  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary('gemini', VERSION);
  });

  it('at 80x24: a scrolled list by digit and by text, a yes/no, two questions and the review, a field', async () => {
    const a = await startServerAgent(
      'gemini',
      {
        name: 'gemini-questions',
        turns: [
          ask(database),
          { kind: 'text', text: 'Noted.' },
          ask(HOSTING),
          { kind: 'text', text: 'Noted too.' },
          ask(release),
          { kind: 'text', text: 'Holding the release.' },
          { kind: 'tool', name: 'ask_user', input: { questions: [rollout, release] } },
          { kind: 'text', text: 'Rolling out.' },
          ask(name),
          { kind: 'text', text: 'Named.' },
        ],
        fallbackText: 'Done.',
      },
      {},
      { size: { cols: 80, rows: 24 } },
    );
    // The first list is read while the machine is busy: the client then draws a move of the cursor
    // onto the free-text row in one frame and the hints that its editor is open in the next, apart
    // (which a quiet machine seldom shows). The client has started on a quiet one.
    await idleComposer(a);
    let s = await whileBusy(async () => {
      await prompt(a, 'pick the database');
      return asked(a, database.question, 'single_select', 60_000);
    });
    assert.deepEqual(
      question(s).q.options.map((o) => [o.label, o.description ?? null]),
      [...database.options.map((o) => [o.label, o.description]), [FREE_TEXT, null]],
    );
    // The list was read and the cursor put back on the row the client opened with.
    assert.ok((await a.term.capture()).includes(`● 1.  ${database.options[0].label}`), 'the cursor was not put back');
    await choose(a, s, 'Redis');
    assert.deepEqual(await answerAtModel(a, 0), { answers: { 0: 'Redis' } });

    await prompt(a, 'pick the reports database');
    s = await asked(a, HOSTING.question);
    await choose(a, s, FREE_TEXT);
    s = await asked(a, HOSTING.question, 'free_text');
    const r = await respond(a, s, { question_id: question(s).q.question_id, response_kind: 'free_text', text: TYPED });
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
    assert.deepEqual(await answerAtModel(a, 1), { answers: { 0: TYPED } });

    await prompt(a, 'ship it?');
    s = await asked(a, release.question);
    assert.deepEqual(
      question(s).q.options.map((o) => o.label),
      ['Yes', 'No', FREE_TEXT],
    );
    await choose(a, s, 'No');
    assert.deepEqual(await answerAtModel(a, 2), { answers: { 0: 'No' } });

    await prompt(a, 'plan the rollout');
    s = await asked(a, rollout.question);
    assert.deepEqual([s.interaction?.step, question(s).q.header], [{ index: 1, total: 3 }, rollout.header]);
    await choose(a, s, rollout.options[0].label);
    s = await asked(a, release.question);
    assert.deepEqual(s.interaction?.step, { index: 2, total: 3 });
    await choose(a, s, 'Yes');
    s = await a.waitStatus((x) => x.interaction?.step?.index === 3, 30_000, 'the review');
    assert.deepEqual(
      question(s).q.options.map((o) => o.label),
      ['Submit answers', 'Cancel'],
    );
    await choose(a, s, 'Submit answers');
    assert.deepEqual(await answerAtModel(a, 3), { answers: { 0: rollout.options[0].label, 1: 'Yes' } });

    await prompt(a, 'name it');
    s = await asked(a, name.question, 'free_text');
    const named = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'free_text',
      text: 'ledger',
    });
    assert.equal((named.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(named.error));
    assert.deepEqual(await answerAtModel(a, 4), { answers: { 0: 'ledger' } });
  });

  it('at 100x15, a row of each tab in sight at a time: two questions and the review answered', async () => {
    // Each tab is a window of its own list: the answer to the first is proven by a window of the
    // second, which is another question, and the second tab is read before it is offered.
    const a = await startServerAgent(
      'gemini',
      {
        name: 'gemini-questions-short',
        turns: [
          { kind: 'tool', name: 'ask_user', input: { questions: [rollout, release] } },
          { kind: 'text', text: 'Rolling out.' },
        ],
        fallbackText: 'Done.',
      },
      {},
      { size: { cols: 100, rows: 15 } },
    );
    await prompt(a, 'plan the rollout');
    let s = await asked(a, rollout.question);
    assert.deepEqual(
      question(s).q.options.map((o) => o.label),
      [...rollout.options.map((o) => o.label), FREE_TEXT],
    );
    await choose(a, s, 'Gradually');
    s = await asked(a, release.question);
    assert.deepEqual(s.interaction?.step, { index: 2, total: 3 });
    await choose(a, s, 'No');
    s = await a.waitStatus((x) => x.interaction?.step?.index === 3, 30_000, 'the review');
    await choose(a, s, 'Submit answers');
    assert.deepEqual(await answerAtModel(a, 0), { answers: { 0: 'Gradually', 1: 'No' } });
  });
});
