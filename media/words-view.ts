/**
 * Words beside the options: a reply in words (for steps whose policy lets words answer them) that
 * the host resolves to one option for the person to check, and a message for the agent that is
 * sent with the answer, once the step is done.
 */
import { MAX_REPLY_TEXT_LENGTH } from '../src/shared/contract';
import { el } from './elements';
import { canAnswer, resolveWords, save, state } from './panel-state';

/** "Or reply in words": only where the step's policy lets words answer it. */
export function appendWordsReply(root: HTMLElement, policy: string | undefined): void {
  if (policy === undefined || policy === 'never') return;
  const box = el('div', { class: 'words' });
  box.appendChild(
    el(
      'label',
      { for: 'words' },
      policy === 'model_interpreted_low_risk'
        ? 'Or reply in words (an option’s name or number; other words are read by a language model):'
        : 'Or reply in words (an option’s name or number):',
    ),
  );
  const input = el('input', {
    type: 'text',
    id: 'words',
    maxlength: String(MAX_REPLY_TEXT_LENGTH),
    autocomplete: 'off',
  });
  input.value = state.words;
  const read = el('button', { type: 'button', id: 'read-words', class: 'secondary' }, 'Read Reply');
  const update = (): void => {
    state.words = input.value;
    save();
    read.disabled = !canAnswer() || input.value.trim() === '';
  };
  input.addEventListener('input', update);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      resolveWords();
    }
  });
  read.addEventListener('click', resolveWords);
  box.appendChild(input);
  box.appendChild(read);
  root.appendChild(box);
  update();
  input.disabled = !canAnswer();
}

/** A message for the agent, or a rejection's reason: sent as the agent's next message once the step is done. */
export function appendMessage(root: HTMLElement, forPermission: boolean): void {
  const box = el('div', { class: 'message' });
  box.appendChild(
    el(
      'label',
      { for: 'message' },
      forPermission
        ? 'Reason or note for the agent (optional), sent after the decision:'
        : 'Message for the agent (optional), sent after the answer:',
    ),
  );
  const area = el('textarea', { id: 'message', rows: '2', maxlength: '100000' });
  area.value = state.message;
  area.addEventListener('input', () => {
    state.message = area.value;
    save();
  });
  area.disabled = !canAnswer();
  box.appendChild(area);
  root.appendChild(box);
}
