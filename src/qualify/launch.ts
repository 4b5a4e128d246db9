// Starts a real agent client in a private tmux server at a given size, with a fresh HOME, config
// that skips start-up screens (written by the agent's harness entry), a fresh work folder, and a
// clean environment, pointed at the fake model. stop() kills only that tmux server and the
// processes it started, and removes the temp dirs.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { AgentName } from '../shared/agents';
import { harnessAgent } from './agents';
import { agentBinary } from './install-agents';
import type { Workspace } from './scenario-types';
import { type Rendering } from '../shared/rendering';
import { backgroundStyle, renderingEnv } from './rendering';
import type { TermSize } from './versions';
import { FAKE_MCP_DIR } from './harness-data';
import { sleep } from './wait';
import { adminNamespace } from './admin-requirements';
import { active, descendants, installHandlers, killServerSync, paneProcess } from './launched-servers';

const run = promisify(execFile);

/** Runs live under `/tmp/akk-<8 hex>/`: the prefix has a fixed length so wrapping stays the same. */
export const RUN_ROOT_RE = /\/tmp\/akk-[0-9a-f]{8}/g;
export const RUN_ROOT_PLACEHOLDER = '/tmp/akk-00000000';

export interface LaunchOptions {
  agent: AgentName;
  version: string;
  size: TermSize;
  /** Base URL of the fake model, e.g. http://127.0.0.1:1234 */
  modelUrl: string;
  /** Extra CLI arguments. */
  args?: string[];
  /** Extra lines for the agent's own config file (Codex: top-level config.toml keys; tables: `-c` arguments). */
  config?: string[];
  /** Files and tools prepared before launch. */
  workspace?: Workspace;
  /**
   * Records every byte the agent writes to its terminal into this file (`pipe-pane`), from its
   * first byte: the agent waits behind a gate until the pipe is in place.
   */
  recordStream?: string;
  /**
   * Runs an interactive bash in the pane (with the agent's environment) and types the agent's
   * command line into it, as a person starts an agent in a terminal; the agent is bash's child.
   */
  viaShell?: boolean;
  /** The theme, colour depth and background the client draws under (the corpus's own when absent). */
  rendering?: Rendering;
  /**
   * The exact executable to run, as a person installed it (qualifying it on their machine); absent,
   * the release installed into the agent cache and checked against its qualification record.
   */
  binary?: string;
  /** More of the client's environment (say, the port of the editor it connects to). */
  env?: Record<string, string>;
  /** Runs once the private home and work folder exist, before the client starts (an editor's lock file). */
  prepareHome?: (home: string, workDir: string) => void;
}

interface CaptureOptions {
  /** Keep SGR escapes (`capture-pane -e`). */
  styled?: boolean;
  /** Join wrapped lines (`-J`). */
  join?: boolean;
}

