/**
 * A question whose option list scrolls inside its dialog (a dialog taller than the terminal): each
 * screen shows a window of the rows. A window alone is left to the terminal; the
 * rows out of sight come into view as the cursor moves, one row per key, and once every row has
 * been seen on a window of the same question the step is assembled from them, answered by row
 * number like the whole list (the client takes a number for a row out of sight); a checklist is
 * assembled by checklist-window.ts.
 */
import { assembleChecklist } from './checklist-window';
import type { ListWindow, PlannedStep, QuestionnaireRecognition, RecognizedOption, WindowRow } from './types';
import { keyThenChanged, manual, type ManualRecognition } from './types';
import { withoutSecretQuestion } from './secrets';

/** Whether two windows belong to one list. */
export function sameList(a: ListWindow, b: ListWindow): boolean {
  return a.profileId === b.profileId && a.identity === b.identity;
}

/** How many rows the list has, as the first window that can tell says; null while none can. */
export function listTotal(windows: readonly ListWindow[]): number | null {
  return windows.find((w) => w.total !== null)?.total ?? null;
}

/** The rows of a list of `total` rows that no window showed. */
function unseenRows(total: number, seen: { has(n: number): boolean }): number[] {
  return Array.from({ length: total }, (_, i) => i + 1).filter((n) => !seen.has(n));
}

/** Whether the windows have shown every row of their list (and which row is its last). */
export function everyRowSeen(windows: readonly ListWindow[]): boolean {
  const total = listTotal(windows);
  return total !== null && unseenRows(total, new Set(windows.flatMap((w) => w.rows.map((r) => r.number)))).length === 0;
}

/** Every row as the windows show it; manual when two windows draw one row differently. */
function rowsSeen(windows: readonly ListWindow[]): Map<number, WindowRow> | ManualRecognition {
  const seen = new Map<number, WindowRow>();
  for (const w of windows) {
    for (const r of w.rows) {
      const before = seen.get(r.number);
      if (before && (before.label !== r.label || before.description !== r.description))
        return manual(`option ${r.number} read differently on two screens of the scrolled list`);
      seen.set(r.number, r);
    }
  }
  return seen;
}

/**
 * The whole step, offered on `home` (the window on screen), from the rows every window of its list
 * showed; manual when a window belongs to another list or a row was never in sight.
 */
export function assembleList(
  home: ListWindow,
  windows: readonly ListWindow[],
): QuestionnaireRecognition | ManualRecognition {
  // The same secret check as a step read from one screen: a secret is never relayed.
  return withoutSecretQuestion(assembled(home, windows));
}

function assembled(home: ListWindow, windows: readonly ListWindow[]): QuestionnaireRecognition | ManualRecognition {
  if (home.editing && !home.freeText)
    return manual('the free-text row of the scrolled list is open: answer in the terminal');
  if (windows.some((w) => !sameList(w, home)))
    return manual('a screen of another question came up while the list scrolled');
  const seen = rowsSeen([home, ...windows]);
  if ('kind' in seen) return seen;
  const total = listTotal([home, ...windows]);
  if (total === null) return manual('the last row of the scrolled list was never in sight');
  if (windows.some((w) => w.total !== null && w.total !== total) || [...seen.keys()].some((n) => n > total))
    return manual('two screens of the scrolled list disagree on how many rows it has');
  const missing = unseenRows(total, seen);
  if (missing.length > 0) return manual(`options ${missing.join(', ')} of the scrolled list were never in sight`);
  if (home.checklist) return assembleChecklist(home, home.checklist, seen, total, windows);
  const free = seen.get(total) as WindowRow;
  if (free.label !== home.freeTextLabel || free.description !== undefined)
    return manual('the free-text row of the scrolled list shows typed text or changed');
  const options: RecognizedOption[] = [];
  const choose: Record<string, PlannedStep[]> = {};
  for (let n = 1; n < total; n++) {
    const r = seen.get(n) as WindowRow;
    options.push({
      key: `o${n}`,
      label: r.label,
      ...(r.description ? { description: r.description } : {}),
      role: 'choice',
    });
    choose[`o${n}`] = [keyThenChanged(String(n))];
  }
  const freeKey = `o${total}`;
  options.push({ key: freeKey, label: home.freeTextLabel, role: 'free_text' });
  // The free-text row is planned only where its editor can be typed into and proven in the list's
  // window: otherwise choosing it would open the editor and leave the question half answered, so it
  // is refused before the first key (the person types it in the terminal).
  if (home.freeText)
    choose[freeKey] = [
      { action: { keys: [String(total)] }, expect: { kind: 'free_text_editing', optionKey: freeKey, text: '' } },
    ];
  const list = options.map((o) => `${o.key}=${o.label}\u0000${o.description ?? ''}`).join('\n');
  const base = {
    kind: 'questionnaire' as const,
    profileId: home.profileId,
    fingerprintSource: `${home.source}\nscrolled list:\n${list}`,
    step: home.step,
    ...(home.shape !== undefined ? { shape: home.shape } : {}),
    ...(home.cursor !== null ? { focusedKey: `o${home.cursor}` } : {}),
  };
  // The free-text row's editor open, and empty: the step now takes the text (typed, then submitted).
  if (home.editing && home.freeText) {
    if (home.cursor !== total) return manual('the free-text editor of the scrolled list is open off its last row');
    return {
      ...base,
      question: { key: 'q', ...home.question, responseKind: 'free_text', options: [] },
      plan: { choose: {}, freeText: { ...home.freeText, optionKey: freeKey, open: [] } },
    };
  }
  return {
    ...base,
    question: { key: 'q', ...home.question, responseKind: 'single_select', options },
    plan: { choose },
  };
}
