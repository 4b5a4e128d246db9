/**
 * One attached agent terminal: its endpoint, its screen monitor, and the session state derived
 * from the classifier. Turns get opaque ids: a turn starts when the agent leaves idle (or
 * starting) for work or a prompt, which happens only after input.
 */
import { opaqueId } from '../base/ids';
import type { AgentKind } from '../../shared/agents';
import { IN_TURN, type SessionState } from '../../shared/lifecycle';
import type { SessionSummary } from '../../shared/protocol';
import { AkkError } from '../../shared/errors';
import type { ProfileSource } from '../../adapters/agent-adapter';
import type { AgentProcess, Endpoint, EndpointDescription, ScreenCapture, SettledCapture } from './endpoint';
import type { Disposable } from './events';
import { ScreenMonitor, type MonitorOptions, type SettledInfo } from './monitor';
import { SessionProfile, unqualifiedSummary, type SessionProfiles } from './session-profile';
import { SettledWaiters } from './settled-waiters';

interface ClassifyInput {
  agent: AgentKind;
  version: string | null;
  capture: ScreenCapture;
  /** Where the version's profile comes from besides the extension's own tables. */
  source?: ProfileSource;
  /** The agent's process, whose own record of what it does may be read beside the screen. */
  pid?: number;
}

export interface Classification {
  state: 'idle' | 'working' | 'waiting_input' | 'manual_required' | 'unknown';
  detail?: unknown;
}

export type Classify = (input: ClassifyInput) => Classification;

interface SessionHooks {
  classify: Classify;
  /** Summary-visible fields changed (state, turn, agent, version, generation). */
  changed(session: Session): void;
  settled(session: Session, capture: ScreenCapture, info: SettledInfo): void;
  log(message: string): void;
  profiles?: SessionProfiles;
}

export class Session {
  private ep: Endpoint | null = null;
  private monitor: ScreenMonitor | null = null;
  private subscription: Disposable | null = null;
  private description: EndpointDescription;
  private sessionState: SessionState = 'starting';
  private turn: string | null = null;
  private classified: Classification | null = null;
  private isUncertain = false;
  private exit: string | null = null;
  private readonly profile: SessionProfile;
  private capture: ScreenCapture | null = null;
  private readonly settledWaiters = new SettledWaiters();
  agent: AgentKind;
  version: string | null;

  constructor(
    readonly id: string,
    description: EndpointDescription,
    agent: AgentKind,
    version: string | null,
    private readonly hooks: SessionHooks,
  ) {
    this.description = description;
    this.agent = agent;
    this.version = version;
    this.profile = new SessionProfile(hooks.profiles, (m) => hooks.log(`session ${id}: ${m}`));
    this.profile.reset(agent, version);
  }

  /** Where this session's profile comes from besides the shipped tables (none: those alone). */
  get profileSource(): ProfileSource | undefined {
    return this.profile.source;
  }

  /** Reads where the agent process's profile comes from (a local record is bound to its binary's digest). */
  refreshProfile(): void {
    const proc = this.ep?.agentProcess() ?? null;
    if (proc?.agent !== this.agent || proc.version !== this.version) return;
    this.profile.refresh(proc, () => {
      this.hooks.changed(this);
      this.monitor?.requestSettled();
    });
  }

  /** Binds an open endpoint and starts monitoring it. */
  bind(endpoint: Endpoint, monitorOptions: MonitorOptions): void {
    this.ep = endpoint;
    this.description = endpoint.describe();
    this.exit = null;
    this.takeAgent(endpoint.agentProcess());
    this.refreshProfile();
    this.monitor = new ScreenMonitor(
      (o) => endpoint.capture(o),
      {
        settled: (capture, info) => this.onSettled(capture, info),
        change: (capture) => this.onChangeCapture(capture),
        error: (error) => this.hooks.log(`session ${this.id}: capture failed: ${String(error)}`),
      },
      monitorOptions,
    );
    this.subscription = endpoint.onChange((change) => {
      if (change.kind === 'closed') this.markExited(change.reason);
      else this.monitor?.noteOutput();
    });
    this.monitor.requestSettled();
  }

