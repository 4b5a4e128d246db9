/**
 * A question that takes several options, drawn as a list of checkboxes that scrolls inside its
 * dialog (list-window.ts reads its windows): the model's options, a row that checks them all (with
 * two or more), the free-text row, and the row that finishes the question. Once every row has been
 * in sight the step is assembled: the model's options are offered, each toggled by its digit (which
 * also moves the cursor onto it), and the answer is finished by moving the cursor up, row by row,
 * round past the first row to the finishing row, and pressing its key there. Each move is proven
 * by the cursor's row. A row's box is as the window that showed it last drew it; the row that
 * checks them all must agree with the options. The free-text row in use, or open, is the person's.
 */
import type {
  Checklist,
  ListWindow,
  PlannedStep,
  QuestionnaireRecognition,
  RecognizedOption,
  WindowRow,
} from './types';
import { manual, type ManualRecognition } from './types';

/** Where the rows of a checklist of `total` rows are: its options, the check-all row, free text, finishing. */
function layout(total: number): { options: number; all?: number; free: number; finish: number } | undefined {
  // One option has no check-all row (three rows); two or more have it (five rows or more).
  if (total === 3) return { options: 1, free: 2, finish: 3 };
  if (total < 5) return undefined;
  return { options: total - 3, all: total - 2, free: total - 1, finish: total };
}

/** Each row's box as the window that showed it last drew it (the home window is the latest). */
function lastChecked(windows: readonly ListWindow[], home: ListWindow): Map<number, boolean> {
  const checked = new Map<number, boolean>();
  for (const w of [...windows, home])
    for (const r of w.rows) if (r.checked !== undefined) checked.set(r.number, r.checked);
  return checked;
}

function same(row: WindowRow | undefined, words: { label: string; description?: string }): boolean {
  return row !== undefined && row.label === words.label && row.description === words.description;
}

/**
 * The checklist offered on `home` from every row the windows showed (`rows`, `total` rows in all).
 * Manual when its rows are not the ones the client adds, its free-text row is in use, or what is
 * checked disagrees with the check-all row.
 */
export function assembleChecklist(
  home: ListWindow,
  checklist: Checklist,
  seen: ReadonlyMap<number, WindowRow>,
  total: number,
  windows: readonly ListWindow[],
): QuestionnaireRecognition | ManualRecognition {
  const at = layout(total);
  if (!at) return manual('the checklist does not have the rows this version draws');
  if (!same(seen.get(at.finish), checklist.done) || (at.all !== undefined && !same(seen.get(at.all), checklist.all)))
    return manual('the rows the checklist adds are not the ones this version draws');
  if (!same(seen.get(at.free), { label: home.freeTextLabel }))
    return manual('the free-text row of the checklist shows typed text or changed');
  const checked = lastChecked(windows, home);
  if (checked.get(at.free) !== false)
    return manual('the free-text row of the checklist is checked: answer in the terminal');
  if (home.editing || home.cursor === at.free)
    return manual('the free-text row of the checklist is open: answer in the terminal');
  const optionRows = Array.from({ length: at.options }, (_, i) => seen.get(i + 1) as WindowRow);
  const states = optionRows.map((r) => checked.get(r.number));
  if (states.some((c) => c === undefined)) return manual('a box of the checklist was never in sight');
  if (at.all !== undefined && checked.get(at.all) !== states.every(Boolean))
    return manual('the checklist shows every option checked and the row that checks them all disagree');
  const keyOf = (row: number): string => (row === at.finish ? 'done' : row === at.all ? 'all' : `o${row}`);
  const options: RecognizedOption[] = optionRows.map((r, i) => ({
    key: `o${r.number}`,
    label: r.label,
    ...(r.description ? { description: r.description } : {}),
    role: 'choice',
    checked: states[i] === true,
  }));
  // From a row: up row by row to the first, up once more round to the finishing row, and its key.
  const finishFrom = (row: number): PlannedStep[] => [
    ...Array.from({ length: row }, (_, i) => ({
      action: home.move.up,
      expect: { kind: 'cursor_on' as const, optionKey: keyOf(row - 1 - i === 0 ? at.finish : row - 1 - i) },
    })),
    { action: checklist.submit, expect: { kind: 'prompt_changed' as const } },
  ];
  const from: Record<string, PlannedStep[]> = {
    done: [{ action: checklist.submit, expect: { kind: 'prompt_changed' } }],
  };
  for (let row = 1; row <= at.options; row++) from[`o${row}`] = finishFrom(row);
  if (at.all !== undefined) from.all = finishFrom(at.all);
  const cursor = home.cursor ?? at.free;
  const list = options.map((o) => `${o.key}=${o.label}\u0000${o.description ?? ''}\u0000${o.checked ? 'x' : ''}`);
  return {
    kind: 'questionnaire',
    profileId: home.profileId,
    fingerprintSource: `${home.source}\nchecklist:\n${list.join('\n')}`,
    step: home.step,
    ...(home.shape !== undefined ? { shape: home.shape } : {}),
    focusedKey: keyOf(cursor),
    question: { key: 'q', ...home.question, responseKind: 'multi_select', options },
    plan: {
      choose: {},
      toggle: Object.fromEntries(options.map((o, i) => [o.key, { keys: [String(i + 1)] }])),
      advanceFrom: { at: keyOf(cursor), from },
    },
  };
}
