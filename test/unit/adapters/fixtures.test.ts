/**
 * Every captured screen against its reviewed expectation (`NN-<state>.expected.json` beside it): a
 * regression aid beside the answer key (answer-key.test.ts), which is what checks the recognizer
 * against the ground truth. Regenerate with AKK_UPDATE_FIXTURES=1 and review the diff; CI refuses it.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { recognize } from '../../../src/adapters/recognize';
import { FIXTURES, loadCorpus, summarize } from '../../support/fixture-corpus';
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
});
