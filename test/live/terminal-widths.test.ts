/**
 * The narrowest and widest terminals a person gives an agent: 60 columns (a side panel) and 250
 * (a maximised editor on a wide screen), with the newest Claude Code and Codex through
 * `node dist/server.js --stdio`: a questionnaire whose options carry descriptions is answered (the
 * answer checked at the fake model) and a shell command is approved (the file it makes checked on
 * disk). At 60 columns Claude Code wraps what does not fit and the step is read whole; Codex wraps
 * its description column, which is left to the terminal saying so (it is answered from 67 columns).
 */
import { strict as assert } from 'node:assert';
import { nothingTyped, startServerAgent, toldLeftToTerminal } from '../support/server-agent';
import * as claude from './claude-server-support';
import * as codex from './codex-server-support';

const SIZES = [
  { cols: 60, rows: 24 },
  { cols: 250, rows: 50 },
];

describe('Claude Code at 60 and 250 columns, through the AKK server (live)', function () {
  this.timeout(120_000);
  for (const size of SIZES)
    it(`${size.cols}x${size.rows}: a question with descriptions answered, a Bash command approved`, async () => {
      const a = await startServerAgent(
        'claude',
        { name: `claude-width-${size.cols}`, turns: claude.QUESTION_THEN_BASH },
        {},
        { size },
      );
      await claude.answerThenApprove(a);
    });
});

/** Codex's rows with their descriptions need 67 columns; below that it wraps the description column. */
const CODEX_SIZES = [
  { cols: 70, rows: 24 },
  { cols: 250, rows: 50 },
];

describe('Codex at 60, 70 and 250 columns, through the AKK server (live)', function () {
  this.timeout(90_000);

  it('60x24: descriptions wrapped in their column are left to the terminal, saying why; nothing typed', async () => {
    const a = await startServerAgent(
      'codex',
      { name: 'codex-width-60', turns: codex.QUESTION_THEN_COMMAND },
      {},
      { ...codex.RUI, size: { cols: 60, rows: 24 } },
    );
    await codex.send(a, 'plan the service, then make the file');
    const s = await a.waitStatus((x) => x.state === 'manual_required', 30_000, 'the step left to the terminal');
    assert.match(s.manual_reason ?? '', /Codex wraps the option descriptions in this 60-column terminal/);
    await toldLeftToTerminal(a, s.manual_reason ?? '');
    await nothingTyped(a);
  });

  for (const size of CODEX_SIZES)
    it(`${size.cols}x${size.rows}: a question answered and a command approved`, async () => {
      const a = await startServerAgent(
        'codex',
        { name: `codex-width-${size.cols}`, turns: codex.QUESTION_THEN_COMMAND },
        {},
        { ...codex.RUI, size },
      );
      await codex.answerThenApprove(a);
    });
});
