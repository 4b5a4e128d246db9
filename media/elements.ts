/** Building blocks of both views: elements with text only, and the "Answer in the Terminal" button. */
import { dismiss, transient } from './panel-state';

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** "Answer in the Terminal": leaves the step to the terminal (nothing is typed) and shows it. */
export function appendDismiss(root: HTMLElement, interactionId: string, turnId: string): void {
  const b = el(
    'button',
    { type: 'button', id: 'dismiss', class: 'secondary', title: 'Nothing is typed; the terminal is shown' },
    'Answer in the Terminal',
  );
  b.disabled = transient.pending !== null;
  b.addEventListener('click', () => dismiss(interactionId, turnId));
  root.appendChild(b);
}
