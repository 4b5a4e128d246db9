/**
 * A prompt becomes a step: its public projection and stored options, its text policy, and the
 * authority that answers it (the endpoint, the agent process, the prompt's fingerprint and the key
 * plan, or the agent's own channel), durable before it is mentioned.
 */
import type { AgentName } from '../../shared/agents';
import type { PermissionRecognition, QuestionnaireRecognition } from '../../adapters/types';
import type { Session } from '../sessions';
import { WORKSPACE_OWNER, type Interaction } from '../store';
import { keyPlanOf } from '../step/answer-plan';
import { opaqueId } from '../base/ids';
import { projectPermission, projectQuestionnaire, riskOf, type ProjectionDraft } from '../step/projection';
import { textPolicyFor } from '../step/text-resolution';
import type { TrackerDeps } from './observed';

/** A new step, durable before it is mentioned, with what answers it (keys, or its agent's own channel). */
export async function offerStep(
  deps: TrackerDeps,
  session: Session,
  agent: AgentName,
  prompt: QuestionnaireRecognition | PermissionRecognition,
  fingerprint: string,
): Promise<Interaction> {
  const store = deps.store;
  const turnId = session.turnId ?? opaqueId('turn');
  await store.startTurn(session.id, turnId);
  const risk = riskOf(prompt);
  const draft: ProjectionDraft =
    prompt.kind === 'questionnaire'
      ? projectQuestionnaire(prompt, agent, turnId)
      : projectPermission(prompt, agent, turnId);
  const question = prompt.kind === 'questionnaire' ? prompt : undefined;
  const textPolicy = textPolicyFor(question, draft.options, risk, deps.allowLowRiskText === true);
  if (draft.kind !== 'permission') draft.payload = { ...draft.payload, text_resolution: textPolicy.mode };
  const proc = session.endpoint?.agentProcess();
  const interaction = await store.createInteraction({
    owner: WORKSPACE_OWNER,
    sessionId: session.id,
    turnId,
    ...draft,
    blocking: true,
    riskClass: risk,
    textPolicy,
    authority: {
      endpoint: JSON.stringify(session.endpoint?.describe() ?? {}),
      processIncarnation: proc ? `${proc.pid}:${proc.startTime}` : 'unknown',
      promptFingerprint: fingerprint,
      nativeStep: `${prompt.profileId}:${prompt.kind}`,
      keyPlan: keyPlanOf(prompt),
    },
    supersede: true,
  });
  deps.log.info(`session ${session.id}: ${interaction.kind} ${interaction.id} recognised by ${prompt.profileId}`);
  return interaction;
}
