/**
 * Codex's rate-limit choices (every qualified release, captured at its record's sizes): drawn when a
 * turn ends whose response reported 95% of the usage limit used, named to the person with the model
 * it offers and never answered, whatever it offers; a screen whose title, question, rows, cursor,
 * descriptions or footer differ from what Codex draws is not taken for it, and gets no input.
 */
import { strict as assert } from 'node:assert';
import { compareVersions } from '../../../src/adapters/agent-adapter';
import { recognize, recognizeForQualification } from '../../../src/adapters/recognize';
import type { Recognition } from '../../../src/adapters/types';
import { answerKeys } from '../../../src/qualify/answer-key';
import { runChecks } from '../../../src/qualify/answer-key/checks';
import { plannedInput } from '../../../src/qualify/answer-key/plans';
import { inStandardRendering, loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { editedPlain as edited, lineAt as at, replaceAt } from '../../support/screen-edits';

const screens = loadCorpus().filter((f) => f.agent === 'codex' && f.state === 'rate-limit');

/** The model each release offers: its own catalog's cheaper model. */
function offered(version: string): string {
  return compareVersions(version, '0.156.1') < 0 ? 'gpt-5.6-luna' : 'gpt-6-luna';
}

function reason(version: string): string {
  return (
    `it asks whether to switch to a model with lower credit usage (${offered(version)}) or keep the ` +
    'current model, as its rate limits are nearly used up'
  );
}

const FOOTER = /^ {2}(enter select|Press enter)/;

/** Screens one detail away from what Codex draws. */
const MUTATIONS: Record<string, (lines: string[]) => void> = {
  'the title reworded': (l) => replaceAt(l, /Approaching rate limits/, (x) => x.replace('Approaching', 'Reaching')),
  'the title shifted one cell right': (l) => replaceAt(l, /Approaching rate limits/, (x) => ` ${x}`),
  'text right above the title': (l) => {
    l[at(l, /Approaching rate limits/) - 1] = '  Reminder';
  },
  'the question names another model in its first row': (l) =>
    replaceAt(l, /^[› ] 1\. Switch to /, (x) => x.replace(/Switch to (\S+)/, 'Switch to gpt-0-nano')),
  'the question reworded': (l) => replaceAt(l, /for lower credit usage\?$/, (x) => x.replace('lower', 'less')),
  'the second row reworded': (l) => replaceAt(l, /^[› ] 2\. /, (x) => `${x} now`),
  'the third row without its description': (l) => {
    const i = at(l, /^[› ] 3\. /);
    l[i] = (l[i] ?? '').replace(/ {2,}\S.*$/, '');
    while (/^ {10,}\S/.test(l[i + 1] ?? '')) l.splice(i + 1, 1);
    l.splice(at(l, FOOTER) - 1, 0, '');
  },
  "the third row's description reworded": (l) => replaceAt(l, /Hide future/, (x) => x.replace('future', 'later')),
  'the second row renumbered': (l) => replaceAt(l, /^[› ] 2\. /, (x) => x.replace('2.', '3.')),
  'a row added under the last': (l) => {
    l.splice(at(l, FOOTER) - 1, 0, '  4. Something else');
    l.shift();
  },
  'the cursor on two rows': (l) => replaceAt(l, /^ {2}2\. /, (x) => `›${x.slice(1)}`),
  'no cursor': (l) => replaceAt(l, /^› \d\. /, (x) => ` ${x.slice(1)}`),
  'one blank line more above the rows': (l) => {
    l.splice(at(l, /for lower credit usage\?$/) + 1, 0, '');
    l.shift();
  },
  'the footer reworded': (l) => replaceAt(l, FOOTER, (x) => x.replace('esc', 'ctrl+c')),
  'the footer shifted one cell right': (l) => replaceAt(l, FOOTER, (x) => ` ${x}`),
};

describe('Codex rate-limit choices', () => {
  it('has the screen on every qualified release, and at three sizes on the newest', () => {
    const versions = new Set(screens.map((f) => f.version));
    assert.ok(versions.size >= 15, `only on ${[...versions].join(', ')}`);
    // 0.171.0's screen at 120x40 is the same as 0.168.0's, which stores it.
    assert.deepEqual(
      screens
        .filter((f) => inStandardRendering(f) && ['0.171.0', '0.168.0'].includes(f.version))
        .map((f) => `${f.screen.cols}x${f.screen.rows}`),
      ['120x40', '200x60', '80x24'],
    );
  });

  for (const f of screens) {
    it(`${f.id}: manual, named rate-limit with the model it offers, nothing to send`, () => {
      const r = recognize('codex', f.version, f.screen);
      assert.deepEqual(r, { kind: 'manual_required', dialog: 'rate-limit', reason: reason(f.version) });
      assert.deepEqual(plannedInput('codex', r), []);
    });

    for (const [name, change] of Object.entries(MUTATIONS)) {
      it(`${f.id}: ${name}: not taken for the rate-limit choices, nothing to send`, () => {
        const mutated = edited(f.screen, change);
        assert.notDeepEqual(
          mutated.plain,
          f.screen.plain.map((l) => l.trimEnd()),
        );
        const r: Recognition = recognize('codex', f.version, mutated);
        assert.ok(r.kind === 'manual_required' && r.dialog === undefined, JSON.stringify(r));
        assert.deepEqual(plannedInput('codex', r), []);
      });
    }
  }

  it("a release's screen under a generation that draws it otherwise is not named", () => {
    // 0.153.4 to 0.155.1 draw one blank line above the rows and `Press enter to confirm …`; later
    // releases two, and `enter select · esc back`.
    for (const f of screens.filter((x) => x.version === '0.171.0' || x.version === '0.153.4')) {
      const other = f.version === '0.171.0' ? '0.155.1' : '0.171.0';
      const r = recognizeForQualification('codex', other, f.version, f.screen);
      assert.ok(r.kind === 'manual_required' && r.dialog === undefined, `${f.id}: ${JSON.stringify(r)}`);
    }
  });

  it('every check of the answer key passes on these screens (the scenario, not the recognizer, decides)', () => {
    const keys = answerKeys(screens);
    assert.equal(keys.length, screens.length);
    assert.ok(keys.every((k) => k.expected.kind === 'manual_required' && k.expected.dialog === 'rate-limit'));
    const failed = runChecks(keys, (k) => recognize('codex', k.fixture.version, k.fixture.screen)).filter(
      (c) => c.status === 'failed',
    );
    assert.deepEqual(failed, []);
  });
});