  get endpoint(): Endpoint | null {
    return this.ep;
  }

  get state(): SessionState {
    return this.sessionState;
  }

  get turnId(): string | null {
    return this.turn;
  }

  get generation(): number | null {
    return this.ep?.generation ?? null;
  }

  get lastCapture(): ScreenCapture | null {
    return this.capture;
  }

  get lastClassification(): Classification | null {
    return this.classified;
  }

  get exitReason(): string | null {
    return this.exit;
  }

  /** Milliseconds since the terminal last wrote output, or null. */
  msSinceOutput(): number | null {
    return this.monitor?.msSinceOutput() ?? null;
  }

  /** Why no input may be sent, or null when input is allowed. */
  observeOnlyReason(): string | null {
    if (this.sessionState === 'exited' || !this.ep || this.ep.closed) return this.exit ?? 'the terminal is gone';
    const proc = this.ep.agentProcess();
    if (this.agent === 'unknown') return proc?.reason ?? 'no supported agent was identified';
    if (this.version === null) return proc?.reason ?? `the ${this.agent} version could not be identified exactly`;
    if (proc && !proc.foreground) return 'the agent is not the foreground process of its terminal';
    if (this.capture?.paneInMode) return 'the pane is in a tmux mode (copy mode or a chooser)';
    if (this.capture?.unproven) return this.capture.unproven;
    return null;
  }

  get inputAllowed(): boolean {
    return this.observeOnlyReason() === null;
  }

  summary(): SessionSummary {
    const reason = this.observeOnlyReason();
    return {
      session_id: this.id,
      agent: this.agent,
      version: this.version,
      state: this.sessionState,
      turn_id: this.turn,
      binding_generation: this.generation,
      endpoint: { ...this.description },
      survives_reload: this.description.kind === 'tmux',
      ...(reason !== null ? { observe_only_reason: reason } : {}),
      ...unqualifiedSummary(this.agent, this.version, this.profile.source),
      ...(this.profile.source?.local ? { qualified_on_this_machine: true as const } : {}),
      pending: null,
    };
  }

  /** Output events the terminal has written so far (see `SettledCapture.outputSeq`). */
  outputSeq(): number {
    return this.monitor?.outputSeq ?? 0;
  }

  /**
   * Resolves with the next settled capture (asking for one now). Rejects with `agent_exited` when
   * the session has ended, and `terminal_not_settled` when no still screen came in time.
   */
  nextSettled(timeoutMs = 5000): Promise<SettledCapture> {
    const monitor = this.monitor;
    if (!monitor || this.sessionState === 'exited')
      return Promise.reject(new AkkError('agent_exited', this.exit ?? 'the agent has exited'));
    return this.settledWaiters.wait(timeoutMs, () => monitor.requestSettled());
  }

  /** Input may have reached the terminal without a provable effect; sticky until `endUncertain`. */
  setResponseUncertain(on: boolean): void {
    if (this.isUncertain === on) return;
    this.isUncertain = on;
    this.recompute();
    this.hooks.changed(this);
  }

  get uncertain(): boolean {
    return this.isUncertain;
  }

  /** The uncertain outcome is settled: the session follows its screen again, in a new turn. */
  endUncertain(): void {
    if (!this.isUncertain) return;
    this.isUncertain = false;
    this.turn = null;
    this.recompute();
    if (IN_TURN.has(this.sessionState) && this.turn === null) this.turn = opaqueId('turn');
    this.hooks.changed(this);
  }

  markExited(reason: string): void {
    if (this.exit === reason && this.sessionState === 'exited' && !this.monitor) return;
    this.exit = reason;
    this.monitor?.dispose();
    this.monitor = null;
    this.subscription?.dispose();
    this.subscription = null;
    this.settledWaiters.fail(reason);
    this.setState('exited');
    this.hooks.changed(this);
  }

