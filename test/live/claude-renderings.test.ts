/**
 * Every rendering a person gives Claude Code: each theme the client offers (its own `theme`
 * setting), at 256 colours and at truecolor (`COLORTERM=truecolor`, what VS Code's terminal, iTerm2
 * and Ghostty set). Under each, through `node dist/server.js --stdio` and tmux, a questionnaire whose
 * options carry descriptions is answered (the option checked at the fake model, the descriptions
 * read as drawn) and a Bash command is approved (the file it makes checked on disk). And the short
 * terminal of a bottom panel: a dialog taller than the terminal scrolls its option list inside
 * itself; the step is left to the terminal saying which options are out of sight, the person is
 * told, and nothing is typed; from the smallest height that draws it whole it is answered. Two
 * such questions in one dialog are answered one after the other.
 */
import { strict as assert } from 'node:assert';
import { QUESTION_THEN_BASH, answerThenApprove } from './claude-server-support';
import { QUALIFIED_RENDERINGS } from '../../src/agents/claude/recognize/qualified-versions';
import { agentBinary } from '../../src/qualify/install-agents';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { Q_DATABASE, Q_FOUR } from '../../src/agents/claude/qualify/questions';
import { CLAUDE_THEMES } from '../../src/agents/claude/qualify/launch';
import { COLOUR_DEPTHS, renderingName, type Rendering } from '../../src/shared/rendering';
import {
  nothingTyped,
  optionId,
  question,
  respond,
  startServerAgent,
  userPrompt,
  toldLeftToTerminal,
  type ServerAgent,
} from '../support/server-agent';
import type { StatusResult } from '../../src/shared/protocol';

const CONDITIONS: Rendering[] = CLAUDE_THEMES.flatMap((theme) => COLOUR_DEPTHS.map((depth) => ({ theme, depth })));

describe('Claude Code under every theme and colour depth, through the AKK server (live)', function () {
  this.timeout(120_000);

  for (const rendering of CONDITIONS) {
    it(`${renderingName(rendering)}: a questionnaire with descriptions and a Bash permission answered`, async () => {
      const a = await startServerAgent(
        'claude',
        { name: `rendering-${renderingName(rendering).replace('/', '-')}`, turns: QUESTION_THEN_BASH },
        {},
        { rendering },
      );
      await answerThenApprove(a);
    });
  }
});

/** The smallest height at 110 columns that draws Q_FOUR's dialog whole (measured: 17 scrolls). */
const WHOLE_AT = 18;

/** The agent asking Q_FOUR in a terminal 110 columns wide and `rows` tall. */
function startShort(name: string, rows: number): Promise<ServerAgent> {
  return startServerAgent(
    'claude',
    {
      name,
      turns: [
        { kind: 'ask', questions: [Q_FOUR] },
        { kind: 'text', text: 'Done.' },
      ],
    },
    {},
    { size: { cols: 110, rows } },
  );
}

/** MongoDB (the fourth option, out of sight in a short terminal) chosen, and checked at the model. */
async function chooseMongo(a: ServerAgent, s: StatusResult): Promise<void> {
  const r = await respond(a, s, {
    question_id: question(s).q.question_id,
    response_kind: 'single_select',
    selected_option_ids: [optionId(s, 'MongoDB')],
  });
  assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
  const answer = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
  assert.match(answer.content, /"Which database should the service use\?"="MongoDB"/);
}

