/**
 * Every rendering a person gives Claude Code: each theme the client offers (its own `theme`
 * setting), at 256 colours and at truecolor (`COLORTERM=truecolor`, what VS Code's terminal, iTerm2
 * and Ghostty set). Under each, through `node dist/server.js --stdio` and tmux, a questionnaire whose
 * options carry descriptions is answered (the option checked at the fake model, the descriptions
 * read as drawn) and a Bash command is approved (the file it makes checked on disk).
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS } from '../../src/shared/protocol';
import { Q_DATABASE } from '../harness/agents/claude/scenarios';
import { CLAUDE_THEMES } from '../harness/agents/claude/launch';
import { COLOUR_DEPTHS, renderingName, type Rendering } from '../harness/rendering';
import { optionId, question, respond, startServerAgent, userPrompt } from '../support/server-agent';

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
