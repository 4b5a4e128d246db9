/**
 * How long the background server takes to start, as the extension meets it on activation: from
 * spawning `node dist/server.js --stdio` to its `initialize` result, and to the answer of its first
 * `akk/listSessions` (the store open, the process table and tmux looked up), in a fresh workspace
 * store and in one that already holds a store. An agent typed in the meantime waits for this with
 * its output kept (the extension hands it over once the server runs). Medians of AKK_BENCH_STARTS runs
 * (default 10); npm run build first.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REQUESTS } from '../../src/shared/protocol';
import { StdioServer } from '../support/rpc-client';
import { msSince, summary } from './stats';

const RUNS = Number(process.env.AKK_BENCH_STARTS ?? 10);

async function once(storageDir: string): Promise<{ initialized: number; listed: number }> {
  const start = process.hrtime.bigint();
  const server = new StdioServer();
  try {
    await server.initialize({ storageDir });
    const initialized = msSince(start);
    await server.call(REQUESTS.listSessions.method, {});
    return { initialized, listed: msSince(start) };
  } finally {
    await server.stop();
  }
}

export async function benchServerStart(): Promise<void> {
  if (!fs.existsSync(path.join(__dirname, '..', '..', 'dist', 'server.js'))) {
    console.log('server start: dist/server.js is not built (npm run build); nothing measured');
    return;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-bench-start-'));
  try {
    for (const kind of ['fresh store', 'existing store'] as const) {
      const initialized: number[] = [];
      const listed: number[] = [];
      const kept = path.join(root, 'kept');
      for (let i = 0; i < RUNS; i++) {
        const dir = kind === 'fresh store' ? path.join(root, `fresh-${i}`) : kept;
        const r = await once(dir);
        initialized.push(r.initialized);
        listed.push(r.listed);
      }
      console.log(`server start, ${kind}: initialize ${summary(initialized)}; first listSessions ${summary(listed)}`);
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
