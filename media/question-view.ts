/** A question step: free text with its length, or options chosen by click, digit or arrow. */
import type { PanelView } from '../src/shared/webview-messages';
import { MAX_FREE_TEXT_LENGTH, answerTextProblem } from '../src/shared/answer-text';
import { appendDismiss, el } from './elements';
import { canAnswer, choose, keyTooSoon, question, save, send, state, transient } from './panel-state';
import { appendMessage, appendWordsReply } from './words-view';

export function renderQuestion(root: HTMLElement, view: PanelView): void {
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
  if (q.context !== undefined)
    root.appendChild(el('pre', { class: 'context', 'aria-label': 'Shown with the question' }, q.context));
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
        // Too soon after the step was drawn to be meant for it.
        if (!keyTooSoon()) send();
      }
    });
    root.appendChild(input);
    root.appendChild(count);
    appendMessage(root, false);
    const submit = el('button', { type: 'button', id: 'submit', class: 'primary' }, 'Send answer');
    submit.addEventListener('click', send);
    root.appendChild(submit);
    appendDismiss(root, i.interaction_id, i.turn_id);
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
      tabindex: n === transient.focusIndex ? '0' : '-1',
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
      transient.focusIndex = n;
      choose(o.option_id, multi);
    });
    list.appendChild(item);
  });
  root.appendChild(list);
  if (!multi) appendWordsReply(root, i.text_resolution);
  appendMessage(root, false);
  const submit = el(
    'button',
    { type: 'button', id: 'submit', class: 'primary' },
    q.response_kind === 'confirm' ? 'Confirm' : 'Send answer',
  );
  submit.disabled = !canAnswer() || (!multi && state.selected.length !== 1);
  submit.addEventListener('click', send);
  root.appendChild(submit);
  appendDismiss(root, i.interaction_id, i.turn_id);
  root.appendChild(
    el(
      'p',
      { class: 'hint' },
      multi ? 'Keys: digits or Space toggle, Enter sends.' : 'Keys: digits or arrows choose, Enter sends.',
    ),
  );
  (list.children[transient.focusIndex] as HTMLElement | undefined)?.focus();
}
