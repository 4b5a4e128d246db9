/**
 * A supervising agent in the workbench, with the same Claude Code session (its turns follow the
 * words flows'): the SDK's own MCP client runs `node dist/mcp.js` on the window's supervisor
 * socket, lists the pending Bash permission and approves it; the decision waits for the person's
 * confirmation in VS Code's notification, which names the caller, the prompt and the decision, and
 * the command runs only after "Allow". The fake model's tool result and the workspace are the truth.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ModelTurn } from '../../src/qualify/fake-model/types';
import { REPO_ROOT } from '../../scripts/vscode-host/host';
import { until } from './agent-tmux';
import { check, toolResultOf, type FlowContext } from './flow-support';
import { screenshot } from './ui-support';
import { clearNotifications, waitPendingCount } from './workbench';

/** The words flows' turns end at index 23; these follow. */
const FIRST = 24;
export const SUPERVISOR_TURNS: ModelTurn[] = [
  { kind: 'bash', command: 'touch supervised.txt', description: 'Create supervised.txt' },
  { kind: 'text', text: 'Created supervised.txt.' },
];

/** The window's supervisor socket: the one the extension's server opened under the host's temp folder. */
function supervisorSocket(tmpDir: string, since: number): string {
  const dir = path.join(tmpDir, `akk-${process.getuid?.() ?? 'user'}`);
  const socks = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sock'))
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).mtimeMs >= since - 5000)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  const found = socks[0];
  if (!found) throw new Error(`no supervisor socket in ${dir}`);
  return found;
}

interface Step {
  revision?: string | null;
  permission?: { interaction_id: string; turn_id: string; subject: string } | null;
}

/** `tmpDir`: the temp folder of the editor's processes (the host sets TMPDIR). */
export async function supervisorFlow(ctx: FlowContext, tmpDir: string, startedAt: number): Promise<void> {
  const { agent, model, workspace, step } = ctx;
  await step(
    'supervisor: an MCP client approves a Bash command; nothing runs until the person allows it in VS Code',
    'failure-supervisor.png',
    async (p) => {
      await clearNotifications(p);
      const client = new Client({ name: 'review-bot', version: '2.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [path.join(REPO_ROOT, 'dist', 'mcp.js'), '--socket', supervisorSocket(tmpDir, startedAt)],
        }),
      );
      try {
        const call = async (name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
          const r = (await client.callTool({ name, arguments: args })) as { content: Array<{ text: string }> };
          return JSON.parse(r.content[0]?.text ?? '{}') as Record<string, unknown>;
        };
        await agent.prompt('Create supervised.txt');
        await waitPendingCount(p, 1);
        const listed = await until(
          'the supervisor to list the permission',
          async () => {
            const steps = ((await call('list_pending')).steps ?? []) as Step[];
            return steps.find((s) => s.permission?.subject === 'touch supervised.txt');
          },
          20_000,
        );
        const permission = listed.permission;
        check(permission !== undefined && listed.revision !== undefined, `listed: ${JSON.stringify(listed)}`);
        const decided = call('decide_permission', {
          interaction_id: permission?.interaction_id,
          turn_id: permission?.turn_id,
          expected_revision: listed.revision,
          decision: 'approve_once',
        });
        // Awaited below; a step that fails first closes the client, which must not end the whole run.
        decided.catch(() => undefined);
        // AKK's own modal dialog: the caller, the agent, and the command on a line of its own, as drawn.
        const dialog = p.locator('.monaco-dialog-box', { hasText: 'review-bot 2.0.0 asks to approve once' });
        await dialog.waitFor({ state: 'visible', timeout: 20_000 });
        const text = await dialog.innerText();
        const lines = text.split('\n').map((l) => l.trim());
        check(text.includes('Claude Code') && lines.includes('touch supervised.txt'), `the dialog: ${text}`);
        await screenshot(p, '47-supervisor-confirmation.png');
        await new Promise((r) => setTimeout(r, 1500));
        check(!fs.existsSync(path.join(workspace, 'supervised.txt')), 'the command ran before the person allowed it');
        await dialog.locator('.monaco-button', { hasText: 'Allow: Approve Once' }).click();
        const receipt = await decided;
        check(receipt.outcome === 'resolved', `the supervisor's decision: ${JSON.stringify(receipt)}`);
        const r = await toolResultOf(model, FIRST);
        check(!r.isError, `the tool result is an error: ${r.content}`);
        check(fs.existsSync(path.join(workspace, 'supervised.txt')), 'supervised.txt was not created');
        await waitPendingCount(p, 0);
      } finally {
        await client.close();
      }
    },
  );
}
