/**
 * A supervisor (another agent on the supervisor socket) sees what waits and where it runs by kind
 * and name: never the binding generation, nor the tmux socket and pane that would let it address
 * the terminal itself.
 */
import { strict as assert } from 'node:assert';
import { supervisorSummary } from '../../../src/server/rpc/to-proto';
import type { SessionSummary } from '../../../src/shared/listing-shapes';

const base: SessionSummary = {
  session_id: 'ses_1',
  agent: 'claude',
  version: '2.1.332',
  state: 'waiting_input',
  turn_id: 'turn_1',
  binding_generation: 3,
  endpoint: { kind: 'tmux', socket: 'work', target: '%3', pane_id: '%3' },
  survives_reload: true,
} as SessionSummary;

describe("a session as a supervisor's listing shows it", () => {
  it('a tmux session: no generation, socket, socket path or pane', () => {
    const s = supervisorSummary({ ...base, endpoint: { ...base.endpoint, socketPath: '/tmp/tmux-0/work' } });
    assert.equal(s.binding_generation, null);
    assert.deepEqual(s.endpoint, { kind: 'tmux', target: 'tmux' });
    assert.equal(JSON.stringify(s).includes('%3'), false);
    assert.equal(JSON.stringify(s).includes('/tmp/tmux-0'), false);
    assert.equal(s.session_id, 'ses_1');
    assert.equal(s.turn_id, 'turn_1');
  });

  it("an editor's terminal: its name as the editor shows it, not its id", () => {
    const s = supervisorSummary({ ...base, endpoint: { kind: 'terminal', target: 'bash', terminal_id: 't-7' } });
    assert.deepEqual(s.endpoint, { kind: 'terminal', target: 'bash' });
  });
});
