/**
 * The adapters' entry point: choose the agent's adapter from the registry and the profile for the
 * exact client version from its explicit table, then recognise the screen. An unknown agent or
 * version is manual: it never gets input.
 */
import { AGENT_DESCRIPTORS, type AgentKind } from '../shared/agents';
import type { EditorText } from './agent-adapter';
import { adapterOf } from './registry';
import { SECRET_REASON, asksForSecret, waitsForHiddenInput } from './secrets';
import type { ComposerProof, Recognition, ScreenSnapshot } from './types';

export type { AgentKind } from '../shared/agents';

export function supportedVersions(agent: AgentKind): string[] {
  return adapterOf(agent)?.supportedVersions() ?? [];
}

export function recognize(agent: AgentKind, version: string | null, screen: ScreenSnapshot): Recognition {
  return withoutSecrets(recognizeProfiled(agent, version, screen), screen);
}

/**
 * No step carries a secret: a free-text step whose question asks for one is manual, and so is a
 * terminal waiting at a hidden-input prompt (`Password:`) under no proven dialog.
 */
function withoutSecrets(r: Recognition, screen: ScreenSnapshot): Recognition {
  if (
    r.kind === 'questionnaire' &&
    r.question.responseKind === 'free_text' &&
    asksForSecret(r.question.prompt, r.question.header)
  ) {
    return { kind: 'manual_required', reason: SECRET_REASON };
  }
  if ((r.kind === 'activity' || r.kind === 'manual_required') && waitsForHiddenInput(screen.plain)) {
    return { kind: 'manual_required', reason: SECRET_REASON };
  }
  return r;
}

function recognizeProfiled(agent: AgentKind, version: string | null, screen: ScreenSnapshot): Recognition {
  const adapter = adapterOf(agent);
  if (!adapter) return { kind: 'manual_required', reason: 'the program in this terminal is not a supported agent' };
  const profiled = version === null ? undefined : adapter.forVersion(version);
  if (!profiled) {
    const name = AGENT_DESCRIPTORS[adapter.agent].displayName;
    return { kind: 'manual_required', reason: `${name} ${version ?? '(unknown version)'} has no recognition profile` };
  }
  return profiled.recognize(screen);
}

/**
 * The text being edited in the current free-text field, for proving typed input; undefined if
 * none. Where the client says which option row the text belongs to (Codex Notes), so does this.
 */
export function readEditor(agent: AgentKind, version: string | null, screen: ScreenSnapshot): EditorText | undefined {
  if (version === null) return undefined;
  return adapterOf(agent)?.forVersion(version)?.readEditor(screen);
}

/** Whether the main composer is proven empty and sendable (managed send), for profiled versions only. */
export function proveEmptyComposer(agent: AgentKind, version: string | null, screen: ScreenSnapshot): ComposerProof {
  const profiled = version === null ? undefined : adapterOf(agent)?.forVersion(version);
  if (profiled) return profiled.proveEmptyComposer(screen);
  return { sendable: false, reason: `${agent} ${version ?? '(unknown version)'} has no composer profile` };
}
