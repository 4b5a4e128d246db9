/**
 * The narrowest and widest terminals a person gives an agent: 60 columns (a side panel) and 250
 * (a maximised editor on a wide screen), with the newest Claude Code and Codex through
 * `node dist/server.js --stdio`: a questionnaire whose options carry descriptions is answered (the
 * answer checked at the fake model) and a shell command is approved (the file it makes checked on
 * disk). At 60 columns both clients wrap what does not fit (Codex its description column and its
 * approval's "don't ask again" row), and each is read whole, proven by re-wrapping as drawn.
 */
import { startServerAgent } from '../support/server-agent';
import * as claude from './claude-server-support';
import * as codex from './codex-server-support';

const CLAUDE_SIZES = [
  { cols: 60, rows: 24 },
  { cols: 250, rows: 50 },
];

describe('Claude Code at 60 and 250 columns, through the AKK server (live)', function () {
  this.timeout(120_000);
  for (const size of CLAUDE_SIZES)
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

describe('Codex at 60 and 250 columns, through the AKK server (live)', function () {
  this.timeout(90_000);
  const start = (size: { cols: number; rows: number }) =>
    startServerAgent(
      'codex',
      { name: `codex-width-${size.cols}`, turns: codex.QUESTION_THEN_COMMAND },
      {},
      { ...codex.RUI, size },
    );

  it('250x50: a question answered and a command approved', async () => {
    await codex.answerThenApprove(await start({ cols: 250, rows: 50 }));
  });

  // At 60 the approval's "don't ask again" row wraps before the command's opening quote: the row is
  // re-wrapped to exactly its drawn lines, and the command read from the `$` line it repeats.
  it('60x24: a question answered and a command approved, its "don\'t ask again" row wrapped', async () => {
    const a = await start({ cols: 60, rows: 24 });
    await codex.answerThenApprove(a);
  });
});
