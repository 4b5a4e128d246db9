/**
 * What AKK needs from one agent's adapter. Each agent folder implements it once (`adapter.ts`)
 * from its profiles, one per exact client version, chosen by an explicit table; the registry
 * (registry.ts) lists the implementations and recognize.ts iterates it.
 */
import type { AgentName } from '../shared/agents';
import { renderingName, STANDARD_RENDERING } from '../shared/rendering';
import type {
  AgentTiming,
  ComposerProof,
  OwnActivity,
  Recognition,
  ScreenSnapshot,
  WordAnswer,
  WordStep,
} from './types';
import { manual } from './types';

/** The text in the free-text field being edited, and the option row it belongs to where the client says so. */
export interface EditorText {
  text: string;
  optionKey?: string;
}

/** One client version's operations, bound to its profile. */
interface VersionAdapter {
  /** A prompt if one is proven exactly, else manual or activity. */
  recognize(screen: ScreenSnapshot): Recognition;
  /** The free text being edited, for proving typed input; undefined if none. */
  readEditor(screen: ScreenSnapshot): EditorText | undefined;
  /** Whether the main composer is proven empty and sendable (managed send). */
  proveEmptyComposer(screen: ScreenSnapshot): ComposerProof;
}

export interface AgentAdapter {
  readonly agent: AgentName;
  /** The exact client versions qualified, oldest first. */
  supportedVersions(): string[];
  /** The profile generation a qualified version belongs to; undefined for any other version. */
  generationOf(version: string): string | undefined;
  /** The profile generations, oldest first. */
  generations(): string[];
  /**
   * Whether the extension's own qualification recorded this release as drawing screens differently:
   * never answered, and a qualification made on this machine for it is superseded by that record.
   */
  recordedDiffering(version: string, source?: ProfileSource): boolean;
  /**
   * Corpus shapes a version answers only once its own qualification captured them (a recognition's
   * `shape`): shapes added to the corpus after the release history was qualified.
   */
  gatedShapes(): readonly string[];
  /** How the agent takes keys: the quiet times the server waits before keys, offers and Enter. */
  timing(): AgentTiming;
  /**
   * Why the agent's own word (an `event` its hook relayed, with its `input`) and the prompt the
   * screen proves disagree; undefined when they agree or the agent's word says nothing of it.
   */
  ownWordDiffers(recognition: Recognition, event: string, input: Readonly<Record<string, unknown>>): string | undefined;
  /**
   * The steps the agent's own request asks, in order, answered through the channel that asked
   * (none: not answerable so): one permission, or each question of a questionnaire.
   */
  wordSteps(event: string, input: Readonly<Record<string, unknown>>, nonce: string): readonly WordStep[] | undefined;
  /** How many answered tool calls the agent's own record of the session holds (`read`: a file's text). */
  wordReceipts(
    input: Readonly<Record<string, unknown>>,
    read: (path: string) => string | undefined,
  ): number | undefined;
  /** The output that answers the request (`input`, as it came) with a decision or every question's answer. */
  wordAnswer(input: Readonly<Record<string, unknown>>, answer: WordAnswer): Record<string, unknown> | undefined;
  /** Where the agent of process `pid`, started with `env`, records what it does (none: it keeps no record). */
  activityFile(env: ReadonlyMap<string, string>, pid: number): string | undefined;
  /** What that record says (`text`, the file's content) of process `pid`; undefined: nothing. */
  activity(text: string, pid: number): OwnActivity | undefined;
  /**
   * The profile generation a live session of this version is recognised with: the shipped tables'
   * (unless withheld), else a qualification made on this machine for the session's binary.
   */
  qualifiedGeneration(version: string, source?: ProfileSource): string | undefined;
  /**
   * What a version of the shipped tables was qualified with: the gated shapes its qualification
   * captured and the rendering conditions beyond the corpus's own; undefined for any other version.
   */
  grantsOf(version: string): { shapes: readonly string[]; renderings: readonly string[] } | undefined;
  /** The operations for one exact qualified version; undefined for any other version. */
  forVersion(version: string, source?: ProfileSource): VersionAdapter | undefined;
  /**
   * The operations of one generation's profile applied to a version that is not (yet) qualified:
   * for qualification, which checks a candidate's captured screens; never for a live session.
   */
  forQualification(generation: string, version: string): VersionAdapter | undefined;
}

