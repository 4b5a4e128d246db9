/**
 * The panel's state and its conversation with the host: what is shown (kept by VS Code across
 * reloads of the webview), the request in flight, and the answers, approvals and dismissals a
 * person sends. Each action repaints the panel through the function `onRepaint` was given.
 */
import type { PanelToHost, PanelView } from '../src/shared/webview-messages';
import type { Answer, InteractionQuestion } from '../src/shared/contract';

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
}

const api = acquireVsCodeApi();
const saved = api.getState() as Partial<PanelState> | undefined;
export const state: PanelState = {
  view: saved?.view ?? null,
  selected: Array.isArray(saved?.selected) ? saved.selected.filter((s): s is string => typeof s === 'string') : [],
  text: typeof saved?.text === 'string' ? saved.text : '',
  banner: saved?.banner ?? null,
};

/** Not kept across reloads: the request in flight and the option under the keyboard focus. */
export const transient: { pending: number | null; nextRequestId: number; focusIndex: number } = {
  pending: null,
  nextRequestId: 1,
  focusIndex: 0,
};

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
  save();
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
  transient.pending = transient.nextRequestId++;
  post({
    type: 'respond',
    requestId: transient.pending,
    interaction_id: i.interaction_id,
    turn_id: i.turn_id,
    answers: [answer],
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

export function approve(decision: 'approve_once' | 'reject'): void {
  const p = state.view?.permission;
  if (!p || !canAnswer()) return;
  transient.pending = transient.nextRequestId++;
  post({
    type: 'approve',
    requestId: transient.pending,
    interaction_id: p.interaction_id,
    turn_id: p.turn_id,
    decision,
  });
  state.banner = { kind: 'pending', message: decision === 'reject' ? 'Rejecting…' : 'Approving…' };
  repaint();
}
