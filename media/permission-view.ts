/** A permission step: what is asked, and one button per decision the server offers. */
import type { PanelView } from '../src/shared/webview-messages';
import { appendDismiss, el } from './elements';
import { approve, canAnswer } from './panel-state';

export function renderPermission(root: HTMLElement, view: PanelView): void {
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
  appendDismiss(root, p.interaction_id, p.turn_id);
  root.appendChild(
    el('p', { class: 'hint' }, 'Keys: 1 approves once, 2 rejects. Persistent approvals are never offered here.'),
  );
}
