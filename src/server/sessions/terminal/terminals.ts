/**
 * Agent sessions in the editor's integrated terminals. The editor reports each command that
 * starts in a terminal with shell integration; when the shell's process tree shows a supported
 * agent under it, the command becomes a session whose screen is mirrored from its output.
 * Terminals whose output cannot be read (no shell integration, or an agent that was running
 * before the window loaded) become observe-only sessions that say why.
 */
import type { AgentKind } from '../../../shared/agents';
import type { AgentIdentifier } from '../agent-identity';
import type { SessionRegistry } from '../registry';
import { TerminalEndpoint } from './endpoint';
import { commandAgent } from './command-agent';
import { noShellIntegration, shellName } from './shell-integration-fix';

interface TerminalCommand {
  terminal_id: string;
  execution_id: string;
  name: string;
  shell_pid: number;
  unreadable?: 'no_shell_integration' | 'running_before_reload';
  command_line?: string;
}

interface TerminalAttachResult {
  session_id: string | null;
  agent: AgentKind;
  version: string | null;
}

interface TerminalSessionsOptions {
  registry: SessionRegistry;
  identifier: AgentIdentifier;
  /** Writes text to the editor's terminal (a request to the editor). */
  write: (terminalId: string, text: string) => Promise<void>;
  /** How long a started command is watched for an agent process to appear. */
  identifyWithinMs?: number;
  log?: (message: string) => void;
}

/** Why an unreadable terminal is observe only (the shell's own fix where integration is missing). */
function unreadableReason(kind: NonNullable<TerminalCommand['unreadable']>, shell: string | null): string {
  if (kind === 'no_shell_integration') return noShellIntegration(shell);
  return (
    'the agent was already running when this window loaded, so its screen cannot be read here: answer it in ' +
    'the terminal, or start it again (sessions started with the tmux launch setting survive a reload)'
  );
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class TerminalSessions {
  /** `<terminal id>|<execution id>` → the open endpoint. */
  private readonly endpoints = new Map<string, TerminalEndpoint>();
  private readonly ended = new Set<string>();
  private readonly sessionOf = new Map<string, string>();

  constructor(private readonly o: TerminalSessionsOptions) {}

  /** Identifies the agent of a started command and attaches it; null when none appears. */
  async started(command: TerminalCommand): Promise<TerminalAttachResult> {
    const key = keyOf(command.terminal_id, command.execution_id);
    const known = this.sessionOf.get(key);
    const current = known !== undefined ? this.o.registry.get(known) : undefined;
    if (current && this.endpoints.has(key) && current.state !== 'exited') {
      return { session_id: current.id, agent: current.agent, version: current.version };
    }
    const agent = await this.waitForAgent(command, key);
    if (agent === null) return { session_id: null, agent: 'unknown', version: null };
    const registryKey = `terminal|${command.terminal_id}`;
    const previous = [...this.endpoints.entries()].filter(([k]) => k.startsWith(`${command.terminal_id}|`));
    for (const [k, ep] of previous) if (k !== key) this.close(k, ep, 'a new command started in the terminal');
    const endpoint = TerminalEndpoint.open({
      terminalId: command.terminal_id,
      name: command.name,
      shellPid: command.shell_pid,
      generation: this.o.registry.generationFor(registryKey),
      identifier: this.o.identifier,
      write: (text) => this.write(command.terminal_id, text),
      ...(this.o.identifier.proc.kind === 'none'
        ? { permanentDoubt: this.o.identifier.proc.unavailable ?? 'the processes cannot be read', namedAgent: agent }
        : {}),
      ...(command.unreadable && this.o.identifier.proc.kind !== 'none'
        ? {
            permanentDoubt: unreadableReason(
              command.unreadable,
              shellName(this.o.identifier.proc.stat(command.shell_pid)?.comm),
            ),
          }
        : {}),
    });
    this.endpoints.set(key, endpoint);
    const session = this.o.registry.adopt(endpoint, registryKey);
    this.sessionOf.set(key, session.id);
    this.o.log?.(
      `attached ${session.id}: ${agent} ${session.version ?? '(version unknown)'} in terminal "${command.name}"` +
        (command.unreadable ? ` (observe only: ${command.unreadable})` : ''),
    );
    return { session_id: session.id, agent: session.agent, version: session.version };
  }

  output(terminalId: string, executionId: string, seq: number, data: string): void {
    this.endpoints.get(keyOf(terminalId, executionId))?.feed(seq, data);
  }

  /** The command ended (or, without an execution id, the terminal closed). */
  end(terminalId: string, executionId?: string): void {
    for (const [key, endpoint] of this.endpoints) {
      if (executionId !== undefined ? key === keyOf(terminalId, executionId) : key.startsWith(`${terminalId}|`)) {
        this.close(key, endpoint, executionId !== undefined ? 'the agent command ended' : 'the terminal was closed');
      }
    }
    if (executionId !== undefined) this.ended.add(keyOf(terminalId, executionId));
  }

  private close(key: string, endpoint: TerminalEndpoint, reason: string): void {
    endpoint.markClosed(reason);
    this.endpoints.delete(key);
    this.sessionOf.delete(key);
  }

  private async waitForAgent(command: TerminalCommand, key: string): Promise<AgentKind | null> {
    // Processes unreadable here: the command's own name is all there is (observe only).
    if (this.o.identifier.proc.kind === 'none') return commandAgent(command.command_line);
    const deadline = Date.now() + (command.unreadable ? 0 : (this.o.identifyWithinMs ?? 5000));
    for (;;) {
      const proc = this.o.identifier.findAgent(command.shell_pid);
      if (proc && proc.agent !== 'unknown') return proc.agent;
      if (Date.now() >= deadline || this.ended.has(key)) return null;
      await sleep(100);
    }
  }

  private async write(terminalId: string, text: string): Promise<void> {
    await this.o.write(terminalId, text);
  }

  dispose(): void {
    for (const [key, endpoint] of this.endpoints) this.close(key, endpoint, 'the server stopped');
  }
}

function keyOf(terminalId: string, executionId: string): string {
  return `${terminalId}|${executionId}`;
}
