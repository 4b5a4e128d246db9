/**
 * Which agent runs in a terminal, and exactly which version. The process tree under the pane's
 * process is walked through /proc; each executable (or, for a script run by node, the script)
 * is mapped to an agent of the registry (src/shared/agents.ts) by the npm package it belongs to,
 * and the version is read from that package's metadata. Nothing is guessed: no readable, exact
 * version means `null`, and an executable replaced on disk since the process started has no
 * version either. Results are cached by path, device, inode and modification time.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AGENTS, AGENT_DESCRIPTORS, type AgentKind, type AgentName } from '../../shared/agents';
import type { AgentProcess } from './endpoint';
import { chooseProcessTable } from './platform';
import type { ExecutableInfo, ProcessTable } from './process-table';

interface FileIdentification {
  agent: AgentKind;
  version: string | null;
  reason?: string;
}

const EXACT_VERSION_RE = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const PLATFORM_SUFFIX_RE = /-((?:linux|darwin|win32)-(?:x64|arm64))$/;
const INTERPRETERS = new Set(['node', 'nodejs', 'bun']);
const MAX_PACKAGE_LEVELS = 5;

function readJson(file: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function exact(version: unknown): string | null {
  return typeof version === 'string' && EXACT_VERSION_RE.test(version) ? version : null;
}

/**
 * The version in a package's metadata, without the `-<os>-<arch>` suffix of a platform package
 * where the agent publishes one.
 */
function packageVersion(agent: AgentName, dir: string, raw: unknown): string | null {
  const prefix = AGENT_DESCRIPTORS[agent].identification.platformDirPrefix;
  if (prefix === undefined || typeof raw !== 'string') return exact(raw);
  const suffix = PLATFORM_SUFFIX_RE.exec(raw);
  return exact(suffix && path.basename(dir) === `${prefix}${suffix[1] ?? ''}` ? raw.slice(0, -suffix[0].length) : raw);
}

/**
 * Identifies a file by the npm package it lies in, with the registry's identification data. Pure
 * apart from reading package metadata. A file with one of an agent's executable names belongs to
 * it when a folder above it holds the agent's layout file (whose version is exact), or when the
 * nearest package.json above it names one of the agent's packages. For example Claude Code is
 * `@anthropic-ai/claude-code` (bin/claude.exe, cli.js) or its native platform package
 * `@anthropic-ai/claude-code-<os>-<arch>` (claude); Codex is `@openai/codex` (bin/codex.js) or the
 * native binary in `@openai/codex-<os>-<arch>/vendor/<triple>/bin/codex`, whose version is in
 * `codex-package.json` beside `bin/`, or in the platform package's `package.json` as
 * `<version>-<os>-<arch>`.
 */
