/**
 * Resolves a client's typed answers (opaque ids only) into the adapter-owned native steps,
 * through the options stored with the interaction. Nothing the client sends becomes a key:
 * ids select stored actions, and stored actions name plan entries.
 */
import type { Answer } from '../../shared/contract';
import { AkkError } from '../../shared/errors';
import { displayWidth } from '../base/adapters';
import type { PermissionRecognition, PlannedStep, QuestionnaireRecognition, QuestionPlan } from '../../adapters/types';
import type { StoredKeyPlan } from '../store';
import type { StoredOptionDraft } from './projection';
import { answerTextProblem } from '../../shared/answer-text';
import { DECISION } from '../../shared/decisions';
import type { PermissionDecisionKind } from '../../shared/contract';

/** The private key plan kept in the authority record: its type and its read-back check are the store's. */
export type { StoredKeyPlan } from '../store';

/** The private key plan of a recognised prompt, as the authority record keeps it. */
export function keyPlanOf(prompt: QuestionnaireRecognition | PermissionRecognition): StoredKeyPlan {
  if (prompt.kind === 'permission') return { kind: 'permission', permission: prompt.plan };
  return {
    kind: 'questionnaire',
    responseKind: prompt.question.responseKind,
    question: prompt.plan,
    checked: prompt.question.options.filter((o) => o.checked).map((o) => o.key),
    ...(prompt.asyncDelivery ? { deliveryModes: [...prompt.asyncDelivery.modes] } : {}),
    ...(prompt.navigationOnly ? { navigationOnly: true as const } : {}),
  };
}

export interface ResolvedAnswer {
  steps: PlannedStep[];
  optionIds: string[];
  /** The parts of the answer the audit ledger digests (never stored as text). */
  digestParts: string[];
  /** Whether the stored action declines (lands on `declined`). */
  declines: boolean;
}

type Option = Pick<StoredOptionDraft, 'questionId' | 'optionId' | 'action' | 'freeform'>;

