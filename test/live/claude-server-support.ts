/**
 * What the Claude Code server suites share: a questionnaire whose options carry descriptions, then
 * a Bash command that needs approval, played from the person's side.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS } from '../../src/shared/protocol';
import { Q_DATABASE } from '../../src/agents/claude/qualify/questions';
import { optionId, question, respond, userPrompt, type ServerAgent } from '../support/server-agent';

/** The questionnaire, then `touch approved.txt`, then the answer. */
export const QUESTION_THEN_BASH = [
  { kind: 'ask' as const, questions: [Q_DATABASE] },
  { kind: 'bash' as const, command: 'touch approved.txt', description: 'Create approved.txt' },
  { kind: 'text' as const, text: 'Done.' },
];

const resolved = (r: { result?: unknown; error?: unknown }): void =>
  assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error ?? r));

/**
 * Plays QUESTION_THEN_BASH: the questionnaire answered (labels and descriptions read as the
 * scenario wrote them, the answer checked at the model), then the command approved once (the file
 * it makes checked on disk).
 */
export async function answerThenApprove(a: ServerAgent): Promise<void> {
  await userPrompt(a.term, 'pick a database, then make the file');
  const s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the questionnaire');
  const { q } = question(s);
  assert.deepEqual(
    q.options.map((o) => [o.label, o.description]),
    [...Q_DATABASE.options.map((o) => [o.label, o.description]), ['Type something.', undefined]],
    'the labels and descriptions as the scenario wrote them',
  );
  resolved(
    await respond(a, s, {
      question_id: q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'PostgreSQL')],
    }),
  );
  const answer = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
  assert.match(answer.content, /"Which database should the service use\?"="PostgreSQL"/);
  const p = await a.waitStatus((x) => x.permission !== null, 30_000, 'the Bash permission');
  assert.equal(p.permission?.subject, 'touch approved.txt');
  resolved(
    await a.call(
      REQUESTS.approve.method,
      { interaction_id: p.permission?.interaction_id, turn_id: p.permission?.turn_id, decision: 'approve_once' },
      30_000,
    ),
  );
  await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
  assert.ok(existsSync(join(a.term.workDir, 'approved.txt')), 'the approved command ran');
}