export function identifyFile(file: string): FileIdentification {
  const base = path.basename(file);
  const candidates = AGENTS.filter((a) => AGENT_DESCRIPTORS[a].identification.executables.includes(base));
  if (candidates.length === 0) return { agent: 'unknown', version: null, reason: `${base} is not a supported agent` };
  let dir = path.dirname(file);
  for (let level = 0; level < MAX_PACKAGE_LEVELS; level++) {
    for (const agent of candidates) {
      const layoutFile = AGENT_DESCRIPTORS[agent].identification.layoutFile;
      if (!layoutFile) continue;
      const layout = readJson(path.join(dir, layoutFile.name));
      if (layout && (layout.variant === undefined || layout.variant === layoutFile.variant)) {
        const version = exact(layout.version);
        if (version) return { agent, version };
        return { agent, version: null, reason: `${layoutFile.name} holds no exact version` };
      }
    }
    const pkg = readJson(path.join(dir, 'package.json'));
    if (pkg) {
      const name = typeof pkg.name === 'string' ? pkg.name : '';
      const agent = candidates.find((a) => AGENT_DESCRIPTORS[a].identification.packagePattern.test(name));
      if (agent) {
        const version = packageVersion(agent, dir, pkg.version);
        return version ? { agent, version } : { agent, version: null, reason: `${name} has no exact version` };
      }
      return { agent: 'unknown', version: null, reason: `${base} belongs to ${name || 'an unnamed package'}` };
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return { agent: 'unknown', version: null, reason: `${base} is not inside a known package` };
}

interface CacheEntry {
  key: string;
  result: FileIdentification;
}

interface AgentIdentifierOptions {
  proc?: ProcessTable;
  /** Largest number of processes looked at under one pane. */
  maxProcesses?: number;
}

/** Finds and identifies the agent process under a terminal's process. */
export class AgentIdentifier {
  readonly proc: ProcessTable;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly maxProcesses: number;

  constructor(options: AgentIdentifierOptions = {}) {
    this.proc = options.proc ?? chooseProcessTable();
    this.maxProcesses = options.maxProcesses ?? 256;
  }

  /** Identifies a file, cached by path + device + inode + mtime. */
  identifyCached(file: string, info: Pick<ExecutableInfo, 'ino' | 'dev' | 'mtimeMs'>): FileIdentification {
    const key = `${info.dev}:${info.ino}:${info.mtimeMs}`;
    const hit = this.cache.get(file);
    if (hit && hit.key === key) return hit.result;
    const result = identifyFile(file);
    if (this.cache.size > 512) this.cache.clear();
    this.cache.set(file, { key, result });
    return result;
  }

  /** Identifies one process: by its executable, or by the script an interpreter runs. */
  identifyProcess(pid: number): { id: FileIdentification; executable: string | null } {
    const exe = this.proc.executable(pid);
    if (!exe) return { id: { agent: 'unknown', version: null, reason: 'executable not readable' }, executable: null };
    let id = this.identifyCached(exe.path, exe);
    let executable = exe.path;
    let replaced = exe.deleted;
    if (id.agent === 'unknown' && INTERPRETERS.has(path.basename(exe.path))) {
      const script = this.scriptOf(pid);
      if (script) {
        try {
          const st = fs.statSync(script);
          id = this.identifyCached(script, st);
          executable = script;
          replaced = false;
        } catch {
          // the script is gone: stay unknown
        }
      }
    }
    if (id.agent !== 'unknown' && replaced) {
      id = { agent: id.agent, version: null, reason: 'the executable was replaced on disk after the process started' };
    }
    return { id, executable };
  }

  private scriptOf(pid: number): string | null {
    const argv = this.proc.cmdline(pid);
    const arg = argv.slice(1).find((a) => !a.startsWith('-'));
    if (!arg) return null;
    const cwd = this.proc.cwd(pid);
    const abs = path.isAbsolute(arg) ? arg : cwd ? path.resolve(cwd, arg) : null;
    if (!abs) return null;
    try {
      return fs.realpathSync(abs);
    } catch {
      return null;
    }
  }

  /**
   * Walks the process tree from `rootPid` breadth first and returns the agent process: the
   * shallowest identified agent (a launcher's child of the same agent is preferred, since it
   * is the process that draws the screen). Several different agents at that depth make the
   * result `unknown`. Without any agent, the foreground process is returned as `unknown`.
   */
  findAgent(rootPid: number): AgentProcess | null {
    const rootStat = this.proc.stat(rootPid);
    if (!rootStat) return null;
    type Found = { pid: number; depth: number; id: FileIdentification; executable: string | null };
    const found: Found[] = [];
    let frontier = [rootPid];
    let seen = 0;
    for (let depth = 0; frontier.length > 0 && found.length === 0 && seen < this.maxProcesses; depth++) {
      const next: number[] = [];
      for (const pid of frontier) {
        if (++seen > this.maxProcesses) break;
        const { id, executable } = this.identifyProcess(pid);
        if (id.agent !== 'unknown') found.push({ pid, depth, id, executable });
        else next.push(...this.proc.children(pid));
      }
      frontier = next;
    }
    if (found.length === 0)
      return this.unknownProcess(rootPid, rootStat.tpgid, 'no supported agent runs in this terminal');
    const chosen = found.map((f) => this.preferChild(f));
    const first = chosen[0] as Found;
    if (chosen.some((c) => c.id.agent !== first.id.agent || c.id.version !== first.id.version)) {
      return this.unknownProcess(rootPid, rootStat.tpgid, 'several different agents run in this terminal');
    }
    const st = this.proc.stat(first.pid);
    if (!st) return null;
    return {
      agent: first.id.agent,
      version: first.id.version,
      pid: first.pid,
      startTime: st.startTime,
      executable: first.executable,
      foreground: st.tpgid > 0 && st.pgrp === st.tpgid,
      ...(first.id.reason ? { reason: first.id.reason } : {}),
    };
  }

  /** A script launcher (`node <agent>.js`) whose child is the same agent: take the child, which draws the screen. */
  private preferChild<T extends { pid: number; id: FileIdentification; executable: string | null }>(found: T): T {
    if (!found.executable || !/\.[cm]?js$/.test(found.executable)) return found;
    for (const child of this.proc.children(found.pid)) {
      const { id, executable } = this.identifyProcess(child);
      if (id.agent !== found.id.agent) continue;
      if (id.version !== null && found.id.version !== null && id.version !== found.id.version) {
        return {
          ...found,
          pid: child,
          executable,
          id: { agent: id.agent, version: null, reason: 'launcher and binary versions differ' },
        };
      }
      return { ...found, pid: child, executable, id: id.version !== null ? id : found.id };
    }
    return found;
  }

  private unknownProcess(rootPid: number, tpgid: number, reason: string): AgentProcess | null {
    const leader = tpgid > 0 && this.isUnder(tpgid, rootPid) ? tpgid : rootPid;
    const st = this.proc.stat(leader);
    if (!st) return null;
    return {
      agent: 'unknown',
      version: null,
      pid: leader,
      startTime: st.startTime,
      executable: this.proc.executable(leader)?.path ?? null,
      foreground: st.tpgid > 0 && st.pgrp === st.tpgid,
      reason,
    };
  }

  private isUnder(pid: number, rootPid: number): boolean {
    let current: number | undefined = pid;
    for (let i = 0; i < 64 && current !== undefined && current > 1; i++) {
      if (current === rootPid) return true;
      current = this.proc.stat(current)?.ppid;
    }
    return false;
  }
}
