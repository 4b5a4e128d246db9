/**
 * A supervising agent's side of the MCP server: the SDK's own client running `node dist/mcp.js` on
 * a server's supervisor socket, and the editor's side of `akk/confirmDecision` (what the person was
 * asked, and their answer when the test gives it).
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { SERVER_REQUESTS, type ConfirmDecisionParams, type StatusResult } from '../../src/shared/protocol';
import type { ServerAgent } from './server-agent';
import { sleep } from '../../src/qualify/wait';

const MCP_JS = join(__dirname, '..', '..', 'dist', 'mcp.js');

export interface ToolAnswer {
  isError: boolean;
  value: Record<string, unknown>;
}

export interface McpSupervisor {
  call: (tool: string, args?: object) => Promise<ToolAnswer>;
  close: () => Promise<void>;
}

/** One MCP client connected to `dist/mcp.js` on the socket. */
export async function mcpClient(socket: string, name: string): Promise<McpSupervisor> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [MCP_JS, '--socket', socket] }));
  return {
    async call(tool, args = {}) {
      const r = (await client.callTool({ name: tool, arguments: args as Record<string, unknown> })) as {
        isError?: boolean;
        content: Array<{ type: string; text: string }>;
      };
      const text = r.content[0]?.text ?? '{}';
      // The SDK's own refusal of arguments that do not match a tool's schema is plain text.
      const value = text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : { text };
      return { isError: r.isError === true, value };
    },
    close: () => client.close(),
  };
}

export type Step = Partial<StatusResult>;

/** The editor's side of `akk/confirmDecision`: what the person was asked, and their answer when the test gives it. */
export function askedPerson(agent: Pick<ServerAgent, 'server'>): {
  asked: ConfirmDecisionParams[];
  answer: (yes: boolean) => void;
} {
  const asked: ConfirmDecisionParams[] = [];
  let answer: (yes: boolean) => void = () => undefined;
  agent.server.serverRequests.set(SERVER_REQUESTS.confirmDecision, (params) => {
    asked.push(params as ConfirmDecisionParams);
    return new Promise((resolve) => {
      answer = (yes) => resolve({ confirmed: yes });
    });
  });
  return { asked, answer: (yes) => answer(yes) };
}

export const steps = (a: ToolAnswer): Step[] => (a.value.steps as Step[] | undefined) ?? [];
export const errorCode = (a: ToolAnswer): unknown => (a.value.error as { code?: unknown } | undefined)?.code;

/** The step `list_pending` shows that `want` picks, waited for (up to 30 s). */
export async function pendingStep(c: McpSupervisor, want: (s: Step) => boolean): Promise<Step> {
  for (let i = 0; i < 60; i++) {
    const found = steps(await c.call('list_pending')).find(want);
    if (found) return found;
    await sleep(500);
  }
  throw new Error('the step was never listed');
}

/** Waits until the editor was asked to confirm `count` decisions (up to 5 s). */
export async function untilAsked(asked: readonly unknown[], count = 1): Promise<void> {
  for (let i = 0; i < 50 && asked.length < count; i++) await sleep(100);
}
