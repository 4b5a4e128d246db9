/**
 * A multi-select question whose rows wrap at 80 columns (a long label, a long description), answered
 * through the AKK server only (`node dist/server.js --stdio`) with the newest real Claude Code: the
 * rows are read whole from their wrapped lines, and the fake model receives exactly the chosen
 * labels, in the order they were chosen. The scenario is the corpus's own
 * (`claude-multi-select-wrapped`, src/agents/claude/qualify/scenarios.ts).
 */
import { strict as assert } from 'node:assert';
import { Q_CHECKS } from '../../src/agents/claude/qualify/questions';
import { scenario } from '../../src/qualify/scenarios';
import { optionId, question, respond, startServerAgent, userPrompt } from '../support/server-agent';

const [LONG_LABEL, , LICENCE] = Q_CHECKS.options;

describe('Claude Code: a multi-select question with wrapped rows through the AKK server (live)', function () {
  this.timeout(120_000);

  it('reads the wrapped rows whole at 80x24 and sends exactly the chosen labels', async () => {
    const a = await startServerAgent(
      'claude',
      scenario('claude-multi-select-wrapped'),
      {},
      { size: { cols: 80, rows: 24 } },
    );
    await userPrompt(a.term, 'go');
    let s = await a.waitStatus(
      (x) => x.interaction?.questions[0]?.response_kind === 'multi_select',
      30_000,
      'the multi-select step',
    );
    const { q } = question(s);
    assert.deepEqual(
      q.options.map((o) => [o.label, o.description]),
      Q_CHECKS.options.map((o) => [o.label, o.description]),
    );
    // Toggled in this order: the client joins the answer in toggle order.
    const chosen = [LICENCE?.label ?? '', LONG_LABEL?.label ?? ''];
    let r = await respond(a, s, {
      question_id: q.question_id,
      response_kind: 'multi_select',
      selected_option_ids: chosen.map((label) => optionId(s, label)),
    });
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));

    s = await a.waitStatus((x) => x.interaction?.questions[0]?.response_kind === 'confirm', 30_000, 'the review step');
    r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'confirm',
      selected_option_ids: [optionId(s, 'Submit answers')],
    });
    assert.ok(r.result, JSON.stringify(r.error));

    const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.equal(tool.isError, false, tool.content);
    const pair = /"Which checks should run before every release\?"="([^"]*)"/.exec(tool.content);
    assert.ok(pair, tool.content);
    assert.deepEqual(pair[1]?.split(', '), chosen);
  });
});
