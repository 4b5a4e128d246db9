// What each agent gives the test harness: the generic harness (install, launch, fake model,
// scenarios, capture, normalisation, corpus table) iterates these entries and never names an agent.
import type { AgentModel } from '../fake-model/types';
import type { NamedScenario } from '../scenario-types';
import type { Rendering } from '../../shared/rendering';

/** One replacement applied to plain and styled captures and to ground-truth answers. */
export interface Rule {
  name: string;
  re: RegExp;
  to: string | ((match: string, ...groups: string[]) => string);
}

/** A line whose content is animated or random and may differ between captures even after normalisation. */
export interface VolatileLine {
  name: string;
  re: RegExp;
}

/**
 * A span of a line that a client draws or leaves out by timing, with the blank padding that moves
 * around it: set aside in a screen's canonical form, the rest of the row kept (volatile-span.ts).
 */
export interface VolatileSpan {
  name: string;
  /** The rows this span may appear in, whether it is drawn or not (their plain text). */
  row: RegExp;
  /** The span itself, as drawn (global). */
  span: RegExp;
}

/** Two lines that may differ between two captures of the same step; `styled` is true for `.ansi.txt` files. */
export interface VolatilePair {
  name: string;
  test: (a: string, b: string, row: number, styled: boolean) => boolean;
  /**
   * The one form every variant of this line takes (from its plain text), for screen digests that
   * must not depend on it; undefined when the line is not of this kind.
   */
  canonical: (plain: string, row: number) => string | undefined;
}

/** One launch of the agent: its executable, a fresh HOME and work folder, and the fake model. */
export interface LaunchRun {
  bin: string;
  version: string;
  home: string;
  workDir: string;
  modelUrl: string;
  /** Extra lines for the agent's own config file (see `LaunchOptions.config`). */
  config: readonly string[];
  /** MCP servers to configure: a name, and a Node script speaking MCP over stdio. */
  mcpServers: ReadonlyArray<{ name: string; script: string }>;
  /** Start-up screens to leave in place (`Workspace.startup`). */
  startup: readonly string[];
  /** The rendering condition (the client's theme setting; the environment is set by the launch). */
  rendering: Rendering;
}

/** One row of the README's prompt-shapes table. */
export interface PromptShape {
  prompt: string;
  handling: 'answered' | 'shown only' | 'not yet seen';
  /** Corpus shape tags of the screens behind the row (none for a prompt not yet seen). */
  tags: readonly string[];
  /** `gated`: answered only on versions qualified with it; otherwise why nothing was captured. */
  note?: string;
}

export interface HarnessAgent {
  /** Newest published version at the time the table was last updated (pinned, not resolved at run time). */
  newest: string;
  /** Versions named by the interaction profiles, oldest first, followed by `newest`. */
  versions: readonly string[];
  /**
   * A real release that draws screens otherwise than the qualified release `below` it (a new
   * generation opened there): the VS Code tier qualifies it on the machine, its own record withheld,
   * to see it stay in the terminal with the differing screens reported. One agent names one.
   */
  differing?: { version: string; below: string };
  /**
   * The themes the client's own setting offers (captured as rendering conditions); absent when it
   * has none and adapts its colours to the terminal's background instead.
   */
  themes?: readonly string[];
  /**
   * Some of its steps are read by the styles a rendering condition draws (Claude Code's wrapped
   * option descriptions, told from their labels by colour): without that condition granted they stay
   * in the terminal. Absent, every step is proven from its text and no condition changes an answer.
   */
  readsStyles?: true;
  /** The executable inside an npm install folder of the agent's package (not checked). */
  binaryIn(dir: string): string;
  /**
   * Writes the agent's config under `run.home` so that its start-up screens are skipped and it talks
   * to the fake model; returns the environment to add and the arguments to put before the caller's.
   */
  prepare(run: LaunchRun): Promise<{ env: Record<string, string>; args: string[] }>;
  /** Where an administrator's requirements for the client go, relative to /etc (`Workspace.requirements`). */
  requirementsFile?: string;
  model: AgentModel;
  scenarios: readonly NamedScenario[];
  /** The README's prompt-shapes table: each prompt, how AKK handles it, the screens behind it. */
  promptShapes: readonly PromptShape[];
  /** The fixtures corpus table's columns: a shape name, and its heading. */
  corpusShapes: ReadonlyArray<readonly [shape: string, heading: string]>;
  /** Normalisation of the agent's volatile screen content (fixtures/README.md lists every rule). */
  normalise: {
    rules: readonly Rule[];
    volatileLines: readonly VolatileLine[];
    volatilePairs: readonly VolatilePair[];
    volatileSpans: readonly VolatileSpan[];
  };
}
