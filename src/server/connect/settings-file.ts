/**
 * Connect and Disconnect on disk: which settings file (the agent's user settings, or a project's
 * local settings), the command that runs AKK's hook program there, and the change written
 * atomically (a temporary file in the same folder, synced, renamed over it, the folder synced),
 * keeping the file's mode. Without `apply`, nothing is written: the result says what would be.
 */
import * as fs from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import type { AgentHooks } from '../../shared/agents';
import type { ConnectAgentParams, ConnectAgentResult } from '../../shared/connect-shapes';
import { AkkError } from '../../shared/errors';
import { connectedText, disconnectedText, type HookTarget } from './hook-settings';

/** A settings file larger than this is not one (an agent's are a few kilobytes). */
const MAX_SETTINGS_BYTES = 1_048_576;
/** Where the hook program is kept for agents to run, across installs of the extension. */
const HOOK_PROGRAM = 'agent-hook.js';

/** A word of a shell command line: as it is when plain, else single-quoted. */
const quoted = (s: string): string => (/^[\w./+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** The settings file a scope names. */
export function settingsFileOf(hooks: AgentHooks, params: ConnectAgentParams, env: NodeJS.ProcessEnv): string {
  const { dirEnv, homeDir, file } = hooks.userSettings;
  if (params.scope === 'user') return path.join(env[dirEnv] ?? path.join(homedir(), homeDir), file);
  const folder = params.folder;
  if (
    folder === undefined ||
    !path.isAbsolute(folder) ||
    !fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()
  )
    throw new AkkError(
      'invalid_params',
      `a project's settings need its folder, absolute and existing: ${folder ?? '(none)'}`,
    );
  return path.join(folder, hooks.projectSettings);
}

/**
 * The hook program where agents run it: a copy in `keepDir` (the editor's global storage, which
 * outlives an install of the extension), brought up to date from the one beside this server.
 */
export function installedHookProgram(besideServer: string, keepDir: string | undefined): string {
  const shipped = path.join(besideServer, HOOK_PROGRAM);
  if (keepDir === undefined) return shipped;
  const kept = path.join(keepDir, HOOK_PROGRAM);
  const text = fs.readFileSync(shipped);
  if (!(fs.existsSync(kept) && fs.readFileSync(kept).equals(text))) writeAtomically(kept, text, 0o644);
  return kept;
}

/**
 * The command line that runs `program` for the target's agent and event with this server's
 * runtime, relaying to the servers of `wordDir`.
 */
export function hookCommand(
  program: string,
  runtime: { path: string; electron: boolean },
  wordDir: string,
  { agent, event }: HookTarget,
): string {
  const run = `${runtime.electron ? 'ELECTRON_RUN_AS_NODE=1 ' : ''}${quoted(runtime.path)} ${quoted(program)}`;
  return `${run} --dir ${quoted(wordDir)} ${agent} ${event}`;
}

function writeAtomically(file: string, data: string | Buffer, mode: number): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(file)}.akk-${process.pid}`);
  const fd = fs.openSync(temp, 'w', mode);
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.chmodSync(temp, mode);
  fs.renameSync(temp, file);
  const dfd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(dfd);
  } finally {
    fs.closeSync(dfd);
  }
}

function readSettings(file: string): { text: string | null; mode: number } {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat === undefined) return { text: null, mode: 0o600 };
  if (!stat.isFile() || stat.size > MAX_SETTINGS_BYTES)
    throw new AkkError('settings_unreadable', `${file} is not a settings file AKK can edit; left as it is`, { file });
  return { text: fs.readFileSync(file, 'utf8'), mode: stat.mode & 0o777 };
}

/** The text of a settings file, or '' when there is none or it is not one. */
export function settingsText(file: string): string {
  try {
    return readSettings(file).text ?? '';
  } catch {
    return '';
  }
}

/**
 * AKK's hook entries (one per target) added to (`command` given) or taken out of the settings file,
 * or what would be.
 */
export function changeSettings(
  file: string,
  targets: readonly HookTarget[],
  command: ((target: HookTarget) => string) | 'disconnect',
  apply: boolean,
): ConnectAgentResult {
  const { text: before, mode } = readSettings(file);
  let after: string | null = before;
  if (command === 'disconnect') {
    // Taken out in the reverse order they were put in, so the file comes back byte for byte.
    for (const target of [...targets].reverse()) if (after !== null) after = disconnectedText(after, target, file);
    // What is left of a file Connect made is an empty object: the file goes, as it was before.
    if (after !== null && after !== before && after.trim() === '{}') after = null;
  } else for (const target of targets) after = connectedText(after ?? '', target, command(target), file);
  const changed = after !== before;
  if (apply && changed) {
    if (after === null) fs.rmSync(file, { force: true });
    else writeAtomically(file, after, mode);
  }
  return { file, before, after, changed, applied: apply && changed };
}
