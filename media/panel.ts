/**
 * The question panel (runs in the webview). It renders the server's projection as text only
 * (everything shown came from a terminal screen) and posts back semantic ids and typed answers.
 * Keyboard first: digits choose, arrows move, Space toggles, Enter submits, Esc clears.
 */
import { HostToPanel, type PanelToHost, type PanelView } from '../src/shared/webview-messages';
import type { Answer, InteractionQuestion } from '../src/shared/contract';
import { MAX_FREE_TEXT_LENGTH, answerTextProblem } from '../src/shared/answer-text';

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
const state: PanelState = {
  view: saved?.view ?? null,
  selected: Array.isArray(saved?.selected) ? saved.selected.filter((s): s is string => typeof s === 'string') : [],
  text: typeof saved?.text === 'string' ? saved.text : '',
  banner: saved?.banner ?? null,
};
let pending: number | null = null;
let nextRequestId = 1;
let focusIndex = 0;

const root = document.getElementById('root') as HTMLElement;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function save(): void {
  api.setState(state);
}

function post(message: PanelToHost): void {
  api.postMessage(message);
}

function question(): InteractionQuestion | undefined {
  return state.view?.interaction?.questions[0];
}

function canAnswer(): boolean {
  return !!state.view?.input_allowed && pending === null;
}

function render(): void {
  root.textContent = '';
  const view = state.view;
  if (state.banner) {
    const b = el(
      'div',
      { class: `banner banner-${state.banner.kind}`, role: 'status', 'aria-live': 'polite' },
      state.banner.message,
    );
    root.appendChild(b);
  }
  if (!view || (!view.interaction && !view.permission && !view.manual_reason)) {
    // Before the first view, and while the host reads the terminal, say so: never a blank panel.
    const reading = !view || view.reading;
    root.appendChild(
      el(
        'p',
        { class: reading ? 'reading' : 'empty' },
        reading ? "Reading the agent's terminal…" : 'No question is waiting.',
      ),
    );
    return;
  }
  if (view.session) {
    const s = view.session;
    root.appendChild(el('div', { class: 'session' }, `${s.agent_label} ${s.version ?? ''} · ${s.state}`));
  }
  if (!view.input_allowed) {
    root.appendChild(
      el('p', { class: 'blocked', role: 'note' }, view.input_blocked_reason ?? 'Answers cannot be sent from here.'),
    );
  }
  if (view.manual_reason && !view.interaction && !view.permission) {
    root.appendChild(el('p', { class: 'manual' }, `Answer this one in the terminal: ${view.manual_reason}`));
    const b = el('button', { type: 'button', id: 'focus-terminal' }, 'Show Terminal');
    b.addEventListener('click', () => post({ type: 'focusTerminal' }));
    root.appendChild(b);
    return;
  }
  if (view.permission) renderPermission(view);
  else if (view.interaction) renderQuestion(view);
}

function renderPermission(view: PanelView): void {
  const p = view.permission;
  if (!p) return;
  root.appendChild(el('h2', {}, p.title));
  root.appendChild(el('pre', { class: 'subject', 'aria-label': 'What is being permitted' }, p.subject));
  const row = el('div', { class: 'actions' });
  const labels: Record<string, string> = { approve_once: 'Approve once', reject: 'Reject' };
  p.decisions.forEach((d, i) => {
    const b = el(
      'button',
      { type: 'button', 'data-decision': d, class: d === 'reject' ? 'secondary' : 'primary' },
      `${i + 1}. ${labels[d] ?? d}`,
    );
    b.disabled = !canAnswer();
    b.addEventListener('click', () => approve(d));
    row.appendChild(b);
  });
  root.appendChild(row);
  appendDismiss(p.interaction_id, p.turn_id);
  root.appendChild(
    el('p', { class: 'hint' }, 'Keys: 1 approves once, 2 rejects. Persistent approvals are never offered here.'),
  );
}

/** "Answer in the Terminal": leaves the step to the terminal (nothing is typed) and shows it. */
function appendDismiss(interactionId: string, turnId: string): void {
  const b = el(
    'button',
    { type: 'button', id: 'dismiss', class: 'secondary', title: 'Nothing is typed; the terminal is shown' },
    'Answer in the Terminal',
  );
  b.disabled = pending !== null;
  b.addEventListener('click', () => dismiss(interactionId, turnId));
  root.appendChild(b);
}

