/**
 * Secrets through the AKK server with the newest real Claude Code: a question that asks for a
 * token is answered in the terminal only, and a command that carries a credential is shown with
 * it masked while the approval still types exactly the native key for the unmasked prompt.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS } from '../../src/shared/protocol';
import { SECRET_REASON } from '../../src/adapters/secrets';
import type { AskQuestion } from '../../src/qualify/fake-model/types';
import { optionId, question, respond, startServerAgent, userPrompt } from '../support/server-agent';
import { sleep } from '../../src/qualify/wait';

const Q_TOKEN: AskQuestion = {
  question: 'Which deploy token should the release use?',
  header: 'Token',
  multiSelect: false,
  options: [
    { label: 'Staging token', description: 'The one in the staging vault.' },
    { label: 'Production token', description: 'The one in the production vault.' },
  ],
};

describe('Claude Code secrets through the AKK server (live)', function () {
  this.timeout(120_000);

  it('leaves a typed answer to a question that asks for a token to the terminal, with zero input', async () => {
    const a = await startServerAgent('claude', {
      name: 'e2e-secret-question',
      turns: [
        { kind: 'ask', questions: [Q_TOKEN] },
        { kind: 'text', text: 'Thanks.' },
      ],
    });
    await userPrompt(a.term, 'release it');
    const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the question');
    // Choosing one of the model's own options relays no secret: that is answerable.
    assert.deepEqual(
      question(s).q.options.map((o) => o.label),
      ['Staging token', 'Production token', 'Type something.'],
    );
    const r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'Type something.')],
    });
    assert.ok(r.result, JSON.stringify(r.error));
    // The free-text editor would carry the person's secret: manual, nothing offered.
    const manual = await a.waitStatus((x) => x.state === 'manual_required', 30_000, 'the free-text step to be manual');
    assert.equal(manual.manual_reason, SECRET_REASON);
    assert.equal(manual.interaction, null);
    const screen = await a.term.capture();
    await sleep(800);
    assert.equal(await a.term.capture(), screen);
    assert.equal(a.model.toolResults().length, 0);
  });

  it('masks a credential in a command it shows, and the approval runs the command as drawn', async () => {
    const command = 'DEPLOY_TOKEN=s3cr3t-value-123 touch deployed.txt';
    const a = await startServerAgent('claude', {
      name: 'e2e-secret-command',
      turns: [
        { kind: 'bash', command, description: 'Deploy' },
        { kind: 'text', text: 'Done.' },
      ],
    });
    await userPrompt(a.term, 'deploy');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the permission prompt');
    assert.equal(s.permission?.subject, 'DEPLOY_TOKEN=•••••• touch deployed.txt');
    const list = (await a.call(REQUESTS.listInteractions.method, { session_id: a.sessionId })).result as {
      interactions: Array<{ title: string }>;
    };
    assert.ok(
      list.interactions.every((i) => !i.title.includes('s3cr3t')),
      JSON.stringify(list),
    );
    const r = await a.call(
      REQUESTS.approve.method,
      { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'approve_once' },
      30_000,
    );
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
    await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.ok(existsSync(join(a.term.workDir, 'deployed.txt')));
  });
});
