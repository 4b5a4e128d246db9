/**
 * A release is qualified under a rendering condition (a theme, a colour depth) only by its own
 * capture under it: every screen passes its answer-key checks and is recognised as the same step as
 * under the corpus's own rendering (src/qualify/runner/renderings.ts). Judged here on the stored
 * light-theme truecolor capture of 2.1.332, whole and with one screen changed. And a version that
 * was never captured under a condition (the light theme at 256 colours, on a release between a
 * generation's first and newest) does not read the styles that condition draws: a description in
 * them is left to the terminal, naming the theme and colour depth.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUALIFIED_RENDERINGS, QUALIFIED_VERSIONS } from '../../../src/agents/claude/recognize/qualified-versions';
import { recognize, recognizeForQualification } from '../../../src/adapters/recognize';
import { FIXTURES, readRecords, type QualificationRecord } from '../../../src/qualify/runner/records';
import { judgeRendering } from '../../../src/qualify/runner/renderings';
import { loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { materialiseTarget, readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

const VERSION = '2.1.332';
const CONDITION = { theme: 'light', depth: 'truecolor' } as const;
const SCREEN = '04-single-select';

describe('qualifying a release under a rendering condition', () => {
  const record = readRecords('claude').find((r) => r.version === VERSION) as QualificationRecord;
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'akk-rendering-'));
    materialiseTarget(join(FIXTURES, 'claude', VERSION), '80x24-light-truecolor', dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const edit = (ext: string, change: (text: string) => string): void => {
    const file = join(dir, `${SCREEN}${ext}`);
    writeFileSync(file, change(readCorpusFile(file)));
  };

  it('qualifies the stored capture: every screen checked and recognised as under the corpus rendering', () => {
    const entry = judgeRendering('claude', record, CONDITION, '80x24', dir);
    assert.equal(entry.result, 'qualified', JSON.stringify(entry.differing));
    assert.equal(entry.screens, 77);
    assert.deepEqual(entry.differing, []);
  });

  it('records a capture as differing when one description reads otherwise than the scenario wrote it', () => {
    for (const ext of ['.txt', '.ansi.txt']) edit(ext, (t) => t.replace('zero configuration', 'some configuration'));
    const entry = judgeRendering('claude', record, CONDITION, '80x24', dir);
    assert.equal(entry.result, 'differs');
    assert.ok(
      entry.differing.some((d) => d.screen === SCREEN),
      JSON.stringify(entry.differing),
    );
  });

  it('records a capture as differing when a description is drawn in a style no rendering draws', () => {
    const light = '\u001b[38;2;102;102;102mEmbedded';
    edit('.ansi.txt', (t) => {
      assert.ok(t.includes(light), "the description in the light theme's truecolor style");
      return t.replace(light, '\u001b[38;5;200mEmbedded');
    });
    const entry = judgeRendering('claude', record, CONDITION, '80x24', dir);
    assert.equal(entry.result, 'differs');
    assert.ok(
      entry.differing.some((d) => d.screen === SCREEN),
      JSON.stringify(entry.differing),
    );
  });

  it('records a capture as differing when a step of the corpus capture was not captured under the condition', () => {
    for (const ext of ['.txt', '.ansi.txt', '.json']) rmSync(join(dir, `${SCREEN}${ext}`));
    const entry = judgeRendering('claude', record, CONDITION, '80x24', dir);
    assert.equal(entry.result, 'differs');
    assert.equal(entry.screens, 76);
    assert.ok(
      entry.differing.some((d) => /was not captured under the condition/.test(d.detail)),
      JSON.stringify(entry.differing),
    );
  });

  it('leaves a description in a condition never captured on the version to the terminal, naming it', () => {
    // The light theme at 256 colours: captured on the seeds and on each generation's newest only.
    const screen = loadCorpus(join(FIXTURES, 'claude', VERSION, '80x24-light-256')).find(
      (f) => f.base === SCREEN,
    )?.screen;
    assert.ok(screen);
    const captured = new Set(QUALIFIED_RENDERINGS['light/256'] ?? []);
    const never = Object.keys(QUALIFIED_VERSIONS).filter(
      (v) => !captured.has(v) && QUALIFIED_VERSIONS[v] === QUALIFIED_VERSIONS['2.1.300'],
    );
    assert.ok(never.length > 0, 'every version of the generation is qualified under light/256');
    for (const v of never) {
      const live = recognize('claude', v, screen);
      assert.equal(live.kind, 'manual_required');
      assert.equal(
        live.kind === 'manual_required' ? live.reason : '',
        `Claude Code's light or light-daltonized theme at 256 colours is not qualified on ${v}: answer in the terminal`,
      );
      // Qualification reads it (a capture under the condition is what it judges).
      assert.equal(recognizeForQualification('claude', QUALIFIED_VERSIONS[v] ?? '', v, screen).kind, 'questionnaire');
    }
    assert.equal(recognize('claude', VERSION, screen).kind, 'questionnaire');
  });
});
