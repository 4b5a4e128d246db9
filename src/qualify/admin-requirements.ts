// An administrator's requirements given to a client as its own /etc would: a private mount
// namespace whose /etc is the real one with the requirements file (and hosts) laid over it.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AgentName } from '../shared/agents';
import { harnessAgent } from './agents';

/** Why an administrator's requirements cannot be given to a client here, or undefined when they can. */
export function adminNamespaceUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'private mount namespaces need Linux';
  if (process.getuid?.() !== 0) return 'mounting over /etc in a private mount namespace needs root';
  try {
    execFileSync('unshare', ['-m', '--propagation', 'private', '--', 'true'], { stdio: 'ignore' });
  } catch {
    return '`unshare -m` is not available (no util-linux, or no CAP_SYS_ADMIN)';
  }
  return undefined;
}

/**
 * The command prefix that runs the client in a private mount namespace whose /etc is the real one
 * with the agent's administrator's requirements file added (`requirementsFile`, relative to /etc),
 * and `hosts` added to /etc/hosts: an overlay whose upper layer lives under the run root, so nothing
 * is written to the real /etc and the mount ends with the process. None without requirements.
 */
export function adminNamespace(
  root: string,
  agent: AgentName,
  requirements: string | undefined,
  hosts: Record<string, string> = {},
): string[] {
  if (requirements === undefined) return [];
  const file = harnessAgent(agent).requirementsFile;
  if (file === undefined) throw new Error(`${agent} has no administrator's requirements file`);
  const why = adminNamespaceUnavailable();
  if (why) throw new Error(`cannot give the client an administrator's requirements: ${why}`);
  const upper = path.join(root, 'etc-upper');
  const work = path.join(root, 'etc-work');
  fs.mkdirSync(path.dirname(path.join(upper, file)), { recursive: true });
  fs.mkdirSync(work, { recursive: true });
  fs.writeFileSync(path.join(upper, file), requirements);
  const added = Object.entries(hosts).map(([name, address]) => `${address} ${name}\n`);
  if (added.length > 0)
    fs.writeFileSync(path.join(upper, 'hosts'), fs.readFileSync('/etc/hosts', 'utf8') + added.join(''));
  const mount = `mount -t overlay overlay -o "lowerdir=/etc,upperdir=$0,workdir=$1" /etc && shift && exec "$@"`;
  return ['unshare', '-m', '--propagation', 'private', '--', 'sh', '-c', mount, upper, work];
}
