/**
 * A reply that asks in prose what a dialog asks ("Do you want to proceed with the migration?",
 * "Would you like to …?") stays in the transcript above the composer, and is no dialog: with it on
 * screen, the next message is still sent onto the proven empty composer, and the permission and
 * the question that follow are each answered and proven (`resolved`). With each client's newest
 * release, through the AKK server only; what the fake model receives and the file the command
 * makes are the ground truth.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import type { AgentName } from '../../src/shared/agents';
import { Q_DATABASE } from '../../src/agents/claude/qualify/questions';
import { CX_DATABASE } from '../../src/agents/codex/qualify/scenarios';
import { GEMINI_ASK } from '../../src/agents/gemini/qualify/question-scenarios';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { optionId, question, respond, startServerAgent, type LaunchExtras } from '../support/server-agent';
import { RUI, outcome, send } from './codex-server-support';

/** The question on a line of its own, as a reply's last paragraph draws it at any width. */
const REPLY = 'The migration plan is ready: two tables, one index.\n\nDo you want to proceed with the migration?';
const FILE = 'migrated.txt';

interface Client {
  agent: AgentName;
  /** The client's own words for asking in prose. */
  reply: string;
  command: ModelTurn;
  ask: ModelTurn;
  /** The question's words and the option chosen. */
  prompt: string;
  choice: string;
  extras?: LaunchExtras;
}

const CLIENTS: Client[] = [
  {
    agent: 'claude',
    reply: REPLY,
    command: { kind: 'bash', command: `touch ${FILE}`, description: 'Create the migration marker' },
    ask: { kind: 'ask', questions: [Q_DATABASE] },
    prompt: Q_DATABASE.question,
    choice: 'PostgreSQL',
  },
  {
    agent: 'codex',
    reply: REPLY.replace('Do you want to', 'Would you like to'),
    command: {
      kind: 'codex-command',
      command: `touch ../${FILE}`,
      justification: 'Create the migration marker next to the project?',
      escalated: true,
    },
    ask: { kind: 'codex-questions', questions: [CX_DATABASE] },
    prompt: CX_DATABASE.question,
    choice: 'PostgreSQL',
    extras: RUI,
  },
  {
    agent: 'gemini',
    reply: REPLY,
    command: { kind: 'tool', name: 'run_shell_command', input: { command: `touch ${FILE}`, description: 'Marker' } },
    ask: { kind: 'tool', name: 'ask_user', input: { questions: [GEMINI_ASK.rollout] } },
    prompt: GEMINI_ASK.rollout.question,
    choice: GEMINI_ASK.rollout.options[0]?.label ?? '',
  },
];

describe('a reply that asks in dialog words is no dialog (live)', function () {
  this.timeout(150_000);

  for (const c of CLIENTS) {
    it(`${c.agent}: with the reply on screen, a message is sent, a permission and a question answered`, async () => {
      const a = await startServerAgent(
        c.agent,
        {
          name: `dialog-words-${c.agent}`,
          turns: [
            { kind: 'text', text: c.reply },
            c.command,
            { kind: 'text', text: 'Marker made.' },
            c.ask,
            { kind: 'text', text: 'Noted.' },
          ],
          fallbackText: 'Done.',
        },
        {},
        c.extras ?? {},
      );
      await send(a, 'plan the migration');
      await a.term.waitForScreen(
        (s) => s.includes('Do you want to proceed') || s.includes('Would you like to'),
        30_000,
      );
      // The reply's words are on screen: the composer below them is still proven empty.
      await send(a, 'yes, go ahead');
      let s: StatusResult = await a.waitStatus((x) => x.permission !== null, 40_000, 'the permission');
      const r = await a.call(
        REQUESTS.approve.method,
        { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'approve_once' },
        40_000,
      );
      assert.equal(outcome(r), 'resolved');
      await a.term.waitForScreen((x) => x.includes('Marker made.'), 30_000);
      assert.ok(existsSync(join(a.term.workDir, FILE)) || existsSync(join(a.term.root, FILE)), 'the command ran');
      await send(a, 'ask me about the database');
      s = await a.waitStatus((x) => x.interaction?.questions[0]?.prompt === c.prompt, 40_000, 'the question');
      const answered = await respond(a, s, {
        question_id: question(s).q.question_id,
        response_kind: 'single_select',
        selected_option_ids: [optionId(s, c.choice)],
      });
      assert.equal(outcome(answered), 'resolved');
      const tool = await a.model.waitForToolResult(a.model.issued.at(-1)?.id ?? '', 30_000);
      assert.ok(tool.content.includes(c.choice), tool.content);
    });
  }
});
