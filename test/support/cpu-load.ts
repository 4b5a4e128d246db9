/**
 * A busy machine for the live tier's loaded part (AKK_LIVE_LOAD=N): N processes that keep a core
 * each busy, at ordinary priority, for the whole run, as a build on a laptop does. Loaded as a mocha
 * root hook by test/live/.mocharc.cjs when the variable is set; the processes end with the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const busy: ChildProcess[] = [];

function count(): number {
  const n = Number(process.env.AKK_LIVE_LOAD ?? '0');
  if (!Number.isInteger(n) || n < 0 || n > 8)
    throw new Error(`AKK_LIVE_LOAD is a count of busy cores (0 to 8), not ${n}`);
  return n;
}

export const mochaHooks = {
  beforeAll(): void {
    for (let i = 0; i < count(); i++)
      busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: false }));
    if (busy.length > 0) console.log(`  (the machine is kept busy: ${busy.length} processes spin a core each)`);
  },
  afterAll(): void {
    for (const p of busy.splice(0)) p.kill('SIGKILL');
  },
};

// Never outlived by its spinners, however the run ends.
process.once('exit', () => {
  for (const p of busy) p.kill('SIGKILL');
});
