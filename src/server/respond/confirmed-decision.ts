/**
 * A supervisor's permission decision, or its answer to a step that is not low risk (a plan, say;
 * design 000: the responder is also a tool an agent calls): never typed until the person confirms
 * it in the editor. A supervisor always echoes the revision it was shown (without it, nothing is
 * asked) and must hold its own fresh offer first (`offer_required` otherwise, and the person is not
 * asked); the editor is then asked, naming the caller, the exact prompt and the decision; only a
 * confirmation lets the decision run through the same fenced pipeline as a click. No editor, no
 * answer in time, or a refusal: nothing is typed, and the outcome is typed (`confirmation_unavailable`,
 * `confirmation_refused`).
 */
import type {
  Answer,
  ApproveRequest,
  PermissionDecisionKind,
  PermissionProjection,
  RespondInteractionRequest,
  ResponseReceipt,
  TerminalInteraction,
} from '../../shared/contract';
import { AkkError } from '../../shared/errors';
import type { ConfirmDecisionParams } from '../../shared/protocol';
import { publicView } from '../step/projection';
import type { Responder } from './responder';
import { checkDecisionAllowed, checkSubmissionAllowed } from '../step/text-resolution';
import { expectedRevisionOf, pendingPermission } from './request-checks';
import type { Caller } from './responder-deps';
import type { Interaction, Store } from '../store';

/** Resolves `true` only when the person confirmed; rejects when no editor can ask. */
export type AskPerson = (params: ConfirmDecisionParams) => Promise<boolean>;

interface Deps {
  store: Store;
  responder: Responder;
  askPerson: AskPerson;
}

export async function confirmedDecision(
  d: Deps,
  req: ApproveRequest,
  supervisor: Supervisor,
): Promise<ResponseReceipt> {
  checkDecisionAllowed(req);
  const ix = permissionOf(d.store, req);
  const permission = publicView(ix).permission;
  if (!permission) throw new AkkError('invalid_params', 'this is a question: use akk/respondInteraction');
  return afterConfirmation(d, ix, req, supervisor, { permission, decision: req.decision }, (caller) =>
    d.responder.approve({ ...req, interaction_id: ix.id }, caller),
  );
}

/**
 * A supervisor's answer to a question: a low-risk step chosen among its options is answered as a
 * click would be; any other (a plan to approve, a step with context to read), and any answer that
 * carries words to type, only once the person confirms it.
 */
export async function confirmedAnswer(
  d: Deps,
  req: RespondInteractionRequest,
  supervisor: Supervisor,
): Promise<ResponseReceipt> {
  const ix = d.store.getInteraction(req.interaction_id);
  if (!ix || ix.kind === 'permission' || (!needsConfirmation(ix) && !carriesWords(req)))
    return d.responder.respondInteraction(req, callerOf(supervisor));
  checkSubmissionAllowed(req.message, req.from_text?.text);
  const interaction = publicView(ix).interaction;
  if (!interaction) throw new AkkError('invalid_params', 'this step has nothing to answer');
  return afterConfirmation(d, ix, req, supervisor, { interaction, answer: answerText(ix, req.answers) }, (caller) =>
    d.responder.respondInteraction(req, caller),
  );
}

type Supervisor = { holder: string; name: string };
type Asked =
  | { permission: PermissionProjection; decision: PermissionDecisionKind }
  | { interaction: TerminalInteraction; answer: string };

/**
 * The one road of both: the revision the supervisor was shown and its own fresh offer are checked
 * before the person is bothered; the person is asked, naming the caller and what it would send; only
 * a confirmation runs the request through the fenced pipeline.
 */
async function afterConfirmation(
  d: Deps,
  ix: Interaction,
  req: { expected_revision?: string; message?: string },
  supervisor: Supervisor,
  asked: Asked,
  run: (caller: Caller) => Promise<ResponseReceipt>,
): Promise<ResponseReceipt> {
  const caller = callerOf(supervisor);
  expectedRevisionOf(req.expected_revision, caller, ix);
  d.store.checkOffer(ix.id, supervisor.holder);
  await confirmed(d, {
    caller: supervisor.name,
    ...asked,
    ...(req.message !== undefined ? { message: req.message } : {}),
  });
  return run(caller);
}

/** Whether an agent's answer for the person waits for the person's confirmation: all but a low-risk question. */
export function needsConfirmation(ix: Interaction): boolean {
  return ix.kind === 'permission' || ix.riskClass !== 'low';
}

/**
 * Whether a supervisor's answer carries words of its own to type (a free-text answer, or a message
 * to send after the step): those are typed on any step only once the person has read them.
 */
function carriesWords(req: RespondInteractionRequest): boolean {
  return req.message !== undefined || req.answers.some((a) => a.response_kind === 'free_text');
}

/** A supervisor's connection: its own offers, and the revision it must always echo. */
const callerOf = (supervisor: { holder: string }): Caller => ({ holder: supervisor.holder, echoesRevision: true });

/** The answer as the person reads it: the chosen options' labels, or the words to be typed. */
function answerText(ix: Interaction, answers: readonly Answer[]): string {
  return answers
    .map((a) => {
      if (a.response_kind === 'free_text') return `“${a.text}”`;
      const labels = a.selected_option_ids.map((id) => ix.options.find((o) => o.optionId === id)?.label ?? id);
      return labels.join(', ');
    })
    .join('; ');
}

/** Resolves once the person confirmed; a refusal or no editor to ask is a typed error, nothing typed. */
async function confirmed(d: Deps, params: Parameters<AskPerson>[0]): Promise<void> {
  let yes: boolean;
  try {
    yes = await d.askPerson(params);
  } catch (error) {
    throw new AkkError(
      'confirmation_unavailable',
      `no editor could ask the person to confirm this decision; nothing was typed (${
        error instanceof Error ? error.message : String(error)
      })`,
    );
  }
  if (!yes) throw new AkkError('confirmation_refused', 'the person did not confirm this decision; nothing was typed');
}

/** The permission the request names, or the one pending in its turn. */
function permissionOf(store: Store, req: ApproveRequest) {
  if (req.interaction_id) {
    const ix = store.getInteraction(req.interaction_id);
    if (!ix) throw new AkkError('not_found', `no interaction ${req.interaction_id}`);
    if (ix.kind !== 'permission')
      throw new AkkError('invalid_params', 'this is a question: use akk/respondInteraction');
    return ix;
  }
  return pendingPermission(store, req.turn_id);
}
