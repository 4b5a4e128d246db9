/**
 * Codex's network access approval (every qualified release, captured at its record's sizes under an
 * administrator's requirements): a permission for the host in its title, offering once (`y`) and
 * the native No row only, never the grants for the conversation or the future; named by its gated
 * shape; a screen whose rows, body, blank lines or title differ from what Codex draws gets no input.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import { answerKeys } from '../../../src/qualify/answer-key';
import { runChecks } from '../../../src/qualify/answer-key/checks';
import { plannedInput } from '../../../src/qualify/answer-key/plans';
import { loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { editedPlain as edited, lineAt as at, replaceAt } from '../../support/screen-edits';

const screens = loadCorpus().filter((f) => f.agent === 'codex' && f.state === 'network-approval');
const TITLE = 'Do you want to approve network access to "example.com"?';

/** Screens one detail away from what Codex draws. */
const MUTATIONS: Record<string, (lines: string[]) => void> = {
  'the conversation-wide grant reworded': (l) => replaceAt(l, /^ {2}2\. /, (x) => x.replace('conversation', 'session')),
  'the grant for the future reworded': (l) => replaceAt(l, /^ {2}3\. /, (x) => x.replace('future', 'workspace')),
  'the No row reworded': (l) => replaceAt(l, /^ {2}4\. /, (x) => x.replace('No, and', 'No and')),
  'the once row without its shortcut': (l) => replaceAt(l, /^› 1\. /, (x) => x.replace(' (y)', '')),
  'a fifth row': (l) => {
    l.splice(at(l, /^ {2}4\. /) + 1, 0, '  5. Something else');
    l.shift();
  },
  'the environment changed': (l) => replaceAt(l, /^ {2}Environment: /, () => '  Environment: remote'),
  'no reason': (l) => replaceAt(l, /^ {2}Reason: /, () => ''),
  'one blank line fewer above the rows': (l) => {
    l.splice(at(l, /^› 1\. /) - 1, 1);
    l.unshift('');
  },
  'the title wrapped': (l) => replaceAt(l, /approve network access/, (x) => x.replace(' "example.com"?', '')),
  'text right above the title': (l) => {
    l[at(l, /approve network access/) - 1] = '  • Working';
  },
};

describe('Codex network access approval', () => {
  it('has the approval twice (approved, rejected) in every stored capture', () => {
    // Stored by differences: a release whose screens equal another's points at that one's files.
    const versions = new Set(screens.map((f) => f.version));
    assert.ok(versions.size >= 10, `only on ${[...versions].join(', ')}`);
    const targets = new Set(screens.map((f) => f.dir));
    assert.equal(screens.length, 2 * targets.size);
  });

  for (const f of screens) {
    it(`${f.id}: a network permission for the host, once or No, never the broader grants`, () => {
      const r = recognize('codex', f.version, f.screen);
      assert.ok(r.kind === 'permission', JSON.stringify(r).slice(0, 300));
      assert.deepEqual(
        { tool: r.tool, title: r.title, subject: r.subject, decisions: r.decisions, shape: r.shape },
        {
          tool: 'network',
          title: TITLE,
          subject: 'example.com',
          decisions: ['approve_once', 'reject'],
          shape: 'network-approval',
        },
      );
      assert.deepEqual(plannedInput('codex', r), [['y'], ['4']]);
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
    const mine = keys.filter((k) => k.side.scenario.startsWith('codex-network-'));
    assert.equal(mine.filter((k) => k.expected.kind === 'permission').length, screens.length);
    assert.ok(mine.some((k) => k.delivery?.kind === 'codex_approval' && !k.delivery.approved));
    const failed = runChecks(mine, (k) => recognize('codex', k.fixture.version, k.fixture.screen)).filter(
      (c) => c.status === 'failed',
    );
    assert.deepEqual(failed, []);
  });
});
