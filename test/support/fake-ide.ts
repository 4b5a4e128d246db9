// A loopback editor for Claude Code's IDE connection (`/ide`), standing where the official Claude
// Code extension would: a WebSocket server on 127.0.0.1 speaking MCP's JSON-RPC, found by the lock
// file `<home>/.claude/ide/<port>.lock` (its pid, workspace folders, editor name and the token the
// client sends as `x-claude-code-ide-authorization`). It offers the tools the client calls, and
// holds each `openDiff` until the test accepts the edit (as saving the diff does) or rejects it (as
// closing it does), the way the extension answers once the person has chosen in the editor.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';

export interface OpenedDiff {
  oldFilePath: string;
  newFilePath: string;
  newContents: string;
  tabName: string;
}

export interface FakeIde {
  port: number;
  /** What the client sent, in order (method names; `tools/call:<tool>` for calls). */
  readonly received: string[];
  /** Every diff the client opened. */
  readonly diffs: OpenedDiff[];
  /** Writes the lock file into `home`'s Claude config folder, for the work folder given. */
  announce(home: string, workDir: string): void;
  /** Resolves once the client is connected (sent `ide_connected`). */
  connected(timeoutMs?: number): Promise<void>;
  /** Answers the open diff as saving it in the editor does: the client applies the edit. */
  accept(): void;
  /** Answers the open diff as closing it in the editor does: the client is told the edit was rejected. */
  reject(): void;
  stop(): Promise<void>;
}

const TOOLS = [
  'openDiff',
  'close_tab',
  'closeAllDiffTabs',
  'openFile',
  'getDiagnostics',
  'getCurrentSelection',
  'getLatestSelection',
  'getOpenEditors',
  'getWorkspaceFolders',
  'checkDocumentDirty',
  'saveDocument',
].map((name) => ({ name, description: name, inputSchema: { type: 'object', properties: {} } }));

interface Message {
  id?: number | string;
  method?: string;
  params?: { name?: string; arguments?: Record<string, string>; protocolVersion?: string };
}

export async function startFakeIde(ideName = 'Visual Studio Code'): Promise<FakeIde> {
  const token = randomUUID();
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (info: { req: { headers: Record<string, unknown> } }) =>
      info.req.headers['x-claude-code-ide-authorization'] === token,
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const port = (wss.address() as { port: number }).port;
  const received: string[] = [];
  const diffs: OpenedDiff[] = [];
  const lockFiles: string[] = [];
  let pending: { ws: WebSocket; id: number | string } | undefined;
  const send = (ws: WebSocket, id: number | string, result: unknown) =>
    ws.send(JSON.stringify({ jsonrpc: '2.0', id, result }));
  wss.on('connection', (ws) => {
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString('utf8')) as Message;
      const tool = m.method === 'tools/call' ? m.params?.name : undefined;
      received.push(tool ? `tools/call:${tool}` : (m.method ?? 'reply'));
      if (m.id === undefined) return;
      if (m.method === 'initialize')
        send(ws, m.id, {
          protocolVersion: m.params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: { listChanged: true } },
          serverInfo: { name: 'akk-fake-ide', version: '1.0.0' },
        });
      else if (m.method === 'tools/list') send(ws, m.id, { tools: TOOLS });
      else if (tool === 'openDiff') {
        const a = m.params?.arguments ?? {};
        diffs.push({
          oldFilePath: a.old_file_path ?? '',
          newFilePath: a.new_file_path ?? '',
          newContents: a.new_file_contents ?? '',
          tabName: a.tab_name ?? '',
        });
        pending = { ws, id: m.id };
      } else if (tool) send(ws, m.id, { content: [{ type: 'text', text: '[]' }] });
      else send(ws, m.id, {});
    });
  });
  const answer = (content: Array<{ type: 'text'; text: string }>): void => {
    const p = pending;
    if (!p) throw new Error('no diff is open');
    pending = undefined;
    send(p.ws, p.id, { content });
  };
  return {
    port,
    received,
    diffs,
    announce(home, workDir) {
      const dir = path.join(home, '.claude', 'ide');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${port}.lock`);
      const lock = { pid: process.pid, workspaceFolders: [workDir], ideName, transport: 'ws', authToken: token };
      fs.writeFileSync(file, JSON.stringify(lock));
      lockFiles.push(file);
    },
    async connected(timeoutMs = 20_000) {
      for (const end = Date.now() + timeoutMs; !received.includes('ide_connected');) {
        if (Date.now() > end) throw new Error(`the client did not connect to the editor (${received.join(', ')})`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    accept() {
      const diff = diffs[diffs.length - 1];
      answer([
        { type: 'text', text: 'FILE_SAVED' },
        { type: 'text', text: diff?.newContents ?? '' },
      ]);
    },
    reject() {
      answer([
        { type: 'text', text: 'DIFF_REJECTED' },
        { type: 'text', text: diffs[diffs.length - 1]?.tabName ?? '' },
      ]);
    },
    async stop() {
      for (const f of lockFiles) fs.rmSync(f, { force: true });
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
