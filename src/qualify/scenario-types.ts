// The scenario vocabulary: what a scenario does to the terminal, the screens it expects, and the
// steps every agent's scenarios share. The scenarios themselves are each agent's own
// (src/agents/<agent>/qualify/scenarios.ts); scenarios.ts lists them all.
import type { AgentName } from '../shared/agents';
import type { Scenario } from './fake-model/types';

/** One thing done to the terminal. `keys` are tmux key names sent one at a time, each verified by recapture. */
export type Action =
  | { keys: string[] }
  | { text: string }
  | { paste: string }
  /** Let a held model turn finish (`all`: every held turn, and hold none from now on). */
  | { release: true | 'all' }
  /** Submit a composer prompt: type, let the paste-burst window pass, Enter. */
  | { prompt: string }
  /** Press the digit of the numbered row whose label starts with this text. */
  | { choose: string }
  /** Move the cursor (Down, or focus_key) until the focused row contains this text. */
  | { focus: string; focus_key?: string }
  | { sleep: number }
  /** Press the key of the first entry whose `when` text is on screen (key hints that differ between versions). */
  | { keyFor: Array<{ when: string; key: string }> };

/** Plain-screen condition: every `all` substring, one of `any` (when given), no `none` substring. */
export interface Matcher {
  all: string[];
  /** At least one of these, when given. */
  any?: string[];
  none?: string[];
}

export interface DriveStep {
  /** Fixture state name (file `NN-<state>.txt`). */
  state: string;
  /** What the screen must show before it is captured (and settled, unless `animated`). */
  until: Matcher;
  /** The screen animates (spinner): capture as soon as it matches. */
  animated?: boolean;
  /** Actions that lead from this screen to the next step. */
  then?: Action[];
  /**
   * The actions above make the client send the answer: `tool` for a tool result, `user-message` for
   * an answer that arrives as a new user message (Codex async questions). Recorded as ground truth.
   */
  answer?: 'tool' | 'user-message';
  /** For `user-message`: text the answer message contains. */
  answerMatch?: string;
  /** Shapes this screen shows, for the corpus table. */
  shapes?: string[];
}

/** The work folder's files and the client's tools, prepared before launch. */
export interface Workspace {
  /** Files written into the work folder (relative path -> content). */
  files?: Record<string, string>;
  /** Fake MCP servers (src/qualify/fake-mcp/<name>.cjs) the client is configured with. */
  mcpServers?: string[];
  /**
   * Start-up screens left in place (the harness otherwise configures each away): e.g. `trust` (the
   * work folder is not trusted yet), `api-key` (the key in the environment is not approved yet).
   */
  startup?: string[];
  /**
   * An administrator's requirements for the client (the harness entry's `requirementsFile` under
   * /etc), which no setting of the user's can give: the client runs in a private mount namespace
   * where this text is that file (launch.ts); the real /etc is never written.
   */
  requirements?: string;
  /** Host names the client's private /etc/hosts adds (name -> address), with `requirements` only. */
  hosts?: Record<string, string>;
}

export interface NamedScenario extends Scenario {
  agent: AgentName;
  description: string;
  /** Extra CLI arguments. */
  args?: string[];
  /** Lowest client version that can reach the scenario. */
  minVersion?: string;
  /** What the work folder and the client's setup hold before the client starts. */
  workspace?: Workspace;
  steps: DriveStep[];
}

/** The model's answer after a question or permission is answered. */
export const FOLLOW_UP = 'Thanks, noted. Continuing with the plan.';
/** The model's answer in a plain turn. */
export const HELLO = 'Hello from the scripted model.';
/** The screen after the answer: the follow-up is shown. */
export const AFTER: DriveStep = { state: 'after-answer', until: { all: [FOLLOW_UP] }, shapes: ['after-answer'] };
