/**
 * The report of a run that did not qualify a release: every differing screen with its rows and
 * every failed check, from the runner's outcome file; none of the person's paths, user name or
 * host name in it, including where a screen drew them; a file that is not an outcome gives none.
 */
import { strict as assert } from 'node:assert';
import { qualificationReport, redact, type Identifying } from '../../../src/server/qualify/qualification-report';

const WHO: Identifying = {
  binary: '/home/alice/.local/share/claude/versions/2.1.400/claude',
  home: '/home/alice',
  user: 'alice',
  host: 'alices-laptop',
};

const OUTCOME = {
  agent: 'claude',
  version: '2.1.400',
  result: 'differs',
  reason: '1 screen(s) differ from 2.1.332',
  nearest: '2.1.332',
  generation: '2.1.332',
  sha256: 'ab'.repeat(32),
  seconds: 97,
  screens: 77,
  differences: [
    {
      screen: '80x24/04-single-select (claude-single-select step 1)',
      what: 'plain',
      diff: '- row 5: " 1. SQLite"\n+ row 5: " 1. SQLite (alice@alices-laptop:/home/alice/work)"',
    },
  ],
  failures: [{ screen: '80x24/32-permission-bash', check: 'options', detail: 'no row "1. Yes"' }],
  shownOnlyDifferences: ['80x24/01-idle (claude-basic step 1)'],
  file: '/home/alice/.config/Code/User/globalStorage/x/local-qualifications/claude.json',
  executable: WHO.binary,
};

describe('the report of a local qualification that did not qualify', () => {
  it('holds every differing screen with its rows, every failed check and the verdict', () => {
    const r = qualificationReport(OUTCOME, WHO, 'agent-knock-knock 1.2.3');
    assert.ok(r);
    assert.match(r, /^# claude 2\.1\.400: not qualified on this machine \(differs\)/);
    assert.ok(r.includes('### 80x24/04-single-select (claude-single-select step 1) (plain)'));
    assert.ok(r.includes('- row 5: " 1. SQLite"'));
    assert.ok(r.includes('80x24/32-permission-bash: options: no row "1. Yes"'));
    assert.ok(r.includes(`binary sha256 ${'ab'.repeat(32)}`));
    assert.ok(r.includes('compared with: 2.1.332 (generation 2.1.332)'));
    // A release whose screens differ is read under no generation: only the release compared with is named.
    const none = qualificationReport({ ...OUTCOME, generation: null }, WHO, 'akk') ?? '';
    assert.ok(none.includes('- compared with: 2.1.332\n'), none);
    assert.ok(!none.includes('generation'), none);
    const first = qualificationReport({ ...OUTCOME, nearest: null, generation: null }, WHO, 'akk') ?? '';
    assert.ok(first.includes('- compared with: no qualified release below it'), first);
    assert.ok(r.includes('agent-knock-knock 1.2.3'));
    assert.ok(r.includes('not sent anywhere'));
  });

  it('names neither the person’s paths, nor their user name, nor their host, even where a screen drew them', () => {
    const r = qualificationReport({ ...OUTCOME, reason: `${WHO.binary} differs` }, WHO, 'akk') ?? '';
    for (const s of ['/home/alice', 'alice', 'alices-laptop', WHO.binary])
      assert.ok(!r.includes(s), `${s} in the report`);
    assert.ok(r.includes('<user>@<host>:~/work'));
    assert.ok(r.includes('<binary> differs'));
  });

  it('replaces names as words only', () => {
    const who = { ...WHO, user: 'al' };
    assert.equal(redact('al and also alpha, al-x and (al)', who), '<user> and also alpha, al-x and (<user>)');
    assert.equal(redact('a b c', { ...WHO, user: 'a' }), 'a b c');
  });

  it("says what the capture at the person's own size found, misread screens first, with their paths replaced", () => {
    const personSize = {
      size: '100x15',
      rendering: 'light/truecolor',
      screens: 49,
      misread: ['13-permission-bash: recognition: subject "touch /home/alice/notes.md"'],
      shownOnly: ['04-single-select: the option list scrolls inside the dialog'],
      unreached: ['claude-multi-select at multi-select'],
    };
    const r = qualificationReport({ ...OUTCOME, personSize }, WHO, 'akk') ?? '';
    assert.ok(r.includes("## At this terminal's size, 100x15 (light/truecolor, 49 screens)"), r);
    const [misread, shown, unreached] = [
      '- 13-permission-bash: recognition: subject "touch ~/notes.md"',
      '- 04-single-select: the option list scrolls inside the dialog',
      '- claude-multi-select at multi-select',
    ].map((line) => r.indexOf(line));
    assert.ok(misread! > 0 && shown! > misread! && unreached! > shown!, r);
    assert.ok(!r.includes('/home/alice'));
    // An outcome without it (a run at a standard size) has no such section.
    assert.ok(!(qualificationReport(OUTCOME, WHO, 'akk') ?? '').includes("At this terminal's size"));
  });

  it('a file that is not an outcome gives no report', () => {
    assert.equal(qualificationReport({ agent: 'claude' }, WHO, 'akk'), null);
    assert.equal(qualificationReport('{', WHO, 'akk'), null);
    assert.equal(qualificationReport(null, WHO, 'akk'), null);
  });

  it('a screen’s own code fence cannot end the report’s', () => {
    const r = qualificationReport(
      { ...OUTCOME, differences: [{ screen: 's', what: 'plain', diff: '+ ```\n# x' }] },
      WHO,
      'a',
    );
    assert.ok(r && !/^```\n# x/m.test(r));
  });
});
