/**
 * Codex's start-up screens (0.171.0 at three sizes: an update found by the last check, folder trust,
 * a model migration): each is named to the person with what it asks and is never answered, whatever
 * it offers; a screen whose choices, cursor, footer or title differ from what Codex draws is not
 * taken for that screen, and an older profile generation, which captured none, names none.
 */
import { strict as assert } from 'node:assert';
import { recognize, recognizeForQualification } from '../../../src/adapters/recognize';
import type { Recognition, ScreenSnapshot } from '../../../src/adapters/types';
import { answerKeys } from '../../../src/qualify/answer-key';
import { runChecks } from '../../../src/qualify/answer-key/checks';
import { plannedInput } from '../../../src/qualify/answer-key/plans';
import { inStandardRendering, loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { editedPlain as edited, lineAt as at, replaceAt } from '../../support/screen-edits';

const VERSION = '0.171.0';
const screens = loadCorpus().filter(
  (f) => f.agent === 'codex' && f.version === VERSION && f.state.startsWith('startup-'),
);

/** Each captured state: the start-up screen AKK names, and what it tells the person the screen asks. */
const CASES: Record<string, { name: string; reason: string }> = {
  'startup-update': {
    name: 'update',
    reason: 'before it starts, it asks whether to update Codex from 0.171.0 to 0.999.0',
  },
  'startup-trust': {
    name: 'folder-trust',
    reason: 'before it starts, it asks whether you trust the folder /tmp/akk-00000000/project',
  },
  'startup-model-migration': {
    name: 'model-migration',
    reason:
      'before it starts, it asks whether to switch to the newer model it announces ("Meet GPT-6 Sol") ' +
      'or keep the configured one',
  },
};

/** Screens one detail away from what Codex draws. */
const MUTATIONS: Record<string, (lines: string[]) => void> = {
  'the second choice reworded': (l) => replaceAt(l, /^ {2}2\. /, (x) => `${x} now`),
  'the second choice renumbered': (l) => replaceAt(l, /^ {2}2\. /, (x) => x.replace('2.', '3.')),
  'a choice added under the last': (l) => {
    const choices = l.filter((x) => /^[ ›] \d\. /.test(x)).length;
    l.splice(at(l, /^ {2}enter/) - 1, 0, `  ${choices + 1}. Something else`);
    l.pop();
  },
  'the cursor on two choices': (l) => replaceAt(l, /^ {2}2\. /, (x) => `›${x.slice(1)}`),
  'no cursor': (l) => replaceAt(l, /^› 1\. /, (x) => ` ${x.slice(1)}`),
  'the footer reworded': (l) => replaceAt(l, /^ {2}enter/, (x) => x.replace('enter', 'return')),
  'the footer with one more hint': (l) => replaceAt(l, /^ {2}enter/, (x) => `${x} · ? help`),
  'the footer shifted one cell right': (l) => replaceAt(l, /^ {2}enter/, (x) => ` ${x}`),
  'the title shifted one cell right': (l) => replaceAt(l, /^ {2}\S/, (x) => ` ${x}`),
  'a line above the title': (l) => {
    l[0] = '$ codex';
  },
};

describe('Codex start-up screens (0.171.0)', () => {
  it('has each start-up screen at three sizes', () => {
    assert.deepEqual(
      screens
        .filter(inStandardRendering)
        .map((f) => `${f.state} ${f.screen.cols}x${f.screen.rows}`)
        .sort(),
      Object.keys(CASES)
        .flatMap((s) => ['120x40', '200x60', '80x24'].map((size) => `${s} ${size}`))
        .sort(),
    );
  });

  for (const f of screens) {
    const c = CASES[f.state];
    it(`${f.id}: manual, named ${c?.name ?? '?'} with what it asks, nothing to send`, () => {
      assert.ok(c);
      const r = recognize('codex', VERSION, f.screen);
      assert.deepEqual(r, { kind: 'manual_required', startup: c.name, reason: c.reason });
      assert.deepEqual(plannedInput('codex', r), []);
    });

    it(`${f.id}: an older profile generation, which captured none, does not name it`, () => {
      const r = recognizeForQualification('codex', '0.161.0', VERSION, f.screen);
      assert.ok(r.kind === 'manual_required' && r.startup === undefined, JSON.stringify(r));
    });

    for (const [name, change] of Object.entries(MUTATIONS)) {
      it(`${f.id}: ${name}: not taken for ${c?.name ?? '?'}, nothing to send`, () => {
        const mutated = edited(f.screen, change);
        assert.notDeepEqual(
          mutated.plain,
          f.screen.plain.map((l) => l.trimEnd()),
        );
        const r: Recognition = recognize('codex', VERSION, mutated);
        assert.ok(r.kind !== 'manual_required' || r.startup === undefined, JSON.stringify(r));
        assert.deepEqual(plannedInput('codex', r), []);
      });
    }
  }

  it('every check of the answer key passes on these screens (the scenario, not the recognizer, decides)', () => {
    const keys = answerKeys(screens);
    assert.equal(keys.length, screens.length);
    const proven = (s: ScreenSnapshot): Recognition => recognizeForQualification('codex', VERSION, VERSION, s);
    const failed = runChecks(keys, (k) => proven(k.fixture.screen)).filter((c) => c.status === 'failed');
    assert.deepEqual(failed, []);
  });
});
