/**
 * Claude Code's edit, fetch, MCP and plan prompts, read from the newest client's captures: the
 * edit's diff read back from the drawing (a wrapped line whole), what each prompt is about, a plan
 * that is not wholly on screen left to the terminal, and a qualified version whose own
 * qualification never captured these prompts refused them (zero input).
 */
import { strict as assert } from 'node:assert';
import { QUALIFIED_SHAPES } from '../../../src/agents/claude/recognize/qualified-versions';
import { recognize, recognizeForQualification } from '../../../src/adapters/recognize';
import { adapterOf } from '../../../src/adapters/registry';
import { parseDrawnDiff } from '../../../src/agents/claude/recognize/edit-diff';
import type { ScreenSnapshot } from '../../../src/adapters/types';
import { PLAN } from '../../../src/agents/claude/qualify/daily-scenarios';
import { loadSeedCorpus } from '../../../src/qualify/corpus/fixture-corpus';

const NEWEST = '2.1.332';
const screens = loadSeedCorpus().filter((f) => f.agent === 'claude' && f.version === NEWEST);
const of = (state: string) => screens.filter((f) => f.state === state);

/** Qualified versions of the newest's profile generation (which draw its screens) with or without `shape`. */
function newestGeneration(shape: string, qualified: boolean): string[] {
  const adapter = adapterOf('claude');
  const generation = adapter?.generationOf(NEWEST);
  return (adapter?.supportedVersions() ?? []).filter(
    (v) => adapter?.generationOf(v) === generation && (QUALIFIED_SHAPES[shape] ?? []).includes(v) === qualified,
  );
}

function withLines(s: ScreenSnapshot, edit: (plain: string[]) => string[]): ScreenSnapshot {
  const plain = edit([...s.plain]);
  return { ...s, plain, styled: plain };
}

describe('Claude Code edits, fetches, MCP tools and plans (newest client)', () => {
  it('has each prompt at three sizes', () => {
    for (const state of ['permission-edit', 'permission-fetch', 'permission-mcp', 'plan-approval'])
      assert.deepEqual([...new Set(of(state).map((f) => f.screen.cols))].sort(), [120, 200, 80], state);
  });

  for (const f of of('permission-edit')) {
    it(`${f.id}: the edit's diff is read back whole from the drawing`, () => {
      const r = recognize('claude', f.version, f.screen);
      assert.ok(r.kind === 'permission', JSON.stringify(r));
      assert.equal(r.subject, 'config.yaml');
      assert.deepEqual(r.preview, {
        kind: 'diff',
        file: 'config.yaml',
        lines: [
          { op: 'context', line: 1, text: 'name: demo' },
          { op: 'removed', line: 2, text: 'port: 8080' },
          {
            op: 'removed',
            line: 3,
            text:
              'description: "Demo service that answers health checks and reports its build metadata ' +
              'to the dashboard"',
          },
          { op: 'added', line: 2, text: 'port: 9090' },
          {
            op: 'added',
            line: 3,
            text:
              'description: "Demo service that answers readiness and health checks and reports its build metadata ' +
              'to the dashboard"',
          },
          { op: 'context', line: 4, text: 'workers: 2' },
        ],
      });
      assert.deepEqual(r.decisions, ['approve_once', 'reject']);
    });
  }

  it('shows a diff it cannot read exactly as drawn, still deciding on the file the question names', () => {
    assert.equal(parseDrawnDiff(['1  kept', '2 -gone', 'a stray line'], 79), undefined);
    // A continuation under a row that did not fill its line cannot be exact.
    assert.equal(parseDrawnDiff(['1 -short', '  -more'], 79), undefined);
    assert.deepEqual(parseDrawnDiff([' 9  a', '10 +b', '11'], 79), [
      { op: 'context', line: 9, text: 'a' },
      { op: 'added', line: 10, text: 'b' },
      { op: 'context', line: 11, text: '' },
    ]);
  });

  for (const f of of('permission-fetch')) {
    it(`${f.id}: a fetch is about its domain; its URL and prompt are shown as drawn`, () => {
      const r = recognize('claude', f.version, f.screen);
      assert.ok(r.kind === 'permission', JSON.stringify(r));
      assert.deepEqual([r.tool, r.title, r.subject], ['web_fetch', 'Fetch', 'docs.example.com']);
      assert.deepEqual(r.decisions, ['approve_once', 'reject']);
      // No is the row that says so, the third.
      assert.deepEqual(r.plan.reject?.[0]?.action, { keys: ['3'] });
    });
  }

  for (const f of of('permission-mcp')) {
    it(`${f.id}: an MCP tool call names its server and tool, with its arguments`, () => {
      const r = recognize('claude', f.version, f.screen);
      assert.ok(r.kind === 'permission', JSON.stringify(r));
      assert.deepEqual([r.tool, r.subject], ['mcp', 'tickets — Create Ticket Tool']);
      assert.deepEqual(r.preview, { kind: 'lines', lines: ['title: "Flaky login test"', 'priority: "high"'] });
      // At 80 columns the client leaves out its "don't ask again" row: No is the second row.
      assert.deepEqual(r.plan.reject?.[0]?.action, { keys: [f.screen.cols === 80 ? '2' : '3'] });
    });
  }

  for (const f of of('plan-approval')) {
    it(`${f.id}: the plan is shown with its question; automatic approval is never offered`, () => {
      const r = recognize('claude', f.version, f.screen);
      assert.ok(r.kind === 'questionnaire', JSON.stringify(r));
      assert.equal(r.question.context, PLAN.replace(/^# /, '').trimEnd());
      assert.deepEqual(
        r.question.options.map((o) => [o.label, o.role]),
        [
          ['Yes, manually approve edits', 'choice'],
          ['Tell Claude what to change', 'free_text'],
        ],
      );
      assert.equal(JSON.stringify(r.plan).includes('"1"'), false, 'row 1 is never planned');
    });

    it(`${f.id}: a plan whose beginning has scrolled away is left to the terminal`, () => {
      const cut = withLines(f.screen, (plain) => {
        const title = plain.findIndex((l) => l.trim() === 'Ready to code?');
        return plain.map((l, i) => (i <= title + 3 ? '' : l));
      });
      const r = recognize('claude', f.version, cut);
      assert.equal(r.kind, 'manual_required', JSON.stringify(r).slice(0, 300));
    });
  }

  const gated = [...of('permission-edit'), ...of('permission-fetch'), ...of('permission-mcp'), ...of('plan-approval')];
  for (const f of gated) {
    const r0 = recognize('claude', NEWEST, f.screen);
    const shape = r0.kind === 'permission' || r0.kind === 'questionnaire' ? r0.shape : undefined;
    it(`${f.id}: is answered on every version qualified with it, and on no other of its generation`, () => {
      assert.ok(shape, 'the recognition names its corpus shape');
      for (const v of newestGeneration(shape, true))
        assert.notEqual(recognize('claude', v, f.screen).kind, 'manual_required', v);
      for (const v of newestGeneration(shape, false)) {
        // The profile reads the screen (qualification would accept it) ...
        const candidate = recognizeForQualification('claude', NEWEST, v, f.screen);
        assert.ok(candidate.kind === 'permission' || candidate.kind === 'questionnaire');
        // ... but a live session on that version gets zero input, with the reason.
        const r = recognize('claude', v, f.screen);
        assert.equal(r.kind, 'manual_required', v);
        assert.match(
          r.kind === 'manual_required' ? r.reason : '',
          new RegExp(`not been qualified for version ${v.replace(/\./g, '\\.')}`),
        );
      }
    });
  }
});