/**
 * A qualification made on the person's machine for the exact binary a session runs (its record
 * is bound to that binary's digest by the server): the generation every check passed under, and
 * the gated shapes and rendering conditions it captured.
 */
export interface LocalGrant {
  generation: string;
  shapes: readonly string[];
  renderings: readonly string[];
}

/** Where a live session's profile may come from besides the shipped tables. */
export interface ProfileSource {
  /** The shipped tables are set aside for this version: it is taken as never qualified. */
  withholdShipped?: boolean;
  /** Qualified on this machine for the session's binary. */
  local?: LocalGrant;
}

/** An adapter's parts: its profile generations, the qualified versions, and the operations on a profile. */
interface AdapterParts<P extends BoundProfile> {
  generations: Readonly<Record<string, Omit<P, keyof BoundProfile>>>;
  /** Qualified version -> its generation (generated from the qualification records). */
  versions: Readonly<Record<string, string>>;
  /** Gated shape -> the qualified versions whose records captured it (generated from the records). */
  shapes: Readonly<Record<string, readonly string[]>>;
  /**
   * Rendering condition -> the qualified versions whose records captured it, besides the corpus's own
   * (`CORPUS_RENDERING`), which every qualified version was captured under (generated from the records).
   */
  renderings: Readonly<Record<string, readonly string[]>>;
  /** Releases recorded as drawing screens differently (generated from the records). */
  differing: readonly string[];
  gatedShapes: readonly string[];
  timing: AgentTiming;
  recognize(screen: ScreenSnapshot, profile: P): Recognition;
  readEditor(screen: ScreenSnapshot, profile: P): EditorText | undefined;
  proveEmptyComposer(screen: ScreenSnapshot, profile: P): ComposerProof;
  /** The agent's own word held against the screen (an agent without a structured channel has none). */
  ownWordDiffers?: AgentAdapter['ownWordDiffers'];
  wordSteps?: AgentAdapter['wordSteps'];
  wordReceipts?: AgentAdapter['wordReceipts'];
  wordAnswer?: AgentAdapter['wordAnswer'];
  activityFile?: AgentAdapter['activityFile'];
  activity?: AgentAdapter['activity'];
}

/** The rendering every qualified version was captured under: the dark theme at 256 colours. */
const CORPUS_RENDERING = renderingName(STANDARD_RENDERING);

/** What binding a generation's profile to one version adds to it. */
interface BoundProfile {
  id: string;
  version: string;
  /** The rendering conditions qualified on the version; null while qualification judges a capture. */
  renderings: readonly string[] | null;
}