function renderQuestion(view: PanelView): void {
  const i = view.interaction;
  const q = question();
  if (!i || !q) return;
  const head = el(
    'div',
    { class: 'step' },
    `Step ${i.step.index} of ${i.step.total}${q.header ? ` · ${q.header}` : ''}`,
  );
  root.appendChild(head);
  const promptId = 'prompt';
  root.appendChild(el('h2', { id: promptId }, q.prompt));
  if (q.response_kind === 'free_text') {
    const max = q.max_length ?? MAX_FREE_TEXT_LENGTH;
    const input = el('input', {
      type: 'text',
      id: 'free-text',
      'aria-labelledby': promptId,
      maxlength: String(max + 1),
      autocomplete: 'off',
    });
    input.value = state.text;
    const count = el('div', { class: 'count', id: 'count', 'aria-live': 'polite' });
    const update = (): void => {
      state.text = input.value;
      save();
      count.textContent = `${input.value.length} / ${max}`;
      count.classList.toggle('over', input.value.length > max);
      submit.disabled = !canAnswer() || answerTextProblem(input.value.trim(), max) !== null;
    };
    input.addEventListener('input', update);
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        send();
      }
    });
    root.appendChild(input);
    root.appendChild(count);
    const submit = el('button', { type: 'button', id: 'submit', class: 'primary' }, 'Send answer');
    submit.addEventListener('click', send);
    root.appendChild(submit);
    appendDismiss(i.interaction_id, i.turn_id);
    update();
    input.disabled = !canAnswer();
    setTimeout(() => input.focus(), 0);
    return;
  }
  const multi = q.response_kind === 'multi_select';
  const list = el('div', { role: multi ? 'group' : 'radiogroup', 'aria-labelledby': promptId, class: 'options' });
  q.options.forEach((o, n) => {
    const checked = state.selected.includes(o.option_id);
    const item = el('div', {
      role: multi ? 'checkbox' : 'radio',
      'aria-checked': String(checked),
      tabindex: n === focusIndex ? '0' : '-1',
      class: `option${checked ? ' checked' : ''}`,
      'data-option-id': o.option_id,
    });
    item.appendChild(el('span', { class: 'number', 'aria-hidden': 'true' }, `${n + 1}.`));
    item.appendChild(
      el('span', { class: 'mark', 'aria-hidden': 'true' }, multi ? (checked ? '☑' : '☐') : checked ? '●' : '○'),
    );
    const text = el('span', { class: 'text' });
    text.appendChild(el('span', { class: 'label' }, o.label));
    if (o.description) text.appendChild(el('span', { class: 'description' }, o.description));
    item.appendChild(text);
    item.addEventListener('click', () => {
      focusIndex = n;
      choose(o.option_id, multi);
    });
    list.appendChild(item);
  });
  root.appendChild(list);
  const submit = el(
    'button',
    { type: 'button', id: 'submit', class: 'primary' },
    q.response_kind === 'confirm' ? 'Confirm' : 'Send answer',
  );
  submit.disabled = !canAnswer() || (!multi && state.selected.length !== 1);
  submit.addEventListener('click', send);
  root.appendChild(submit);
  appendDismiss(i.interaction_id, i.turn_id);
  root.appendChild(
    el(
      'p',
      { class: 'hint' },
      multi ? 'Keys: digits or Space toggle, Enter sends.' : 'Keys: digits or arrows choose, Enter sends.',
    ),
  );
  (list.children[focusIndex] as HTMLElement | undefined)?.focus();
}

function choose(optionId: string, multi: boolean): void {
  if (!canAnswer()) return;
  if (multi)
    state.selected = state.selected.includes(optionId)
      ? state.selected.filter((s) => s !== optionId)
      : [...state.selected, optionId];
  else state.selected = [optionId];
  save();
  render();
}

function send(): void {
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
  pending = nextRequestId++;
  post({
    type: 'respond',
    requestId: pending,
    interaction_id: i.interaction_id,
    turn_id: i.turn_id,
    answers: [answer],
  });
  state.banner = { kind: 'pending', message: 'Sending…' };
  render();
}

function dismiss(interactionId: string, turnId: string): void {
  if (pending !== null) return;
  pending = nextRequestId++;
  post({ type: 'dismiss', requestId: pending, interaction_id: interactionId, turn_id: turnId });
  state.banner = { kind: 'pending', message: 'Leaving it to the terminal…' };
  render();
}

function approve(decision: 'approve_once' | 'reject'): void {
  const p = state.view?.permission;
  if (!p || !canAnswer()) return;
  pending = nextRequestId++;
  post({ type: 'approve', requestId: pending, interaction_id: p.interaction_id, turn_id: p.turn_id, decision });
  state.banner = { kind: 'pending', message: decision === 'reject' ? 'Rejecting…' : 'Approving…' };
  render();
}

document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement) return;
  const view = state.view;
  if (!view) return;
  if (view.permission) {
    const d = view.permission.decisions[Number(e.key) - 1];
    if (d) approve(d);
    return;
  }
  const q = question();
  if (!q || q.response_kind === 'free_text') return;
  const multi = q.response_kind === 'multi_select';
  const n = Number(e.key);
  if (Number.isInteger(n) && n >= 1 && n <= q.options.length) {
    focusIndex = n - 1;
    choose(q.options[n - 1]?.option_id as string, multi);
  } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    focusIndex = (focusIndex + (e.key === 'ArrowDown' ? 1 : q.options.length - 1)) % q.options.length;
    if (!multi) choose(q.options[focusIndex]?.option_id as string, false);
    else render();
  } else if (e.key === ' ' && multi) {
    e.preventDefault();
    choose(q.options[focusIndex]?.option_id as string, true);
  } else if (e.key === 'Enter') {
    e.preventDefault();
    send();
  } else if (e.key === 'Escape') {
    state.selected = [];
    save();
    render();
  }
});

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const parsed = HostToPanel.safeParse(event.data);
  if (!parsed.success) {
    // Not ours, or malformed: show nothing from it, and tell the host why (it logs it).
    const issue = parsed.error.issues[0];
    post({ type: 'rejected', reason: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`.slice(0, 500) });
    return;
  }
  const m = parsed.data;
  if (m.type === 'view') {
    const oldId = state.view?.interaction?.interaction_id ?? state.view?.permission?.interaction_id;
    const newId = m.view.interaction?.interaction_id ?? m.view.permission?.interaction_id;
    if (oldId !== newId) {
      state.selected = [];
      state.text = '';
      focusIndex = 0;
      // "Answered." belongs to the step before; a warning about a changed step stays beside the new one.
      if ((state.banner?.kind === 'answered' || state.banner?.kind === 'dismissed') && pending === null)
        state.banner = null;
    }
    state.view = m.view;
  } else {
    if (m.requestId === null || m.requestId === pending) pending = null;
    state.banner = { kind: m.kind, message: m.message };
  }
  save();
  render();
});

render();
post({ type: 'ready' });
