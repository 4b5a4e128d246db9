/**
 * The public contract: the `agent-knock-knock/terminal-interaction` v1 projection and the
 * typed requests that answer it (design 000, "Public model-facing contract"). Only opaque semantic
 * ids cross this boundary; terminal keys, menu indexes, fingerprints and key plans never do.
 *
 * These zod schemas are the single source of the JSON Schema files under `schema/`.
 */
import { z } from 'zod';
import { AGENTS } from './lifecycle';
import { MAX_MESSAGE_LENGTH } from './answer-text';
import { DECISION } from './decisions';
import { TEXT_SOURCES } from './text-sources';

const OpaqueId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'an opaque id');

const ResponseKind = z.enum(['single_select', 'multi_select', 'free_text', 'confirm']);
type ResponseKind = z.infer<typeof ResponseKind>;

const InteractionKind = z.enum(['questionnaire', 'async_question']);

/**
 * Whether words may answer a step (design 001, "Text resolution policies"): `never` (only a
 * structured answer), `exact_aliases` (an option's label or number, matched exactly after folding
 * case, spacing and diacritics), `model_interpreted_low_risk` (also words a language model reads as
 * naming one stored option; low-risk steps only, when the deployment allows it).
 */
const TextResolutionMode = z.enum(['never', 'exact_aliases', 'model_interpreted_low_risk']);

/** The longest reply in words that is read for an answer. */
export const MAX_REPLY_TEXT_LENGTH = 2000;

/**
 * Words the person sent with a structured answer: a message for the agent, sent as its next
 * message once the step is proven done, only onto a proven empty composer.
 */
const FollowUpMessage = z.string().min(1).max(MAX_MESSAGE_LENGTH);

/** The words a structured answer was resolved from, and how; the server checks them again. */
const FromText = z.object({ text: z.string().min(1).max(MAX_REPLY_TEXT_LENGTH), via: z.enum(TEXT_SOURCES) }).strict();
export const DeliveryMode = z.enum(['steer_current_turn', 'queue_next_turn']);
export type DeliveryMode = z.infer<typeof DeliveryMode>;

const InteractionOption = z.object({
  option_id: OpaqueId,
  label: z.string().max(4000),
  description: z.string().max(4000).optional(),
});
type InteractionOption = z.infer<typeof InteractionOption>;

export const InteractionQuestion = z.object({
  question_id: OpaqueId,
  header: z.string().max(200).optional(),
  prompt: z.string().max(8000),
  /** Text the agent drew with the question for the person to read first (a plan), as drawn. */
  context: z.string().max(20_000).optional(),
  required: z.boolean(),
  response_kind: ResponseKind,
  options: z.array(InteractionOption).max(16),
  /** For free text: the longest answer the native editor takes without collapsing it. */
  max_length: z.number().int().positive().optional(),
});
export type InteractionQuestion = z.infer<typeof InteractionQuestion>;

export const TerminalInteraction = z.object({
  schema: z.literal('agent-knock-knock/terminal-interaction'),
  version: z.literal(1),
  interaction_id: OpaqueId,
  turn_id: OpaqueId,
  agent: z.enum(AGENTS),
  kind: InteractionKind,
  /** `pending` while it waits for an answer; `resolving` while an accepted answer is typed and proven. */
  state: z.enum(['pending', 'resolving']),
  step: z.object({ index: z.number().int().positive(), total: z.number().int().positive() }),
  questions: z.array(InteractionQuestion).min(1).max(4),
  capabilities: z.object({
    batch_response: z.boolean(),
    free_text: z.boolean(),
    multi_select: z.boolean(),
  }),
  /** Only async questions advertise delivery modes. */
  delivery_modes: z.array(DeliveryMode).min(1).optional(),
  /** Whether words may answer this step (`akk/resolveText`); absent means `never`. */
  text_resolution: TextResolutionMode.optional(),
});
export type TerminalInteraction = z.infer<typeof TerminalInteraction>;

export const Answer = z.discriminatedUnion('response_kind', [
  z
    .object({
      question_id: OpaqueId,
      response_kind: z.literal('single_select'),
      selected_option_ids: z.array(OpaqueId).length(1),
    })
    .strict(),
  z
    .object({
      question_id: OpaqueId,
      response_kind: z.literal('multi_select'),
      selected_option_ids: z.array(OpaqueId).max(16),
    })
    .strict(),
  z
    .object({
      question_id: OpaqueId,
      response_kind: z.literal('free_text'),
      /** Checked against MAX_FREE_TEXT_LENGTH by the server, which answers `text_too_long`. */
      text: z.string().max(100_000),
    })
    .strict(),
  z
    .object({
      question_id: OpaqueId,
      response_kind: z.literal('confirm'),
      selected_option_ids: z.array(OpaqueId).length(1),
    })
    .strict(),
]);
export type Answer = z.infer<typeof Answer>;

