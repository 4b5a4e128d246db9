/**
 * The prompts of a normal day with the newest real Claude Code, answered through the AKK server
 * only (`node dist/server.js --stdio`): an edit of an existing file with its diff, a web fetch, an
 * MCP tool call and the plan approval, each answered both ways. The effect is checked on disk and
 * at the fake model; the scenarios are the corpus's own (src/agents/claude/qualify/daily-scenarios.ts).
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import { PLAN } from '../../src/agents/claude/qualify/daily-scenarios';
import { scenario } from '../../src/qualify/scenarios';
import type { TermSize } from '../../src/qualify/versions';
import { optionId, question, respond, startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';

const NARROW: TermSize = { cols: 80, rows: 24 };
const WIDE: TermSize = { cols: 120, rows: 40 };

/** The scenario's model turns and work folder, launched at `size`. */
async function start(name: string, size: TermSize): Promise<ServerAgent> {
  const sc = scenario(name);
  return startServerAgent('claude', sc, {}, { size, ...(sc.args ? { args: sc.args } : {}), workspace: sc.workspace });
}

async function decide(a: ServerAgent, s: StatusResult, decision: 'approve_once' | 'reject') {
  const p = s.permission;
  assert.ok(p, 'no permission pending');
  const r = await a.call(
    REQUESTS.approve.method,
    { interaction_id: p.interaction_id, turn_id: p.turn_id, decision },
    30_000,
  );
  assert.ok(r.result, JSON.stringify(r.error));
  return r.result as { outcome: string };
}

const REJECTED = /^The user doesn't want to proceed with this tool use\./;

