/**
 * Codex's permission request (`request_permissions`, every qualified release, captured at its
 * record's sizes): a permission whose subject is the rule the model asks for, offering the grant
 * for this turn (`y`) and the native No row only, never the grants with strict auto review or for
 * the session; named by its gated shape; a screen whose rows, body, blank lines or title differ
 * from what Codex draws gets no input.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import { answerKeys } from '../../../src/qualify/answer-key';
import { runChecks } from '../../../src/qualify/answer-key/checks';
import { plannedInput } from '../../../src/qualify/answer-key/plans';
import { loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { editedPlain as edited, lineAt as at, replaceAt } from '../../support/screen-edits';

const screens = loadCorpus().filter((f) => f.agent === 'codex' && f.state === 'permission-request');

/** Screens one detail away from what Codex draws. */
const MUTATIONS: Record<string, (lines: string[]) => void> = {
  'the strict-review grant reworded': (l) => replaceAt(l, /^ {2}2\. /, (x) => x.replace('strict', 'full')),
  'the session grant reworded': (l) => replaceAt(l, /^ {2}3\. /, (x) => x.replace('session', 'project')),
  'the No row reworded': (l) => replaceAt(l, /^ {2}4\. /, (x) => x.replace('continue without', 'stop')),
  'the rule missing': (l) => replaceAt(l, /^ {2}Permission rule: /, () => '  Permission rule:'),
  'no blank line above the rule': (l) => {
    l.splice(at(l, /^ {2}Permission rule: /) - 1, 1);
    l.unshift('');
  },
  'the environment changed': (l) => replaceAt(l, /^ {2}Environment: /, () => '  Environment: remote'),
  'no reason': (l) => replaceAt(l, /^ {2}Reason: /, () => ''),
  'one blank line more above the rows': (l) => {
    l.splice(at(l, /^› 1\. /), 0, '');
    l.shift();
  },
  'the title reworded': (l) => replaceAt(l, /Would you like to grant/, (x) => x.replace('these', 'all')),
};

describe('Codex permission request', () => {
  it('has the request twice (granted, refused) in every stored capture', () => {
    const versions = new Set(screens.map((f) => f.version));
    assert.ok(versions.size >= 10, `only on ${[...versions].join(', ')}`);
    assert.equal(screens.length, 2 * new Set(screens.map((f) => f.dir)).size);
  });

  for (const f of screens) {
    it(`${f.id}: a permission for the rule asked: only No is offered, never a grant for the turn or broader`, () => {
      const r = recognize('codex', f.version, f.screen);
      assert.ok(r.kind === 'permission', JSON.stringify(r).slice(0, 300));
      assert.deepEqual(
        { tool: r.tool, title: r.title, subject: r.subject, decisions: r.decisions, shape: r.shape },
        {
          tool: 'other',
          title: 'Would you like to grant these permissions?',
          subject: 'network',
          decisions: ['reject'],
          shape: 'permission-request',
        },
      );
      assert.deepEqual(plannedInput('codex', r), [['4']]);
    });

    for (const [name, change] of Object.entries(MUTATIONS)) {
      it(`${f.id}: ${name}: nothing to send`, () => {
        const mutated = edited(f.screen, change);
        assert.notDeepEqual(
          mutated.plain,
          f.screen.plain.map((l) => l.trimEnd()),
        );
        const r = recognize('codex', f.version, mutated);
        assert.equal(r.kind, 'manual_required', JSON.stringify(r).slice(0, 300));
        assert.deepEqual(plannedInput('codex', r), []);
      });
    }
  }

  it('every check of the answer key passes on these screens (the scenario, not the recognizer, decides)', () => {
    const keys = answerKeys(loadCorpus().filter((f) => f.agent === 'codex'));
    const mine = keys.filter((k) => k.side.scenario.startsWith('codex-permission-request-'));
    assert.equal(mine.filter((k) => k.expected.kind === 'permission').length, screens.length);
    const delivered = mine.flatMap((k) => (k.delivery?.kind === 'codex_permissions' ? [k.delivery.granted] : []));
    assert.ok(delivered.includes(true) && delivered.includes(false));
    const failed = runChecks(mine, (k) => recognize('codex', k.fixture.version, k.fixture.screen)).filter(
      (c) => c.status === 'failed',
    );
    assert.deepEqual(failed, []);
  });
});
