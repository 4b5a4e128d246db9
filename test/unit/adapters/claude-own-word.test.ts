/**
 * Claude Code's own word held against its screen: the newest client's captured dialogs, each read
 * by the adapter, beside the `PermissionRequest` its hook receives for the same turn (built from the
 * scenario that drew the screen, in the shape Claude Code gives its hooks: `tool_name` and the
 * model's whole `tool_input`). The scenario's own request agrees; a request that names another
 * command, file, address, question or option order disagrees and says which.
 */
import { strict as assert } from 'node:assert';
import { ownWordDiffers, recognize } from '../../../src/adapters/recognize';
import { adapterOf } from '../../../src/adapters/registry';
import type { Recognition } from '../../../src/adapters/types';
import { CLAUDE_SCENARIOS } from '../../../src/agents/claude/qualify/scenarios';
import { CLAUDE_DAILY_SCENARIOS } from '../../../src/agents/claude/qualify/daily-scenarios';
import type { ClaudeTurn } from '../../../src/agents/claude/qualify/turns';
import { loadSeedCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { Q_DATABASE, Q_FEATURES, Q_FOUR, Q_NAME } from '../../../src/agents/claude/qualify/questions';

const NEWEST = '2.1.332';
const WORK = '/home/someone/project';
const screens = loadSeedCorpus().filter((f) => f.agent === 'claude' && f.version === NEWEST);

/** The hook's input for a scenario's turn, as Claude Code sends it. */
function requestOf(turn: ClaudeTurn): Record<string, unknown> {
  const ask = (tool_name: string, tool_input: Record<string, unknown>) => ({
    session_id: 'e0c1',
    hook_event_name: 'PermissionRequest',
    permission_mode: 'default',
    tool_name,
    tool_input,
  });
  switch (turn.kind) {
    case 'bash':
      return ask('Bash', { command: turn.command, description: turn.description });
    case 'write':
      return ask('Write', { file_path: turn.filePath.replace('{{workDir}}', WORK), content: turn.content });
    case 'fetch':
      return ask('WebFetch', { url: turn.url, prompt: turn.prompt });
    case 'ask':
      return ask('AskUserQuestion', { questions: turn.questions });
    default:
      throw new Error(`no request for a ${turn.kind} turn`);
  }
}

function turnOf(scenario: string, kind: ClaudeTurn['kind']): ClaudeTurn {
  const found = [...CLAUDE_SCENARIOS, ...CLAUDE_DAILY_SCENARIOS].find((s) => s.name === scenario);
  const turn = (found?.turns as ClaudeTurn[] | undefined)?.find((t) => t.kind === kind);
  assert.ok(turn, `${scenario} has a ${kind} turn`);
  return turn;
}

/**
 * Each distinct captured screen of `state`, read by the adapter: one check per distinct drawing
 * (its text), named by every capture that drew it.
 */
function recognised(state: string): Array<{ id: string; r: Recognition }> {
  const found = screens.filter((f) => f.state === state);
  const byText = new Map<string, typeof found>();
  for (const f of found) byText.set(f.screen.plain.join('\n'), [...(byText.get(f.screen.plain.join('\n')) ?? []), f]);
  assert.ok(byText.size >= 3, `${state}: drawn at several sizes (${byText.size})`);
  return [...byText.values()].map((same) => ({
    id: same.map((f) => f.id).join(', '),
    r: recognize('claude', NEWEST, same[0]?.screen ?? { cols: 0, rows: 0, plain: [], styled: [] }),
  }));
}

const differs = (r: Recognition, input: Record<string, unknown>, event = 'PermissionRequest') =>
  ownWordDiffers('claude', r, event, input);

function withInput(input: Record<string, unknown>, change: (own: Record<string, unknown>) => void) {
  const copy = structuredClone(input);
  change(copy.tool_input as Record<string, unknown>);
  return copy;
}

describe("Claude Code's own request held against its screen", () => {
  const bash = requestOf(turnOf('claude-bash-approve', 'bash'));

  for (const { id, r } of recognised('permission-bash')) {
    it(`${id}: the scenario's Bash request agrees; another command, or another tool, disagrees`, () => {
      assert.equal(r.kind, 'permission', JSON.stringify(r));
      assert.equal(differs(r, bash), undefined);
      const other = withInput(bash, (own) => (own.command = 'touch notes.txt; rm -rf ~'));
      assert.match(differs(r, other) ?? '', /the request's command is not the one the screen draws/);
      assert.match(differs(r, { ...bash, tool_name: 'Write' }) ?? '', /the request is for Write/);
      // Another hook event says nothing of the dialog.
      assert.equal(differs(r, other, 'PreToolUse'), undefined);
    });
  }

  const write = requestOf(turnOf('claude-write', 'write'));
  for (const { id, r } of recognised('permission-write')) {
    it(`${id}: the scenario's Write request agrees by its file; another file disagrees`, () => {
      assert.equal(differs(r, write), undefined, JSON.stringify(r));
      const other = withInput(write, (own) => (own.file_path = `${WORK}/goodbye.txt`));
      assert.match(differs(r, other) ?? '', /the request's file is not the one the screen draws/);
    });
  }

  const fetch = requestOf(turnOf('claude-fetch-approve', 'fetch'));
  for (const { id, r } of recognised('permission-fetch')) {
    it(`${id}: the scenario's fetch agrees by its address; another address disagrees`, () => {
      assert.equal(differs(r, fetch), undefined, JSON.stringify(r));
      const other = withInput(fetch, (own) => (own.url = 'https://elsewhere.example.org/'));
      assert.match(differs(r, other) ?? '', /the request's address is not the one the screen draws/);
    });
  }

  const features = requestOf(turnOf('claude-multi-select', 'ask'));
  for (const { id, r } of recognised('multi-select')) {
    it(`${id}: the scenario's question agrees; its options in another order, or another question, disagree`, () => {
      assert.equal(r.kind, 'questionnaire', JSON.stringify(r));
      assert.equal(differs(r, features), undefined);
      const reordered = withInput(features, (own) => {
        const [q] = own.questions as Array<{ options: unknown[] }>;
        q?.options.reverse();
      });
      assert.match(differs(r, reordered) ?? '', /the request's options for "Which features/);
      const another = withInput(features, (own) => {
        const [q] = own.questions as Array<{ question: string }>;
        if (q) q.question = 'Which features should be dropped?';
      });
      assert.match(differs(r, another) ?? '', /the request asks no question "Which features/);
      assert.match(differs(r, bash) ?? '', /the request is for Bash; the screen asks a question/);
    });
  }
});

describe("Claude Code's own request as the step, answered through it", () => {
  const bash = requestOf(turnOf('claude-bash-approve', 'bash'));
  const claude = adapterOf('claude');

  it('a Bash request is a permission step on its command, told apart from the next by its nonce', () => {
    const [step, more] = claude?.wordSteps('PermissionRequest', bash, 'n1') ?? [];
    assert.equal(more, undefined);
    assert.equal(step?.kind, 'permission');
    assert.ok(step?.kind === 'permission');
    assert.equal(step.tool, 'bash');
    assert.equal(step.subject, 'touch notes.txt');
    assert.deepEqual(step.decisions, ['approve_once', 'reject']);
    assert.notEqual(step.fingerprintSource, claude?.wordSteps('PermissionRequest', bash, 'n2')?.[0]?.fingerprintSource);
  });

  it("a question request is one step per question, in order, each with the model's own options", () => {
    // The scenario's questions as the model sent them (a multi-select, then a single choice).
    const asked = [Q_FEATURES, Q_DATABASE];
    const request = { ...requestOf(turnOf('claude-multi-select', 'ask')), tool_input: { questions: asked } };
    const steps = claude?.wordSteps('PermissionRequest', request, 'n1') ?? [];
    assert.equal(steps.length, 2);
    steps.forEach((step, i) => {
      const q = asked[i];
      assert.ok(step.kind === 'questionnaire' && q);
      assert.deepEqual(step.step, { index: i + 1, total: 2 });
      assert.equal(step.question.prompt, q.question);
      assert.equal(step.question.header, q.header);
      assert.equal(step.question.responseKind, q.multiSelect ? 'multi_select' : 'single_select');
      assert.deepEqual(
        step.question.options.map((o) => [o.label, o.description]),
        q.options.map((o) => [o.label, o.description]),
      );
    });
    const again = claude?.wordSteps('PermissionRequest', request, 'n2') ?? [];
    assert.notEqual(steps[0]?.fingerprintSource, again[0]?.fingerprintSource);
    assert.notEqual(steps[0]?.fingerprintSource, steps[1]?.fingerprintSource);
  });

  it('anything else is not answered through the request: another tool, another event, no command or options', () => {
    assert.equal(claude?.wordSteps('PermissionRequest', requestOf(turnOf('claude-write', 'write')), 'n'), undefined);
    assert.equal(claude?.wordSteps('PreToolUse', bash, 'n'), undefined);
    assert.equal(claude?.wordSteps('PermissionRequest', { ...bash, tool_input: { command: '  ' } }, 'n'), undefined);
    const ask = (questions: unknown) => ({ ...bash, tool_name: 'AskUserQuestion', tool_input: { questions } });
    assert.equal(claude?.wordSteps('PermissionRequest', ask([]), 'n'), undefined);
    assert.equal(claude?.wordSteps('PermissionRequest', ask([{ ...Q_DATABASE, options: [] }]), 'n'), undefined);
    assert.equal(
      claude?.wordSteps('PermissionRequest', ask([Q_DATABASE, Q_NAME, Q_FEATURES, Q_FOUR, Q_DATABASE]), 'n'),
      undefined,
    );
    assert.equal(adapterOf('codex')?.wordSteps('PermissionRequest', bash, 'n'), undefined);
  });

  it('the answers are the documented outputs: allow with nothing else, deny with the reason', () => {
    assert.deepEqual(claude?.wordAnswer(bash, { kind: 'decision', decision: 'approve_once' }), {
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
    assert.deepEqual(claude?.wordAnswer(bash, { kind: 'decision', decision: 'reject', message: 'Not here.' }), {
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'Not here.' } },
    });
    const allowed = JSON.stringify(claude?.wordAnswer(bash, { kind: 'decision', decision: 'approve_once' }));
    assert.equal(allowed.includes('updatedPermissions'), false);
  });

  it("questions are allowed with the model's own questions and every answer, never without one", () => {
    const request = { ...bash, tool_name: 'AskUserQuestion', tool_input: { questions: [Q_FEATURES, Q_DATABASE] } };
    const answers = { [Q_FEATURES.question]: ['Auth', 'Search'], [Q_DATABASE.question]: ['SQLite'] };
    assert.deepEqual(claude?.wordAnswer(request, { kind: 'answers', answers }), {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: {
          behavior: 'allow',
          updatedInput: {
            questions: [Q_FEATURES, Q_DATABASE],
            answers: { [Q_FEATURES.question]: 'Auth, Search', [Q_DATABASE.question]: 'SQLite' },
          },
        },
      },
    });
    const one = { [Q_FEATURES.question]: ['Auth'] };
    assert.equal(claude?.wordAnswer(request, { kind: 'answers', answers: one }), undefined);
    assert.equal(
      claude?.wordAnswer(request, { kind: 'answers', answers: { ...answers, [Q_DATABASE.question]: [] } }),
      undefined,
    );
  });

  it("the transcript's results of calls that asked exactly this are counted; no transcript, no count", () => {
    // Lines as Claude Code 2.1.332 writes them (trimmed to the fields read).
    const use = (id: string, command: string) =>
      `{"type":"assistant","message":{"content":[{"type":"tool_use","id":"${id}","name":"Bash",` +
      `"input":{"command":"${command}","description":"Make the file"}}]}}`;
    const result = (id: string, error = false) =>
      `{"type":"user","message":{"content":[{"tool_use_id":"${id}","type":"tool_result","content":"ok",` +
      `"is_error":${String(error)}}]}}`;
    const transcript = [
      '{"type":"user","message":{"content":"make the files"}}',
      use('t1', 'touch first.txt'),
      result('t1'),
      use('t2', 'touch second.txt'),
      '{"type":"assistant","message":{"content":[{"type":"text","text":"Done."}]}}',
      use('t3', 'touch first.txt'),
      result('t3', true),
    ].join('\n');
    const read = (path: string) => (path === '/t.jsonl' ? transcript : undefined);
    const asking = (command: string, more: Record<string, unknown> = {}) => ({
      transcript_path: '/t.jsonl',
      tool_name: 'Bash',
      tool_input: { description: 'Make the file', command },
      ...more,
    });
    // Keys in another order say the same.
    assert.equal(claude?.wordReceipts(asking('touch first.txt'), read), 2);
    // A call still open has no result; a call of another command's result does not count.
    assert.equal(claude?.wordReceipts(asking('touch second.txt'), read), 0);
    assert.equal(claude?.wordReceipts(asking('touch third.txt'), read), 0);
    assert.equal(claude?.wordReceipts(asking('touch first.txt', { tool_name: 'Write' }), read), 0);
    assert.equal(
      claude?.wordReceipts({ ...asking('touch first.txt'), transcript_path: '/missing.jsonl' }, read),
      undefined,
    );
    assert.equal(claude?.wordReceipts({}, read), undefined);
    // The answer's effect: the open call's result written.
    const answered = (path: string) => (path === '/t.jsonl' ? `${transcript}\n${result('t2')}` : undefined);
    assert.equal(claude?.wordReceipts(asking('touch second.txt'), answered), 1);
  });
});
