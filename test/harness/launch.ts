// Starts a real agent client in a private tmux server at a given size, with a fresh HOME, config
// that skips start-up screens, a fresh work folder, and a clean environment, pointed at the fake
// model. stop() kills only that tmux server and the processes it started, and removes the temp dirs.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { agentBinary } from './install-agents';
import type { AgentName, TermSize } from './versions';

const run = promisify(execFile);

/** Runs live under `/tmp/akk-<8 hex>/`: the prefix has a fixed length so wrapping stays the same. */
export const RUN_ROOT_RE = /\/tmp\/akk-[0-9a-f]{8}/g;
export const RUN_ROOT_PLACEHOLDER = '/tmp/akk-00000000';
export const FAKE_API_KEY = 'sk-ant-akk-fake-0000000000000000000000';

export interface LaunchOptions {
  agent: AgentName;
  version: string;
  size: TermSize;
  /** Base URL of the fake model, e.g. http://127.0.0.1:1234 */
  modelUrl: string;
  /** Extra CLI arguments. */
  args?: string[];
  /** Extra top-level config.toml keys for Codex (tables: use `-c` arguments). */
  codexConfig?: string[];
}

export interface CaptureOptions {
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
  stop(): Promise<void>;
}

/** Writes Claude Code's config into `home` so that its start-up screens are skipped for `workDir`. */
export function claudeFiles(home: string, workDir: string, version: string): void {
  const approved = FAKE_API_KEY.slice(-20);
  const cfg = {
    hasCompletedOnboarding: true,
    lastOnboardingVersion: version,
    theme: 'dark',
    numStartups: 1,
    customApiKeyResponses: { approved: [approved], rejected: [] },
    projects: {
      [workDir]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true, allowedTools: [] },
    },
  };
  fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify(cfg, null, 2));
  fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
  fs.writeFileSync(
    path.join(home, '.claude', 'settings.json'),
    JSON.stringify({ permissions: { defaultMode: 'default', disableAutoMode: 'disable' } }, null, 2),
  );
}

/** Writes Codex's config.toml into `codexHome`: the fake model as provider, `workDir` trusted, no start-up extras. */
export function codexFiles(codexHome: string, workDir: string, modelUrl: string, extra: string[] = []): void {
  fs.mkdirSync(codexHome, { recursive: true });
  const lines = [
    ...extra,
    'model = "gpt-5.1-codex"',
    'model_provider = "fake"',
    'approval_policy = "on-request"',
    'sandbox_mode = "workspace-write"',
    'check_for_update_on_startup = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[model_providers.fake]',
    'name = "fake"',
    `base_url = "${modelUrl}/v1"`,
    'wire_api = "responses"',
    'env_key = "AKK_FAKE_KEY"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
    `[projects."${workDir}"]`,
    'trust_level = "trusted"',
    '',
    // The run folders live under /tmp: keep /tmp out of the writable roots so that writes outside the
    // work folder need approval, as they would for a project outside /tmp.
    '[sandbox_workspace_write]',
    'exclude_slash_tmp = true',
    'exclude_tmpdir_env_var = true',
    '',
    '[tui]',
    'animations = false',
    'show_tooltips = false',
  ];
  fs.writeFileSync(path.join(codexHome, 'config.toml'), lines.join('\n') + '\n');
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

const helpCache = new Map<string, Promise<string>>();
function codexHelp(bin: string): Promise<string> {
  let p = helpCache.get(bin);
  if (!p) {
    p = run(bin, ['--help'], { env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: '/nonexistent' } }).then(
      (r) => r.stdout,
      () => '',
    );
    helpCache.set(bin, p);
  }
  return p;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// Every running launch, so that an interrupted run (Ctrl-C, SIGTERM, exit) still kills its tmux servers.
const active = new Map<string, { base: string[]; root: string; socketPath?: string }>();
let handlersInstalled = false;

function killAllSync(): void {
  for (const [socket, a] of active) {
    killServerSync(a.base, a.socketPath);
    fs.rmSync(a.root, { recursive: true, force: true });
    active.delete(socket);
  }
}

/** Kills one private tmux server and removes its socket file (tmux 3.3 leaves it behind). */
function killServerSync(base: string[], socketPath: string | undefined): void {
  try {
    execFileSync('tmux', [...base, 'kill-server'], { stdio: 'ignore' });
  } catch {
    // already gone
  }
  if (socketPath) fs.rmSync(socketPath, { force: true });
}

function installHandlers(): void {
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

/** The environment that points Codex at its config (see codexFiles) and the fake model's key. */
export function codexEnv(codexHome: string): Record<string, string> {
  return { CODEX_HOME: codexHome, AKK_FAKE_KEY: 'sk-akk-fake' };
}

/** The environment that points Claude Code at the fake model, without telemetry or updates. */
export function claudeEnv(modelUrl: string): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: modelUrl,
    ANTHROPIC_API_KEY: FAKE_API_KEY,
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
  };
}

