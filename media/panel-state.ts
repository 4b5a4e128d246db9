/**
 * The panel's state and its conversation with the host: what is shown (kept by VS Code across
 * reloads of the webview), the request in flight, and the answers, approvals and dismissals a
 * person sends. Each action repaints the panel through the function `onRepaint` was given.
 */
import { KEY_SETTLE_MS, type PanelToHost, type PanelView } from '../src/shared/webview-messages';
import type { Answer, InteractionQuestion } from '../src/shared/contract';
import { DECISION } from '../src/shared/decisions';
import type { PermissionDecisionKind } from '../src/shared/contract';
import { type TextSource } from '../src/shared/text-sources';

interface VsCodeApi {
  postMessage(message: PanelToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

interface PanelState {
  view: PanelView | null;
  selected: string[];
  text: string;
  banner: { kind: string; message: string } | null;
  /** A reply in words being typed, and the option it was resolved to (until another is chosen). */
  words: string;
  fromText: { text: string; via: TextSource; optionId: string } | null;
  /** A message for the agent, sent with the answer once the step is done. */
  message: string;
}

const api = acquireVsCodeApi();
const saved = api.getState() as Partial<PanelState> | undefined;
export const state: PanelState = {
  view: saved?.view ?? null,
  selected: Array.isArray(saved?.selected) ? saved.selected.filter((s): s is string => typeof s === 'string') : [],
  text: typeof saved?.text === 'string' ? saved.text : '',
  banner: saved?.banner ?? null,
  words: typeof saved?.words === 'string' ? saved.words : '',
  fromText: saved?.fromText ?? null,
  message: typeof saved?.message === 'string' ? saved.message : '',
};

/** Clears what belongs to one step (a new step is shown). */
export function resetStep(): void {
  state.selected = [];
  state.text = '';
  state.words = '';
  state.fromText = null;
  state.message = '';
  transient.focusIndex = 0;
  transient.decision = null;
  transient.shownAt = performance.now();
}

/** Chooses a decision by key: shown as chosen, sent only by Enter (a digit alone never approves). */
export function chooseDecision(decision: PermissionDecisionKind | null): void {
  if (!canAnswer()) return;
  transient.decision = decision;
  repaint();
}

/** The message typed for the agent, when there is one. */
function messageField(): { message: string } | Record<string, never> {
  const m = state.message.trim();
  return m === '' ? {} : { message: m };
}

/**
 * Not kept across reloads: the request in flight, the option under the keyboard focus, the decision
 * a key has chosen (sent only by Enter), and when the step on show was first drawn.
 */
export const transient: {
  pending: number | null;
  nextRequestId: number;
  focusIndex: number;
  decision: PermissionDecisionKind | null;
  shownAt: number;
} = {
  pending: null,
  nextRequestId: 1,
  focusIndex: 0,
  decision: null,
  shownAt: performance.now(),
};

/** Whether a key now would land within the settle time of the step on show. */
export function keyTooSoon(now: number = performance.now()): boolean {
  return now - transient.shownAt < KEY_SETTLE_MS;
}

let repaint: () => void = () => undefined;

/** The function that draws the panel from `state`, called after every action. */
export function onRepaint(render: () => void): void {
  repaint = render;
}

export function save(): void {
  api.setState(state);
}

export function post(message: PanelToHost): void {
  api.postMessage(message);
}

export function question(): InteractionQuestion | undefined {
  return state.view?.interaction?.questions[0];
}

export function canAnswer(): boolean {
  return !!state.view?.input_allowed && transient.pending === null;
}

export function choose(optionId: string, multi: boolean): void {
  if (!canAnswer()) return;
  if (multi)
    state.selected = state.selected.includes(optionId)
      ? state.selected.filter((s) => s !== optionId)
      : [...state.selected, optionId];
  else state.selected = [optionId];
  // A click beats words read earlier: the answer is the click's own.
  if (state.fromText && !(state.selected.length === 1 && state.selected[0] === state.fromText.optionId))
    state.fromText = null;
  save();
  repaint();
}

/** Asks the host what the reply in words names; nothing is typed until the person sends it. */
export function resolveWords(): void {
  const i = state.view?.interaction;
  const text = state.words.trim();
  if (!i || !canAnswer() || text === '') return;
  transient.pending = transient.nextRequestId++;
  post({
    type: 'resolveWords',
    requestId: transient.pending,
    interaction_id: i.interaction_id,
    turn_id: i.turn_id,
    text,
  });
  state.banner = { kind: 'pending', message: 'Reading your reply…' };
  repaint();
}

export function send(): void {
  const i = state.view?.interaction;
  const q = question();
  if (!i || !q || !canAnswer()) return;
  let answer: Answer;
  if (q.response_kind === 'free_text') {
    // Spaces at either end cannot be seen on the terminal to prove the typed answer: not sent.
    const text = state.text.trim();
    if (text === '') return;
    answer = { question_id: q.question_id, response_kind: 'free_text', text };
  } else if (q.response_kind === 'multi_select') {
    answer = { question_id: q.question_id, response_kind: 'multi_select', selected_option_ids: state.selected };
  } else {
    if (state.selected.length !== 1) return;
    answer = {
      question_id: q.question_id,
      response_kind: q.response_kind,
      selected_option_ids: [state.selected[0] as string],
    };
  }
  const words = state.fromText;
  const fromText =
    words && answer.response_kind !== 'free_text' && answer.selected_option_ids[0] === words.optionId
      ? { from_text: { text: words.text, via: words.via } }
      : {};
  transient.pending = transient.nextRequestId++;
  post({
    type: 'respond',
    requestId: transient.pending,
    interaction_id: i.interaction_id,
    turn_id: i.turn_id,
    answers: [answer],
    ...fromText,
    ...messageField(),
  });
  state.banner = { kind: 'pending', message: 'Sending…' };
  repaint();
}

export function dismiss(interactionId: string, turnId: string): void {
  if (transient.pending !== null) return;
  transient.pending = transient.nextRequestId++;
  post({ type: 'dismiss', requestId: transient.pending, interaction_id: interactionId, turn_id: turnId });
  state.banner = { kind: 'pending', message: 'Leaving it to the terminal…' };
  repaint();
}

export function approve(decision: PermissionDecisionKind): void {
  const p = state.view?.permission;
  if (!p || !canAnswer()) return;
  transient.pending = transient.nextRequestId++;
  post({
    type: 'approve',
    requestId: transient.pending,
    interaction_id: p.interaction_id,
    turn_id: p.turn_id,
    decision,
    ...messageField(),
  });
  state.banner = { kind: 'pending', message: decision === DECISION.reject ? 'Rejecting…' : 'Approving…' };
  repaint();
}
