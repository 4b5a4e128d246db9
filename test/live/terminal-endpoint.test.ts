/**
 * Agents started by typing their command into a shell, seen by the AKK server as an editor's
 * integrated terminal shows them (the shell's pid, the command's raw output, writes back): the
 * newest Claude Code and Codex against the fake model, answered through `akk/*` over stdio. The
 * screen is the server's mirror of the output stream, never a tmux capture. Every case where the
 * mirror cannot be proven sends nothing: the fake model then receives no answer.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import { Q_DATABASE } from '../../src/agents/claude/qualify/questions';
import { agentBinary } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { approve, optionId, question, userPrompt } from '../support/server-agent';
import { startTerminalAgent, type TerminalAgent } from '../support/terminal-agent';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { sleep } from '../../src/qualify/wait';
import { PROCESS_TABLE_NOTE } from '../support/process-table-note';

/** Chooses one option of the status's single-select question, echoing the revision it showed. */
async function choose(a: TerminalAgent, s: StatusResult, label: string) {
  return a.call(
    REQUESTS.respondInteraction.method,
    {
      interaction_id: s.interaction?.interaction_id,
      turn_id: s.interaction?.turn_id,
      expected_revision: s.revision,
      answers: [
        {
          question_id: question(s).q.question_id,
          response_kind: 'single_select',
          selected_option_ids: [optionId(s, label)],
        },
      ],
    },
    30_000,
  );
}

