/**
 * Words as answers (design 001, "Text resolution policies" and the same-turn precedence rules).
 * Every interaction gets its policy when it is created; words answer a step only under it:
 *  - `never` for every permission and every step that is not low risk;
 *  - `exact_aliases`: an option's label (also without a closing parenthesis such as "(Recommended)")
 *    or its number, recorded with the interaction, matched
 *    whole after folding case, spacing and diacritics, and only when exactly one option matches;
 *  - `model_interpreted_low_risk` (the deployment's switch): the same aliases first, then what a
 *    language model reads the words as, which may only be one stored option id or `none`.
 * Words that say not to submit block every submission of the turn they arrive in, a click included.
 */
import type { ResolveTextRequest, TextResolution } from '../../shared/contract';
import { AkkError } from '../../shared/errors';
import type { QuestionnaireRecognition } from '../../adapters/types';
import type { Interaction, RiskClass, Store, TextAlias, TextResolutionPolicy } from '../store';
import type { StoredOptionDraft } from './projection';
import { DECISION } from '../../shared/decisions';
import type { PermissionDecisionKind } from '../../shared/contract';
import { TEXT_SOURCE, type TextSource } from '../../shared/text-sources';

/** Folded for comparison: decomposed, marks dropped, lower case, one space, no closing punctuation. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[\s.!]+$/u, '');
}

const NOT = "(?:don'?t|do not|dont|never|doesn'?t|no need to)";
const SUBMIT = '(?:submit|send|answer|proceed|go ahead|approve|confirm)';
/** A word that stops a submission only as a phrase of its own: a clause of the reply, not a verb in a sentence. */
const HALT = '(?:wait|stop|hold on|hold off|not yet|pause)';
/** Where a clause begins or ends: the reply's edges, punctuation, or "but" before the word. */
const CLAUSE_START =
  "(?:^|[,;:!?()\u2013\u2014-]\\s*|\\.\\s+|\\b(?:but|please|so|then|and)\\s+|\\b(?:let's|let us|i'll|we'll)\\s+)";
const CLAUSE_END = '(?=\\s*(?:$|[,;:!?.()\u2013\u2014-]))';
const DO_NOT_SUBMIT: readonly RegExp[] = [
  new RegExp(`\\b${NOT} (?:yet )?${SUBMIT}\\b`, 'u'),
  new RegExp(`${CLAUSE_START}(${HALT})${CLAUSE_END}`, 'u'),
];

/** The words that say not to submit, when the text says so; undefined otherwise. */
export function doNotSubmitPhrase(text: string): string | undefined {
  const folded = foldText(text);
  for (const re of DO_NOT_SUBMIT) {
    const m = re.exec(folded);
    if (m) return m[1] ?? m[0];
  }
  return undefined;
}

/** Refuses the whole turn, with zero input, when its words say not to submit. */
export function checkSubmissionAllowed(...texts: Array<string | undefined>): void {
  for (const text of texts) {
    const phrase = text === undefined ? undefined : doNotSubmitPhrase(text);
    if (phrase)
      throw new AkkError('submission_blocked', `the reply says "${phrase}": nothing is sent in this turn`, {
        phrase,
      });
  }
}

/**
 * A permission decision's words: a rejection (its reason may well say "stop" or "wait") is never
 * blocked, since it submits nothing the person did not ask to refuse; an approval is read as any reply.
 */
export function checkDecisionAllowed(req: { decision: PermissionDecisionKind; message?: string }): void {
  if (req.decision !== DECISION.reject) checkSubmissionAllowed(req.message);
}

/**
 * The policy a new interaction is created with. Only a low-risk single-select or confirmation
 * step may be answered in words; its aliases are each answering option's label and drawn number.
 */