describe('Claude Code: edits, fetches, MCP tools and plans through the AKK server (live)', function () {
  this.timeout(120_000);

  for (const size of [NARROW, WIDE]) {
    it(`approves an edit once at ${size.cols}x${size.rows}: the file changes exactly as the diff showed`, async () => {
      const a = await start('claude-edit-approve', size);
      const before = readFileSync(join(a.term.workDir, 'config.yaml'), 'utf8');
      await userPrompt(a.term, 'go');
      // On a busy machine the client can draw the dialog's lines a frame before their diff marks: that
      // frame is offered as it reads (lines), and the diff once it is drawn.
      const s = await a.waitStatus(
        (x) => x.permission?.preview?.kind === 'diff',
        30_000,
        'the edit prompt with its diff',
      );
      const p = s.permission;
      assert.deepEqual([p?.tool, p?.title, p?.subject], ['edit', 'Edit file', 'config.yaml']);
      assert.equal(p?.preview?.kind, 'diff');
      const diff = p?.preview?.kind === 'diff' ? p.preview.lines : [];
      const removed = diff.filter((l) => l.op === 'removed').map((l) => l.text);
      const added = diff.filter((l) => l.op === 'added').map((l) => l.text);
      // The diff read from the drawing: the long line wraps at 80 columns and is read back whole.
      assert.deepEqual(removed, before.split('\n').slice(1, 3));
      assert.equal((await decide(a, s, 'approve_once')).outcome, 'resolved');
      const tool = await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
      assert.equal(tool.isError, false, tool.content);
      const after = readFileSync(join(a.term.workDir, 'config.yaml'), 'utf8');
      assert.deepEqual(after.split('\n').slice(1, 3), added);
      assert.notEqual(after, before);
    });
  }

  it('rejects an edit: the file stays as it was, and the model is told', async () => {
    const a = await start('claude-edit-reject', WIDE);
    const before = readFileSync(join(a.term.workDir, 'config.yaml'), 'utf8');
    await userPrompt(a.term, 'go');
    const s = await a.waitStatus((x) => x.permission?.tool === 'edit', 30_000, 'the edit prompt');
    assert.equal((await decide(a, s, 'reject')).outcome, 'declined');
    await a.waitStatus((x) => x.permission === null && x.state !== 'waiting_input', 30_000, 'the prompt to close');
    await userPrompt(a.term, 'continue');
    const tool = await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
    assert.match(tool.content, REJECTED);
    assert.equal(readFileSync(join(a.term.workDir, 'config.yaml'), 'utf8'), before);
  });

  it('approves a fetch once and rejects another: the subject is the domain, the URL and prompt are shown', async () => {
    let a = await start('claude-fetch-approve', NARROW);
    await userPrompt(a.term, 'go');
    let s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the fetch prompt');
    assert.deepEqual([s.permission?.tool, s.permission?.subject], ['web_fetch', 'docs.example.com']);
    assert.deepEqual(s.permission?.preview, {
      kind: 'lines',
      lines: ['url: https://docs.example.com/guide/install', 'prompt: Summarise the installation steps'],
    });
    await decide(a, s, 'approve_once');
    // Approved, the client goes on to fetch (offline here, the domain check fails): not a rejection.
    const fetched = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.doesNotMatch(fetched.content, REJECTED);
    assert.match(fetched.content, /docs\.example\.com/);
    await a.stop();

    a = await start('claude-fetch-reject', WIDE);
    await userPrompt(a.term, 'go');
    s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the fetch prompt');
    assert.equal((await decide(a, s, 'reject')).outcome, 'declined');
    await a.waitStatus((x) => x.permission === null && x.state !== 'waiting_input', 30_000, 'the prompt to close');
    await userPrompt(a.term, 'continue');
    assert.match((await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000)).content, REJECTED);
  });

  for (const size of [NARROW, WIDE]) {
    it(`approves an MCP tool call once at ${size.cols}x${size.rows}, and the server's tool runs`, async () => {
      const a = await start('claude-mcp-approve', size);
      await userPrompt(a.term, 'go');
      const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the MCP prompt');
      assert.deepEqual([s.permission?.tool, s.permission?.subject], ['mcp', 'tickets — Create Ticket Tool']);
      assert.deepEqual(s.permission?.preview, {
        kind: 'lines',
        lines: ['title: "Flaky login test"', 'priority: "high"'],
      });
      assert.deepEqual(s.permission?.decisions, ['approve_once', 'reject']);
      await decide(a, s, 'approve_once');
      const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
      assert.equal(tool.content, 'Created ticket T-42: Flaky login test');
    });
  }

  it("rejects an MCP tool call: the server's tool does not run", async () => {
    const a = await start('claude-mcp-reject', NARROW);
    await userPrompt(a.term, 'go');
    const s = await a.waitStatus((x) => x.permission !== null, 30_000, 'the MCP prompt');
    assert.equal((await decide(a, s, 'reject')).outcome, 'declined');
    await a.waitStatus((x) => x.permission === null && x.state !== 'waiting_input', 30_000, 'the prompt to close');
    await userPrompt(a.term, 'continue');
    const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(tool.content, REJECTED);
  });

  it('approves a plan with edits approved by hand; automatic approval is never offered', async () => {
    const a = await start('claude-plan-approve', NARROW);
    await userPrompt(a.term, 'go');
    const s = await a.waitStatus((x) => x.interaction?.questions[0]?.header === 'Plan', 30_000, 'the plan approval');
    const { q } = question(s);
    assert.equal(s.confirm_before_answer, true, 'an agent answering a plan for the person needs their confirmation');
    // The plan as drawn: its markdown rendered (the heading without its `#`).
    assert.equal(q.context, PLAN.replace(/^# /, '').trimEnd());
    assert.deepEqual(
      q.options.map((o) => o.label),
      ['Yes, manually approve edits', 'Tell Claude what to change'],
    );
    const r = await respond(a, s, {
      question_id: q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'Yes, manually approve edits')],
    });
    assert.ok(r.result, JSON.stringify(r.error));
    const tool = await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
    assert.equal(tool.isError, false);
    assert.match(tool.content, /^User has approved your plan/);
    assert.ok(tool.content.includes(PLAN), tool.content);
  });

  it('sends a plan back with what to change, typed into the dialog as free text', async () => {
    const a = await start('claude-plan-feedback', WIDE);
    await userPrompt(a.term, 'go');
    let s = await a.waitStatus((x) => x.interaction?.questions[0]?.header === 'Plan', 30_000, 'the plan approval');
    let r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'single_select',
      selected_option_ids: [optionId(s, 'Tell Claude what to change')],
    });
    assert.ok(r.result, JSON.stringify(r.error));
    s = await a.waitStatus(
      (x) => x.interaction?.questions[0]?.response_kind === 'free_text',
      30_000,
      'the feedback editor',
    );
    r = await respond(a, s, {
      question_id: question(s).q.question_id,
      response_kind: 'free_text',
      text: 'Also add a readiness probe at /readyz',
    });
    assert.ok(r.result, JSON.stringify(r.error));
    const tool = await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
    assert.equal(tool.isError, true);
    assert.ok(tool.content.endsWith('\nAlso add a readiness probe at /readyz'), tool.content);
  });
});
