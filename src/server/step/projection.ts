/**
 * Turns a recognised prompt into the public projection (opaque ids only) and the stored
 * options whose server-owned actions name the adapter's private plan entries.
 */
import type { PermissionProjection, TerminalInteraction } from '../../shared/contract';
import type { AgentName } from '../../shared/lifecycle';
import type { PermissionPreview, PermissionRecognition, QuestionnaireRecognition } from '../../adapters/types';
import { MAX_FREE_TEXT_LENGTH } from '../../shared/answer-text';
import { maskCredentials } from '../base/adapters';
import { opaqueId } from '../base/ids';
import type { Interaction, RiskClass, StoredContent } from '../store';
import { DECISION } from '../../shared/decisions';

/**
 * The risk of what answering authorises: a permission is elevated, and so is a question drawn with
 * a plan to approve (approving starts the work); any other question is low risk.
 */
export function riskOf(r: QuestionnaireRecognition | PermissionRecognition): RiskClass {
  if (r.kind === 'permission' || r.question.context !== undefined) return 'elevated';
  return 'low';
}

/** The stored interaction as the public sees it: its immutable payload with its ids. */
export function publicView(ix: Interaction): {
  interaction: TerminalInteraction | null;
  permission: PermissionProjection | null;
} {
  if (ix.kind === 'permission')
    return { interaction: null, permission: { ...ix.payload, interaction_id: ix.id, turn_id: ix.turnId } };
  const state: TerminalInteraction['state'] = ix.status === 'resolving' ? 'resolving' : 'pending';
  return { interaction: { ...ix.payload, interaction_id: ix.id, turn_id: ix.turnId, state }, permission: null };
}

export interface StoredOptionDraft {
  questionId: string;
  optionId: string;
  label: string;
  action: { effect: 'accept' | 'decline' | 'answer'; semanticId: string };
  freeform: { allowed: false } | { allowed: true; maxLength: number };
}

/** A kind with its payload (as the store keeps them), the stored options, and the listing title. */
export type ProjectionDraft = StoredContent & {
  options: StoredOptionDraft[];
  title: string;
};

/** Placeholder in stored payloads: the store assigns the interaction id, the view fills it in. */
const ASSIGNED_BY_STORE = 'assigned';

export function projectQuestionnaire(r: QuestionnaireRecognition, agent: AgentName, turnId: string): ProjectionDraft {
  const q = r.question;
  const questionId = opaqueId('q');
  const options: StoredOptionDraft[] = [];
  const publicOptions = q.options.map((o) => {
    const optionId = opaqueId('o');
    options.push({
      questionId,
      optionId,
      label: o.label,
      action: { effect: o.role === 'cancel' ? 'decline' : 'answer', semanticId: o.key },
      freeform: { allowed: false },
    });
    return {
      option_id: optionId,
      label: o.label,
      ...(o.description !== undefined ? { description: o.description } : {}),
    };
  });
  if (q.responseKind === 'free_text') {
    // The free-text step has no options; its one stored action carries the text.
    options.push({
      questionId,
      optionId: opaqueId('t'),
      label: q.prompt,
      action: { effect: 'answer', semanticId: 'free_text' },
      freeform: { allowed: true, maxLength: q.maxLength ?? MAX_FREE_TEXT_LENGTH },
    });
  }
  const modes = r.asyncDelivery?.modes;
  const payload: TerminalInteraction = {
    schema: 'agent-knock-knock/terminal-interaction',
    version: 1,
    interaction_id: ASSIGNED_BY_STORE,
    turn_id: turnId,
    agent,
    kind: modes ? 'async_question' : 'questionnaire',
    state: 'pending',
    step: r.step,
    questions: [
      {
        question_id: questionId,
        ...(q.header !== undefined ? { header: q.header } : {}),
        prompt: q.prompt,
        ...(q.context !== undefined ? { context: maskCredentials(q.context) } : {}),
        required: true,
        response_kind: q.responseKind,
        options: publicOptions,
        ...(q.maxLength !== undefined ? { max_length: q.maxLength } : {}),
      },
    ],
    capabilities: {
      batch_response: false,
      free_text: q.responseKind === 'free_text' || q.options.some((o) => o.role === 'free_text'),
      multi_select: q.responseKind === 'multi_select',
    },
    // Only async questions advertise how their answer is delivered.
    ...(modes && modes.length > 0 ? { delivery_modes: [...modes] } : {}),
  };
  return {
    kind: modes ? 'async_question' : 'questionnaire',
    payload,
    options,
    title: q.header ? `${q.header}: ${q.prompt}` : q.prompt,
  };
}

export function projectPermission(r: PermissionRecognition, agent: AgentName, turnId: string): ProjectionDraft {
  const options: StoredOptionDraft[] = r.decisions.map((d) => ({
    questionId: 'decision',
    optionId: d,
    label: d === DECISION.approveOnce ? 'Yes, once' : 'No',
    action: { effect: d === DECISION.reject ? 'decline' : 'accept', semanticId: d },
    freeform: { allowed: false },
  }));
  const payload: PermissionProjection = {
    interaction_id: ASSIGNED_BY_STORE,
    turn_id: turnId,
    agent,
    tool: r.tool,
    title: r.title,
    // Credentials in a command or a file's content are masked for display (the fingerprint is
    // taken over the unmasked screen).
    subject: maskCredentials(r.subject),
    ...(r.preview ? { preview: maskedPreview(r.preview) } : {}),
    decisions: r.decisions,
  };
  return { kind: 'permission', payload, options, title: `${r.title}: ${payload.subject.split('\n')[0] ?? ''}` };
}

/** A preview with credentials masked for display, as the subject is. */
function maskedPreview(p: PermissionPreview): PermissionPreview {
  if (p.kind === 'lines') return { kind: 'lines', lines: p.lines.map(maskCredentials) };
  return { ...p, lines: p.lines.map((l) => ({ ...l, text: maskCredentials(l.text) })) };
}
