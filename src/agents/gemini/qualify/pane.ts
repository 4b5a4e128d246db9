// Gemini CLI in a tmux pane of its own: started at a size in a private home, read as a person reads
// it (plain and styled), typed into as a person types. The capture and the live tier's checks of
// the adapter's plans drive the real client through it.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { agentCacheRoot, installPackage } from '../../../qualify/install-agents';
import { descendants } from '../../../qualify/launched-servers';
import { sleep, until } from '../../../qualify/wait';

/** The release the adapter's profile was captured from. */
export const GEMINI_VERSION = '0.61.0';

/** Installs the client's release into the agent cache (once) and returns its executable. */
export function geminiBinary(version: string = GEMINI_VERSION): Promise<string> {
  return installPackage(path.join(agentCacheRoot(), 'gemini', version), '@google/gemini-cli', version, (dir) =>
    path.join(dir, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js'),
  );
}

/** The composer's placeholder, drawn while it is empty. */
const COMPOSER = 'Type your message or @path/to/file';

export interface PaneScreen {
  plain: string;
  styled: string;
}

export class GeminiPane {
  private readonly socket = `akk-gemini-${process.pid}-${Math.random().toString(16).slice(2, 8)}`;

  constructor(
    readonly size: { cols: number; rows: number },
    bin: string,
    cwd: string,
    env: Record<string, string>,
  ) {
    // A clean environment, as the harness's launch gives every client: a CI variable inherited from
    // the test run would make the client take the terminal for a CI job and leave at once.
    const clean = {
      PATH: `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      ...env,
    };
    const vars = Object.entries(clean).map(([k, v]) => `${k}=${v}`);
    const at = ['-x', String(size.cols), '-y', String(size.rows), '-c', cwd];
    this.tmux('new-session', '-d', '-s', 'g', ...at, 'env', '-i', ...vars, bin);
    this.panePid = Number(this.tmux('list-panes', '-t', 'g', '-F', '#{pane_pid}').trim());
  }

  private readonly panePid: number;

  tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  screen(): PaneScreen {
    return {
      styled: this.tmux('capture-pane', '-p', '-e', '-t', 'g'),
      plain: this.tmux('capture-pane', '-p', '-t', 'g'),
    };
  }

  /** The first screen for which `test` holds; on a time-out, the error shows the screen there was. */
  async until(what: string, test: (s: PaneScreen) => boolean, timeoutMs = 60_000): Promise<PaneScreen> {
    try {
      return await until(
        what,
        () => {
          const s = this.screen();
          return test(s) && s;
        },
        timeoutMs,
      );
    } catch (e) {
      throw new Error(`${e instanceof Error ? e.message : String(e)}; screen:\n${this.screen().plain}`);
    }
  }

  /** The screen once it has shown `text` and then not changed for a second. */
  async settled(text: string, timeoutMs = 60_000): Promise<PaneScreen> {
    let last = '';
    let since = Date.now();
    return this.until(
      `"${text}", settled`,
      (s) => {
        if (s.plain !== last) {
          last = s.plain;
          since = Date.now();
          return false;
        }
        return s.plain.includes(text) && Date.now() - since >= 1000;
      },
      timeoutMs,
    );
  }

  keys(...keys: string[]): void {
    for (const k of keys) this.tmux('send-keys', '-t', 'g', k);
  }

  /**
   * Types a request at the composer and sends it, as a person does: once the composer is idle and
   * still (text typed while the client is still busy, cancelling a refused call say, is lost), and
   * Enter only once the text shows in it.
   */
  async prompt(text: string): Promise<void> {
    const count = (s: PaneScreen): number => s.plain.split(text).length - 1;
    const idle = await this.settled(COMPOSER);
    if (/esc to cancel/.test(idle.plain)) await this.until('the idle composer', (s) => !/esc to cancel/.test(s.plain));
    const before = count(this.screen());
    this.tmux('send-keys', '-t', 'g', '-l', text);
    await this.until(`"${text}" typed into the composer`, (s) => count(s) > before, 10_000);
    await sleep(300);
    this.keys('Enter');
  }

  /**
   * Ends the tmux server and the client with everything it started: the client starts itself again
   * as a child (with a larger heap) and runs the MCP servers, none of which a closed pane ends.
   */
  close(): void {
    const procs = this.panePid > 0 ? [this.panePid, ...descendants(this.panePid)] : [];
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
    for (const pid of procs) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // ended with its server
      }
    }
  }
}
