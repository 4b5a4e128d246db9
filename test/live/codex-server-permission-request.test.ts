/**
 * Codex's permission request through the AKK server only (`akk/*` over stdio): the newest real
 * client, with `request_permissions` enabled, against the loopback fake model, which asks for
 * network access. Its grant is for the whole turn, so it is never offered as "approve once" (the
 * person grants it in the terminal, and the model receives the permission for this turn); refused
 * from the server, the model receives none, and in both cases the turn goes on.
 */
import { strict as assert } from 'node:assert';
import { QUALIFIED_SHAPES } from '../../src/agents/codex/recognize/qualified-versions';
import { REQUESTS } from '../../src/shared/protocol';
import {
  CX_PERMISSION_REQUEST,
  CX_REQUEST_PERMISSIONS,
} from '../../src/agents/codex/qualify/permission-request-scenarios';
import { NEWEST } from '../../src/qualify/versions';
import { startServerAgent, type ServerAgent } from '../support/server-agent';
import { FOLLOW_UP, outcome, send } from './codex-server-support';
import { sleep } from '../../src/qualify/wait';

/** The tool result as the fake model received it. */
async function grantAtModel(a: ServerAgent): Promise<{ permissions: Record<string, unknown>; scope: string }> {
  const tool = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
  return JSON.parse(tool.content) as { permissions: Record<string, unknown>; scope: string };
}

describe('Codex permission request through the AKK server (live)', function () {
  this.timeout(90_000);

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
    await send(agent, 'fetch the release notes');
    return agent;
  }

  async function request(agent: ServerAgent) {
    const s = await agent.waitStatus((x) => x.permission !== null, 30_000, 'the permission request');
    assert.deepEqual(
      { tool: s.permission?.tool, title: s.permission?.title, subject: s.permission?.subject },
      { tool: 'other', title: 'Would you like to grant these permissions?', subject: 'network' },
    );
    // Its `y` grants for the whole turn: no decision offered here is named for that, so only No is.
    assert.deepEqual(s.permission?.decisions, ['reject']);
    return s.permission;
  }

  it('the newest release is qualified with the permission request', () => {
    assert.ok(QUALIFIED_SHAPES['permission-request']?.includes(NEWEST.codex));
  });

  it('never offers a grant for the turn as "approve once"; the person grants it in the terminal', async () => {
    const agent = await requestOf('e2e-codex-permission-grant');
    const p = await request(agent);
    const r = await agent.call(
      REQUESTS.approve.method,
      { interaction_id: p?.interaction_id, turn_id: p?.turn_id, decision: 'approve_once' },
      30_000,
    );
    assert.equal(r.error?.data?.code, 'option_not_stored', JSON.stringify(r));
    await sleep(1000);
    assert.ok((await agent.term.capture()).includes('Would you like to grant these permissions?'));
    assert.equal(agent.model.toolResults().length, 0, 'nothing was granted');
    // The person grants it in the terminal, as the row says: for this turn.
    await agent.term.sendKeys('y');
    const got = await grantAtModel(agent);
    assert.equal(got.scope, 'turn');
    assert.deepEqual(got.permissions.network, { enabled: true });
    await agent.term.waitForScreen((s) => s.includes(FOLLOW_UP), 30_000, 'the turn to go on');
  });

  it('refuses it: the model receives no permission, and the turn goes on', async () => {
    const agent = await requestOf('e2e-codex-permission-refuse');
    const p = await request(agent);
    const r = await agent.call(
      REQUESTS.approve.method,
      { interaction_id: p?.interaction_id, turn_id: p?.turn_id, decision: 'reject' },
      30_000,
    );
    assert.equal(outcome(r), 'declined', JSON.stringify(r));
    const got = await grantAtModel(agent);
    assert.equal(got.scope, 'turn');
    assert.equal(got.permissions.network, null);
    await agent.term.waitForScreen((s) => s.includes(FOLLOW_UP), 30_000, 'the turn to go on');
  });
});
