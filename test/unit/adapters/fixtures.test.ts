/**
 * Every captured screen against its reviewed expectation (`NN-<state>.expected.json` beside it): a
 * regression aid beside the answer key (answer-key.test.ts), which is what checks the recognizer
 * against the ground truth. Regenerate with AKK_UPDATE_FIXTURES=1 and review the diff; CI refuses it.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { recognize } from '../../../src/adapters/recognize';
import { FIXTURES, inStandardRendering, loadCorpus, summarize, type Fixture } from '../../support/fixture-corpus';
import { renderingName, STANDARD_RENDERING } from '../../harness/rendering';
import type { Sidecar } from '../../harness/capture';
import { readRecords, type QualificationRecord } from '../../harness/qualify/records';
import { isAgentName, type AgentName } from '../../../src/shared/agents';

const STANDARD = renderingName(STANDARD_RENDERING);
import { updateExpectations } from './update-flag';

let update = false;
let refused: Error | undefined;
try {
  update = updateExpectations();
} catch (e) {
  refused = e instanceof Error ? e : new Error(String(e));
}
const corpus = loadCorpus();

function expectationFiles(dir = FIXTURES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? expectationFiles(join(dir, e.name))
      : e.name.endsWith('.expected.json')
        ? [join(dir, e.name)]
        : [],
  );
}

describe('recognition of every captured screen', () => {
  if (refused) {
    const error = refused;
    it('refuses to rewrite the reviewed expectations in CI', () => {
      throw error;
    });
    return;
  }

  it('has a corpus to check', () => {
    assert.ok(corpus.length > 0, 'fixtures/ holds no captured screens');
  });

  it('has no expectation without its screen (a re-capture renumbers screens)', () => {
    const orphans = expectationFiles().filter((p) => !existsSync(p.replace(/\.expected\.json$/, '.txt')));
    if (update) orphans.forEach((p) => rmSync(p));
    else
      assert.deepEqual(
        orphans.map((p) => relative(FIXTURES, p)),
        [],
        'run with AKK_UPDATE_FIXTURES=1 to remove them',
      );
  });

  for (const f of corpus) {
    it(f.id, () => {
      const expectedPath = join(f.dir, `${f.base}.expected.json`);
      const actual = JSON.parse(JSON.stringify(summarize(recognize(f.agent, f.version, f.screen)))) as unknown;
      if (update || !existsSync(expectedPath)) {
        if (!update) assert.fail(`no expectation for ${f.id}: run with AKK_UPDATE_FIXTURES=1 and review it`);
        writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
        return;
      }
      assert.deepEqual(actual, JSON.parse(readFileSync(expectedPath, 'utf8')));
    });
  }

  // A theme or a colour depth changes how a step looks, never what it is: every screen captured
  // under another rendering is recognised as the same step as the version's own screen of that
  // scenario step under the corpus's rendering (wherever its record stores it).
  const byId = new Map(corpus.map((f) => [f.id, f]));
  for (const f of corpus.filter((x) => !inStandardRendering(x))) {
    it(`${f.id}: recognised as under the corpus's own rendering`, () => {
      const own = ownScreen(f, byId);
      assert.ok(own, `no screen of the same step under ${STANDARD} in the record of ${f.agent} ${f.version}`);
      assert.deepEqual(
        summarize(recognize(f.agent, f.version, f.screen)),
        summarize(recognize(own.agent, f.version, own.screen)),
      );
    });
  }
});

const records = new Map<AgentName, QualificationRecord[]>();
function recordsOf(agent: AgentName): QualificationRecord[] {
  if (!records.has(agent)) records.set(agent, readRecords(agent));
  return records.get(agent) ?? [];
}

/** The version's own screen of `f`'s scenario step at its size, under the corpus's rendering. */
function ownScreen(f: Fixture, byId: ReadonlyMap<string, Fixture>): Fixture | undefined {
  if (!isAgentName(f.agent)) return undefined;
  const side = JSON.parse(readFileSync(join(f.dir, `${f.base}.json`), 'utf8')) as Sidecar;
  const size = `${f.screen.cols}x${f.screen.rows}`;
  const record = recordsOf(f.agent).find((r) => r.version === f.version);
  const entry = record?.screens.find((e) => e.size === size && e.scenario === side.scenario && e.step === side.step);
  return entry ? byId.get(`${f.agent}/${entry.storedIn}/${size}/${entry.file}`) : undefined;
}
