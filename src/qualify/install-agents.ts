// Installs real agent clients on demand into a cache folder outside the repository:
//   ${AKK_AGENT_CACHE:-$HOME/.cache/akk/agents}/<agent>/<version>/
// Usage: npm run agents:install -- --agent claude --version 2.1.267 | --agent codex --newest | --all
// (`--all`: the seed versions, the newest, and the release the VS Code tier sees differ, DIFFERING_RELEASE)
// Idempotent: an installed version whose binary answers `--version` is left alone. Either way, a
// version with a qualification record must be the client that record names: the package's
// integrity and the executable's SHA-256 are checked against it, once per process.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { harnessAgent } from './agents';
import { readRecord, recordPath } from './runner/records';
import { AGENTS, DIFFERING_RELEASE, NEWEST, PACKAGES, VERSIONS, parseAgent, type AgentName } from './versions';

const run = promisify(execFile);

export function agentCacheRoot(): string {
  return process.env.AKK_AGENT_CACHE || path.join(os.homedir(), '.cache', 'akk', 'agents');
}

export function agentDir(agent: AgentName, version: string): string {
  return path.join(agentCacheRoot(), agent, version);
}

/** The executable inside an install folder (not checked). */
export function binaryIn(agent: AgentName, dir: string): string {
  return harnessAgent(agent).binaryIn(dir);
}

async function works(version: string, bin: string): Promise<boolean> {
  if (!fs.existsSync(bin)) return false;
  try {
    const { stdout } = await run(bin, ['--version'], {
      timeout: 30_000,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir(), DISABLE_AUTOUPDATER: '1' },
    });
    return stdout.includes(version);
  } catch {
    return false;
  }
}

async function withLock<T>(lockDir: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readOr(path.join(lockDir, 'pid'), '0'));
      if (pid > 0 && !alive(pid)) {
        fs.rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for install lock ${lockDir}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const verified = new Set<string>();

/**
 * Throws unless the client installed in `dir` is the one its qualification record names (a version
 * without a record, such as one kept unqualified on purpose, has nothing to be checked against).
 */
export function checkQualifiedClient(agent: AgentName, version: string, dir: string): void {
  const file = recordPath(agent, version);
  if (verified.has(dir) || !fs.existsSync(file)) return;
  const { client } = readRecord(file);
  const lock = JSON.parse(readOr(path.join(dir, 'package-lock.json'), '{}')) as {
    packages?: Record<string, { integrity?: string }>;
  };
  const integrity = lock.packages?.[`node_modules/${PACKAGES[agent]}`]?.integrity;
  if (integrity !== client.integrity)
    throw new Error(
      `${agent}@${version} in ${dir} has package integrity ${integrity}; its record names ${client.integrity}`,
    );
  const sha = createHash('sha256')
    .update(fs.readFileSync(fs.realpathSync(binaryIn(agent, dir))))
    .digest('hex');
  if (sha !== client.executableSha256)
    throw new Error(
      `${agent}@${version} in ${dir}: executable SHA-256 ${sha}; its record names ${client.executableSha256}`,
    );
  verified.add(dir);
}

/** Installs `agent@version` into the cache if needed and returns the executable path, checked against its record. */
export async function agentBinary(agent: AgentName, version: string): Promise<string> {
  const bin = await installedBinary(agent, version);
  checkQualifiedClient(agent, version, agentDir(agent, version));
  return bin;
}

async function installedBinary(agent: AgentName, version: string): Promise<string> {
  return installPackage(agentDir(agent, version), PACKAGES[agent], version, (dir) => binaryIn(agent, dir));
}

/**
 * Installs `npmPackage@version` into `dir` unless the executable `binaryIn(dir)` there already
 * reports that version: staged in a folder of its own and renamed, under a lock, so a half-finished
 * install is never taken as done. Returns the executable.
 */
export async function installPackage(
  dir: string,
  npmPackage: string,
  version: string,
  binaryIn: (dir: string) => string,
): Promise<string> {
  const bin = binaryIn(dir);
  if (await works(version, bin)) return bin;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  return withLock(`${dir}.lock`, async () => {
    if (await works(version, bin)) return bin;
    const staging = `${dir}.staging-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    fs.writeFileSync(
      path.join(staging, 'package.json'),
      JSON.stringify({ name: `akk-${path.basename(path.dirname(dir))}-${version}`, private: true }) + '\n',
    );
    await run(
      'npm',
      ['install', '--prefix', staging, '--no-audit', '--no-fund', '--loglevel=error', `${npmPackage}@${version}`],
      { cwd: staging, timeout: 20 * 60_000, maxBuffer: 64 * 1024 * 1024 },
    );
    const stagedBin = binaryIn(staging);
    if (!(await works(version, stagedBin))) {
      throw new Error(`${npmPackage}@${version} installed but ${stagedBin} --version did not report ${version}`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(staging, dir);
    return bin;
  });
}

async function main(argv: string[]): Promise<void> {
  const args = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      args.set(a.slice(2), next);
      i++;
    } else args.set(a.slice(2), true);
  }
  const jobs: Array<[AgentName, string]> = [];
  if (args.has('all')) {
    for (const agent of AGENTS) for (const v of VERSIONS[agent]) jobs.push([agent, v]);
    jobs.push([DIFFERING_RELEASE.agent, DIFFERING_RELEASE.version]);
  } else {
    const agents = args.has('agent') ? [parseAgent(String(args.get('agent')))] : AGENTS;
    for (const agent of agents) {
      const v = args.get('version');
      if (typeof v === 'string') jobs.push([agent, v]);
      else if (args.has('newest')) jobs.push([agent, NEWEST[agent]]);
      else throw new Error(`usage: install-agents --agent ${AGENTS.join('|')} (--version X | --newest) | --all`);
    }
  }
  for (const [agent, version] of jobs) {
    const bin = await agentBinary(agent, version);
    process.stdout.write(`${agent} ${version} ${bin}\n`);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
