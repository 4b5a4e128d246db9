/**
 * The adapters' entry point: choose the profile for the exact client version from an explicit
 * table, then recognise the screen. An unknown agent or version is manual: it never gets input.
 */
import { CLAUDE_PROFILES, readFreeTextEditor, recognizeClaude } from './claude';
import { proveClaudeComposer } from './claude/composer';
import { CODEX_PROFILES, proveComposer, readCodexEditor, recognizeCodex } from './codex';
import { SECRET_REASON, asksForSecret, waitsForHiddenInput } from './secrets';
import type { ComposerProof, Recognition, ScreenSnapshot } from './types';

export type AgentKind = 'claude' | 'codex' | 'unknown';

export function supportedVersions(agent: AgentKind): string[] {
  if (agent === 'claude') return Object.keys(CLAUDE_PROFILES);
  if (agent === 'codex') return Object.keys(CODEX_PROFILES);
  return [];
}

export function recognize(agent: AgentKind, version: string | null, screen: ScreenSnapshot): Recognition {
  return withoutSecrets(recognizeProfiled(agent, version, screen), screen);
}

/**
 * No step carries a secret: a free-text step whose question asks for one is manual, and so is a
 * terminal waiting at a hidden-input prompt (`Password:`) under no proven dialog.
 */
function withoutSecrets(r: Recognition, screen: ScreenSnapshot): Recognition {
  if (r.kind === 'questionnaire' && r.question.responseKind === 'free_text' && asksForSecret(r.question.prompt, r.question.header)) {
    return { kind: 'manual_required', reason: SECRET_REASON };
  }
  if ((r.kind === 'activity' || r.kind === 'manual_required') && waitsForHiddenInput(screen.plain)) {
    return { kind: 'manual_required', reason: SECRET_REASON };
  }
  return r;
}

function recognizeProfiled(agent: AgentKind, version: string | null, screen: ScreenSnapshot): Recognition {
  if (agent === 'claude') {
    const profile = version === null ? undefined : CLAUDE_PROFILES[version];
    if (!profile) return { kind: 'manual_required', reason: `Claude Code ${version ?? '(unknown version)'} has no recognition profile` };
    return recognizeClaude(screen, profile);
  }
  if (agent === 'codex') {
    const profile = version === null ? undefined : CODEX_PROFILES[version];
    if (!profile) return { kind: 'manual_required', reason: `Codex ${version ?? '(unknown version)'} has no recognition profile` };
    return recognizeCodex(screen, profile);
  }
  return { kind: 'manual_required', reason: 'the program in this terminal is not a supported agent' };
}

/**
 * The text being edited in the current free-text field, for proving typed input; undefined if
 * none. Codex also says which option row the Notes belong to.
 */
export function readEditor(agent: AgentKind, version: string | null, screen: ScreenSnapshot): { text: string; optionKey?: string } | undefined {
  if (version === null) return undefined;
  if (agent === 'claude') {
    const profile = CLAUDE_PROFILES[version];
    return profile ? readFreeTextEditor(screen, profile) : undefined;
  }
  if (agent === 'codex') {
    const profile = CODEX_PROFILES[version];
    return profile ? readCodexEditor(screen, profile) : undefined;
  }
  return undefined;
}

/** Whether the main composer is proven empty and sendable (managed send), for profiled versions only. */
export function proveEmptyComposer(agent: AgentKind, version: string | null, screen: ScreenSnapshot): ComposerProof {
  if (version !== null && agent === 'claude') {
    const profile = CLAUDE_PROFILES[version];
    if (profile) return proveClaudeComposer(screen, profile);
  }
  if (version !== null && agent === 'codex') {
    const profile = CODEX_PROFILES[version];
    if (profile) return proveComposer(screen, profile);
  }
  return { sendable: false, reason: `${agent} ${version ?? '(unknown version)'} has no composer profile` };
}
