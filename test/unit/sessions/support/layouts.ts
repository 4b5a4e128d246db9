// Temp folders shaped like the npm packages of the agents, and a fake /proc tree.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

function write(file: string, content: string, mode?: number): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  if (mode !== undefined) fs.chmodSync(file, mode);
  return file;
}

export interface ClaudeLayout {
  wrapperExe: string;
  nativeExe: string;
}

/** node_modules/@anthropic-ai/claude-code (bin/claude.exe) and claude-code-linux-x64 (claude). */
export function claudeLayout(root: string, version: string, exeContent = '#!/bin/sh\n'): ClaudeLayout {
  const nm = path.join(root, 'node_modules', '@anthropic-ai');
  write(
    path.join(nm, 'claude-code', 'package.json'),
    JSON.stringify({ name: '@anthropic-ai/claude-code', version, bin: { claude: 'bin/claude.exe' } }),
  );
  const wrapperExe = write(path.join(nm, 'claude-code', 'bin', 'claude.exe'), exeContent, 0o755);
  write(
    path.join(nm, 'claude-code-linux-x64', 'package.json'),
    JSON.stringify({ name: '@anthropic-ai/claude-code-linux-x64', version }),
  );
  const nativeExe = write(path.join(nm, 'claude-code-linux-x64', 'claude'), exeContent, 0o755);
  return { wrapperExe, nativeExe };
}

export interface CodexLayout {
  launcher: string;
  nativeExe: string;
}

/** node_modules/@openai/codex (bin/codex.js) and codex-linux-x64/vendor/<triple>/bin/codex. */
export function codexLayout(
  root: string,
  version: string,
  options: { layoutFile?: boolean; exeContent?: string; launcherContent?: string } = {},
): CodexLayout {
  const nm = path.join(root, 'node_modules', '@openai');
  write(
    path.join(nm, 'codex', 'package.json'),
    JSON.stringify({ name: '@openai/codex', version, bin: { codex: 'bin/codex.js' } }),
  );
  const launcher = write(path.join(nm, 'codex', 'bin', 'codex.js'), options.launcherContent ?? '// launcher\n', 0o755);
  const platform = path.join(nm, 'codex-linux-x64');
  write(
    path.join(platform, 'package.json'),
    JSON.stringify({ name: '@openai/codex', version: `${version}-linux-x64` }),
  );
  const triple = path.join(platform, 'vendor', 'x86_64-unknown-linux-musl');
  if (options.layoutFile !== false) {
    write(
      path.join(triple, 'codex-package.json'),
      JSON.stringify({ layoutVersion: 1, version, variant: 'codex', entrypoint: 'bin/codex' }),
    );
  }
  const nativeExe = write(path.join(triple, 'bin', 'codex'), options.exeContent ?? '#!/bin/sh\n', 0o755);
  return { launcher, nativeExe };
}

export interface FakeProcess {
  pid: number;
  ppid: number;
  comm?: string;
  pgrp?: number;
  tpgid?: number;
  startTime?: number;
  exe?: string;
  cmdline?: string[];
  cwd?: string;
}

/** A fake /proc: <pid>/stat, task/<pid>/children, exe and cwd symlinks, cmdline. */
export function fakeProc(root: string, processes: FakeProcess[], options: { childrenFiles?: boolean } = {}): string {
  for (const p of processes) {
    const dir = path.join(root, String(p.pid));
    const comm = p.comm ?? 'proc';
    const fields = [
      'S',
      p.ppid,
      p.pgrp ?? p.pid,
      0,
      34816,
      p.tpgid ?? -1,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      20,
      0,
      1,
      0,
      p.startTime ?? 1000 + p.pid,
    ];
    write(path.join(dir, 'stat'), `${p.pid} (${comm}) ${fields.join(' ')} 0 0\n`);
    if (options.childrenFiles !== false) {
      const kids = processes.filter((c) => c.ppid === p.pid).map((c) => c.pid);
      write(path.join(dir, 'task', String(p.pid), 'children'), kids.length ? `${kids.join(' ')} ` : '');
    } else {
      fs.mkdirSync(path.join(dir, 'task', String(p.pid)), { recursive: true });
    }
    if (p.exe) fs.symlinkSync(p.exe, path.join(dir, 'exe'));
    write(path.join(dir, 'cmdline'), (p.cmdline ?? []).map((a) => `${a}\0`).join(''));
    if (p.cwd) fs.symlinkSync(p.cwd, path.join(dir, 'cwd'));
  }
  write(path.join(root, 'sys', 'kernel', 'random', 'boot_id'), 'boot-1\n');
  return root;
}
