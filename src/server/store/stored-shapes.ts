/**
 * The typed JSON the store keeps for its callers: an interaction's payload (the public projection
 * as first shown), the private key plan of its authority record, and an attached terminal's
 * endpoint. Each has a declared type at the store API and a schema that checks it when it is read
 * back from disk (a row that fails is `store_corrupt`).
 *
 * The payload is the public contract itself (`shared/contract.ts`), checked on the way in as well,
 * so that nothing is stored that could not be read back. The key plan and the endpoint belong to
 * other rooms (adapters, sessions): their schemas check the fields the store knows and keep any
 * other field as it was written, so a field added there is never dropped here.
 */
import { z } from 'zod';
import { PermissionProjection, TerminalInteraction } from '../../shared/contract';
import type { PermissionDecisionKind } from '../../shared/contract';

/** What shape the decision has: the kinds the projection stores, each with its payload. */
export type StoredKind = 'questionnaire' | 'async_question' | 'permission';
export const STORED_KINDS: readonly StoredKind[] = ['questionnaire', 'async_question', 'permission'];

/** An interaction's kind and its immutable payload, which always agree. */
export type StoredContent =
  | { kind: 'permission'; payload: PermissionProjection }
  | { kind: 'questionnaire' | 'async_question'; payload: TerminalInteraction };

/** The payload schema of each kind. */
export function payloadSchema(kind: StoredKind): z.ZodType<StoredContent['payload']> {
  return kind === 'permission' ? PermissionProjection : TerminalInteraction;
}

// ---- the private key plan (adapter-owned; see adapters/types.ts) ----

type StoredKeyAction = { keys: string[] } | { text: string };

type StoredExpectation =
  | { kind: 'free_text_editing'; optionKey: string; text: string }
  | { kind: 'checked'; optionKeys: string[] }
  | { kind: 'cursor_on'; optionKey: string }
  | { kind: 'prompt_changed' };

interface StoredStep {
  action: StoredKeyAction;
  expect: StoredExpectation;
  delayBeforeMs?: number;
}

interface StoredQuestionPlan {
  choose: Record<string, StoredStep[]>;
  toggle?: Record<string, StoredKeyAction>;
  advance?: StoredKeyAction;
  advanceFrom?: { at: string; from: Record<string, StoredStep[]> };
  freeText?: {
    optionKey: string;
    open: StoredStep[];
    submit: StoredKeyAction;
    submitDelayMs?: number;
    maxDisplayWidth?: number;
  };
}

/** The private key plan kept in the authority record; `null` there means the step is manual only. */
export interface StoredKeyPlan {
  kind: 'questionnaire' | 'permission';
  responseKind?: 'single_select' | 'multi_select' | 'free_text' | 'confirm';
  question?: StoredQuestionPlan;
  /** Multi-select: the option keys checked when the step was recognised. */
  checked?: string[];
  /** Async questions: the delivery modes the native answer key is proven to perform. */
  deliveryModes?: Array<'steer_current_turn' | 'queue_next_turn'>;
  /** Choosing only navigates: the prompt is not fenced once proven. */
  navigationOnly?: true;
  permission?: Partial<Record<PermissionDecisionKind, StoredStep[]>>;
}

const keyAction: z.ZodType<StoredKeyAction> = z.union([
  z.looseObject({ keys: z.array(z.string()) }),
  z.looseObject({ text: z.string() }),
]);

const expectation: z.ZodType<StoredExpectation> = z.union([
  z.looseObject({ kind: z.literal('free_text_editing'), optionKey: z.string(), text: z.string() }),
  z.looseObject({ kind: z.literal('checked'), optionKeys: z.array(z.string()) }),
  z.looseObject({ kind: z.literal('cursor_on'), optionKey: z.string() }),
  z.looseObject({ kind: z.literal('prompt_changed') }),
]);

const step: z.ZodType<StoredStep> = z.looseObject({
  action: keyAction,
  expect: expectation,
  delayBeforeMs: z.number().optional(),
});

const questionPlan: z.ZodType<StoredQuestionPlan> = z.looseObject({
  choose: z.record(z.string(), z.array(step)),
  toggle: z.record(z.string(), keyAction).optional(),
  advance: keyAction.optional(),
  advanceFrom: z.looseObject({ at: z.string(), from: z.record(z.string(), z.array(step)) }).optional(),
  freeText: z
    .looseObject({
      optionKey: z.string(),
      open: z.array(step),
      submit: keyAction,
      submitDelayMs: z.number().optional(),
      maxDisplayWidth: z.number().optional(),
    })
    .optional(),
});

export const keyPlanSchema: z.ZodType<StoredKeyPlan> = z.looseObject({
  kind: z.enum(['questionnaire', 'permission']),
  responseKind: z.enum(['single_select', 'multi_select', 'free_text', 'confirm']).optional(),
  question: questionPlan.optional(),
  checked: z.array(z.string()).optional(),
  deliveryModes: z.array(z.enum(['steer_current_turn', 'queue_next_turn'])).optional(),
  navigationOnly: z.literal(true).optional(),
  permission: z.looseObject({ approve_once: z.array(step).optional(), reject: z.array(step).optional() }).optional(),
});

// ---- attached terminals (sessions-owned; see sessions/persistence.ts) ----

/** Where an attached session lives, and what proves on re-attach that it is the same pane. */
export interface AttachedEndpoint {
  kind: 'tmux';
  socket?: string;
  socketPath?: string;
  target: string;
  pane_id: string;
  identity?: { panePid: number; paneStartTime: number; bootId?: string };
}

/** The stored endpoint column: the endpoint with the last binding generation beside it. */
export const storedEndpointSchema = z.looseObject({
  kind: z.literal('tmux'),
  socket: z.string().optional(),
  socketPath: z.string().optional(),
  target: z.string(),
  pane_id: z.string(),
  identity: z.looseObject({ panePid: z.number(), paneStartTime: z.number(), bootId: z.string().optional() }).optional(),
  generation: z.number().optional(),
});
