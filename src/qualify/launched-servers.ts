// The private tmux servers a run started and the processes in their panes: each is ended when its
// launch stops, and every one still running when the run is interrupted (Ctrl-C, SIGTERM, exit).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

/**
 * The pane's process id as tmux printed it, or 0 for none: a pane that already closed prints ''
 * (which `Number` reads as 0), and 0 or 1 given to kill would name the runner's own process group
 * or every process there is. Nothing is killed by a pid of 0.
 */
export function paneProcess(printed: string): number {
  const pid = Number(printed.trim());
  return printed.trim() !== '' && Number.isInteger(pid) && pid > 1 ? pid : 0;
}

/** Every descendant of pid (from /proc), deepest last. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(d));
      children.set(ppid, list);
    } catch {
      // the process ended meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number): void => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

// Every running launch, so that an interrupted run (Ctrl-C, SIGTERM, exit) still kills its tmux servers.
export const active = new Map<string, { base: string[]; root: string; socketPath?: string; serverPid?: number }>();
let handlersInstalled = false;

function killAllSync(): void {
  for (const [socket, a] of active) {
    killServerSync(a.base, a.socketPath, a.serverPid);
    fs.rmSync(a.root, { recursive: true, force: true });
    active.delete(socket);
  }
}

/**
 * Kills one private tmux server and removes its socket file (tmux 3.3 leaves it behind). A
 * kill-server that fails (a busy machine, a server that does not answer) must not leave the server
 * running once its socket is gone: nothing could reach it again. The server itself is then ended
 * by its pid, checked to be this socket's tmux (a pid can be reused).
 */
export function killServerSync(base: string[], socketPath: string | undefined, serverPid?: number): void {
  try {
    execFileSync('tmux', [...base, 'kill-server'], { stdio: 'ignore', timeout: 10_000 });
  } catch {
    // already gone, or not answering: ended by its pid below
  }
  if (serverPid !== undefined) {
    try {
      const cmdline = fs.readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0');
      if (cmdline[0]?.endsWith('tmux') && cmdline.includes(base[1] ?? '')) process.kill(serverPid, 'SIGKILL');
    } catch {
      // ended
    }
  }
  if (socketPath) fs.rmSync(socketPath, { force: true });
}

export function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.once('exit', killAllSync);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      killAllSync();
      process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1));
    });
  }
}
