/**
 * Codex's network access approval through the AKK server only (`akk/*` over stdio): the newest real
 * client, run in a private mount namespace that holds an administrator's requirements turning the
 * managed network policy on (and sends the host to this machine), against the loopback fake model.
 * A command fetches a page from a local server under that host's name. Approved once, the fetch
 * reaches the server and the model receives its status; rejected, the server is never reached and
 * the model hears so with the next message.
 *
 * The namespace needs Linux, root and `unshare -m`; elsewhere the suite is skipped, naming why, and
 * in CI (whose machine has them) their absence fails it.
 */
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QUALIFIED_SHAPES } from '../../src/agents/codex/recognize/qualified-versions';
import { REQUESTS } from '../../src/shared/protocol';
import { CX_NETWORK_HOST, CX_NETWORK_WORKSPACE, fetchCommand } from '../../src/agents/codex/qualify/network-scenarios';
import { adminNamespaceUnavailable } from '../../src/qualify/admin-requirements';
import { NEWEST } from '../../src/qualify/versions';
import { startServerAgent, type ServerAgent } from '../support/server-agent';
import { FOLLOW_UP, outcome, send } from './codex-server-support';
import { needs } from '../support/environment';

const UNAVAILABLE = adminNamespaceUnavailable();
const TITLE = `Do you want to approve network access to "${CX_NETWORK_HOST}"?`;

/** A local page server that counts the requests reaching it. */
async function pageServer(): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('release notes\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

const SUITE = 'Codex network access approval through the AKK server (live)';

describe(`${SUITE}${UNAVAILABLE ? ` (skipped: ${UNAVAILABLE})` : ''}`, function () {
  this.timeout(90_000);
  let page: Awaited<ReturnType<typeof pageServer>> | undefined;
  afterEach(async () => {
    const p = page;
    page = undefined;
    if (p) await new Promise<void>((r) => p.server.close(() => r()));
  });

  /** Starts Codex on one fetch under the administrator's policy; resolves once the approval is offered. */
  async function approvalOf(name: string): Promise<{ a: ServerAgent; command: string }> {
    page = await pageServer();
    const command = fetchCommand(`http://${CX_NETWORK_HOST}:${page.port}/notes`);
    const agent = await startServerAgent(
      'codex',
      {
        name,
        turns: [
          { kind: 'codex-command', command, justification: 'Fetch the release notes.', escalated: false },
          { kind: 'text', text: FOLLOW_UP },
        ],
      },
      {},
      { workspace: CX_NETWORK_WORKSPACE },
    );
    await send(agent, 'fetch the release notes');
    return { a: agent, command };
  }

  it('the newest release is qualified with the network approval', function () {
    needs(this, UNAVAILABLE);
    assert.ok(QUALIFIED_SHAPES['network-approval']?.includes(NEWEST.codex));
  });

  it('approves network access once: the fetch reaches the server, and the model hears its status', async function () {
    needs(this, UNAVAILABLE);
    const { a: agent } = await approvalOf('e2e-codex-network-approve');
    const s = await agent.waitStatus((x) => x.permission !== null, 30_000, 'the network approval');
    assert.equal(s.permission?.tool, 'network');
    assert.equal(s.permission?.title, TITLE);
    assert.equal(s.permission?.subject, CX_NETWORK_HOST);
    assert.deepEqual(s.permission?.decisions, ['approve_once', 'reject']);
    assert.deepEqual(page?.hits, [], 'nothing is fetched before the approval');
    const r = await agent.call(
      REQUESTS.approve.method,
      { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'approve_once' },
      30_000,
    );
    assert.equal(outcome(r), 'resolved');
    const tool = await agent.model.waitForToolResult(agent.model.issued[0]?.id ?? '', 30_000);
    assert.match(tool.content, /Process exited with code 0/);
    assert.match(tool.content, /\b200\b/);
    assert.deepEqual(page?.hits, ['/notes']);
  });

  it('rejects network access: the server is never reached, and the model hears so next', async function () {
    needs(this, UNAVAILABLE);
    const { a: agent } = await approvalOf('e2e-codex-network-reject');
    const s = await agent.waitStatus((x) => x.permission !== null, 30_000, 'the network approval');
    assert.equal(s.permission?.subject, CX_NETWORK_HOST);
    const r = await agent.call(
      REQUESTS.approve.method,
      { interaction_id: s.permission?.interaction_id, turn_id: s.permission?.turn_id, decision: 'reject' },
      30_000,
    );
    assert.ok(r.result, JSON.stringify(r.error));
    await agent.waitStatus(
      (x) => x.permission === null && x.interaction === null && x.state === 'idle',
      30_000,
      'the prompt to close',
    );
    assert.equal(agent.model.toolResults().length, 0, 'a rejected fetch reports nothing until the next message');
    await send(agent, 'continue');
    const tool = await agent.model.waitForToolResult(agent.model.issued[0]?.id ?? '', 30_000);
    assert.match(tool.content, /aborted by user/);
    assert.deepEqual(page?.hits, []);
  });
});
