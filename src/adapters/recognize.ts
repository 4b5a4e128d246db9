/**
 * The adapters' entry point: choose the agent's adapter from the registry and the profile for the
 * exact client version from its explicit table, then recognise the screen. An unknown agent or
 * version is manual: it never gets input.
 */
import { AGENT_DESCRIPTORS, type AgentKind } from '../shared/agents';
import type { EditorText, ProfileSource } from './agent-adapter';
import { compareVersions } from './agent-adapter';
import { ADAPTERS, adapterOf } from './registry';
import { SECRET_REASON, maskCredentials, waitsForHiddenInput, withoutSecretQuestion } from './secrets';
import type {
  AgentTiming,
  ComposerProof,
  OwnActivity,
  Recognition,
  ScreenSnapshot,
  WordAnswer,
  WordStep,
} from './types';

export type { AgentKind } from '../shared/agents';

/** Why an agent's own word and the prompt on its screen disagree; undefined when they agree. */
export function ownWordDiffers(
  agent: AgentKind,
  recognition: Recognition,
  event: string,
  input: Readonly<Record<string, unknown>>,
): string | undefined {
  return adapterOf(agent)?.ownWordDiffers(recognition, event, input);
}

/**
 * Whether a session's screens can prove its prompts at all: its version is qualified (by the shipped
 * tables, not withheld, or on this machine for its binary). Where not, every prompt is manual.
 */
export function versionQualified(agent: AgentKind, version: string | null, source?: ProfileSource): boolean {
  return version !== null && adapterOf(agent)?.qualifiedGeneration(version, source) !== undefined;
}

/** The steps an agent's own request asks, in order, to be answered through the channel that asked. */
export function wordStepsOf(
  agent: AgentKind,
  event: string,
  input: Readonly<Record<string, unknown>>,
  nonce: string,
): readonly WordStep[] | undefined {
  const steps = adapterOf(agent)?.wordSteps(event, input, nonce);
  // No step carries a secret, however it was assembled: one that would is left to the terminal whole.
  return steps?.every((step) => withoutSecretQuestion(step) === step) ? steps : undefined;
}

/** How many answered tool calls the agent's own record of the session holds. */
export function wordReceiptsOf(
  agent: AgentKind,
  input: Readonly<Record<string, unknown>>,
  read: (path: string) => string | undefined,
): number | undefined {
  return adapterOf(agent)?.wordReceipts(input, read);
}

/** The output that answers such a request. */
export function wordAnswerOf(
  agent: AgentKind,
  input: Readonly<Record<string, unknown>>,
  answer: WordAnswer,
): Record<string, unknown> | undefined {
  return adapterOf(agent)?.wordAnswer(input, answer);
}

/** Where an agent process keeps its own record of what it does (none for an agent that keeps none). */
export function activityFileOf(agent: AgentKind, env: ReadonlyMap<string, string>, pid: number): string | undefined {
  return adapterOf(agent)?.activityFile(env, pid);
}

/** What an agent's own record (`text`) says it does, for process `pid`. */
export function activityOf(agent: AgentKind, text: string, pid: number): OwnActivity | undefined {
  return adapterOf(agent)?.activity(text, pid);
}

/**
 * How the agent takes keys (its profile's quiet times). An agent without an adapter never gets
 * input; for it, the longest quiet times of any agent stand (a screen is still announced by them).
 */
export function timingOf(agent: AgentKind): AgentTiming {
  const own = adapterOf(agent)?.timing();
  if (own) return own;
  const all = Object.values(ADAPTERS).map((a) => a.timing());
  const longest = (k: keyof AgentTiming): number => Math.max(0, ...all.map((t) => t[k]));
  return {
    quietBeforeKey: longest('quietBeforeKey'),
    quietBeforeOffer: longest('quietBeforeOffer'),
    enterAfterPaste: longest('enterAfterPaste'),
  };
}

export function supportedVersions(agent: AgentKind): string[] {
  return adapterOf(agent)?.supportedVersions() ?? [];
}

/**
 * A candidate version's screen under one generation's profile, with every rule a live session has
 * (no secrets): what qualification checks against the answer key. Never for a live session.
 */
export function recognizeForQualification(
  agent: AgentKind,
  generation: string,
  version: string,
  screen: ScreenSnapshot,
): Recognition {
  const profiled = adapterOf(agent)?.forQualification(generation, version);
  if (!profiled) return { kind: 'manual_required', reason: `no ${agent} profile generation ${generation}` };
  return withoutSecrets(profiled.recognize(screen), screen);
}

/**
 * A live session's screen. `source` says where its profile may come from besides the shipped
 * tables (a qualification made on this machine for its binary; the shipped record withheld).
 */
export function recognize(
  agent: AgentKind,
  version: string | null,
  screen: ScreenSnapshot,
  source?: ProfileSource,
): Recognition {
  return withoutSecrets(recognizeProfiled(agent, version, screen, source), screen);
}

/**
 * No step carries a secret: a free-text step whose question asks for one is manual, and so is a
 * terminal waiting at a hidden-input prompt (`Password:`) under no proven dialog.
 */
function withoutSecrets(r: Recognition, screen: ScreenSnapshot): Recognition {
  const offered = withoutSecretQuestion(r);
  if ((offered.kind === 'activity' || offered.kind === 'manual_required') && waitsForHiddenInput(screen.plain)) {
    return { kind: 'manual_required', reason: SECRET_REASON };
  }
  // A reason may quote what the screen drew (an unexpected line, a title): credentials masked.
  if (offered.kind === 'manual_required') {
    const reason = maskCredentials(offered.reason);
    if (reason !== offered.reason) return { ...offered, reason };
  }
  return offered;
}

