// A private tmux server for one test file (`-L akk-it-<random>`); kill() stops only that server.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class TmuxLab {
  readonly socket = `akk-it-${randomBytes(5).toString('hex')}`;
  private count = 0;

  async tmux(...args: string[]): Promise<string> {
    const env = { ...process.env };
    delete env.TMUX;
    const { stdout } = await run('tmux', ['-u', '-L', this.socket, ...args], { env });
    return stdout;
  }

  /** Starts a detached session running argv (no shell) and returns its pane id. */
  async start(
    argv: string[],
    options: { cols?: number; rows?: number; name?: string; cwd?: string } = {},
  ): Promise<string> {
    const name = options.name ?? `s${++this.count}`;
    const out = await this.tmux(
      'new-session',
      '-d',
      '-P',
      '-F',
      '#{pane_id}',
      '-s',
      name,
      '-x',
      String(options.cols ?? 80),
      '-y',
      String(options.rows ?? 24),
      ...(options.cwd ? ['-c', options.cwd] : []),
      '--',
      ...argv,
    );
    return out.trim();
  }

  async capture(paneId: string): Promise<string> {
    return this.tmux('capture-pane', '-p', '-t', paneId);
  }

  /** Kills this lab's server and waits until it no longer answers. */
  async kill(): Promise<void> {
    await this.tmux('kill-server').catch(() => undefined);
    for (let i = 0; i < 100; i++) {
      const alive = await this.tmux('list-sessions').then(
        () => true,
        () => false,
      );
      if (!alive) return;
      await sleep(20);
    }
  }
}

export async function waitFor<T>(
  what: string,
  fn: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

import { sleep } from '../../../../src/qualify/wait';

export { sleep };
