/**
 * Codex in a terminal too narrow for its description column wraps each description onto lines of
 * its own in that column. The rows below are as Codex 0.171.0 drew the scenario's question at
 * 60x24 (test/live/terminal-widths.test.ts); the descriptions are joined back only when every
 * wrapped line starts at its row's column and re-wraps exactly as drawn, and only on the
 * generation measured doing so (0.171.0); another leaves the step to the terminal, saying why.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { joinWrappedDescriptions } from '../../../src/agents/codex/recognize/rows';
import { recognize } from '../../../src/adapters/recognize';
import { CX_DATABASE } from '../../../src/agents/codex/qualify/scenarios';

/** The whole screen as Codex 0.171.0 drew it at 60x24 (plain; its path made neutral). */
const SCREEN = {
  plain: readFileSync(join(__dirname, 'screens', 'codex-0.171.0-60x24', 'question.txt'), 'utf8')
    .split('\n')
    .slice(0, 24),
  cols: 60,
  rows: 24,
};

const AT_60 = [
  '  › 1. SQLite (Recommended)  Embedded, zero configuration.',
  '    2. PostgreSQL            Client-server with strong',
  '                             concurrency.',
  '    3. None of the above     Optionally, add details in',
  '                             notes (tab)',
];

describe('Codex descriptions wrapped in their column', () => {
  it('joins each description back into its row', () => {
    assert.deepEqual(joinWrappedDescriptions(AT_60, 60), {
      lines: [
        '  › 1. SQLite (Recommended)  Embedded, zero configuration.',
        '    2. PostgreSQL            Client-server with strong concurrency.',
        '    3. None of the above     Optionally, add details in notes (tab)',
      ],
    });
  });

  it('has nothing to join where nothing wraps', () => {
    assert.equal(joinWrappedDescriptions([AT_60[0] ?? ''], 60), undefined);
  });

  it('refuses a wrapped line out of its column', () => {
    const shifted = AT_60.map((l, i) => (i === 2 ? ` ${l}` : l));
    const r = joinWrappedDescriptions(shifted, 60);
    assert.ok(r && 'kind' in r && r.kind === 'manual_required');
  });

  it('refuses a description that would not wrap there at this width', () => {
    // Drawn for a narrower pane: at 60 columns "concurrency." would fit no more, but at 70 it would.
    const r = joinWrappedDescriptions(AT_60, 70);
    assert.ok(r && 'kind' in r && /re-wrap/.test(r.reason), JSON.stringify(r));
  });

  it('refuses a word moved to the wrong line', () => {
    const moved = [...AT_60];
    moved[3] = '    3. None of the above     Optionally, add details';
    moved[4] = '                             in notes (tab)';
    const r = joinWrappedDescriptions(moved, 60);
    assert.ok(r && 'kind' in r && /re-wrap/.test(r.reason), JSON.stringify(r));
  });

  it('reads the whole question on 0.171.0: labels and descriptions as the scenario wrote them', () => {
    const r = recognize('codex', '0.171.0', SCREEN);
    assert.ok(r.kind === 'questionnaire', JSON.stringify(r));
    assert.deepEqual(
      r.question.options.slice(0, 2).map((o) => [o.label, o.description]),
      CX_DATABASE.options.map((o) => [o.label, o.description]),
    );
  });

  it('leaves it to the terminal on a generation not measured wrapping, saying why', () => {
    const r = recognize('codex', '0.161.0', SCREEN);
    assert.ok(r.kind === 'manual_required');
    assert.match(r.reason, /Codex wraps the option descriptions in this 60-column terminal/);
  });
});
