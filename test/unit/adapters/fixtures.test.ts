/**
 * Every captured screen against its reviewed expectation (`NN-<state>.expected.json` beside it).
 * Regenerate with AKK_UPDATE_FIXTURES=1 and review the diff.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recognize } from '../../../src/adapters/recognize';
import { loadCorpus, summarize } from '../../support/fixture-corpus';

const update = process.env.AKK_UPDATE_FIXTURES === '1';
const corpus = loadCorpus();

describe('recognition of every captured screen', () => {
  it('has a corpus to check', () => {
    assert.ok(corpus.length > 0, 'fixtures/ holds no captured screens');
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