describe('Claude Code in a short terminal, through the AKK server (live)', function () {
  this.timeout(120_000);

  // From 10 rows one option is in sight (the dialog's top rule cut off below 17 but at 15 and 11);
  // at 9 the client folds the dialog's top away.
  for (const rows of [10, 12, 15, 16, WHOLE_AT - 1]) {
    it(`110x${rows}: the scrolled list is read row by row and answered with an option out of sight`, async () => {
      const a = await startShort(`short-${rows}`, rows);
      await userPrompt(a.term, 'pick a database');
      const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the questionnaire read whole');
      const { q } = question(s);
      assert.deepEqual(
        q.options.map((o) => [o.label, o.description]),
        [...Q_FOUR.options.map((o) => [o.label, o.description]), ['Type something.', undefined]],
        'every option as the scenario wrote it, the ones out of sight included',
      );
      const screen = await a.term.capture();
      assert.match(screen, /❯ 1\. SQLite/, 'the cursor is back on the row it was on');
      assert.doesNotMatch(screen, /Type something/, 'the last row is out of sight again');
      await chooseMongo(a, s);
    });
  }

  it('110x12: two questions, each a scrolled list, answered one after the other and submitted', async () => {
    // The answer to the first is proven by the second's window (another question), read before it is offered.
    const reports = { ...Q_FOUR, question: 'Which database should the reports use?', header: 'Reports' };
    const a = await startServerAgent(
      'claude',
      {
        name: 'short-two',
        turns: [
          { kind: 'ask', questions: [Q_FOUR, reports] },
          { kind: 'text', text: 'Done.' },
        ],
      },
      {},
      { size: { cols: 110, rows: 12 } },
    );
    await userPrompt(a.term, 'pick two databases');
    for (const [asked, label] of [
      [Q_FOUR.question, 'MongoDB'],
      [reports.question, 'MySQL'],
    ] as const) {
      const s = await a.waitStatus((x) => x.interaction?.questions[0]?.prompt === asked, 30_000, asked);
      const r = await respond(a, s, {
        question_id: question(s).q.question_id,
        response_kind: 'single_select',
        selected_option_ids: [optionId(s, label)],
      });
      assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
    }
    const s = await a.waitStatus((x) => x.interaction?.step?.index === 3, 30_000, 'the review');
    const r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'confirm',
      selected_option_ids: [optionId(s, 'Submit answers')],
    });
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
    const answer = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(answer.content, /"Which database should the service use\?"="MongoDB"/);
    assert.match(answer.content, /"Which database should the reports use\?"="MySQL"/);
  });

  it('110x9: the folded dialog is left to the terminal, saying why; nothing typed', async () => {
    const a = await startShort('short-folded', 9);
    await userPrompt(a.term, 'pick a database');
    // While the dialog is still being drawn, Claude Code's own record already says it waits, and the
    // step is manual for that; once drawn, the screen says why it cannot be answered here.
    const folded = /taller than this 9-row terminal and its top is folded away/;
    const s = await a.waitStatus(
      (x) => x.state === 'manual_required' && folded.test(x.manual_reason ?? ''),
      30_000,
      'the step left to the terminal, saying why',
    );
    assert.equal(s.interaction, null);
    await toldLeftToTerminal(a, s.manual_reason ?? '');
    await nothingTyped(a);
  });

  it(`110x${WHOLE_AT}: the four options with descriptions are answered, checked at the model`, async () => {
    const a = await startShort('short-whole', WHOLE_AT);
    await userPrompt(a.term, 'pick a database');
    const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the questionnaire');
    const { q } = question(s);
    assert.deepEqual(
      q.options.map((o) => o.label),
      [...Q_FOUR.options.map((o) => o.label), 'Type something.'],
    );
    await chooseMongo(a, s);
  });
});

/** A release qualified under the corpus's own rendering only, never captured under the light theme at 256 colours. */
const NEVER_LIGHT = '2.1.265';

describe('Claude Code under a condition never qualified on its version, through the AKK server (live)', function () {
  this.timeout(120_000);
  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    assert.ok(!(QUALIFIED_RENDERINGS['light/256'] ?? []).includes(NEVER_LIGHT), 'qualified under light/256 since');
    await agentBinary('claude', NEVER_LIGHT);
  });

  it(`${NEVER_LIGHT} under light/256: left to the terminal naming the theme, nothing typed`, async () => {
    const a = await startServerAgent(
      'claude',
      {
        name: 'never-light',
        turns: [
          { kind: 'ask', questions: [Q_DATABASE] },
          { kind: 'text', text: 'Done.' },
        ],
      },
      {},
      { version: NEVER_LIGHT, rendering: { theme: 'light', depth: '256' } },
    );
    await userPrompt(a.term, 'pick a database');
    const s = await a.waitStatus((x) => x.state === 'manual_required', 30_000, 'the step left to the terminal');
    assert.equal(
      s.manual_reason,
      `Claude Code's light or light-daltonized theme at 256 colours is not qualified on ${NEVER_LIGHT}: ` +
        'answer in the terminal',
    );
    assert.equal(s.interaction, null);
    await toldLeftToTerminal(a, s.manual_reason ?? '');
    await nothingTyped(a);
  });
});