export function defineAdapter<N extends AgentName, P extends BoundProfile>(
  agent: N,
  parts: AdapterParts<P>,
): AgentAdapter & { agent: N } {
  /** What a version is qualified with: its gated shapes and rendering conditions. */
  interface Grants {
    shapes: (shape: string) => readonly string[];
    renderings: readonly string[];
  }
  const shipped = (version: string): Grants => ({
    shapes: (shape) => (Object.hasOwn(parts.shapes, shape) ? (parts.shapes[shape] ?? []) : []),
    renderings: Object.keys(parts.renderings).filter((r) => parts.renderings[r]?.includes(version)),
  });
  const local = (version: string, grant: LocalGrant): Grants => ({
    shapes: (shape) => (grant.shapes.includes(shape) ? [version] : []),
    renderings: grant.renderings,
  });
  /** A live session's recognition: a gated shape its version was not qualified with is manual. */
  // A window of a scrolled list is gated like the step it assembles into: no key reads its rows.
  const gate = (r: Recognition, version: string, grants: Grants): Recognition => {
    const shape = 'shape' in r ? r.shape : r.kind === 'manual_required' ? r.window?.shape : undefined;
    if (shape === undefined) return r;
    // A shape the adapter does not list (a misspelt name, say) is never answered on any version.
    if (!parts.gatedShapes.includes(shape)) return manual(`this prompt's shape (${shape}) is not one AKK lists`);
    const qualified = grants.shapes(shape);
    if (qualified.includes(version)) return r;
    const elsewhere = qualified.length > 0 ? `; it is for ${qualified.join(', ')}` : '';
    return manual(`this prompt (${shape}) has not been qualified for version ${version}${elsewhere}`);
  };
  const bind = (generation: string, version: string, grants: Grants | null): VersionAdapter | undefined => {
    if (!Object.hasOwn(parts.generations, generation)) return undefined;
    const shape = parts.generations[generation] as Omit<P, keyof BoundProfile>;
    const renderings = grants ? [CORPUS_RENDERING, ...grants.renderings] : null;
    const profile = { ...shape, id: `${agent}@${version}`, version, renderings } as P;
    return {
      recognize: (screen) => {
        const r = parts.recognize(screen, profile);
        return grants ? gate(r, version, grants) : r;
      },
      readEditor: (screen) => parts.readEditor(screen, profile),
      proveEmptyComposer: (screen) => parts.proveEmptyComposer(screen, profile),
    };
  };
  const generationOf = (version: string): string | undefined =>
    Object.hasOwn(parts.versions, version) ? parts.versions[version] : undefined;
  const recordedDiffering = (version: string, source?: ProfileSource): boolean =>
    !source?.withholdShipped && parts.differing.includes(version);
  const qualifiedGeneration = (version: string, source?: ProfileSource): string | undefined => {
    const own = source?.withholdShipped ? undefined : generationOf(version);
    if (own !== undefined) return own;
    // A release the shipped records hold as differing is never answered, whatever was found locally.
    if (recordedDiffering(version, source)) return undefined;
    const g = source?.local?.generation;
    return g !== undefined && Object.hasOwn(parts.generations, g) ? g : undefined;
  };
  return {
    agent,
    supportedVersions: () => Object.keys(parts.versions).sort(compareVersions),
    generationOf,
    qualifiedGeneration,
    generations: () => Object.keys(parts.generations).sort(compareVersions),
    recordedDiffering,
    gatedShapes: () => parts.gatedShapes,
    timing: () => parts.timing,
    ownWordDiffers: (recognition, event, input) => parts.ownWordDiffers?.(recognition, event, input),
    wordSteps: (event, input, nonce) => parts.wordSteps?.(event, input, nonce),
    wordReceipts: (input, read) => parts.wordReceipts?.(input, read),
    wordAnswer: (input, answer) => parts.wordAnswer?.(input, answer),
    activityFile: (env, pid) => parts.activityFile?.(env, pid),
    activity: (text, pid) => parts.activity?.(text, pid),
    grantsOf(version) {
      if (generationOf(version) === undefined) return undefined;
      const granted = shipped(version);
      return {
        shapes: parts.gatedShapes.filter((shape) => granted.shapes(shape).includes(version)),
        renderings: granted.renderings,
      };
    },
    forVersion(version, source) {
      const own = source?.withholdShipped ? undefined : generationOf(version);
      if (own !== undefined) return bind(own, version, shipped(version));
      const grant = source?.local;
      const generation = qualifiedGeneration(version, source);
      return grant && generation !== undefined ? bind(generation, version, local(version, grant)) : undefined;
    },
    forQualification: (generation, version) => bind(generation, version, null),
  };
}

/** Dotted numeric versions in order: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
