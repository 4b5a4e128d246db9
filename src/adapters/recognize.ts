/**
 * The adapters' entry point: choose the profile for the exact client version from an explicit
 * table, then recognise the screen. An unknown agent or version is manual: it never gets input.
 */
import { CLAUDE_PROFILES, readFreeTextEditor, recognizeClaude } from './claude';
import type { Recognition, ScreenSnapshot } from './types';

export type AgentKind = 'claude' | 'codex' | 'unknown';

export function supportedVersions(agent: AgentKind): string[] {
  return agent === 'claude' ? Object.keys(CLAUDE_PROFILES) : [];
}

export function recognize(agent: AgentKind, version: string | null, screen: ScreenSnapshot): Recognition {
  if (agent === 'claude') {
    const profile = version === null ? undefined : CLAUDE_PROFILES[version];
    if (!profile) return { kind: 'manual_required', reason: `Claude Code ${version ?? '(unknown version)'} has no recognition profile` };
    return recognizeClaude(screen, profile);
  }
  if (agent === 'codex') return { kind: 'manual_required', reason: `Codex ${version ?? '(unknown version)'} has no recognition profile` };
  return { kind: 'manual_required', reason: 'the program in this terminal is not a supported agent' };
}

/** The text being edited in the current free-text field, for proving typed input; undefined if none. */
export function readEditor(agent: AgentKind, version: string | null, screen: ScreenSnapshot): { text: string } | undefined {
  if (agent !== 'claude' || version === null) return undefined;
  const profile = CLAUDE_PROFILES[version];
  return profile ? readFreeTextEditor(screen, profile) : undefined;
}
