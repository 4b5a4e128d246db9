/**
 * Every screen captured under another rendering (a theme, a colour depth) against the version's own
 * screen of the same scenario step under the corpus's rendering: a rendering changes how a step
 * looks, never what it is. What each screen must be recognised as is the answer key's
 * (answer-key.test.ts); this holds the renderings to one another.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { recognize } from '../../../src/adapters/recognize';
import { inStandardRendering, loadCorpus, summarize, type Fixture } from '../../../src/qualify/corpus/fixture-corpus';
import { renderingName, STANDARD_RENDERING } from '../../../src/shared/rendering';
import type { Sidecar } from '../../../src/qualify/capture';
import { readRecords, type QualificationRecord } from '../../../src/qualify/runner/records';
import { isAgentName, type AgentName } from '../../../src/shared/agents';
import { alsoTitle, byInput, forEveryOne, recognitionInput } from '../../support/distinct-inputs';
import { readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

const STANDARD = renderingName(STANDARD_RENDERING);
const corpus = loadCorpus();

const records = new Map<AgentName, QualificationRecord[]>();
function recordsOf(agent: AgentName): QualificationRecord[] {
  if (!records.has(agent)) records.set(agent, readRecords(agent));
  return records.get(agent) ?? [];
}

describe("every screen under another rendering, recognised as under the corpus's own", () => {
  it('has a corpus to check, with screens under other renderings', () => {
    assert.ok(corpus.length > 0, 'fixtures/ holds no captured screens');
    assert.ok(
      corpus.some((f) => !inStandardRendering(f)),
      'no screen under another rendering',
    );
  });

  // A theme or a colour depth changes how a step looks, never what it is: every screen captured
  // under another rendering is recognised as the same step as the version's own screen of that
  // scenario step under the corpus's rendering (wherever its record stores it).
  const byId = new Map(corpus.map((f) => [f.id, f]));
  const others = corpus.filter((x) => !inStandardRendering(x)).map((f) => ({ f, own: ownScreen(f, byId) }));
  // Once per distinct pair of inputs (the screen, and the one it must read as): distinct-inputs.ts.
  const pairs = byInput(others, ({ f, own }) =>
    [
      recognitionInput(f.agent, f.version, f.screen),
      own ? recognitionInput(own.agent, f.version, own.screen) : f.id,
    ].join('\n'),
  );
  const idOf = ({ f }: { f: Fixture }): string => f.id;
  for (const group of pairs) {
    const { f, own } = group.first;
    it(`${f.id}: recognised as under the corpus's own rendering${alsoTitle(group)}`, () =>
      forEveryOne(group, idOf, () => {
        assert.ok(own, `no screen of the same step under ${STANDARD} in the record of ${f.agent} ${f.version}`);
        assert.deepEqual(
          summarize(recognize(f.agent, f.version, f.screen)),
          summarize(recognize(own.agent, f.version, own.screen)),
        );
      }));
  }
});

/** The version's own screen of `f`'s scenario step at its size, under the corpus's rendering. */
function ownScreen(f: Fixture, byId: ReadonlyMap<string, Fixture>): Fixture | undefined {
  if (!isAgentName(f.agent)) return undefined;
  const side = JSON.parse(readCorpusFile(join(f.dir, `${f.base}.json`))) as Sidecar;
  const size = `${f.screen.cols}x${f.screen.rows}`;
  const record = recordsOf(f.agent).find((r) => r.version === f.version);
  const entry = record?.screens.find((e) => e.size === size && e.scenario === side.scenario && e.step === side.step);
  return entry ? byId.get(`${f.agent}/${entry.storedIn}/${size}/${entry.file}`) : undefined;
}