function recognizeProfiled(
  agent: AgentKind,
  version: string | null,
  screen: ScreenSnapshot,
  source: ProfileSource | undefined,
): Recognition {
  const adapter = adapterOf(agent);
  if (!adapter) return { kind: 'manual_required', reason: 'the program in this terminal is not a supported agent' };
  const profiled = version === null ? undefined : adapter.forVersion(version, source);
  if (profiled) return profiled.recognize(screen);
  const name = AGENT_DESCRIPTORS[adapter.agent].displayName;
  const note = version === null ? null : unqualifiedVersionNote(agent, version, source);
  if (version === null || note === null)
    return { kind: 'manual_required', reason: note ?? `${name} (unknown version) has no recognition profile` };
  return readOnlyUnqualified(agent, version, note, screen);
}

/**
 * An unqualified version's screen read with the nearest qualified version's profile, only to tell
 * the person whether the agent waits and what it asks: idle or working stays activity; a prompt
 * that profile reads exactly is manual, naming what it asks; anything else is manual with why.
 * Every result is built afresh, so nothing of that reading (a plan, a list to scroll) can lead to
 * a key: an unqualified version is never typed into.
 */
function readOnlyUnqualified(agent: AgentKind, version: string, note: string, screen: ScreenSnapshot): Recognition {
  const adapter = adapterOf(agent);
  const nearest = nearestQualifiedVersion(agent, version);
  const reading = nearest === null ? undefined : adapter?.forVersion(nearest)?.recognize(screen);
  if (!adapter || !reading) return { kind: 'manual_required', reason: note };
  if (reading.kind === 'activity') return { kind: 'activity', state: reading.state };
  if (reading.kind === 'manual_required') return { kind: 'manual_required', reason: `${note} (${reading.reason})` };
  const q = reading.kind === 'questionnaire' ? reading.question : undefined;
  const asks = q
    ? q.header
      ? `${q.header}: ${q.prompt}`
      : q.prompt
    : reading.kind === 'permission'
      ? `${reading.title} (${reading.subject.split('\n')[0] ?? ''})`
      : '';
  return { kind: 'manual_required', reason: `It asks: ${clip(maskCredentials(asks))}. ${note}` };
}

/** What a prompt asks, short enough for a notification. */
function clip(text: string, max = 160): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}

/**
 * The qualified version nearest to one that is not: the newest qualified below it, else the oldest
 * above it (null when the agent has none). Only for telling the person; never used to recognise.
 */
export function nearestQualifiedVersion(agent: AgentKind, version: string): string | null {
  const versions = supportedVersions(agent);
  const below = versions.filter((v) => compareVersions(v, version) < 0);
  return below[below.length - 1] ?? versions.find((v) => compareVersions(v, version) > 0) ?? null;
}

/**
 * Whether AKK's own qualification recorded the version as drawing screens differently: nothing is
 * answered on it, and qualifying it on a machine would grant nothing.
 */
export function recordedDiffering(agent: AgentKind, version: string, source?: ProfileSource): boolean {
  return adapterOf(agent)?.recordedDiffering(version, source) ?? false;
}

/**
 * Why a version identified exactly gets no input, naming the nearest qualified version and what to
 * do; null for a qualified version or an unsupported agent.
 */
export function unqualifiedVersionNote(agent: AgentKind, version: string, source?: ProfileSource): string | null {
  const adapter = adapterOf(agent);
  if (!adapter || adapter.qualifiedGeneration(version, source) !== undefined) return null;
  const name = AGENT_DESCRIPTORS[adapter.agent].displayName;
  const nearest = nearestQualifiedVersion(agent, version);
  if (recordedDiffering(agent, version, source))
    return (
      `${name} ${version} draws some of its prompts differently from every qualified version ` +
      `(AKK's own qualification recorded it so), so AKK types nothing into it: answer its prompts in the ` +
      `terminal` +
      (nearest === null ? '' : `, or install the nearest qualified version, ${nearest}`) +
      `. A qualification of it made on this machine is superseded by that record`
    );
  return (
    `${name} ${version} is not a qualified version` +
    (nearest === null ? '' : ` (nearest qualified: ${nearest})`) +
    `, so AKK types nothing into it: answer its prompts in the terminal. ` +
    `To qualify it: Qualify This Version on This Machine (or npm run qualify -- ${adapter.agent} ${version})`
  );
}

/**
 * The text being edited in the current free-text field, for proving typed input; undefined if
 * none. Where the client says which option row the text belongs to (Codex Notes), so does this.
 */
export function readEditor(
  agent: AgentKind,
  version: string | null,
  screen: ScreenSnapshot,
  source?: ProfileSource,
): EditorText | undefined {
  if (version === null) return undefined;
  return adapterOf(agent)?.forVersion(version, source)?.readEditor(screen);
}

/** Whether the main composer is proven empty and sendable (managed send), for profiled versions only. */
export function proveEmptyComposer(
  agent: AgentKind,
  version: string | null,
  screen: ScreenSnapshot,
  source?: ProfileSource,
): ComposerProof {
  const profiled = version === null ? undefined : adapterOf(agent)?.forVersion(version, source);
  if (profiled) return profiled.proveEmptyComposer(screen);
  return { sendable: false, reason: `${agent} ${version ?? '(unknown version)'} has no composer profile` };
}
