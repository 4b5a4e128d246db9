/**
 * The keys AKK would send for an answer: the recognised step projected as the server projects it,
 * the answer given by option ids, and the adapter's plan resolved by the server's own planner.
 */
import type { PermissionRecognition, PlannedStep, QuestionnaireRecognition, Recognition } from '../../adapters/types';
import { keyPlanOf, resolveAnswers, resolveDecision } from '../../server/step/answer-plan';
import { projectQuestionnaire } from '../../server/step/projection';
import type { AgentName } from '../../shared/agents';
import type { Answer as WireAnswer } from '../../shared/contract';
import type { Answer, Token } from './types';

function tokens(steps: readonly PlannedStep[]): Token[] {
  return steps.flatMap((s) => ('keys' in s.action ? s.action.keys : [`text:${s.action.text}`]));
}

export function plannedKeys(
  agent: AgentName,
  r: QuestionnaireRecognition | PermissionRecognition,
  answer: Answer,
): Token[] {
  if (r.kind === 'permission') {
    if (answer.kind !== 'decision') throw new Error(`a permission answered with ${answer.kind}`);
    return tokens(resolveDecision(answer.decision, keyPlanOf(r)));
  }
  const draft = projectQuestionnaire(r, agent, 'turn_answer_key');
  const question = 'questions' in draft.payload ? draft.payload.questions[0] : undefined;
  if (!question) throw new Error('the projection has no question');
  const idOfKey = (key: string | undefined): string => {
    const o = draft.options.find((x) => x.action.semanticId === key);
    if (!o) throw new Error(`no stored option for ${key ?? '(none)'}`);
    return o.optionId;
  };
  const keyOfLabel = (label: string): string => {
    const o = r.question.options.find((x) => x.label === label);
    if (!o)
      throw new Error(`no option labelled "${label}" in ${JSON.stringify(r.question.options.map((x) => x.label))}`);
    return o.key;
  };
  const base = { question_id: question.question_id };
  let wire: WireAnswer;
  switch (answer.kind) {
    case 'choose':
      wire = {
        ...base,
        response_kind: r.question.responseKind === 'confirm' ? 'confirm' : 'single_select',
        selected_option_ids: [idOfKey(keyOfLabel(answer.label))],
      };
      break;
    case 'open': {
      const [only, ...more] = r.question.options;
      if (!only || more.length > 0) throw new Error('a collapsed step with other than one choice');
      wire = { ...base, response_kind: 'single_select', selected_option_ids: [idOfKey(only.key)] };
      break;
    }
    case 'notes':
      wire = {
        ...base,
        response_kind: 'single_select',
        selected_option_ids: [idOfKey(r.question.options.find((o) => o.role === 'free_text')?.key)],
      };
      break;
    case 'multi':
      wire = {
        ...base,
        response_kind: 'multi_select',
        selected_option_ids: answer.labels.map((l) => idOfKey(keyOfLabel(l))),
      };
      break;
    case 'text':
      wire = { ...base, response_kind: 'free_text', text: answer.text };
      break;
    default:
      throw new Error(`no plan for a ${answer.kind} answer`);
  }
  return tokens(resolveAnswers([wire], draft.options, keyPlanOf(r)).steps);
}

/**
 * Every key AKK could send from this recognition, one list per answer it would accept (each option,
 * each decision, a free-text answer): empty when the screen offers nothing to answer.
 */
export function plannedInput(agent: AgentName, r: Recognition): Token[][] {
  if (r.kind === 'permission')
    return r.decisions.map((decision) => plannedKeys(agent, r, { kind: 'decision', decision }));
  if (r.kind !== 'questionnaire') return [];
  const q = r.question;
  if (q.responseKind === 'free_text') return [plannedKeys(agent, r, { kind: 'text', text: 'x' })];
  return q.options.map((o) =>
    plannedKeys(
      agent,
      r,
      q.responseKind === 'multi_select' ? { kind: 'multi', labels: [o.label] } : { kind: 'choose', label: o.label },
    ),
  );
}
