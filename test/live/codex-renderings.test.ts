/**
 * Codex adapts its colours to the terminal's background, which it asks the terminal for (OSC 11):
 * on a light and on a dark background, at truecolor (what VS Code's terminal, iTerm2 and Ghostty
 * announce) and at 256 colours, through `node dist/server.js --stdio`, a questionnaire is answered
 * (the answer checked at the fake model) and a command is approved (the file it makes checked on
 * disk). The background is the pane's default colours, which tmux reports to the client that asks.
 * And a short terminal: below the height that shows every row, Codex scrolls the question's rows and
 * counts them in its footer; the step is left to the terminal saying so, the person is told, and
 * nothing is typed; from that height it is answered.
 */
import { strict as assert } from 'node:assert';
import { CX_DATABASE } from '../../src/agents/codex/qualify/scenarios';
import { renderingName, type Rendering } from '../../src/shared/rendering';
import {
  nothingTyped,
  optionId,
  question,
  respond,
  startServerAgent,
  toldLeftToTerminal,
} from '../support/server-agent';
import {
  FOLLOW_UP,
  QUESTION_THEN_COMMAND,
  RUI,
  answerThenApprove,
  answersAtModel,
  outcome,
  send,
} from './codex-server-support';

/** The grey level (0-255) of the first background colour drawn (truecolor, or the 256-colour palette). */
function backgroundLevel(styled: string): number | undefined {
  // eslint-disable-next-line no-control-regex
  const m = /\u001b\[(?:[0-9;]*;)?48;(?:2;(\d+);(\d+);(\d+)|5;(\d+))/.exec(styled);
  if (!m) return undefined;
  if (m[4] === undefined) return (Number(m[1]) + Number(m[2]) + Number(m[3])) / 3;
  const n = Number(m[4]);
  if (n >= 232) return 8 + 10 * (n - 232);
  if (n < 16) return n === 0 || n === 8 ? (n === 0 ? 0 : 128) : n === 7 || n === 15 ? 229 : 128;
  const level = (v: number): number => (v === 0 ? 0 : 55 + 40 * v);
  const c = n - 16;
  return (level(Math.floor(c / 36)) + level(Math.floor(c / 6) % 6) + level(c % 6)) / 3;
}

const CONDITIONS: Rendering[] = (['light', 'dark'] as const).flatMap((background) =>
  (['truecolor', '256'] as const).map((depth) => ({ background, depth })),
);

describe('Codex on a light and a dark background, through the AKK server (live)', function () {
  this.timeout(90_000);

  for (const rendering of CONDITIONS) {
    const name = `${rendering.background} background, ${rendering.depth === 'truecolor' ? 'truecolor' : '256 colours'}`;
    it(`${name}: a question answered, then a command approved`, async () => {
      const a = await startServerAgent(
        'codex',
        { name: `codex-rendering-${renderingName(rendering).replace(/\//g, '-')}`, turns: QUESTION_THEN_COMMAND },
        {},
        { ...RUI, rendering },
      );
      await answerThenApprove(a);
      // The client drew for the background it was given: the band behind the person's message is
      // a shade of that background.
      const band = backgroundLevel(await a.term.capture({ styled: true }));
      assert.ok(band !== undefined, 'no background colour drawn');
      assert.ok(rendering.background === 'light' ? band > 160 : band < 96, `band level ${band}`);
    });
  }
});

/** Three options and Codex's own None of the above: four rows, which 11 rows at 110 columns show whole. */
const CX_THREE = {
  ...CX_DATABASE,
  options: [...CX_DATABASE.options, { label: 'MySQL', description: 'Widely hosted.' }],
};
const WHOLE_AT = 11;

describe('Codex in a short terminal, through the AKK server (live)', function () {
  this.timeout(90_000);

  const start = (rows: number) =>
    startServerAgent(
      'codex',
      {
        name: `codex-short-${rows}`,
        turns: [
          { kind: 'codex-questions', questions: [CX_THREE] },
          { kind: 'text', text: FOLLOW_UP },
        ],
      },
      {},
      { ...RUI, size: { cols: 110, rows } },
    );

  it(`110x${WHOLE_AT - 1}: the scrolled rows are left to the terminal, saying why; nothing is typed`, async () => {
    const a = await start(WHOLE_AT - 1);
    await send(a, 'plan the service');
    const s = await a.waitStatus((x) => x.state === 'manual_required', 30_000, 'the step left to the terminal');
    assert.match(s.manual_reason ?? '', /scrolls inside the question \(4 options\) in this 10-row terminal/);
    await toldLeftToTerminal(a, s.manual_reason ?? '');
    await nothingTyped(a);
  });

  // From the height that shows every row, and at the 15 rows of a bottom panel.
  for (const rows of [WHOLE_AT, 15])
    it(`110x${rows}: the question is answered, checked at the model`, async () => {
      const a = await start(rows);
      await send(a, 'plan the service');
      const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the question');
      assert.deepEqual(
        question(s).q.options.map((o) => o.label),
        ['SQLite (Recommended)', 'PostgreSQL', 'MySQL', 'None of the above', 'Type something.'],
      );
      const r = await respond(a, s, {
        question_id: question(s).q.question_id,
        response_kind: 'single_select',
        selected_option_ids: [optionId(s, 'MySQL')],
      });
      assert.equal(outcome(r), 'resolved');
      assert.deepEqual(await answersAtModel(a), { answers: { database: { answers: ['MySQL'] } } });
    });
});
