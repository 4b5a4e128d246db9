/**
 * The qualification records against what is stored: every screen digest is recomputed from the
 * files it points at, every stored screen belongs to a record, the version tables and the README
 * section are exactly what the records generate, and a version that is not qualified gets no
 * input on any screen. The answer-key checks of the stored screens run in answer-key.test.ts.
 */
import { strict as assert } from 'node:assert';
import { join, relative } from 'node:path';
import { recognize } from '../../../src/adapters/recognize';
import { adapterOf } from '../../../src/adapters/registry';
import type { Sidecar } from '../../../src/qualify/capture';
import { canonicalLines, canonicalSidecar, digest } from '../../../src/qualify/runner/canonical';
import { FIXTURES, readRecords, storedPath, type QualificationRecord } from '../../../src/qualify/runner/records';
import { README, readmeWithTable, tablePath, versionTableSource } from '../../../scripts/qualify/table';
import { scenariosFor } from '../../../src/qualify/scenarios';
import { readmeWithRenderings } from '../../../scripts/qualify/rendering-table';
import { readmeWithShapes } from '../../../scripts/qualify/shapes-table';
import { AGENTS, SIZES, compareVersions, sizeName, type AgentName } from '../../../src/qualify/versions';
import { loadCorpus, loadUnqualifiedCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { plannedInput } from '../../../src/qualify/answer-key/plans';
import { corpusHas, listCorpus, readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

const read = (f: string): string => readCorpusFile(f);

/** Digests of one stored screen, computed once however many records point at it. */
const digests = new Map<string, { plain: string; styled: string; sidecar: string }>();
function storedDigests(
  agent: AgentName,
  base: string,
  version: string,
): { plain: string; styled: string; sidecar: string } {
  const hit = digests.get(base);
  if (hit) return hit;
  const d = {
    plain: digest(canonicalLines(agent, read(`${base}.txt`), false, version)),
    styled: digest(canonicalLines(agent, read(`${base}.ansi.txt`), true, version)),
    sidecar: digest(canonicalSidecar(JSON.parse(read(`${base}.json`)) as Sidecar)),
  };
  digests.set(base, d);
  return d;
}

/** The scenarios the harness runs on a version (some need a newer client). */
function scenarioNames(agent: AgentName, version: string): string[] {
  return scenariosFor(agent)
    .filter((s) => !s.minVersion || compareVersions(version, s.minVersion) >= 0)
    .map((s) => s.name)
    .sort();
}

/**
 * Scenarios of shapes added after a record was taken: a version answers those shapes only once its
 * own record captured them (the adapter's gated shapes), so a record may lack them.
 */
function gatedScenario(agent: AgentName, name: string): boolean {
  const gated = adapterOf(agent)?.gatedShapes() ?? [];
  const sc = scenariosFor(agent).find((s) => s.name === name);
  return !!sc && sc.steps.some((step) => (step.shapes ?? []).some((shape) => gated.includes(shape)));
}

function storedScreenFiles(agent: AgentName, version: string): string[] {
  const dir = join(FIXTURES, agent, version);
  return SIZES.map(sizeName)
    .filter((size) => corpusHas(join(dir, size)))
    .flatMap((size) =>
      listCorpus(join(dir, size))
        .filter((n) => /^\d\d-[a-z0-9-]+\.txt$/.test(n) && !n.endsWith('.ansi.txt'))
        .map((n) => `${size}/${n.slice(0, -4)}`),
    );
}

for (const agent of AGENTS) {
  const records: QualificationRecord[] = readRecords(agent);

  describe(`${agent} qualification records`, () => {
    it('has records, each valid and in its own folder', () => {
      assert.ok(records.length > 0);
      for (const r of records) assert.equal(r.agent, agent);
    });

    it('generates the version table the adapter uses', () => {
      assert.equal(read(tablePath(agent)), versionTableSource(agent, records), 'run: npm run qualify -- --table');
      const qualified = records.filter((r) => r.result === 'qualified').map((r) => r.version);
      assert.deepEqual(adapterOf(agent)?.supportedVersions(), qualified);
    });

    for (const r of records) {
      describe(`${agent} ${r.version} (${r.result})`, () => {
        it("every screen's digests are those of the files it points at", () => {
          for (const s of r.screens) {
            const base = storedPath(agent, s);
            assert.ok(corpusHas(`${base}.txt`), `${relative(FIXTURES, base)} is missing`);
            const d = storedDigests(agent, base, s.storedIn);
            assert.deepEqual(
              { plain: s.plain, styled: s.styled, sidecar: s.sidecar },
              d,
              `${s.size}/${s.file} (stored in ${s.storedIn})`,
            );
          }
        });

        it('every screen stored in its folder belongs to its record', () => {
          const own = new Set(r.screens.filter((s) => s.storedIn === r.version).map((s) => `${s.size}/${s.file}`));
          assert.deepEqual(
            storedScreenFiles(agent, r.version).filter((f) => !own.has(f)),
            [],
          );
        });

        it('every rendering folder is a condition its record lists as qualified, with its screens, and back', () => {
          const folders = listCorpus(join(FIXTURES, agent, r.version)).filter((n) =>
            /^\d+x\d+-.+-(256|truecolor)$/.test(n),
          );
          const listed = (r.renderings ?? []).filter((e) => e.result === 'qualified');
          assert.deepEqual(folders.sort(), listed.map((e) => `${e.size}-${e.rendering.replace('/', '-')}`).sort());
          for (const e of listed) {
            const dir = join(FIXTURES, agent, r.version, `${e.size}-${e.rendering.replace('/', '-')}`);
            const corpus = loadCorpus(dir);
            assert.equal(corpus.length, e.screens, dir);
            assert.ok(corpus.every((f) => f.rendering === e.rendering && f.version === r.version));
            assert.deepEqual(e.differing, []);
          }
          for (const e of (r.renderings ?? []).filter((x) => x.result === 'differs')) assert.ok(e.differing.length > 0);
        });

        if (r.result === 'qualified') {
          it(`was qualified under generation ${r.generation}, every check passed, every scenario at each size`, () => {
            assert.equal(r.checks[0]?.generation, r.generation);
            assert.equal(r.checks[0]?.failed, 0);
            assert.ok((r.checks[0]?.passed ?? 0) > 0);
            assert.deepEqual(r.unreached, []);
            for (const size of r.sizes) {
              const scenarios = [...new Set(r.screens.filter((s) => s.size === size).map((s) => s.scenario))].sort();
              const due = scenarioNames(agent, r.version).filter(
                (n) => scenarios.includes(n) || !gatedScenario(agent, n),
              );
              assert.deepEqual(scenarios, due, size);
            }
            if (r.differences.length > 0) assert.deepEqual([...r.sizes].sort(), SIZES.map(sizeName).sort());
          });
        } else {
          it('is not in the version table, and says why', () => {
            assert.equal(r.generation, null);
            assert.equal(adapterOf(agent)?.generationOf(r.version), undefined);
            assert.ok(r.unreached.length > 0 || (r.checks.length > 0 && r.checks.every((c) => c.failed > 0)));
            assert.ok(r.reason.length > 0);
          });
        }
      });
    }
  });
}

describe('qualification: the generated README section and versions that are not qualified', () => {
  it("the README's supported-versions section is generated from the records", () => {
    const readme = read(README);
    assert.equal(readme, readmeWithTable(readme), 'run: npm run qualify -- --table');
  });

  it("the README's rendering-conditions table is generated from the records", () => {
    const readme = read(README);
    assert.equal(readme, readmeWithRenderings(readme), 'run: npm run qualify -- --table');
  });

  it("the README's prompt-shapes table counts the corpus's screens of each shape", () => {
    const readme = read(README);
    assert.equal(readme, readmeWithShapes(readme), 'run: npm run qualify -- --table');
  });

  it('a version recorded as not qualified gets no input on any of its stored screens', () => {
    for (const f of loadUnqualifiedCorpus()) {
      const r = recognize(f.agent, f.version, f.screen);
      assert.ok(r.kind === 'manual_required' || r.kind === 'activity', f.id);
    }
  });

  for (const agent of AGENTS) {
    it(`${agent}: a version never qualified gets no input on any screen; waiting, it names the nearest`, () => {
      const newest = adapterOf(agent)?.supportedVersions().at(-1);
      assert.ok(newest);
      const corpus = loadCorpus().filter((f) => f.agent === agent && f.screen.cols === 120);
      assert.ok(corpus.length > 0);
      for (const future of ['99.0.0', '0.0.1']) {
        for (const f of corpus) {
          const r = recognize(agent, future, f.screen);
          // Read only to tell whether it waits: idle or working, or left to the terminal saying why.
          assert.deepEqual(plannedInput(agent, r), [], f.id);
          if (r.kind === 'activity') continue;
          assert.equal(r.kind, 'manual_required', f.id);
          const nearest = future === '0.0.1' ? adapterOf(agent)?.supportedVersions()[0] : newest;
          assert.ok(r.kind === 'manual_required' && r.reason.includes(`nearest qualified: ${nearest}`), r.reason);
          assert.ok(r.reason.includes(`npm run qualify -- ${agent} ${future}`), r.reason);
        }
      }
    });
  }
});