export function textPolicyFor(
  prompt: QuestionnaireRecognition | undefined,
  options: readonly StoredOptionDraft[],
  risk: RiskClass,
  allowModel: boolean,
): TextResolutionPolicy {
  if (!prompt || risk !== 'low') return { mode: 'never' };
  const q = prompt.question;
  if (q.responseKind !== 'single_select' && q.responseKind !== 'confirm') return { mode: 'never' };
  const aliases: TextAlias[] = [];
  q.options.forEach((o, i) => {
    if (o.role === 'free_text') return; // its answer is the words themselves, through the structured path
    const stored = options.find((s) => s.action.semanticId === o.key);
    if (!stored) return;
    aliases.push({ optionId: stored.optionId, alias: o.label }, { optionId: stored.optionId, alias: String(i + 1) });
    // "SQLite (Recommended)" is also answered by "SQLite"; two options left alike resolve neither.
    const bare = o.label.replace(/\s*\([^()]*\)$/u, '');
    if (bare !== o.label && bare.trim() !== '') aliases.push({ optionId: stored.optionId, alias: bare });
  });
  if (aliases.length === 0) return { mode: 'never' };
  return allowModel ? { mode: 'model_interpreted_low_risk', aliases } : { mode: 'exact_aliases', aliases };
}

/** The one option whose alias equals the words, folded; undefined when none or several match. */
function aliasMatch(policy: TextResolutionPolicy, text: string): string | undefined {
  if (policy.mode === 'never') return undefined;
  const folded = foldText(text);
  const ids = new Set((policy.aliases ?? []).filter((a) => foldText(a.alias) === folded).map((a) => a.optionId));
  return ids.size === 1 ? [...ids][0] : undefined;
}

/**
 * What the words answer on this interaction. Refusals are typed and send nothing: a step that
 * words may not answer (`text_not_allowed`), words that say not to submit (`submission_blocked`),
 * words that name no option exactly, or a model that named none (`text_unresolved`).
 */
export function resolveWords(ix: Interaction, text: string, modelChoice?: string): TextResolution {
  const policy = ix.textPolicy;
  if (ix.kind === 'permission' || policy.mode === 'never')
    throw new AkkError('text_not_allowed', 'this step is answered only by choosing an option, not in words');
  checkSubmissionAllowed(text);
  const payload = ix.payload;
  const question = payload.questions[0];
  if (!question) throw new AkkError('text_not_allowed', 'this step has no question words can answer');
  const answering = new Set((policy.aliases ?? []).map((a) => a.optionId));
  const labelOf = (optionId: string): string => ix.options.find((o) => o.optionId === optionId)?.label ?? '';
  const resolved = (optionId: string, via: TextSource): TextResolution => ({
    status: 'resolved',
    question_id: question.question_id,
    option_id: optionId,
    label: labelOf(optionId),
    via,
  });
  const exact = aliasMatch(policy, text);
  if (exact) return resolved(exact, TEXT_SOURCE.exactAlias);
  if (policy.mode !== 'model_interpreted_low_risk')
    throw new AkkError('text_unresolved', 'the words do not name exactly one option; choose one instead');
  if (modelChoice === undefined) {
    return {
      status: 'model_needed',
      question_id: question.question_id,
      prompt: question.prompt,
      options: question.options.filter((o) => answering.has(o.option_id)),
    };
  }
  if (modelChoice === 'none') throw new AkkError('text_unresolved', 'the words were not read as any option');
  if (!answering.has(modelChoice))
    throw new AkkError('option_not_stored', 'the model named an option this step does not offer for words');
  return resolved(modelChoice, TEXT_SOURCE.model);
}

/**
 * A structured answer that says it came from words: the server reads the words again under the
 * step's policy and requires the same option (an alias must still match; a model reading must
 * name an option the policy lets words answer).
 */
export function checkFromText(ix: Interaction, optionIds: readonly string[], fromText: { text: string; via: string }) {
  const only = optionIds.length === 1 ? optionIds[0] : undefined;
  if (only === undefined) throw new AkkError('text_not_allowed', 'words answer one option only');
  const r = resolveWords(ix, fromText.text, fromText.via === TEXT_SOURCE.model ? only : undefined);
  if (r.status !== 'resolved' || r.option_id !== only || r.via !== fromText.via)
    throw new AkkError('text_unresolved', 'the words do not resolve to the chosen option');
}

/** `akk/resolveText`: what the words answer on the current step. Nothing is typed. */
export function resolveTextRequest(store: Store, req: ResolveTextRequest): TextResolution {
  const ix = store.getInteraction(req.interaction_id);
  if (!ix) throw new AkkError('not_found', `no interaction ${req.interaction_id}`);
  if (ix.turnId !== req.turn_id) throw new AkkError('stale_revision', 'the interaction belongs to another turn');
  if (ix.status !== 'active') throw new AkkError('invalidated', `the step is ${ix.status} and no longer answerable`);
  return resolveWords(ix, req.text, req.model_choice);
}
