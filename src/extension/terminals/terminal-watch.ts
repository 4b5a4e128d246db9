/**
 * Agents typed into any integrated terminal. Every command that starts in a terminal with shell
 * integration is reported to the server (`akk/terminalStarted`, with the terminal's shell pid);
 * when the server finds a supported agent under that shell, the command's output stream
 * (`TerminalShellExecution.read()`, read from the moment the command starts) is forwarded in
 * order, and the server's writes (`akk/terminalWrite`) are typed with `sendText(text, false)`.
 *
 * Terminals the server cannot read are reported too, so that the person is told why: those
 * without shell integration (checked every few seconds, since an agent may start in them at any
 * time), and those whose agent was already running when this window loaded. A terminal revived
 * by a reload has no shell integration until its shell next draws a prompt: an agent already
 * running there is one that began before this window, whatever its shell, and the person is told
 * once, in words, what that means and what to do.
 */
import * as vscode from 'vscode';
import { ResponseError } from 'vscode-languageclient/node';
import { agentLabel } from '../../shared/agents';
import type { ErrorData } from '../../shared/errors';
import { MAX_TERMINAL_CHUNK, type TerminalWriteParams, type TerminalWriteResult } from '../../shared/terminal-params';
import type { ServerClient } from '../core/server-client';

/** Output kept while the server identifies the command's process (it is sent once attached). */
const MAX_BUFFERED = 4 * 1024 * 1024;
/** How often terminals without shell integration are checked for an agent. */
const UNREADABLE_CHECK_MS = 3000;
/**
 * How long a command that started while the server was starting waits for it, its output kept:
 * an agent typed the moment the window opened is supervised from its first byte.
 */
const SERVER_START_WAIT_MS = 60_000;

interface Forwarding {
  terminalId: string;
  executionId: string;
  seq: number;
  attached: boolean;
  stopped: boolean;
  buffered: string[];
  bufferedLength: number;
  overflowed: boolean;
}

export class TerminalWatch implements vscode.Disposable {
  private readonly ids = new Map<vscode.Terminal, string>();
  private readonly byId = new Map<string, vscode.Terminal>();
  private readonly forwarding = new Map<vscode.TerminalShellExecution, Forwarding>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly attachedEmitter = new vscode.EventEmitter<{ terminal: vscode.Terminal; sessionId: string }>();
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Terminals open before this window watched them, until their command is known to have ended. */
  private readonly before = new Set<vscode.Terminal>();
  /** Sessions whose person was told they started before this window. */
  private readonly told = new Set<string>();
  /** Fires when a command in a terminal became an agent session. */
  readonly onDidAttach = this.attachedEmitter.event;