  dispose(): void {
    this.monitor?.dispose();
    this.monitor = null;
    this.subscription?.dispose();
    this.subscription = null;
    this.ep?.dispose();
    this.settledWaiters.fail('the session was closed');
  }

  private takeAgent(proc: AgentProcess | null): boolean {
    if (!proc || proc.agent === 'unknown') return false;
    if (proc.agent === this.agent && proc.version === this.version) return false;
    this.agent = proc.agent;
    this.version = proc.version;
    this.profile.reset(proc.agent, proc.version);
    this.refreshProfile();
    return true;
  }

  /** True when a known agent was identified before and none runs now. */
  private agentGone(): boolean {
    const proc = this.ep?.agentProcess() ?? null;
    return this.agent !== 'unknown' && (proc === null || proc.agent === 'unknown');
  }

  private onSettled(raw: ScreenCapture, info: SettledInfo): void {
    const capture: SettledCapture = { ...raw, outputSeq: info.outputSeq };
    const before = this.signature();
    this.capture = capture;
    this.takeAgent(this.ep?.agentProcess() ?? null);
    if (capture.unproven !== undefined) {
      // Nothing is recognised from a screen that is not proven to be the terminal's: the session
      // keeps what was last proven, observe-only. A waiting response sees the doubt and sends nothing.
      this.settledWaiters.settle(capture);
      if (this.signature() !== before) this.hooks.changed(this);
      return;
    }
    if (capture.paneDead) {
      this.exit = 'the terminal program has exited';
    } else if (this.agentGone()) {
      this.exit = 'the agent has exited';
    } else {
      this.exit = null;
      this.classified = this.runClassifier(capture);
    }
    this.recompute();
    this.settledWaiters.settle(capture);
    if (this.signature() !== before) this.hooks.changed(this);
    this.hooks.settled(this, capture, info);
  }

  /** While output flows, a change capture may only prove that the agent is working. */
  private onChangeCapture(capture: ScreenCapture): void {
    if (capture.paneDead || capture.unproven !== undefined || this.agentGone()) return;
    const result = this.runClassifier(capture);
    if (result.state !== 'working') return;
    const before = this.signature();
    this.capture = capture;
    this.classified = result;
    this.recompute();
    if (this.signature() !== before) this.hooks.changed(this);
  }

  private runClassifier(capture: ScreenCapture): Classification {
    try {
      const pid = this.ep?.agentProcess()?.pid;
      return this.hooks.classify({
        agent: this.agent,
        version: this.version,
        capture,
        source: this.profile.source,
        pid,
      });
    } catch (error) {
      this.hooks.log(`session ${this.id}: classifier failed: ${String(error)}`);
      return { state: 'unknown' };
    }
  }

  private recompute(): void {
    if (this.exit !== null) return this.setState('exited');
    if (this.isUncertain) return this.setState('response_uncertain');
    const c = this.classified?.state;
    if (c === undefined || c === 'unknown') {
      // An unreadable screen keeps what was last proven; an exit that came back is starting again,
      // and an uncertainty the person settled leaves the screen to them.
      if (this.sessionState === 'exited') this.setState('starting');
      if (this.sessionState === 'response_uncertain') this.setState('manual_required');
      return;
    }
    this.setState(c);
  }

  private setState(next: SessionState): void {
    const prev = this.sessionState;
    if (prev === next) return;
    if (IN_TURN.has(next) && (prev === 'idle' || prev === 'starting' || prev === 'exited' || this.turn === null)) {
      this.turn = opaqueId('turn');
    }
    this.sessionState = next;
  }

  private signature(): string {
    return JSON.stringify([
      this.sessionState,
      this.turn,
      this.agent,
      this.version,
      this.ep?.generation ?? null,
      this.observeOnlyReason(),
    ]);
  }
}
