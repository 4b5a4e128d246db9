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
  /** The exact client versions with a profile. */
  supportedVersions(): string[];
  /** The operations for one exact version; undefined for a version without a profile. */
  forVersion(version: string): VersionAdapter | undefined;
}

/** An adapter's parts: its profiles by version, and the operations that take one of them. */
interface AdapterParts<P> {
  profiles: Readonly<Record<string, P>>;
  recognize(screen: ScreenSnapshot, profile: P): Recognition;
  readEditor(screen: ScreenSnapshot, profile: P): EditorText | undefined;
  proveEmptyComposer(screen: ScreenSnapshot, profile: P): ComposerProof;
}

export function defineAdapter<N extends AgentName, P>(agent: N, parts: AdapterParts<P>): AgentAdapter & { agent: N } {
  return {
    agent,
    supportedVersions: () => Object.keys(parts.profiles),
    forVersion(version) {
      if (!Object.hasOwn(parts.profiles, version)) return undefined;
      const profile = parts.profiles[version] as P;
      return {
        recognize: (screen) => parts.recognize(screen, profile),
        readEditor: (screen) => parts.readEditor(screen, profile),
        proveEmptyComposer: (screen) => parts.proveEmptyComposer(screen, profile),
      };
    },
  };
}
