/**
 * Setting akk.qualify.automatic picks the sessions to qualify without asking: each at most once,
 * only a live one on an identified version that has a qualified release to compare with, and never
 * again a version whose run here did not qualify it, nor one the person cancelled.
 */
import { strict as assert } from 'node:assert';
import { AutomaticQualificationQueue, automaticQualificationOn } from '../../../src/shared/automatic-qualification';
import type { SessionSummary } from '../../../src/shared/protocol';

let n = 0;
function session(over: Partial<SessionSummary> = {}): SessionSummary {
  n += 1;
  return {
    session_id: `s${n}`,
    agent: 'claude',
    version: '2.1.400',
    state: 'idle',
    turn_id: null,
    binding_generation: 1,
    endpoint: { kind: 'tmux', target: `w:${n}` },
    survives_reload: true,
    unqualified_version: { nearest_qualified: '2.1.332', note: 'not qualified', pinning: null, qualifiable: true },
    pending: null,
    ...over,
  };
}

describe('akk.qualify.automatic: which session is qualified next', () => {
  it('takes an unqualified live session once, however often the sessions change', () => {
    const q = new AutomaticQualificationQueue();
    const s = session();
    assert.equal(q.next([s])?.session_id, s.session_id);
    assert.equal(q.next([s]), undefined);
  });

  it('skips what cannot or need not be qualified', () => {
    const q = new AutomaticQualificationQueue();
    const skipped = [
      session({ unqualified_version: undefined }),
      session({ state: 'exited' }),
      session({ state: 'starting' }),
      session({ version: null }),
      session({
        unqualified_version: {
          nearest_qualified: null,
          note: 'no release to compare with',
          pinning: null,
          qualifiable: true,
        },
      }),
      session({
        unqualified_version: {
          nearest_qualified: '2.1.332',
          note: 'recorded as differing',
          pinning: null,
          qualifiable: false,
        },
      }),
      session({ qualified_on_this_machine: true }),
    ];
    assert.equal(q.next(skipped), undefined);
    const due = session();
    assert.equal(q.next([...skipped, due])?.session_id, due.session_id);
  });

  for (const result of ['differs', 'unreachable', 'failed', 'cancelled', 'error'] as const)
    it(`a version whose run ended ${result} is not tried again, in any session; another version is`, () => {
      const q = new AutomaticQualificationQueue();
      const first = session();
      assert.ok(q.next([first]));
      q.finished(first, result);
      assert.equal(q.next([first, session()]), undefined);
      const other = session({ version: '2.1.401' });
      assert.equal(q.next([session(), other])?.session_id, other.session_id);
    });

  it('after a qualified run, another session of that version still unqualified (another binary) is taken', () => {
    const q = new AutomaticQualificationQueue();
    const first = session();
    assert.ok(q.next([first]));
    q.finished(first, 'qualified');
    const second = session();
    assert.equal(q.next([first, second])?.session_id, second.session_id);
  });

  it('is on only for a real true: a hand-edited "false", "true", 1 or an object leave it off', () => {
    assert.equal(automaticQualificationOn(true), true);
    for (const v of [false, 'false', 'true', 1, {}, null, undefined]) assert.equal(automaticQualificationOn(v), false);
  });
});
