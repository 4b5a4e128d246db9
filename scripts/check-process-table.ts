/**
 * What AKK reads of a terminal on this machine, for checking a platform by hand (docs/macos.md):
 * the process table in use, the shell's terminal and its size, and the agent found under the
 * shell with its exact version, as the server would identify it.
 *
 *   npx tsx scripts/check-process-table.ts <shell pid>      (in the agent's terminal: echo $$)
 *   AKK_PROCESS_TABLE=posix npx tsx scripts/check-process-table.ts <shell pid>
 */
import { AgentIdentifier } from '../src/server/sessions/agent-identity';
import { openPtySize } from '../src/server/sessions/terminal/pty-size';

function main(): number {
  const pid = Number(process.argv[2]);
  if (!Number.isInteger(pid) || pid <= 0) {
    process.stderr.write('usage: check-process-table <shell pid>   (in the agent terminal: echo $$)\n');
    return 2;
  }
  const identifier = new AgentIdentifier();
  const table = identifier.proc;
  const stat = table.stat(pid);
  const tty = table.ttyOf(pid);
  const size = tty ? openPtySize(tty) : null;
  const agent = identifier.findAgent(pid);
  const lines = [
    `process table: ${table.kind}`,
    `shell ${pid}: ${stat ? `parent ${stat.ppid}, group ${stat.pgrp}, foreground group ${stat.tpgid}` : 'not found'}`,
    `terminal: ${tty ?? 'none found'}${size ? `, ${JSON.stringify(size.read())}` : ''}`,
    `boot: ${table.bootId() ?? 'unknown'}`,
    agent
      ? `agent: ${agent.agent} ${agent.version ?? '(version unknown)'}, pid ${agent.pid}, ` +
        `${agent.foreground ? 'foreground' : 'background'}, executable ${agent.executable ?? 'unknown'}` +
        (agent.reason ? ` (${agent.reason})` : '')
      : 'agent: none',
  ];
  size?.dispose();
  process.stdout.write(`${lines.join('\n')}\n`);
  return agent && agent.agent !== 'unknown' && agent.version !== null ? 0 : 1;
}

process.exitCode = main();
