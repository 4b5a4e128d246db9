/**
 * What AKK's hook program adds to every permission dialog of a connected agent: from spawning
 * `node dist/agent-hook.js` with a Claude Code PermissionRequest on its input to its exit, against
 * node starting and exiting with nothing to do; with no AKK server running (an empty word folder)
 * and with the built server running but owning no session of that process (it answers "not
 * handled"). Medians and the ratio to bare node over AKK_BENCH_HOOK_RUNS runs (default 20);
 * npm run build first.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StdioServer } from '../support/rpc-client';
import { median, msSince, summary } from './stats';

const RUNS = Number(process.env.AKK_BENCH_HOOK_RUNS ?? 20);
const HOOK = path.join(__dirname, '..', '..', 'dist', 'agent-hook.js');
const REQUEST = JSON.stringify({
  session_id: 'bench',
  hook_event_name: 'PermissionRequest',
  tool_name: 'Bash',
  tool_input: { command: 'touch bench.txt', description: 'Make the file' },
});

function timed(args: string[]): Promise<number> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      stdio: ['pipe', 'ignore', 'ignore'],
      env: { ...process.env, CLAUDE_PID: '1' },
    });
    child.on('error', reject);
    child.on('exit', () => resolve(msSince(start)));
    child.stdin.end(REQUEST);
  });
}

async function runs(args: string[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) out.push(await timed(args));
  return out;
}

export async function benchAgentHook(): Promise<void> {
  if (!fs.existsSync(HOOK)) {
    console.log('agent hook: dist/agent-hook.js is not built (npm run build); nothing measured');
    return;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-bench-hook-'));
  const words = path.join(root, 'w');
  try {
    const bare = await runs(['-e', '']);
    console.log(`agent hook: bare node ${summary(bare)}`);
    const alone = await runs([HOOK, '--dir', words, 'claude', 'PermissionRequest']);
    console.log(
      `agent hook, no AKK server: ${summary(alone)}; ${(median(alone) / median(bare)).toFixed(2)}x bare node`,
    );
    const server = new StdioServer();
    try {
      await server.initialize({ storageDir: path.join(root, 'store'), agentWordDir: words });
      const beside = await runs([HOOK, '--dir', words, 'claude', 'PermissionRequest']);
      console.log(
        `agent hook, a server that owns no such session: ${summary(beside)}; ` +
          `${(median(beside) / median(bare)).toFixed(2)}x bare node`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
