/**
 * What AKK needs from one agent's adapter. Each agent folder implements it once (`adapter.ts`)
 * from its profiles, one per exact client version, chosen by an explicit table; the registry
 * (registry.ts) lists the implementations and recognize.ts iterates it.
 */
import type { AgentName } from '../shared/agents';
import type { ComposerProof, Recognition, ScreenSnapshot } from './types';

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
  /** The operations for one exact qualified version; undefined for any other version. */
  forVersion(version: string): VersionAdapter | undefined;
  /**
   * The operations of one generation's profile applied to a version that is not (yet) qualified:
   * for qualification, which checks a candidate's captured screens; never for a live session.
   */
  forQualification(generation: string, version: string): VersionAdapter | undefined;
}

/** An adapter's parts: its profile generations, the qualified versions, and the operations on a profile. */
interface AdapterParts<P extends { id: string; version: string }> {
  generations: Readonly<Record<string, Omit<P, 'id' | 'version'>>>;
  /** Qualified version -> its generation (generated from the qualification records). */
  versions: Readonly<Record<string, string>>;
  recognize(screen: ScreenSnapshot, profile: P): Recognition;
  readEditor(screen: ScreenSnapshot, profile: P): EditorText | undefined;
  proveEmptyComposer(screen: ScreenSnapshot, profile: P): ComposerProof;
}

export function defineAdapter<N extends AgentName, P extends { id: string; version: string }>(
  agent: N,
  parts: AdapterParts<P>,
): AgentAdapter & { agent: N } {
  const bind = (generation: string, version: string): VersionAdapter | undefined => {
    if (!Object.hasOwn(parts.generations, generation)) return undefined;
    const shape = parts.generations[generation] as Omit<P, 'id' | 'version'>;
    const profile = { ...shape, id: `${agent}@${version}`, version } as P;
    return {
      recognize: (screen) => parts.recognize(screen, profile),
      readEditor: (screen) => parts.readEditor(screen, profile),
      proveEmptyComposer: (screen) => parts.proveEmptyComposer(screen, profile),
    };
  };
  const generationOf = (version: string): string | undefined =>
    Object.hasOwn(parts.versions, version) ? parts.versions[version] : undefined;
  return {
    agent,
    supportedVersions: () => Object.keys(parts.versions).sort(compareVersions),
    generationOf,
    generations: () => Object.keys(parts.generations).sort(compareVersions),
    forVersion(version) {
      const generation = generationOf(version);
      return generation === undefined ? undefined : bind(generation, version);
    },
    forQualification: bind,
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
