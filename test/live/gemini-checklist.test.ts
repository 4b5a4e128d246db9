/**
 * Gemini CLI's `ask_user` questions that take several options, newest release, live through
 * `node dist/server.js --stdio` at 80x24, answered from the server. The client draws them as a
 * checklist of which three rows are in sight: the options, "All of the above", the free-text row
 * and "Done", which has no number. The server reads the rows out of sight (the cursor down to Done
 * and back), offers the options with their boxes, toggles the chosen ones by their digits, takes
 * the cursor up round to Done and presses Enter. A box the person checks in the terminal shows in
 * the next offer, and an answer without it unchecks it. A checklist among several questions has a
 * tab, and the review follows. Ground truth is what the fake model received: the client's own
 * `{"answers":{"0":…}}` result, the labels in the options' order.
 */
import { strict as assert } from 'node:assert';
import type { StatusResult } from '../../src/shared/protocol';
import { GEMINI_ASK } from '../../src/agents/gemini/qualify/question-scenarios';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { agentBinary } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { answerAtModel, prompt } from '../support/gemini-live';
import { optionId, question, respond, startServerAgent, type ServerAgent } from '../support/server-agent';

const VERSION = NEWEST.gemini;
const { release } = GEMINI_ASK;
/** Three options: six rows, of which three are in sight. */
const CHECKS = {
  ...GEMINI_ASK.checks,
  options: [...GEMINI_ASK.checks.options, { label: 'Types', description: 'The compiler, no output' }],
};
/** The same options under another question: a new step, with nothing checked. */
const NIGHTLY = { ...CHECKS, question: 'Which checks should run every night?', header: 'Nightly' };

function ask(...questions: object[]): ModelTurn {
  return { kind: 'tool', name: 'ask_user', input: { questions } };
}

async function checklist(a: ServerAgent, text: string, ready = (_s: StatusResult) => true): Promise<StatusResult> {
  return a.waitStatus(
    (x) =>
      x.interaction?.questions[0]?.prompt === text &&
      x.interaction.questions[0].response_kind === 'multi_select' &&
      ready(x),
    30_000,
    `the checklist: ${text}`,
  );
}

async function check(a: ServerAgent, s: StatusResult, labels: string[]): Promise<void> {
  const r = await respond(a, s, {
    question_id: question(s).q.question_id,
    response_kind: 'multi_select',
    selected_option_ids: labels.map((l) => optionId(s, l)),
  });
  assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
}

describe(`Gemini CLI ${VERSION} ask_user checklists through the AKK server (live)`, function () {
  this.timeout(150_000);
  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary('gemini', VERSION);
  });

  it('at 80x24: two boxes checked; one the person checked, unchecked by the answer; one among tabs', async () => {
    const a = await startServerAgent(
      'gemini',
      {
        name: 'gemini-checklist',
        turns: [
          ask(CHECKS),
          { kind: 'text', text: 'Noted.' },
          ask(NIGHTLY),
          { kind: 'text', text: 'Noted too.' },
          ask(CHECKS, release),
          { kind: 'text', text: 'Shipping.' },
        ],
        fallbackText: 'Done.',
      },
      {},
      { size: { cols: 80, rows: 24 } },
    );
    await prompt(a, 'pick the checks');
    let s = await checklist(a, CHECKS.question);
    assert.deepEqual(
      question(s).q.options.map((o) => [o.label, o.description ?? null]),
      CHECKS.options.map((o) => [o.label, o.description]),
    );
    // The rows were read and the cursor put back on the row the client opened with.
    assert.ok((await a.term.capture()).includes('● 1. [ ] Unit tests'), 'the cursor was not put back');
    // Chosen in another order than the options': the client sends them in its own.
    await check(a, s, ['Types', 'Lint']);
    assert.deepEqual(await answerAtModel(a, 0), { answers: { 0: 'Lint, Types' } });

    // The person checks the first box in the terminal: the step changed, and is offered again.
    await prompt(a, 'pick the nightly checks');
    s = await checklist(a, NIGHTLY.question);
    const before = s.revision;
    await a.term.sendKeys('1');
    s = await checklist(a, NIGHTLY.question, (x) => x.revision !== before);
    assert.ok((await a.term.capture()).includes('● 1. [x] Unit tests'), 'the box was not checked');
    // An answer without it unchecks it.
    await check(a, s, ['Lint']);
    assert.deepEqual(await answerAtModel(a, 1), { answers: { 0: 'Lint' } });

    // A checklist with a tab of its own, then a yes/no, then the review.
    await prompt(a, 'plan the release');
    s = await checklist(a, CHECKS.question);
    assert.deepEqual([s.interaction?.step, question(s).q.header], [{ index: 1, total: 3 }, CHECKS.header]);
    await check(a, s, ['Unit tests']);
    s = await a.waitStatus((x) => x.interaction?.questions[0]?.prompt === release.question, 30_000, 'the yes/no');
    const yes = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'Yes')],
    });
    assert.equal((yes.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(yes.error));
    s = await a.waitStatus((x) => x.interaction?.step?.index === 3, 30_000, 'the review');
    const submit = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'Submit answers')],
    });
    assert.equal(
      (submit.result as { outcome?: string } | undefined)?.outcome,
      'resolved',
      JSON.stringify(submit.error),
    );
    assert.deepEqual(await answerAtModel(a, 2), { answers: { 0: 'Unit tests', 1: 'Yes' } });
  });
});
