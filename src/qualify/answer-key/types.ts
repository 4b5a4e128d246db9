/**
 * The answer key of a captured screen: what the screen must be recognised as, worked out without
 * the recognizer from the scenario (what the model put on screen), the keys the capture harness
 * pressed, and what the client is documented to do with them (docs/REAL-AGENTS.md, fixtures/README.md).
 */
import type { PermissionPreview, PermissionTool, ResponseKind } from '../../adapters/types';

/** One thing the harness sent: a tmux key name, or `text:<literal>`. */
export type Token = string;

export type Decision = 'approve_once' | 'reject';

export interface ExpectedOption {
  /** The label as drawn (U+FE0F dropped by the terminal); undefined where the row's wording is AKK's own. */
  label: string | undefined;
  /** The description as drawn; null where the row has none; absent where it is not checked. */
  description?: string | null;
  /** Prefix of the description, where the client's wording varies by version. */
  descriptionStartsWith?: string;
  role: 'choice' | 'free_text' | 'submit' | 'cancel';
  checked?: boolean;
}

/** Where the native cursor is: on the option with this label, or on the row being edited. */
type ExpectedFocus = { label: string } | { editingRow: number } | { none: true };

export interface ExpectedQuestionnaire {
  kind: 'questionnaire';
  responseKind: ResponseKind;
  prompt: string | undefined;
  header: string | undefined;
  options: ExpectedOption[];
  focus: ExpectedFocus | undefined;
  step: { index: number; total: number };
  /** Checks the ground truth cannot decide here, each with the reason. */
  skips: Partial<Record<'prompt' | 'header' | 'focus', string>>;
}

export interface ExpectedPermission {
  kind: 'permission';
  tool: PermissionTool;
  title: string;
  subject: string;
  /** What the prompt shows beside the subject, where the scenario decides it (an edit's diff, a fetch's URL). */
  preview?: PermissionPreview;
  decisions: Decision[];
}

export type Expected =
  | { kind: 'activity'; state: 'idle' | 'working' }
  /** `startup`: the start-up screen the recognizer must name; `dialog`: the mid-session dialog it must name. */
  | { kind: 'manual_required'; because: string; startup?: string; dialog?: string }
  | ExpectedQuestionnaire
  | ExpectedPermission;

/** The answer the harness gave to the step on a screen, as AKK would be asked for it. */
export type Answer =
  | { kind: 'choose'; label: string }
  /** The one navigation choice of a collapsed step (its wording is AKK's). */
  | { kind: 'open' }
  /** AKK's own free-text choice of a Codex question (notes on `None of the above`). */
  | { kind: 'notes' }
  | { kind: 'multi'; labels: string[] }
  | { kind: 'text'; text: string }
  | { kind: 'decision'; decision: Decision }
  /** Something AKK does not offer, or reached by another native route than AKK's: not compared. */
  | { kind: 'not_offered'; why: string };

/** What the fake model must have received for an answer the harness submitted. */
export type Delivery =
  | { kind: 'claude_answers'; pairs: Array<[question: string, answer: string]> }
  | { kind: 'claude_permission'; approved: boolean; said?: string }
  /**
   * A fetch approved (the client then checks the domain with claude.ai, which the offline capture
   * cannot reach: the result is that error, naming the domain) or rejected.
   */
  | { kind: 'claude_fetch'; approved: boolean; domain: string }
  /** The plan approved (the result quotes the plan), or sent back with what to change. */
  | { kind: 'claude_plan'; approved: boolean; plan: string; said?: string }
  | { kind: 'codex_answers'; answers: Record<string, string[]> }
  | { kind: 'codex_approval'; approved: boolean }
  /** Permissions the model requested, granted for this turn or refused (each refused one is null). */
  | { kind: 'codex_permissions'; granted: boolean; requested: Record<string, unknown> }
  | { kind: 'async_answer'; question: string; answer: string }
  /** A Gemini CLI tool allowed once: its result, which holds each of these texts. */
  | { kind: 'gemini_result'; includes: string[] };

/** What one key did: how it answered the step it left, or that it was a route AKK does not take. */
export interface KeyEffect {
  answer?: Answer;
  /** The harness reached the native answer by another route than AKK's (why): its keys are not AKK's plan. */
  detour?: string;
}

/** A client model: the native dialog as documented, driven by the harness's keys. */
export interface ClientModel {
  expected(): Expected;
  /** The native step now shown; a key that changes it answers (or leaves) the step. */
  stepId(): string;
  apply(token: Token): KeyEffect;
  /** The scenario let held model turns finish. */
  release(all: boolean): void;
  /** Answers submitted so far, oldest first. */
  readonly deliveries: Delivery[];
}
