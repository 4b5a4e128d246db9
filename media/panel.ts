/**
 * The question panel (runs in the webview). It renders the server's projection as text only
 * (everything shown came from a terminal screen) and posts back semantic ids and typed answers.
 * Keyboard first: digits choose, arrows move, Space toggles, Enter submits, Esc clears. A key
 * within KEY_SETTLE_MS of a new step being drawn does nothing, and a permission is never answered
 * by a digit alone: the digit chooses, Enter (or the button) sends.
 * The entry of the webview bundle: the state and the messages to the host are in panel-state.ts,
 * each kind of step has its view (permission-view.ts, question-view.ts).
 */
import { HostToPanel } from '../src/shared/webview-messages';
import { el } from './elements';
import {
  approve,
  choose,
  chooseDecision,
  keyTooSoon,
  onRepaint,
  post,
  question,
  resetStep,
  save,
  send,
  state,
  transient,
} from './panel-state';
import { renderPermission } from './permission-view';
import { renderQuestion } from './question-view';
import { TEXT_SOURCE } from '../src/shared/text-sources';
import { askLeaveOnFirstClick, raiseNotice } from './panel-notice';

const root = document.getElementById('root') as HTMLElement;

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
  if (view.permission) renderPermission(root, view);
  else if (view.interaction) renderQuestion(root, view);
}

document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
  const view = state.view;
  if (!view) return;
  if (keyTooSoon()) {
    // Too soon after the step was drawn to be meant for it.
    e.preventDefault();
    return;
  }
  if (view.permission) {
    const d = view.permission.decisions[Number(e.key) - 1];
    if (d) chooseDecision(d);
    else if (e.key === 'Enter' && transient.decision) {
      e.preventDefault();
      approve(transient.decision);
    } else if (e.key === 'Escape') chooseDecision(null);
    return;
  }
  const q = question();
  if (!q || q.response_kind === 'free_text') return;
  const multi = q.response_kind === 'multi_select';
  const n = Number(e.key);
  if (Number.isInteger(n) && n >= 1 && n <= q.options.length) {
    transient.focusIndex = n - 1;
    choose(q.options[n - 1]?.option_id as string, multi);
  } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    const step = e.key === 'ArrowDown' ? 1 : q.options.length - 1;
    transient.focusIndex = (transient.focusIndex + step) % q.options.length;
    if (!multi) choose(q.options[transient.focusIndex]?.option_id as string, false);
    else render();
  } else if (e.key === ' ' && multi) {
    e.preventDefault();
    choose(q.options[transient.focusIndex]?.option_id as string, true);
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
  if (m.type === 'notify') {
    raiseNotice(m.notice, post);
    return;
  }
  if (m.type === 'view') {
    const oldId = state.view?.interaction?.interaction_id ?? state.view?.permission?.interaction_id;
    const newId = m.view.interaction?.interaction_id ?? m.view.permission?.interaction_id;
    if (oldId !== newId) {
      resetStep();
      // "Answered." belongs to the step before; a warning about a changed step stays beside the new one.
      if ((state.banner?.kind === 'answered' || state.banner?.kind === 'dismissed') && transient.pending === null)
        state.banner = null;
    }
    state.view = m.view;
  } else if (m.type === 'resolved') {
    if (m.requestId === transient.pending) transient.pending = null;
    if (m.interaction_id === state.view?.interaction?.interaction_id) {
      // Selected for the person to check: nothing is sent until they press Send answer.
      state.selected = [m.option_id];
      state.fromText = { text: m.text, via: m.via, optionId: m.option_id };
      const how = m.via === TEXT_SOURCE.model ? 'as read by the language model' : 'exactly';
      state.banner = {
        kind: 'resolved',
        message: `Your reply names “${m.label}” (${how}). Check it, then Send answer.`,
      };
    }
  } else {
    if (m.requestId === null || m.requestId === transient.pending) transient.pending = null;
    state.banner = { kind: m.kind, message: m.message };
  }
  save();
  render();
});

onRepaint(render);
render();
askLeaveOnFirstClick();
post({ type: 'ready' });
