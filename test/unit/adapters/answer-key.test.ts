/**
 * Every captured screen against its own answer key, worked out without the recognizer (see
 * answer-key/): what kind of step it is, the question, options and descriptions the model put on
 * screen, the current option, the step position, the decisions offered, and that AKK's key plan
 * for the answer the harness gave is exactly the keys the harness pressed. The answer key itself is
 * held to what the fake model received. Checks the ground truth cannot decide are named skips.
 * Screens that put the same input to the recognizer with the same answer key are checked once
 * (distinct-inputs.ts), each of them named.
 */
import { strict as assert } from 'node:assert';
import { join, relative } from 'node:path';
import { recognize } from '../../../src/adapters/recognize';
import type { Recognition } from '../../../src/adapters/types';
import { adapterOf } from '../../../src/adapters/registry';
import type { TargetIndex } from '../../../src/qualify/capture';
import { answerKeys, type ScreenKey } from '../../../src/qualify/answer-key';
import {
  checkDelivery,
  checkRecognition,
  deliveryModeCheck,
  describeExpected,
  planCheck,
} from '../../../src/qualify/answer-key/checks';
import { alsoTitle, byInput, forEveryOne, recognitionInput, type SharedInput } from '../../support/distinct-inputs';
import { FIXTURES, loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { isCorpusDir, listCorpus, readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

const idOf = (k: ScreenKey): string => k.fixture.id;
const seen = (k: ScreenKey): Recognition => recognize(k.fixture.agent, k.fixture.version, k.fixture.screen);
const inputOf = (k: ScreenKey): string => recognitionInput(k.fixture.agent, k.fixture.version, k.fixture.screen);

/** The plan check for the screens that share one input and one answer: a test, or a named skip. */
function keyPlanTest(group: SharedInput<ScreenKey>): void {
  const k = group.first;
  const p = planCheck(k);
  if (!p) return;
  if ('skip' in p) return void it(`${idOf(k)}: key plan: skipped, ${p.skip}${alsoTitle(group)}`);
  it(`${idOf(k)}: ${p.name}${alsoTitle(group)}`, () => forEveryOne(group, idOf, () => p.check(seen(k))));
}

/** Every screen the capture listed in the index.json of a qualified version's target. */
function indexedScreens(): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    for (const name of listCorpus(dir)) {
      if (isCorpusDir(join(dir, name))) visit(join(dir, name));
      else if (name === 'index.json') {
        const index = JSON.parse(readCorpusFile(join(dir, name))) as TargetIndex;
        if (adapterOf(index.agent)?.generationOf(index.version) === undefined) continue;
        for (const f of index.files) out.push(relative(FIXTURES, join(dir, f.file)));
      }
    }
  };
  visit(FIXTURES);
  return out.sort();
}

let keys: ScreenKey[] = [];
let failure: Error | undefined;
try {
  keys = answerKeys();
} catch (e) {
  failure = e instanceof Error ? e : new Error(String(e));
}

describe('every captured screen against its answer key', () => {
  it('has an answer key for every screen of the corpus', () => {
    if (failure) throw failure;
    const corpus = loadCorpus();
    assert.deepEqual(
      corpus.map((f) => f.id).sort(),
      indexedScreens(),
      "the screens on disk are those the targets' index.json list",
    );
    assert.deepEqual(
      keys.map((k) => k.fixture.id),
      corpus.map((f) => f.id),
    );
  });

  it('permissions: the current row is not checked, decisions are keyed by digit or letter whatever the cursor');

  // Each distinct input with one answer key is recognised once; every screen it stands for is named.
  const expecting = byInput(keys, (k) => `${inputOf(k)}\n${JSON.stringify(k.expected)}`);
  describe('recognition', () => {
    for (const group of expecting) {
      const k = group.first;
      it(`${idOf(k)}: ${describeExpected(k.expected)}${alsoTitle(group)}`, () =>
        forEveryOne(group, idOf, () => checkRecognition(seen(k), k.expected)));
      const skips = k.expected.kind === 'questionnaire' ? Object.entries(k.expected.skips) : [];
      for (const [aspect, why] of skips) it(`${idOf(k)}: ${aspect}: skipped, ${why}${alsoTitle(group)}`);
    }
  });

  describe("AKK's key plan for the harness's answer", () => {
    const answering = byInput(keys, (k) => `${inputOf(k)}\n${JSON.stringify([k.expected, k.answer ?? null])}`);
    for (const group of answering) keyPlanTest(group);
  });

  describe('how the client delivered each async answer, as it showed it', () => {
    for (const k of keys) {
      const m = deliveryModeCheck(k, keys);
      if (m)
        it(`${k.fixture.id}: the delivery mode is the one shown after the answer`, () =>
          m(recognize(k.fixture.agent, k.fixture.version, k.fixture.screen)));
    }
  });

  describe('what the fake model received for each submitted answer', () => {
    for (const k of keys) {
      const d = k.delivery;
      if (d) it(`${k.fixture.id}: ${d.kind}`, () => checkDelivery(k.side.groundTruth, d));
    }
  });
});
