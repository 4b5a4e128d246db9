/** Driving a live Gemini CLI as a person does, and answering its confirmations through the server. */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { StatusResult } from '../../src/shared/protocol';
import { GEMINI_SHELL } from '../../src/agents/gemini/qualify/capture-scenario';
import type { FakeModel } from '../../src/qualify/fake-model';
import { approve, type ServerAgent } from './server-agent';
import { sleep } from '../../src/qualify/wait';

/** A live client behind the server: in tmux (ServerAgent) or in a plain terminal (TerminalAgent). */
export type LiveAgent = Pick<ServerAgent, 'term' | 'waitStatus' | 'call'>;

/** Types a prompt once the composer is idle, as a person would. */
export async function prompt(a: LiveAgent, text: string): Promise<void> {
  await idleComposer(a);
  await a.term.sendText(text);
  await sleep(300);
  await a.term.sendKeys('Enter');
}

/** The answer the model received for the `n`th call (0-based), as the client sent it. */
export async function answerAtModel(a: Pick<ServerAgent, 'model'>, n: number): Promise<unknown> {
  const result = await a.model.waitForToolResult(a.model.issued[n]?.id ?? '', 30_000);
  assert.equal(result.isError, false, result.content);
  return JSON.parse(result.content);
}

/** Waits until the client's composer is drawn, settled and idle. */
export async function idleComposer(a: LiveAgent): Promise<void> {
  await a.term.waitForSettled(
    (s) => s.includes('Type your message or @path/to/file') && !s.includes('esc to cancel'),
    30_000,
    300,
    'the idle composer',
  );
}

/** Waits for the permission about `subject`, then answers it from the server with `decision`. */
export async function decide(
  a: LiveAgent,
  subject: string,
  decision: 'approve_once' | 'reject',
): Promise<StatusResult> {
  const s = await a.waitStatus((x) => x.permission?.subject.startsWith(subject) === true, 30_000, subject);
  assert.deepEqual(s.permission?.decisions, ['approve_once', 'reject']);
  const r = await approve(a, s, decision);
  const outcome = decision === 'reject' ? 'declined' : 'resolved';
  assert.equal((r.result as { outcome?: string } | undefined)?.outcome, outcome, JSON.stringify(r.error));
  return s;
}

/** A second command, refused in the live tests: nothing may create its file. */
export const REFUSED_SHELL = { command: 'touch refused.txt', description: 'Create refused.txt' };

/**
 * The first two turns a person gives: a shell command allowed once (it runs and its result reaches
 * the model), then REFUSED_SHELL refused (its confirmation closes). Returns the first confirmation.
 */
export async function allowThenRefuse(a: LiveAgent & { model: FakeModel }): Promise<StatusResult> {
  await prompt(a, 'create the file');
  const shell = await decide(a, GEMINI_SHELL.command, 'approve_once');
  const ran = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
  assert.equal(ran.isError, false);
  assert.ok(existsSync(join(a.term.workDir, 'approved.txt')), 'the approved command did not run');
  await prompt(a, 'create another');
  await decide(a, REFUSED_SHELL.command, 'reject');
  await a.waitStatus((x) => x.permission === null, 30_000, 'the refused confirmation gone');
  return shell;
}