export function resolveAnswers(
  answers: readonly Answer[],
  options: readonly Option[],
  plan: StoredKeyPlan,
): ResolvedAnswer {
  if (plan.kind !== 'questionnaire' || !plan.question || !plan.responseKind) {
    throw new AkkError('manual_required', 'this step has no questionnaire plan');
  }
  const questionIds = new Set(options.map((o) => o.questionId));
  if (answers.length !== 1) {
    throw new AkkError(
      'invalid_params',
      'answer exactly the one question of the current step (batch responses are not supported)',
    );
  }
  const answer = answers[0] as Answer;
  if (!questionIds.has(answer.question_id))
    throw new AkkError('question_not_stored', 'the question is not part of this interaction');
  if (answer.response_kind !== plan.responseKind) {
    throw new AkkError(
      'invalid_params',
      `this question takes a ${plan.responseKind} answer, not ${answer.response_kind}`,
    );
  }
  const ofQuestion = options.filter((o) => o.questionId === answer.question_id);
  const find = (id: string): Option => {
    const o = ofQuestion.find((x) => x.optionId === id);
    if (!o) throw new AkkError('option_not_stored', 'the option is not stored on this interaction', { option_id: id });
    return o;
  };
  const q = plan.question;

  switch (answer.response_kind) {
    case 'single_select':
    case 'confirm': {
      const o = find(answer.selected_option_ids[0] as string);
      const steps = q.choose[o.action.semanticId];
      if (!steps)
        throw new AkkError(
          'manual_required',
          'the chosen option has no proven native step here: answer it in the terminal',
        );
      return { steps, optionIds: [o.optionId], digestParts: [o.optionId], declines: o.action.effect === 'decline' };
    }
    case 'multi_select': {
      const chosen = answer.selected_option_ids.map(find);
      if (new Set(chosen.map((o) => o.optionId)).size !== chosen.length)
        throw new AkkError('invalid_params', 'an option is selected twice');
      if (!q.toggle || (!q.advance && !q.advanceFrom))
        throw new AkkError('manual_required', 'this multi-select question has no proven toggle plan');
      const checked = new Set(plan.checked ?? []);
      const want = chosen.map((o) => o.action.semanticId);
      const steps: PlannedStep[] = [];
      // Where a toggle moves the cursor onto its row, the answer finishes from the last row toggled.
      let at = q.advanceFrom?.at;
      // Uncheck what should not be checked, then check in the order the user chose.
      for (const key of [...checked]) {
        if (want.includes(key)) continue;
        checked.delete(key);
        steps.push(toggleStep(q, key, checked));
        at = key;
      }
      for (const key of want) {
        if (checked.has(key)) continue;
        checked.add(key);
        steps.push(toggleStep(q, key, checked));
        at = key;
      }
      steps.push(...finishSteps(q, at));
      return {
        steps,
        optionIds: chosen.map((o) => o.optionId),
        digestParts: chosen.map((o) => o.optionId),
        declines: false,
      };
    }
    case 'free_text': {
      const carrier = ofQuestion.find((o) => o.action.semanticId === 'free_text');
      if (!carrier || !q.freeText) throw new AkkError('freeform_not_allowed', 'this question does not take free text');
      if (!carrier.freeform.allowed) throw new AkkError('freeform_not_allowed', 'this option does not take free text');
      const text = answer.text;
      const problem = answerTextProblem(text, carrier.freeform.maxLength);
      if (problem?.code === 'too_long') {
        throw new AkkError('text_too_long', problem.message, { length: problem.length, max_length: problem.maxLength });
      }
      if (problem) throw new AkkError('invalid_params', problem.message);
      const maxWidth = q.freeText.maxDisplayWidth;
      if (maxWidth !== undefined && displayWidth(text) > maxWidth) {
        throw new AkkError(
          'text_too_long',
          `the answer is ${displayWidth(text)} terminal cells wide; the editor shows at most ${maxWidth} on one line`,
          {
            length: text.length,
            max_length: carrier.freeform.maxLength,
          },
        );
      }
      const delay = q.freeText.submitDelayMs;
      const steps: PlannedStep[] = [
        ...q.freeText.open,
        { action: { text }, expect: { kind: 'free_text_editing', optionKey: q.freeText.optionKey, text } },
        {
          action: q.freeText.submit,
          expect: { kind: 'prompt_changed' },
          ...(delay !== undefined ? { delayBeforeMs: delay } : {}),
        },
      ];
      return { steps, optionIds: [carrier.optionId], digestParts: [carrier.optionId, text], declines: false };
    }
  }
}

/** The steps that finish a multi-select question once its boxes are as chosen, the cursor on `at`. */
function finishSteps(q: QuestionPlan, at: string | undefined): PlannedStep[] {
  if (q.advance) return [{ action: q.advance, expect: { kind: 'prompt_changed' } }];
  const steps = at === undefined ? undefined : q.advanceFrom?.from[at];
  if (!steps) throw new AkkError('manual_required', 'the question cannot be finished from the row the cursor is on');
  return steps;
}

function toggleStep(q: QuestionPlan, key: string, checkedAfter: Set<string>): PlannedStep {
  const action = q.toggle?.[key];
  if (!action) throw new AkkError('option_not_stored', 'the option cannot be toggled');
  return { action, expect: { kind: 'checked', optionKeys: [...checkedAfter].sort() } };
}

export function resolveDecision(decision: PermissionDecisionKind, plan: StoredKeyPlan): PlannedStep[] {
  const steps = plan.permission?.[decision];
  if (plan.kind !== 'permission' || !steps) {
    throw new AkkError(
      'manual_required',
      decision === DECISION.reject
        ? 'no exact native reject action is proven on this prompt'
        : 'this prompt cannot be approved from the editor',
    );
  }
  return steps;
}
