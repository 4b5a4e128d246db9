/**
 * Messages between the question panel's webview and the extension host. Both sides check
 * every incoming message with these schemas: the webview is an untrusted boundary, and
 * everything it shows came from a terminal screen.
 */
import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from './answer-text';
import {
  Answer,
  MAX_REPLY_TEXT_LENGTH,
  PermissionDecisionKind,
  PermissionProjection,
  TerminalInteraction,
} from './contract';
import { TEXT_SOURCES } from './text-sources';

/**
 * How long after a step is drawn a key does nothing: a key meant for what was there before (typed
 * into the terminal a moment ago, or the previous step) never answers the new one. The panel's
 * keys and the editor's shown-permission keybindings both keep it.
 */
export const KEY_SETTLE_MS = 500;

const RequestId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const Id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/** A message for the agent sent with an answer (typed in the panel). */
const FollowUp = z.string().min(1).max(MAX_MESSAGE_LENGTH);

/** Webview to host. */
export const PanelToHost = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }).strict(),
  z.object({ type: z.literal('refresh') }).strict(),
  z.object({ type: z.literal('focusTerminal') }).strict(),
  /** The panel received a message it could not read (it shows nothing from it). */
  z.object({ type: z.literal('rejected'), reason: z.string().max(500) }).strict(),
  z
    .object({
      type: z.literal('respond'),
      requestId: RequestId,
      interaction_id: Id,
      turn_id: Id,
      answers: z.array(Answer).min(1).max(4),
      /** The words the answer was resolved from (after a `resolved` reply), and how. */
      from_text: z
        .object({ text: z.string().min(1).max(MAX_REPLY_TEXT_LENGTH), via: z.enum(TEXT_SOURCES) })
        .strict()
        .optional(),
      message: FollowUp.optional(),
    })
    .strict(),
  /** A reply in words: the host resolves it under the step's policy; nothing is typed. */
  z
    .object({
      type: z.literal('resolveWords'),
      requestId: RequestId,
      interaction_id: Id,
      turn_id: Id,
      text: z.string().min(1).max(MAX_REPLY_TEXT_LENGTH),
    })
    .strict(),
  z
    .object({
      type: z.literal('approve'),
      requestId: RequestId,
      interaction_id: Id,
      turn_id: Id,
      decision: PermissionDecisionKind,
      /** With a rejection, the reason; sent to the agent once the prompt is answered. */
      message: FollowUp.optional(),
    })
    .strict(),
  /** "Answer in the Terminal": the step is left to the terminal; nothing is typed. */
  z.object({ type: z.literal('dismiss'), requestId: RequestId, interaction_id: Id, turn_id: Id }).strict(),
  /** The person clicked a notification the panel raised outside the window. */
  z.object({ type: z.literal('noticeClicked'), session_id: Id, opens: z.enum(['step', 'terminal']) }).strict(),
  /** What became of a notification asked for: shown on the person's side, or why not. */
  z
    .object({
      type: z.literal('noticeResult'),
      shown: z.boolean(),
      permission: z.enum(['granted', 'denied', 'default', 'unsupported']),
      reason: z.string().max(500).optional(),
    })
    .strict(),
]);
export type PanelToHost = z.infer<typeof PanelToHost>;

const PanelSession = z.object({
  session_id: Id,
  agent_label: z.string().max(100),
  version: z.string().max(50).nullable(),
  state: z.string().max(40),
});

export const PanelView = z.object({
  session: PanelSession.nullable(),
  interaction: TerminalInteraction.nullable(),
  permission: PermissionProjection.nullable(),
  manual_reason: z.string().max(2000).nullable(),
  /** False in an untrusted workspace: show, never answer. */
  input_allowed: z.boolean(),
  /** The host is reading the terminal for the current step (shown instead of a blank panel). */
  reading: z.boolean(),
  input_blocked_reason: z.string().max(400).nullable(),
  /** The words of each decision, in the person's language (the extension's one table). */
  decision_labels: z.object({ approve_once: z.string().min(1).max(100), reject: z.string().min(1).max(100) }).strict(),
});
export type PanelView = z.infer<typeof PanelView>;

/**
 * `lapsed`: the offer ran out but the same step is still waiting and is shown again.
 * `dismissed`: the person left the step to the terminal.
 */
export const OutcomeKind = z.enum(['answered', 'dismissed', 'changed', 'lapsed', 'uncertain', 'manual', 'error']);
export type OutcomeKind = z.infer<typeof OutcomeKind>;

/** A notification for the person's side: raised by the webview, which runs where the person is. */
export const PanelNotice = z
  .object({
    session_id: Id,
    title: z.string().min(1).max(200),
    body: z.string().max(1000),
    /** One notification per step: a later one with the same tag replaces it. */
    tag: Id,
    silent: z.boolean(),
    /** What its click brings: the step in the panel, or (a finished turn) the session's terminal. */
    opens: z.enum(['step', 'terminal']),
  })
  .strict();
export type PanelNotice = z.infer<typeof PanelNotice>;

/** Host to webview. */
export const HostToPanel = z.discriminatedUnion('type', [
  z.object({ type: z.literal('view'), view: PanelView }).strict(),
  z.object({ type: z.literal('notify'), notice: PanelNotice }).strict(),
  z
    .object({
      type: z.literal('outcome'),
      requestId: RequestId.nullable(),
      kind: OutcomeKind,
      message: z.string().max(2000),
    })
    .strict(),
  /** The words name this option: selected for the person to check and send. */
  z
    .object({
      type: z.literal('resolved'),
      requestId: RequestId,
      interaction_id: Id,
      option_id: Id,
      label: z.string().max(4000),
      via: z.enum(TEXT_SOURCES),
      text: z.string().max(MAX_REPLY_TEXT_LENGTH),
    })
    .strict(),
]);
export type HostToPanel = z.infer<typeof HostToPanel>;
