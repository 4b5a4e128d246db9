// The agent's tmux server in the real-VS-Code agent flows: the extension starts it on the socket
// the workspace settings name; the test types the person's requests and ends it afterwards.
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { AgentName } from '../../src/shared/agents';
import { descendants } from '../../src/qualify/launched-servers';

const run = promisify(execFile);
import { sleep, until } from '../../src/qualify/wait';

export { sleep, until };

/**
 * One agent's pane on the tmux server the extension starts on the socket the workspace settings
 * name. The extension names its sessions `akk-<agent>-<hex>`: `agent` picks this agent's pane when
 * several agents share the server.
 */
export class AgentTmux {
  pane: string | undefined;
  private panePid = 0;

  constructor(
    readonly socket: string,
    readonly agent?: AgentName,
  ) {}

  async tmux(args: string[]): Promise<string> {
    return (await run('tmux', ['-L', this.socket, ...args], { timeout: 10_000 })).stdout;
  }

  async findPane(): Promise<string> {
    const rows = (await this.tmux(['list-panes', '-a', '-F', '#{session_name} #{pane_id} #{pane_pid}']))
      .trim()
      .split('\n');
    const out = rows.find((r) => !this.agent || r.startsWith(`akk-${this.agent}-`)) ?? '';
    const [, pane, pid] = out.split(' ');
    if (!pane || !/^%\d+$/.test(pane)) throw new Error(`no ${this.agent ?? ''} pane on tmux -L ${this.socket}`);
    this.pane = pane;
    this.panePid = Number(pid);
    return pane;
  }

  capture(): Promise<string> {
    return this.tmux(['capture-pane', '-p', '-t', this.pane ?? '']);
  }

  /** Types a request at the agent's idle prompt (`idle` matches its screen), as the person at the terminal would. */
  async prompt(text: string, idle = /❯/): Promise<void> {
    let last = '';
    let since = Date.now();
    await until(
      "the agent's idle prompt",
      async () => {
        const s = await this.capture();
        if (s !== last || !idle.test(s) || /Do you want to proceed|Enter to select/.test(s)) {
          last = s;
          since = Date.now();
          return undefined;
        }
        return Date.now() - since > 500 ? true : undefined;
      },
      30_000,
    ).catch(async (e: unknown) => {
      throw new Error(
        `${e instanceof Error ? e.message : String(e)}; screen:\n${await this.capture().catch(() => '?')}`,
      );
    });
    await this.tmux(['send-keys', '-t', this.pane ?? '', '-l', text]);
    // Codex takes fast text followed by Enter as a paste (Enter becomes a newline): let the burst window pass.
    await sleep(300);
    await this.tmux(['send-keys', '-t', this.pane ?? '', 'Enter']);
  }

  /** Ends the tmux server and the agent (synchronously, so it also works from an exit hook). */
  killSync(): void {
    // The agent's own children (Codex's launcher starts the native client) are found before the
    // server goes: afterwards they no longer hang below the pane.
    const procs = this.panePid > 0 ? [this.panePid, ...descendants(this.panePid)] : [];
    try {
      execFileSync('tmux', ['-L', this.socket, 'kill-server'], { stdio: 'ignore', timeout: 5000 });
    } catch {
      // not running
    }
    for (const pid of procs) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // ended with its server
      }
    }
    // A killed server can leave its socket file behind.
    const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
    fs.rmSync(path.join(process.env.TMUX_TMPDIR ?? '/tmp', `tmux-${uid}`, this.socket), { force: true });
  }

  alive(): boolean {
    try {
      execFileSync('tmux', ['-L', this.socket, 'list-sessions'], { stdio: 'ignore', timeout: 5000 });
      return true;
    } catch {
      return false;
    }
  }
}