export const RespondInteractionRequest = z
  .object({
    interaction_id: OpaqueId,
    turn_id: OpaqueId,
    answers: z.array(Answer).min(1).max(4),
    /** The revision the client saw when it rendered the step (design 001, "Revision binding"). */
    expected_revision: z.string().max(200).optional(),
    /** Async questions only; blocking questionnaires reject it. */
    delivery_mode: DeliveryMode.optional(),
    /** Present when the answer was resolved from the person's words (`akk/resolveText`). */
    from_text: FromText.optional(),
    message: FollowUpMessage.optional(),
  })
  .strict();
export type RespondInteractionRequest = z.infer<typeof RespondInteractionRequest>;

export const PermissionDecisionKind = z.enum([DECISION.approveOnce, DECISION.reject]);
export type PermissionDecisionKind = z.infer<typeof PermissionDecisionKind>;

/** One line of an edit's diff as the agent drew it: kept, removed or added, with its line number. */
const DiffLine = z.object({
  op: z.enum(['context', 'removed', 'added']),
  line: z.number().int().nonnegative(),
  text: z.string().max(8000),
});

/**
 * What the prompt shows beside its subject: an edit's diff (read from the agent's own drawing), or
 * other lines exactly as drawn (a fetch's URL and prompt, an MCP tool's arguments).
 */
const PermissionPreview = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('diff'), file: z.string().max(4000), lines: z.array(DiffLine).max(2000) }),
  z.object({ kind: z.literal('lines'), lines: z.array(z.string().max(8000)).max(200) }),
]);

/** A pending permission prompt, projected for display; never authority by itself. */
export const PermissionProjection = z.object({
  interaction_id: OpaqueId,
  turn_id: OpaqueId,
  agent: z.enum(AGENTS),
  /** What is being permitted, as drawn by the agent (presentation only). */
  tool: z.enum(['bash', 'write', 'edit', 'web_fetch', 'mcp', 'command', 'file_change', 'network', 'other']),
  title: z.string().max(400),
  subject: z.string().max(8000),
  preview: PermissionPreview.optional(),
  decisions: z.array(PermissionDecisionKind).min(1),
});
export type PermissionProjection = z.infer<typeof PermissionProjection>;

export const ApproveRequest = z
  .object({
    turn_id: OpaqueId,
    interaction_id: OpaqueId.optional(),
    decision: PermissionDecisionKind,
    expected_revision: z.string().max(200).optional(),
    /** With `reject`, the reason; with `approve_once`, a note. Sent once the step is proven done. */
    message: FollowUpMessage.optional(),
  })
  .strict();
export type ApproveRequest = z.infer<typeof ApproveRequest>;

/**
 * Words offered as the answer to the current step. `model_choice` carries what a language model
 * read them as (one stored option id, or `none`), for steps whose policy allows that.
 */
export const ResolveTextRequest = z
  .object({
    interaction_id: OpaqueId,
    turn_id: OpaqueId,
    text: z.string().min(1).max(MAX_REPLY_TEXT_LENGTH),
    model_choice: OpaqueId.optional(),
  })
  .strict();
export type ResolveTextRequest = z.infer<typeof ResolveTextRequest>;

/**
 * What the words resolve to: one stored option (to be confirmed by the person before anything is
 * typed), or, for a model-interpreted step whose words match no alias, the closed set of options a
 * language model may choose from (or `none`).
 */
export const TextResolution = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('resolved'),
    question_id: OpaqueId,
    option_id: OpaqueId,
    label: z.string(),
    via: z.enum(TEXT_SOURCES),
  }),
  z.object({
    status: z.literal('model_needed'),
    question_id: OpaqueId,
    prompt: z.string(),
    options: z.array(InteractionOption),
  }),
]);
export type TextResolution = z.infer<typeof TextResolution>;

/**
 * What a successful response or approval returns: an audit receipt without answer content.
 * `declined` when every chosen action declines (a permission rejected); an uncertain outcome is
 * never a receipt but the error `response_uncertain`.
 */
export const ResponseReceipt = z.object({
  interaction_id: OpaqueId,
  turn_id: OpaqueId,
  outcome: z.enum(['resolved', 'declined']),
  /** True when this call repeated an earlier one and executed nothing. */
  replayed: z.boolean(),
  receipt_id: OpaqueId,
});
export type ResponseReceipt = z.infer<typeof ResponseReceipt>;

/** Every schema exported as a JSON Schema file, by file name. */
export const PUBLIC_SCHEMAS = {
  'terminal-interaction.v1.json': TerminalInteraction,
  'respond-interaction-request.v1.json': RespondInteractionRequest,
  'permission.v1.json': PermissionProjection,
  'approve-request.v1.json': ApproveRequest,
  'response-receipt.v1.json': ResponseReceipt,
  'resolve-text-request.v1.json': ResolveTextRequest,
  'text-resolution.v1.json': TextResolution,
} as const;
