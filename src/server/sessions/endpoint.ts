/**
 * The backend-neutral view of one agent terminal: read its screen, send it input, know who is
 * running in it, and learn when it changes. The tmux backend implements it in tmux/endpoint.ts, the
 * editor's integrated terminals in terminal/endpoint.ts.
 */
import type { AgentKind } from '../../shared/agents';
import { AkkError } from '../../shared/errors';
import type { Disposable } from './events';

export interface ScreenCapture {
  /** Plain text, one line per screen row, joined with `\n`. */
  text: string;
  /** The same rows with SGR escapes, when asked for. */
  styled?: string;
  cols: number;
  rows: number;
  cursor: { x: number; y: number; visible: boolean };
  /** Epoch milliseconds when the capture completed. */
  capturedAt: number;
  /** The binding generation the capture belongs to. */
  generation: number;
  /** True while the pane shows a mode (copy mode, a chooser) instead of the program's screen. */
  paneInMode?: boolean;
  /** True when the program has exited but the pane remains (remain-on-exit). */
  paneDead?: boolean;
  /**
   * Why this screen cannot be proven to be the terminal's (a mirror that has not seen the agent
   * redraw everything since a resize or since it began reading). Nothing is recognised from it.
   */
  unproven?: string;
}

/**
 * A settled capture with the count of output events the terminal had written when it was taken:
 * while the session's count is still the same, nothing has been drawn since.
 */
export type SettledCapture = ScreenCapture & { outputSeq: number };

/** The process running as the agent under the endpoint, as far as it can be identified. */
export interface AgentProcess {
  agent: AgentKind;
  /** Exact version, or null when it could not be read; never guessed. */
  version: string | null;
  pid: number;
  /** Start identity from the process table (clock ticks since boot under /proc, seconds since the epoch by ps). */
  startTime: number;
  executable: string | null;
  /** True when the process is in the terminal's foreground process group. */
  foreground: boolean;
  /** Why the agent or version is not known, when that is so. */
  reason?: string;
}

export interface EndpointIdentity {
  backend: 'tmux' | 'terminal';
  socket?: string;
  socketPath?: string;
  /** The tmux pane id. */
  paneId?: string;
  /** The editor's terminal id. */
  terminalId?: string;
  /** The pane's process, or the terminal's shell. */
  panePid: number;
  /** Start time of the pane process in clock ticks since boot. */
  paneStartTime: number;
  /** /proc/sys/kernel/random/boot_id, so that a start time is compared within one boot only. */
  bootId?: string;
  agentPid?: number;
  executable?: string;
}

export type EndpointDescription =
  | { kind: 'tmux'; socket?: string; socketPath?: string; target: string; pane_id: string }
  /** An editor's integrated terminal: `target` is its name as the editor shows it. */
  | { kind: 'terminal'; target: string; terminal_id: string };

export interface CaptureOptions {
  styled?: boolean;
}

export interface SendOptions {
  /** Refuse to send (endpoint_unavailable) when the binding generation is no longer this one. */
  generation?: number;
}

export interface PasteOptions extends SendOptions {
  /** Wrap in bracketed-paste markers when the program asked for them (`paste-buffer -p`). */
  bracketed: boolean;
}

export type EndpointChange =
  { kind: 'output'; at: number } | { kind: 'resize'; at: number } | { kind: 'closed'; at: number; reason: string };

export interface Endpoint {
  /** The binding generation: changes on resize, respawn, agent restart, detach and re-attach. */
  readonly generation: number;
  capture(options?: CaptureOptions): Promise<ScreenCapture>;
  sendLiteral(text: string, options?: SendOptions): Promise<void>;
  /** Key names as tmux spells them: Enter, Escape, Up, Down, Left, Right, Tab, BTab, Space, digits. */
  sendKeys(keys: readonly string[], options?: SendOptions): Promise<void>;
  paste(text: string, options: PasteOptions): Promise<void>;
  identity(): EndpointIdentity;
  /** The agent process found at the last capture or refresh, or null. */
  agentProcess(): AgentProcess | null;
  describe(): EndpointDescription;
  /** Epoch milliseconds of the last output seen, or null. */
  lastOutputAt(): number | null;
  readonly closed: boolean;
  onChange(listener: (change: EndpointChange) => void): Disposable;
  /** Stops observing; the terminal itself is left alone. */
  dispose(): void;
}

/**
 * Marks a send failure that proves no byte reached the terminal (the guard refused before the
 * write, the program could not be started). Any other failure of a write may have delivered input.
 */
export function undelivered(error: AkkError): AkkError {
  return new AkkError(error.code, error.message, { ...(error.detail ?? {}), input_delivered: false });
}

/** The agent's part of an endpoint identity: its pid and executable, when a supported agent runs. */
export function agentIdentity(agent: AgentProcess | null): Pick<EndpointIdentity, 'agentPid' | 'executable'> {
  return {
    ...(agent && agent.agent !== 'unknown' ? { agentPid: agent.pid } : {}),
    ...(agent?.executable ? { executable: agent.executable } : {}),
  };
}

/** The refusal of a write bound to a binding generation that is no longer the endpoint's. */
export function staleGeneration(expected: number, actual: number, detail: Record<string, unknown> = {}): AkkError {
  return undelivered(
    new AkkError('endpoint_unavailable', 'the terminal changed since it was read (binding generation)', {
      ...detail,
      reason: 'generation_changed',
      expected,
      actual,
    }),
  );
}

/** True only for failures marked by `undelivered`. */
export function notDelivered(error: unknown): boolean {
  return error instanceof AkkError && error.detail?.input_delivered === false;
}

const KEY_NAMES = [
  /Enter|Escape|(?:[SM]-)?(?:Up|Down|Left|Right)|Tab|BTab|Space|BSpace/,
  /Home|End|PageUp|PageDown|PPage|NPage|DC|IC|F(?:[1-9]|1[0-2])/,
  /[CM]-[a-z]|[0-9A-Za-z]/,
];
/** tmux key names accepted by `sendKeys`. Anything else is refused before it reaches tmux. */
export const KEY_NAME_RE = new RegExp(`^(?:${KEY_NAMES.map((r) => r.source).join('|')})$`);
