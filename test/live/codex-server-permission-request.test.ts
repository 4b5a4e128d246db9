/**
 * Codex's permission request through the AKK server only (`akk/*` over stdio): the newest real
 * client, with `request_permissions` enabled, against the loopback fake model, which asks for
 * network access. Granted once, the model receives the network permission for this turn; refused,
 * it receives none, and in both cases the turn goes on.
 */
import { strict as assert } from 'node:assert';
import { QUALIFIED_SHAPES } from '../../src/adapters/codex/qualified-versions';
import { REQUESTS } from '../../src/shared/protocol';
import { CX_PERMISSION_REQUEST, CX_REQUEST_PERMISSIONS } from '../harness/agents/codex/permission-request-scenarios';
import { NEWEST } from '../harness/versions';
import { startServerAgent, type ServerAgent } from '../support/server-agent';
import { FOLLOW_UP, outcome, send } from './codex-server-support';
import { serverAgentHooks } from './live-session';

/** The tool result as the fake model received it. */
async function grantAtModel(a: ServerAgent): Promise<{ permissions: Record<string, unknown>; scope: string }> {
  const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
  return JSON.parse(tool.content) as { permissions: Record<string, unknown>; scope: string };
}

describe('Codex permission request through the AKK server (live)', function () {
  this.timeout(90_000);
  let a: ServerAgent | undefined;
  serverAgentHooks(
    'codex',
    () => a,
    () => (a = undefined),
  );

  async function requestOf(name: string): Promise<ServerAgent> {
    const agent = await startServerAgent(
      'codex',
      {
        name,
        turns: [
          { kind: 'tool', name: 'request_permissions', input: CX_PERMISSION_REQUEST },
          { kind: 'text', text: FOLLOW_UP },
        ],
      },
      {},
      { args: CX_REQUEST_PERMISSIONS },
    );
    a = agent;
    await send(agent, 'fetch the release notes');
    return agent;
  }

  async function decide(agent: ServerAgent, decision: 'approve_once' | 'reject'): Promise<void> {
    const s = await agent.waitStatus((x) => x.permission !== null, 30_000, 'the permission request');
    assert.deepEqual(
      { tool: s.permission?.tool, title: s.permission?.title, subject: s.permission?.subject },
      { tool: 'other', title: 'Would you like to grant these permissions?', subject: 'network' },
    );
    assert.deepEqual(s.permission?.decisions, ['approve_once', 'reject']);
    const r = await agent.call(
      REQUESTS.approve.method,
      { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision },
      30_000,
    );
    assert.equal(outcome(r), decision === 'reject' ? 'declined' : 'resolved');
  }

  it('the newest release is qualified with the permission request', () => {
    assert.ok(QUALIFIED_SHAPES['permission-request']?.includes(NEWEST.codex));
  });

  it('grants the requested network access for this turn', async () => {
    const agent = await requestOf('e2e-codex-permission-grant');
    await decide(agent, 'approve_once');
    const got = await grantAtModel(agent);
    assert.equal(got.scope, 'turn');
    assert.deepEqual(got.permissions.network, { enabled: true });
    await agent.term.waitForScreen((s) => s.includes(FOLLOW_UP), 30_000, 'the turn to go on');
  });

  it('refuses it: the model receives no permission, and the turn goes on', async () => {
    const agent = await requestOf('e2e-codex-permission-refuse');
    await decide(agent, 'reject');
    const got = await grantAtModel(agent);
    assert.equal(got.scope, 'turn');
    assert.equal(got.permissions.network, null);
    await agent.term.waitForScreen((s) => s.includes(FOLLOW_UP), 30_000, 'the turn to go on');
  });
});