export interface Launched {
  agent: AgentName;
  version: string;
  size: TermSize;
  socket: string;
  /** Pane id, e.g. %0 */
  target: string;
  root: string;
  workDir: string;
  home: string;
  tmux(args: string[]): Promise<string>;
  capture(opts?: CaptureOptions): Promise<string>;
  /** Key names (Enter, Down, BTab, Escape, Space, C-c, digits ...), sent one by one. */
  sendKeys(...keys: string[]): Promise<void>;
  /** Literal text (`send-keys -l`). */
  sendText(text: string): Promise<void>;
  /** Bracketed paste. */
  paste(text: string): Promise<void>;
  /** Polls capture-pane until predicate holds; returns the plain screen. */
  waitForScreen(predicate: (screen: string) => boolean, timeoutMs?: number, what?: string): Promise<string>;
  /** Waits until predicate holds and the screen has not changed for settleMs. */
  /** `mask` maps the styled screen to what must stay unchanged (e.g. without animations). */
  waitForSettled(
    predicate: (screen: string) => boolean,
    timeoutMs?: number,
    settleMs?: number,
    what?: string,
    mask?: (styled: string) => string,
  ): Promise<string>;
  panePid(): number;
  /** With `viaShell` and a recording: the stream offset at which the agent's command began. */
  commandOffset(): number;
  /** Bytes recorded so far (0 without `recordStream`), once the pipe has been quiet for `quietMs`. */
  recordedBytes(quietMs?: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The folder whose `node` runs the client's launcher and the fake MCP servers: Node's own; or, where
 * the harness runs in the editor's Electron as Node (the shipped qualification runner), a folder of
 * the run's own with a `node` that runs that Electron as Node, since the editor carries no `node`.
 */
function nodeBinDir(root: string): string {
  if (!process.versions.electron) return path.dirname(process.execPath);
  const dir = path.join(root, 'node-bin');
  fs.mkdirSync(dir, { recursive: true });
  const quoted = `'${process.execPath.replace(/'/g, `'\\''`)}'`;
  fs.writeFileSync(path.join(dir, 'node'), `#!/bin/sh\nELECTRON_RUN_AS_NODE=1 exec ${quoted} "$@"\n`, { mode: 0o755 });
  return dir;
}

/** The script of a fake MCP server shipped with the harness. */
function fakeMcpScript(name: string): string {
  const script = path.join(FAKE_MCP_DIR, `${name}.cjs`);
  if (!fs.existsSync(script)) throw new Error(`no fake MCP server ${name}`);
  return script;
}

export async function launchAgent(opts: LaunchOptions): Promise<Launched> {
  installHandlers();
  const bin = opts.binary ?? (await agentBinary(opts.agent, opts.version));
  const root = `/tmp/akk-${randomBytes(4).toString('hex')}`;
  const home = path.join(root, 'home');
  const workDir = path.join(root, 'project');
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(workDir, { recursive: true });
  for (const [file, content] of Object.entries(opts.workspace?.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(workDir, file)), { recursive: true });
    fs.writeFileSync(path.join(workDir, file), content);
  }
  const socket = `akk-${randomBytes(5).toString('hex')}`;
  const tmuxConf = path.join(root, 'tmux.conf');
  fs.writeFileSync(
    tmuxConf,
    [
      'set -g status off',
      'set -g history-limit 5000',
      'set -s escape-time 0',
      ...backgroundStyle(opts.rendering?.background),
      '',
    ].join('\n'),
  );

  const base = ['-L', socket, '-f', tmuxConf];
  // Where tmux puts a -L socket (it does not remove the file on kill-server).
  const socketPath = path.join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`, socket);
  const entry: { base: string[]; root: string; socketPath?: string; serverPid?: number } = { base, root, socketPath };
  active.set(socket, entry);

  const env: Record<string, string> = {
    PATH: `${nodeBinDir(root)}:/usr/local/bin:/usr/bin:/bin`,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    HOME: home,
  };
  const prepared = await harnessAgent(opts.agent).prepare({
    bin,
    version: opts.version,
    home,
    workDir,
    modelUrl: opts.modelUrl,
    config: opts.config ?? [],
    mcpServers: (opts.workspace?.mcpServers ?? []).map((name) => ({ name, script: fakeMcpScript(name) })),
    startup: opts.workspace?.startup ?? [],
    rendering: opts.rendering ?? {},
  });
  Object.assign(env, renderingEnv(opts.rendering ?? {}), prepared.env, opts.env);
  opts.prepareHome?.(home, workDir);
  const argv = [bin, ...prepared.args, ...(opts.args ?? [])];
  const envArgs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  const tmux = async (args: string[]): Promise<string> =>
    (await run('tmux', [...base, ...args], { maxBuffer: 16 * 1024 * 1024 })).stdout;

  // With a recording, the agent starts only once the gate file exists, after pipe-pane is set.
  const gate = path.join(root, 'start-gate');
  let commandOffset = 0;
  const command = opts.viaShell ? ['bash', '--norc', '--noprofile', '-i'] : argv;
  const admin = adminNamespace(root, opts.agent, opts.workspace?.requirements, opts.workspace?.hosts);
  const started = [...admin, 'env', '-i', ...envArgs, ...command];
  const gated = opts.recordStream
    ? ['sh', '-c', 'while [ ! -e "$0" ]; do sleep 0.02; done; exec "$@"', gate, ...started]
    : started;
  let target: string;
  try {
    // The pane, and the pid of the tmux server that holds it (to end it should kill-server fail).
    const made = (
      await tmux([
        'new-session',
        '-d',
        '-P',
        '-F',
        '#{pane_id} #{pid}',
        '-x',
        String(opts.size.cols),
        '-y',
        String(opts.size.rows),
        '-c',
        workDir,
        '-s',
        'akk',
        '--',
        ...gated,
      ])
    )
      .trim()
      .split(' ');
    target = made[0] ?? '';
    entry.serverPid = Number(made[1]) || undefined;
    if (opts.recordStream) {
      fs.writeFileSync(opts.recordStream, '');
      const quoted = `'${opts.recordStream.replace(/'/g, `'\\''`)}'`;
      await tmux(['pipe-pane', '-O', '-t', target, `cat >> ${quoted}`]);
      fs.writeFileSync(gate, '');
    }
    if (opts.viaShell) {
      const line = argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      await tmux(['send-keys', '-t', target, '-l', `PS1='$ '; clear`]);
      await tmux(['send-keys', '-t', target, 'Enter']);
      await sleep(300);
      await tmux(['send-keys', '-t', target, '-l', line]);
      await sleep(200);
      // The editor's stream of a command begins when the shell runs it: after the typed line.
      if (opts.recordStream) commandOffset = fs.statSync(opts.recordStream).size;
      await tmux(['send-keys', '-t', target, 'Enter']);
    }
  } catch (e) {
    active.delete(socket);
    killServerSync(base, socketPath, entry.serverPid);
    fs.rmSync(root, { recursive: true, force: true });
    throw e;
  }
  await tmux(['set-option', '-g', 'window-size', 'manual']);
  const pid = paneProcess(await tmux(['display-message', '-p', '-t', target, '#{pane_pid}']));
  let stopped = false;

  const capture = async (c: CaptureOptions = {}): Promise<string> => {
    const a = ['capture-pane', '-p', '-t', target];
    if (c.styled) a.push('-e');
    if (c.join) a.push('-J');
    return tmux(a);
  };

  const waitForScreen = async (
    predicate: (s: string) => boolean,
    timeoutMs = 15_000,
    what = 'screen',
  ): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    for (;;) {
      last = await capture();
      if (predicate(last)) return last;
      if (Date.now() > deadline) {
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last screen:\n${last}`);
      }
      await sleep(50);
    }
  };

  const waitForSettled = async (
    predicate: (s: string) => boolean,
    timeoutMs = 15_000,
    settleMs = 400,
    what = 'settled screen',
    mask: (styled: string) => string = (x) => x,
  ): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    let since = 0;
    for (;;) {
      const s = mask(await capture({ styled: true }));
      const plain = await capture();
      if (s !== last || !predicate(plain)) {
        last = s;
        since = Date.now();
      } else if (Date.now() - since >= settleMs) return plain;
      if (Date.now() > deadline)
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last screen:\n${plain}`);
      await sleep(50);
    }
  };

  return {
    agent: opts.agent,
    version: opts.version,
    size: opts.size,
    socket,
    target,
    root,
    workDir,
    home,
    tmux,
    capture,
    async sendKeys(...keys) {
      for (const k of keys) await tmux(['send-keys', '-t', target, k]);
    },
    async sendText(text) {
      await tmux(['send-keys', '-t', target, '-l', text]);
    },
    async paste(text) {
      await tmux(['set-buffer', '-b', 'akk', '--', text]);
      await tmux(['paste-buffer', '-p', '-d', '-b', 'akk', '-t', target]);
    },
    waitForScreen,
    waitForSettled,
    panePid: () => pid,
    commandOffset: () => commandOffset,
    async recordedBytes(quietMs = 150) {
      const file = opts.recordStream;
      if (!file) return 0;
      let size = fs.statSync(file).size;
      for (let quietSince = Date.now(); Date.now() - quietSince < quietMs;) {
        await sleep(25);
        const now = fs.statSync(file).size;
        if (now !== size) [size, quietSince] = [now, Date.now()];
      }
      return size;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      active.delete(socket);
      const procs = pid > 1 ? [pid, ...descendants(pid)] : [];
      killServerSync(base, entry.socketPath, entry.serverPid);
      await sleep(200);
      for (const p of procs) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          // ended
        }
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
