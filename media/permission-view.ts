/** A permission step: what is asked (with an edit's diff as drawn), and one button per decision the server offers. */
import type { PermissionProjection } from '../src/shared/contract';
import type { PanelView } from '../src/shared/webview-messages';
import { appendDismiss, el } from './elements';
import { approve, canAnswer, transient } from './panel-state';
import { appendMessage } from './words-view';
import { DECISION } from '../src/shared/decisions';

export function renderPermission(root: HTMLElement, view: PanelView): void {
  const p = view.permission;
  if (!p) return;
  root.appendChild(el('h2', {}, p.title));
  root.appendChild(el('pre', { class: 'subject', 'aria-label': 'What is being permitted' }, p.subject));
  const preview = previewOf(p);
  if (preview) root.appendChild(preview);
  appendMessage(root, true);
  const row = el('div', { class: 'actions' });
  const labels = view.decision_labels;
  p.decisions.forEach((d, i) => {
    const chosen = transient.decision === d;
    const b = el(
      'button',
      {
        type: 'button',
        'data-decision': d,
        class: `${d === DECISION.reject ? 'secondary' : 'primary'}${chosen ? ' chosen' : ''}`,
        'aria-pressed': chosen ? 'true' : 'false',
      },
      `${i + 1}. ${labels[d] ?? d}`,
    );
    b.disabled = !canAnswer();
    b.addEventListener('click', () => approve(d));
    row.appendChild(b);
  });
  root.appendChild(row);
  appendDismiss(root, p.interaction_id, p.turn_id);
  root.appendChild(
    el(
      'p',
      { class: 'hint', 'aria-live': 'polite' },
      transient.decision
        ? `Press Enter to send “${labels[transient.decision] ?? transient.decision}”, Esc to choose again.`
        : 'Keys: 1 or 2 chooses, then Enter sends it. Persistent approvals are never offered here.',
    ),
  );
}

/** An edit's diff (a line per row: number, sign, text), or other lines as the agent drew them. */
function previewOf(p: PermissionProjection): HTMLElement | undefined {
  const v = p.preview;
  if (!v) return undefined;
  if (v.kind === 'lines') return el('pre', { class: 'preview', 'aria-label': 'Details as drawn' }, v.lines.join('\n'));
  const pre = el('pre', { class: 'diff', 'aria-label': `Changes to ${v.file}` });
  const width = String(Math.max(...v.lines.map((l) => l.line))).length;
  const signs = { context: ' ', removed: '-', added: '+' } as const;
  for (const l of v.lines) {
    pre.appendChild(el('span', { class: l.op }, `${String(l.line).padStart(width)} ${signs[l.op]}${l.text}\n`));
  }
  return pre;
}