describe(`agents in a plain terminal: the server mirrors the output stream (live${PROCESS_TABLE_NOTE})`, function () {
  this.timeout(150_000);
  let a: TerminalAgent | undefined;
  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary('claude', NEWEST.claude);
    await agentBinary('codex', NEWEST.codex);
  });
  afterEach(async () => {
    await a?.stop();
    a = undefined;
  });

  it('Claude Code: the session says it is a terminal that does not survive a reload', async () => {
    a = await startTerminalAgent('claude', { name: 'terminal-idle', turns: [{ kind: 'text', text: 'Hi.' }] });
    const s = await a.waitStatus((x) => x.state === 'idle', 30_000, 'idle');
    assert.equal(s.version, NEWEST.claude);
    const list = (await a.call(REQUESTS.listSessions.method, {})).result as {
      sessions: Array<{ session_id: string; endpoint: { kind: string; target: string }; survives_reload: boolean }>;
    };
    const mine = list.sessions.find((x) => x.session_id === a?.sessionId);
    assert.deepEqual(mine?.endpoint.kind, 'terminal');
    assert.equal(mine?.survives_reload, false);
  });

  it('Claude Code: a questionnaire answered from the mirror, one Bash command approved, another rejected', async () => {
    a = await startTerminalAgent('claude', {
      name: 'terminal-claude',
      turns: [
        { kind: 'ask', questions: [Q_DATABASE] },
        { kind: 'text', text: 'Noted.' },
        { kind: 'bash', command: 'touch approved.txt', description: 'Create approved.txt' },
        { kind: 'text', text: 'Done.' },
        { kind: 'bash', command: 'touch rejected.txt', description: 'Create rejected.txt' },
        { kind: 'text', text: 'Fine.' },
      ],
    });
    await userPrompt(a.term, 'pick a database');
    let s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the questionnaire');
    const r1 = await choose(a, s, 'PostgreSQL');
    assert.equal((r1.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r1.error));
    const answer = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(answer.content, /="PostgreSQL"/);

    await userPrompt(a.term, 'make the file');
    s = await a.waitStatus((x) => x.permission?.subject === 'touch approved.txt', 30_000, 'the first permission');
    const r2 = await approve(a, s, 'approve_once');
    assert.equal((r2.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r2.error));
    await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
    assert.ok(existsSync(join(a.term.workDir, 'approved.txt')));

    await userPrompt(a.term, 'make the other file');
    s = await a.waitStatus((x) => x.permission?.subject === 'touch rejected.txt', 30_000, 'the second permission');
    const r3 = await approve(a, s, 'reject');
    assert.equal((r3.result as { outcome?: string } | undefined)?.outcome, 'declined', JSON.stringify(r3.error));
    await a.waitStatus((x) => x.permission === null && x.state !== 'waiting_input', 30_000, 'the prompt to close');
    await sleep(1000);
    assert.equal(existsSync(join(a.term.workDir, 'rejected.txt')), false);
    // A rejected command reports no result: the fake model heard only the first two answers.
    assert.equal(a.model.toolResults().length, 2);
    // Every byte went through the editor's write path, none through tmux's own input.
    assert.ok(a.writes.length >= 3, JSON.stringify(a.writes));
  });

  it('Claude Code, light theme at truecolor (as VS Code announces): both prompts via the mirror', async () => {
    a = await startTerminalAgent(
      'claude',
      {
        name: 'terminal-claude-light',
        turns: [
          { kind: 'ask', questions: [Q_DATABASE] },
          { kind: 'bash', command: 'touch approved.txt', description: 'Create approved.txt' },
          { kind: 'text', text: 'Done.' },
        ],
      },
      undefined,
      { rendering: { theme: 'light', depth: 'truecolor' } },
    );
    await userPrompt(a.term, 'pick a database, then make the file');
    let s = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the questionnaire');
    assert.deepEqual(
      s.interaction?.questions[0]?.options.map((o) => o.description ?? null),
      [...Q_DATABASE.options.map((o) => o.description), null],
    );
    const r1 = await choose(a, s, 'PostgreSQL');
    assert.equal((r1.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r1.error));
    assert.match((await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000)).content, /="PostgreSQL"/);
    s = await a.waitStatus((x) => x.permission?.subject === 'touch approved.txt', 30_000, 'the permission');
    const r2 = await approve(a, s, 'approve_once');
    assert.equal((r2.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r2.error));
    await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
    assert.ok(existsSync(join(a.term.workDir, 'approved.txt')));
  });

  it('Codex: a message sent by the server, then a command approved from the mirror', async () => {
    a = await startTerminalAgent('codex', {
      name: 'terminal-codex',
      turns: [
        {
          kind: 'codex-command',
          command: 'touch ../codex-approved.txt',
          justification: 'Create a marker file next to the project?',
          escalated: true,
        },
        { kind: 'text', text: 'Done.' },
      ],
    });
    // The managed send pastes into the composer once the mirror proves it empty.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const sent = await a.call(REQUESTS.respond.method, { session_id: a.sessionId, request: 'make the file' }, 20_000);
      if (sent.result) break;
      assert.equal(sent.error?.data?.code, 'manual_required', JSON.stringify(sent.error));
      assert.ok(Date.now() < deadline, `the composer was never proven empty: ${JSON.stringify(sent.error)}`);
      await sleep(250);
    }
    const s = await a.waitStatus((x) => x.permission !== null, 40_000, 'the permission');
    assert.equal(s.permission?.subject, 'touch ../codex-approved.txt');
    const r = await approve(a, s, 'approve_once');
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
    await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.ok(existsSync(join(a.term.workDir, '..', 'codex-approved.txt')));
  });

  it('a resize in the middle of a questionnaire: no input on the unproven screen, then a proven re-offer', async () => {
    a = await startTerminalAgent('claude', {
      name: 'terminal-resize',
      turns: [
        { kind: 'ask', questions: [Q_DATABASE] },
        { kind: 'text', text: 'Noted.' },
      ],
    });
    await userPrompt(a.term, 'pick a database');
    const before = await a.waitStatus((x) => x.interaction !== null, 30_000, 'the questionnaire');
    // The redraw after the resize is held back: the server sees the new size but not the new screen.
    a.pauseOutput();
    await a.term.tmux(['resize-window', '-t', a.term.target, '-x', '90', '-y', '30']);
    await sleep(500);
    const stale = await choose(a, before, 'SQLite (Recommended)');
    assert.ok(stale.error, `answered across a resize: ${JSON.stringify(stale.result)}`);
    const status = await a.status();
    assert.equal(status.offer_expires_at, null, 'a step was offered from the unproven screen');
    assert.match(status.manual_reason ?? '', /resized/, JSON.stringify([status, stale, a.writes]));
    assert.deepEqual(a.writes, []);
    a.resumeOutput();
    // Claude Code redraws its whole screen at the new size: the step is offered again, at 90 columns.
    const again = await a.waitStatus(
      (x) => x.interaction !== null && x.revision !== before.revision,
      30_000,
      'the re-offer after the redraw',
    );
    const r = await choose(a, again, 'SQLite (Recommended)');
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
    const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(tool.content, /="SQLite \(Recommended\)"/);
  });

  it('output lost on the way (a reload, a dropped chunk): observe only, and nothing is typed', async () => {
    a = await startTerminalAgent('claude', {
      name: 'terminal-lost',
      turns: [{ kind: 'bash', command: 'touch never.txt', description: 'Create never.txt' }],
    });
    await a.waitStatus((x) => x.state === 'idle', 30_000, 'idle');
    a.dropNextChunk();
    await userPrompt(a.term, 'make the file');
    await a.term.waitForScreen((x) => x.includes('Do you want to proceed?'), 30_000, 'the permission on screen');
    const s = await a.waitStatus((x) => x.manual_reason !== null || x.permission !== null, 30_000, 'a status');
    assert.equal(s.permission, null, 'a permission was offered from an unproven screen');
    assert.match(s.manual_reason ?? '', /output was lost/);
    const list = (await a.call(REQUESTS.listSessions.method, {})).result as {
      sessions: Array<{ session_id: string; observe_only_reason?: string }>;
    };
    assert.match(list.sessions.find((x) => x.session_id === a?.sessionId)?.observe_only_reason ?? '', /lost/);
    await sleep(2000);
    assert.deepEqual(a.writes, []);
    assert.equal(a.model.toolResults().length, 0);
  });

  for (const unreadable of ['running_before_reload', 'no_shell_integration'] as const) {
    it(`an unreadable terminal (${unreadable}): listed with why, observe only, nothing typed`, async () => {
      a = await startTerminalAgent(
        'claude',
        { name: `terminal-${unreadable}`, turns: [{ kind: 'bash', command: 'touch never.txt', description: 'x' }] },
        { cols: 120, rows: 40 },
        {},
        unreadable,
      );
      const list = (await a.call(REQUESTS.listSessions.method, {})).result as {
        sessions: Array<{ session_id: string; agent: string; version: string; observe_only_reason?: string }>;
      };
      const mine = list.sessions.find((x) => x.session_id === a?.sessionId);
      assert.equal(mine?.version, NEWEST.claude);
      assert.match(
        mine?.observe_only_reason ?? '',
        unreadable === 'no_shell_integration'
          ? new RegExp(
              '^no shell integration in this bash terminal,.*shellIntegration\\.enabled.*' +
                '~/\\.bashrc: .*--locate-shell-integration-path bash',
            )
          : /already running/,
      );
      await userPrompt(a.term, 'make the file');
      await a.term.waitForScreen((x) => x.includes('Do you want to proceed?'), 30_000, 'the permission on screen');
      await sleep(1000);
      const s = await a.status();
      assert.equal(s.permission, null, 'a permission was offered from a terminal that cannot be read');
      // Nothing was recognised from a screen the server cannot see, so nothing can be approved.
      assert.equal(s.turn_id, null);
      await sleep(1500);
      assert.deepEqual(a.writes, []);
      assert.equal(a.model.toolResults().length, 0);
    });
  }
});