  constructor(
    private readonly client: ServerClient,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  start(): void {
    for (const t of vscode.window.terminals) this.before.add(t);
    this.subscriptions.push(
      vscode.window.onDidStartTerminalShellExecution((e) => void this.started(e.terminal, e.execution)),
      vscode.window.onDidEndTerminalShellExecution((e) => this.ended(e.execution)),
      vscode.window.onDidCloseTerminal((t) => this.closed(t)),
      this.client.onServerRequest<TerminalWriteParams, TerminalWriteResult>('terminalWrite', (p) => this.write(p)),
      this.attachedEmitter,
    );
    this.timer = setInterval(() => void this.reportUnreadable(false), UNREADABLE_CHECK_MS);
  }

  /**
   * After the server (re)started: commands already forwarded are reported again (the new server
   * starts their mirror in doubt, the stream being past its start), then every other terminal
   * running an agent that this server cannot read.
   */
  async reportExisting(): Promise<void> {
    for (const f of this.forwarding.values()) {
      const terminal = this.byId.get(f.terminalId);
      const shellPid = terminal ? await terminal.processId : undefined;
      if (!f.attached || !terminal || shellPid === undefined) continue;
      await this.client
        .request('terminalStarted', {
          terminal_id: f.terminalId,
          execution_id: f.executionId,
          name: terminal.name.slice(0, 200) || 'terminal',
          shell_pid: shellPid,
        })
        .catch((e: unknown) => this.log.warn(`reporting "${terminal.name}" again: ${String(e)}`));
    }
    await this.reportUnreadable(true);
  }

  /** The terminal of an id the server named, if it is still open. */
  terminal(terminalId: string): vscode.Terminal | undefined {
    return this.byId.get(terminalId);
  }

  private idOf(terminal: vscode.Terminal): string {
    let id = this.ids.get(terminal);
    if (id === undefined) {
      id = `term-${++this.next}`;
      this.ids.set(terminal, id);
      this.byId.set(id, terminal);
    }
    return id;
  }

  private async started(terminal: vscode.Terminal, execution: vscode.TerminalShellExecution): Promise<void> {
    this.before.delete(terminal);
    const f: Forwarding = {
      terminalId: this.idOf(terminal),
      executionId: `exec-${++this.next}`,
      seq: 0,
      attached: false,
      stopped: false,
      buffered: [],
      bufferedLength: 0,
      overflowed: false,
    };
    this.forwarding.set(execution, f);
    // Read from the start: read() only yields what is written after its first call.
    const reading = this.pump(execution.read(), f);
    try {
      if (!(await this.client.whenRunning(SERVER_START_WAIT_MS))) return this.stop(execution, f);
      const shellPid = await terminal.processId;
      if (shellPid === undefined) return this.stop(execution, f);
      const result = await this.client.request('terminalStarted', {
        terminal_id: f.terminalId,
        execution_id: f.executionId,
        name: terminal.name.slice(0, 200) || 'terminal',
        shell_pid: shellPid,
        command_line: execution.commandLine.value.slice(0, 4000),
      });
      if (result.session_id === null || f.stopped) return this.stop(execution, f);
      this.log.info(`"${terminal.name}": ${result.agent} ${result.version ?? ''} (${result.session_id})`);
      f.attached = true;
      // A buffer that overflowed lost output: the gap in sequence numbers tells the server so.
      if (f.overflowed) f.seq += 1;
      for (const data of f.buffered.splice(0)) this.send(f, data);
      this.attachedEmitter.fire({ terminal, sessionId: result.session_id });
    } catch (error) {
      this.log.warn(`reporting a command in "${terminal.name}": ${String(error)}`);
      this.stop(execution, f);
    }
    await reading;
  }

  private async pump(stream: AsyncIterable<string>, f: Forwarding): Promise<void> {
    try {
      for await (const data of stream) {
        if (f.stopped) return;
        if (f.attached) this.send(f, data);
        else if (f.bufferedLength + data.length <= MAX_BUFFERED) {
          f.buffered.push(data);
          f.bufferedLength += data.length;
        } else f.overflowed = true;
      }
    } catch (error) {
      this.log.warn(`reading a terminal: ${String(error)}`);
    }
  }

  private send(f: Forwarding, data: string): void {
    for (let i = 0; i < data.length; i += MAX_TERMINAL_CHUNK) {
      const chunk = data.slice(i, i + MAX_TERMINAL_CHUNK);
      this.client.notify('terminalOutput', {
        terminal_id: f.terminalId,
        execution_id: f.executionId,
        seq: f.seq++,
        data: chunk,
      });
    }
  }

  private stop(execution: vscode.TerminalShellExecution, f: Forwarding): void {
    f.stopped = true;
    f.buffered = [];
    this.forwarding.delete(execution);
  }

  private ended(execution: vscode.TerminalShellExecution): void {
    const f = this.forwarding.get(execution);
    if (!f) return;
    this.forwarding.delete(execution);
    this.client.notify('terminalEnded', { terminal_id: f.terminalId, execution_id: f.executionId });
    f.stopped = true;
  }

  private closed(terminal: vscode.Terminal): void {
    this.before.delete(terminal);
    const id = this.ids.get(terminal);
    if (id === undefined) return;
    this.ids.delete(terminal);
    this.byId.delete(id);
    if (this.client.health === 'running') this.client.notify('terminalEnded', { terminal_id: id });
  }

  /** Typed into the terminal exactly; refused (nothing written) when the terminal is gone. */
  private write(p: TerminalWriteParams): TerminalWriteResult {
    const terminal = this.byId.get(p.terminal_id);
    if (!terminal || terminal.exitStatus !== undefined) {
      const data: ErrorData = { code: 'endpoint_unavailable', detail: { input_delivered: false } };
      throw new ResponseError(-32001, `terminal ${p.terminal_id} is closed`, data);
    }
    terminal.sendText(p.text, false);
    return { written: true };
  }

  /**
   * Terminals whose output cannot be read: without shell integration, or (once, after the server
   * started) running a command that began before this window.
   */
  private async reportUnreadable(includeRunning: boolean): Promise<void> {
    if (this.client.health !== 'running') return;
    const startedBefore: { terminal: vscode.Terminal; agent: string }[] = [];
    for (const terminal of vscode.window.terminals) {
      const integrated = terminal.shellIntegration !== undefined;
      if (integrated && !includeRunning) continue;
      // A command this window saw start is reported by itself (attached, or waiting for the server):
      // never as one that began before the window.
      if ([...this.forwarding.values()].some((f) => f.terminalId === this.ids.get(terminal) && !f.stopped)) continue;
      const shellPid = await terminal.processId;
      if (shellPid === undefined) continue;
      const before = integrated || this.before.has(terminal);
      const result = await this.client
        .request('terminalStarted', {
          terminal_id: this.idOf(terminal),
          execution_id: before ? 'before-reload' : 'no-shell-integration',
          name: terminal.name.slice(0, 200) || 'terminal',
          shell_pid: shellPid,
          unreadable: before ? 'running_before_reload' : 'no_shell_integration',
        })
        .catch((e: unknown) => void this.log.warn(`checking "${terminal.name}": ${String(e)}`));
      if (!result) continue;
      // No agent there (any more): whatever starts in it next began in this window.
      if (result.session_id === null) this.before.delete(terminal);
      else if (before && !this.told.has(result.session_id)) {
        this.told.add(result.session_id);
        startedBefore.push({ terminal, agent: result.agent });
      }
    }
    if (startedBefore.length > 0) this.tellStartedBefore(startedBefore);
  }

  /**
   * Agents that were running before this window watched their terminals are only listed (their
   * screens cannot be read, their prompts raise nothing): the person is told once, in words, what
   * that means and what to do.
   */
  private tellStartedBefore(agents: readonly { terminal: vscode.Terminal; agent: string }[]): void {
    const [one] = agents;
    if (agents.length === 1 && one) {
      const show = vscode.l10n.t('Show Terminal');
      const text = [
        vscode.l10n.t(
          '{0} in the terminal "{1}" was already running when Agent Knock Knock started here: AKK cannot read it.',
          agentLabel(one.agent),
          one.terminal.name,
        ),
        vscode.l10n.t('Answer it in that terminal, or exit it and start it again to have it supervised.'),
      ].join(' ');
      void vscode.window.showInformationMessage(text, show).then((pick) => {
        if (pick === show) one.terminal.show();
      });
      return;
    }
    const names = agents.map((a) => `${agentLabel(a.agent)} ("${a.terminal.name}")`).join(', ');
    const text = [
      vscode.l10n.t('These agents were already running when Agent Knock Knock started here: {0}.', names),
      vscode.l10n.t('AKK cannot read them: answer them in their terminals, or exit and start them again.'),
    ].join(' ');
    void vscode.window.showInformationMessage(text);
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    for (const f of this.forwarding.values()) f.stopped = true;
    this.forwarding.clear();
    for (const s of this.subscriptions) s.dispose();
  }
}
