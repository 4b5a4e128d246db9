/**
 * An agent's own word on what it does, beside what its screen proves (issue "Claude Code's own
 * word", item 4): the agent's state record, read where the agent keeps it. It settles what a quiet
 * screen cannot: a turn is not over while the agent says it works, and a session whose screen shows
 * no prompt AKK can prove is still told as waiting when the agent says it waits. It never makes a
 * step answerable: only a proven screen or the agent's own request does.
 */
import { agentLabel, type AgentKind } from '../../shared/agents';
import type { OwnActivity } from '../../adapters/types';
import { activityFileOf, activityOf } from '../base/adapters';
import { processEnvironment } from '../base/process-environment';
import { readTextFile } from '../base/read-text';
import type { Classification } from '../sessions';

/** Record paths by process: a process's environment does not change. */
const files = new Map<number, string | null>();
const FILES_KEPT = 256;

/** What the agent of process `pid` says it does; undefined where it keeps no record or it cannot be read. */
export function readOwnActivity(agent: AgentKind, pid: number): OwnActivity | undefined {
  let file = files.get(pid);
  if (file === undefined) {
    const env = processEnvironment(pid);
    file = env ? (activityFileOf(agent, env, pid) ?? null) : null;
    if (files.size >= FILES_KEPT) files.clear();
    files.set(pid, file);
  }
  const text = file === null ? undefined : readTextFile(file);
  return text === undefined ? undefined : activityOf(agent, text, pid);
}

/**
 * The session state both witnesses allow. The screen decides whatever it proves, except that a
 * screen that looks idle (or cannot be read) while the agent says it works is still working, and
 * one that shows no prompt AKK can prove while the agent says it waits is left to the person, who
 * is told what the agent says it waits for. A manual screen (`screen`, where the caller found that
 * it proves nothing) is working while the agent says so, and stays manual otherwise.
 */
export function withOwnActivity(
  screen: Classification,
  agent: AgentKind,
  own: OwnActivity | undefined,
): Classification {
  // What the screen proves (work, a prompt proven exactly) is not the record's to change.
  if (own === undefined || screen.state === 'working' || screen.state === 'waiting_input') return screen;
  if (own.activity === 'busy') return { state: 'working', detail: 'own_activity' };
  if (screen.state === 'manual_required') return screen;
  if (own.activity === 'waiting') {
    const what = own.waitingFor ? ` (${own.waitingFor})` : '';
    return {
      state: 'manual_required',
      detail:
        `${agentLabel(agent)} says it waits${what}, and its screen shows no prompt that can be proven: ` +
        'answer in the terminal',
    };
  }
  return screen.state === 'unknown' ? { state: 'idle', detail: 'own_activity' } : screen;
}
