/**
 * Claude Code's own record of what it does: every interactive Claude Code keeps
 * `<config dir>/sessions/<pid>.json` (the config dir is `CLAUDE_CONFIG_DIR`, else `~/.claude`), whose
 * `status` is `idle`, `busy` or `waiting` (with `waitingFor`, such as "permission prompt"), updated
 * within milliseconds of its screen. It names no tool and answers nothing: it says whether a turn is
 * under way and whether the client waits on the person.
 */
import type { OwnActivity } from '../../../adapters/types';

const STATUSES: ReadonlySet<string> = new Set(['idle', 'busy', 'waiting']);

/** Where the Claude Code of process `pid`, started with `env`, keeps its state record. */
export function claudeActivityFile(env: ReadonlyMap<string, string>, pid: number): string | undefined {
  const configured = env.get('CLAUDE_CONFIG_DIR');
  const home = env.get('HOME');
  const dir = configured !== undefined && configured !== '' ? configured : home ? `${home}/.claude` : undefined;
  return dir === undefined ? undefined : `${dir.replace(/\/+$/, '')}/sessions/${pid}.json`;
}

/**
 * What the record says, when it is the record of process `pid` and names a status this reading
 * knows; undefined for anything else (another process's record, a torn write, a status of a later
 * release), which says nothing.
 */
export function claudeActivity(text: string, pid: number): OwnActivity | undefined {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof record !== 'object' || record === null) return undefined;
  const { pid: owner, status, waitingFor } = record as Record<string, unknown>;
  if (owner !== pid || typeof status !== 'string' || !STATUSES.has(status)) return undefined;
  const activity = status as OwnActivity['activity'];
  return activity === 'waiting' && typeof waitingFor === 'string' ? { activity, waitingFor } : { activity };
}
