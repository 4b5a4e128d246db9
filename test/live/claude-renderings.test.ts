/**
 * Every rendering a person gives Claude Code: each theme the client offers (its own `theme`
 * setting), at 256 colours and at truecolor (`COLORTERM=truecolor`, what VS Code's terminal, iTerm2
 * and Ghostty set). Under each, through `node dist/server.js --stdio` and tmux, a questionnaire whose
 * options carry descriptions is answered (the option checked at the fake model, the descriptions
 * read as drawn) and a Bash command is approved (the file it makes checked on disk). And the short
 * terminal of a bottom panel: a dialog taller than the terminal scrolls its option list inside
 * itself; the step is left to the terminal saying which options are out of sight, the person is
 * told, and nothing is typed; from the smallest height that draws it whole it is answered.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS } from '../../src/shared/protocol';
import { Q_DATABASE } from '../harness/agents/claude/scenarios';
import { CLAUDE_THEMES } from '../harness/agents/claude/launch';
import { COLOUR_DEPTHS, renderingName, type Rendering } from '../harness/rendering';
import {
  nothingTyped,
  optionId,
  question,
  respond,
  startServerAgent,
  userPrompt,
  toldLeftToTerminal,
} from '../support/server-agent';

const CONDITIONS: Rendering[] = CLAUDE_THEMES.flatMap((theme) => COLOUR_DEPTHS.map((depth) => ({ theme, depth })));

describe('Claude Code under every theme and colour depth, through the AKK server (live)', function () {
  this.timeout(120_000);

  for (const rendering of CONDITIONS) {
    it(`${renderingName(rendering)}: a questionnaire with descriptions and a Bash permission answered`, async () => {
      const a = await startServerAgent(
        'claude',
        {
          name: `rendering-${renderingName(rendering).replace('/', '-')}`,
          turns: [
            { kind: 'ask', questions: [Q_DATABASE] },
            { kind: 'bash', command: 'touch approved.txt', description: 'Create approved.txt' },
            { kind: 'text', text: 'Done.' },
          ],
        },
        {},
        { rendering },
      );
      await userPrompt(a.term, 'pick a database, then make the file');
      let s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the questionnaire');
      const { q } = question(s);
      assert.deepEqual(
        q.options.map((o) => [o.label, o.description]),
        [...Q_DATABASE.options.map((o) => [o.label, o.description]), ['Type something.', undefined]],
        'the labels and descriptions as the scenario wrote them',
      );
      const r = await respond(a, s, {
        question_id: q.question_id,
        response_kind: 'single_select',
        selected_option_ids: [optionId(s, 'PostgreSQL')],
      });
      assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
      const answer = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
      assert.match(answer.content, /"Which database should the service use\?"="PostgreSQL"/);

      s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the Bash permission');
      assert.equal(s.permission?.subject, 'touch approved.txt');
      const approved = await a.call(
        REQUESTS.approve.method,
        { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'approve_once' },
        30_000,
      );
      assert.equal(
        (approved.result as { outcome?: string } | undefined)?.outcome,
        'resolved',
        JSON.stringify(approved),
      );
      await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
      assert.ok(existsSync(join(a.term.workDir, 'approved.txt')), 'the approved command ran');
    });
  }
});

/** Four options with descriptions, and the free-text row: the dialog a bottom panel cuts short. */
const Q_FOUR = {
  ...Q_DATABASE,
  options: [...Q_DATABASE.options, { label: 'MongoDB', description: 'Document database with flexible schemas.' }],
};
/** The smallest height at 110 columns that draws Q_FOUR's dialog whole (measured: 17 scrolls). */
const WHOLE_AT = 18;

describe('Claude Code in a short terminal, through the AKK server (live)', function () {
  this.timeout(120_000);

  for (const rows of [15, WHOLE_AT - 1]) {
    it(`110x${rows}: the scrolled list is left to the terminal, saying what is hidden; nothing typed`, async () => {
      const a = await startServerAgent(
        'claude',
        {
          name: `short-${rows}`,
          turns: [
            { kind: 'ask', questions: [Q_FOUR] },
            { kind: 'text', text: 'Done.' },
          ],
        },
        {},
        { size: { cols: 110, rows } },
      );
      await userPrompt(a.term, 'pick a database');
      const s = await a.waitStatus((x) => x.state === 'manual_required', 30_000, 'the step left to the terminal');
      assert.match(
        s.manual_reason ?? '',
        new RegExp(`out of sight in this ${rows}-row terminal; make the terminal taller`),
      );
      assert.equal(s.interaction, null);
      await toldLeftToTerminal(a, s.manual_reason ?? '');
      await nothingTyped(a);
    });
  }

  it(`110x${WHOLE_AT}: the four options with descriptions are answered, checked at the model`, async () => {
    const a = await startServerAgent(
      'claude',
      {
        name: 'short-whole',
        turns: [
          { kind: 'ask', questions: [Q_FOUR] },
          { kind: 'text', text: 'Done.' },
        ],
      },
      {},
      { size: { cols: 110, rows: WHOLE_AT } },
    );
    await userPrompt(a.term, 'pick a database');
    const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the questionnaire');
    const { q } = question(s);
    assert.deepEqual(
      q.options.map((o) => o.label),
      [...Q_FOUR.options.map((o) => o.label), 'Type something.'],
    );
    const r = await respond(a, s, {
      question_id: q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'MongoDB')],
    });
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
    const answer = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(answer.content, /"Which database should the service use\?"="MongoDB"/);
  });
});