export async function launchAgent(opts: LaunchOptions): Promise<Launched> {
  installHandlers();
  const bin = await agentBinary(opts.agent, opts.version);
  const root = `/tmp/akk-${randomBytes(4).toString('hex')}`;
  const home = path.join(root, 'home');
  const workDir = path.join(root, 'project');
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(workDir, { recursive: true });
  const socket = `akk-${randomBytes(5).toString('hex')}`;
  const tmuxConf = path.join(root, 'tmux.conf');
  fs.writeFileSync(tmuxConf, ['set -g status off', 'set -g history-limit 5000', 'set -s escape-time 0', ''].join('\n'));

  const base = ['-L', socket, '-f', tmuxConf];
  // Where tmux puts a -L socket (it does not remove the file on kill-server).
  const socketPath = path.join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`, socket);
  const entry: { base: string[]; root: string; socketPath?: string } = { base, root, socketPath };
  active.set(socket, entry);

  const nodeDir = path.dirname(process.execPath);
  const env: Record<string, string> = {
    PATH: `${nodeDir}:/usr/local/bin:/usr/bin:/bin`,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    HOME: home,
  };
  let argv: string[];
  if (opts.agent === 'claude') {
    claudeFiles(home, workDir, opts.version);
    Object.assign(env, claudeEnv(opts.modelUrl));
    argv = [bin, ...(opts.args ?? [])];
  } else {
    const codexHome = path.join(home, '.codex');
    codexFiles(codexHome, workDir, opts.modelUrl, opts.codexConfig ?? []);
    Object.assign(env, codexEnv(codexHome));
    // Newer clients otherwise start (or reuse) a shared background server outside the tmux pane.
    const noDaemon = (await codexHelp(bin)).includes('--no-daemon') ? ['--no-daemon'] : [];
    argv = [bin, ...noDaemon, ...(opts.args ?? [])];
  }
  const envArgs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  const tmux = async (args: string[]): Promise<string> => (await run('tmux', [...base, ...args], { maxBuffer: 16 * 1024 * 1024 })).stdout;

  let target: string;
  try {
    target = (
    await tmux([
      'new-session', '-d', '-P', '-F', '#{pane_id}', '-x', String(opts.size.cols), '-y', String(opts.size.rows),
      '-c', workDir, '-s', 'akk', '--', 'env', '-i', ...envArgs, ...argv,
    ])
    ).trim();
  } catch (e) {
    active.delete(socket);
    killServerSync(base, socketPath);
    fs.rmSync(root, { recursive: true, force: true });
    throw e;
  }
  await tmux(['set-option', '-g', 'window-size', 'manual']);
  const pid = Number((await tmux(['display-message', '-p', '-t', target, '#{pane_pid}'])).trim());
  let stopped = false;

  const capture = async (c: CaptureOptions = {}): Promise<string> => {
    const a = ['capture-pane', '-p', '-t', target];
    if (c.styled) a.push('-e');
    if (c.join) a.push('-J');
    return tmux(a);
  };

  const waitForScreen = async (predicate: (s: string) => boolean, timeoutMs = 15_000, what = 'screen'): Promise<string> => {
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
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last screen:\n${plain}`);
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
    async stop() {
      if (stopped) return;
      stopped = true;
      active.delete(socket);
      const procs = [pid, ...descendants(pid)];
      killServerSync(base, entry.socketPath);
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
