/**
 * Codex's approvals with four rows: network access to a host (under an administrator's managed
 * network policy). Once is its `y` shortcut; reject is the exact native No row; the broader grants
 * (for the conversation, in the future) are never offered. The title names the subject; the body is
 * `Environment: local` and `Reason: …`, each on one line, as Codex draws them.
 */
import type { NumberedRow } from '../numbered-rows';
import { regionText } from '../prompt-region';
import type { ManualRecognition, PermissionRecognition, PermissionTool, ScreenSnapshot } from '../types';
import { manual } from '../types';
import { blank, line } from './frame';
import type { FourRowApproval } from './four-row-profile';
import type { CodexProfile } from './profile';

interface Kind {
  approval: FourRowApproval;
  tool: PermissionTool;
  /** The corpus shape a version answers only once its qualification captured it. */
  shape: string;
}

function kinds(p: CodexProfile): Kind[] {
  return [{ approval: p.permission.network, tool: 'network', shape: 'network-approval' }];
}

const MARGIN = '  ';

export function recognizeFourRowApproval(
  s: ScreenSnapshot,
  p: CodexProfile,
  rows: readonly NumberedRow[],
  rowsStart: number,
  bottom: number,
): PermissionRecognition | ManualRecognition {
  const kind = kinds(p).find((k) =>
    k.approval.rows.every((text, i) => rows[i]?.text === text && rows[i]?.continuation.length === 0),
  );
  if (!kind || rows.length !== 4) return manual('an approval with four choices that are not the supported ones');
  const blanks = p.permission.blanksBeforeRows + kind.approval.blanksAfterBody;
  for (let k = 1; k <= blanks; k++)
    if (!blank(s, rowsStart - k)) return manual('the approval choices are not where this version draws them');
  const reason = rowsStart - blanks - 1;
  const reasonLine = line(s, reason);
  if (!reasonLine.startsWith(`${MARGIN}Reason: `) || reasonLine.length <= 10)
    return manual('the approval reason is not on the line above the choices');
  if (!blank(s, reason - 1) || line(s, reason - 2) !== `${MARGIN}Environment: local` || !blank(s, reason - 3))
    return manual('the approval body is not in the supported form');
  const title = reason - 4;
  const titleLine = line(s, title);
  const subject = titleLine.startsWith(MARGIN)
    ? kind.approval.title.exec(titleLine.slice(MARGIN.length))?.[1]
    : undefined;
  if (subject === undefined) return manual('the approval title is not the supported one on one line');
  if (title > 0 && !blank(s, title - 1)) return manual('no blank line above the approval title');
  const no = rows[3] as NumberedRow;
  return {
    kind: 'permission',
    profileId: p.id,
    fingerprintSource: regionText(s, title, bottom, {
      tool: kind.tool,
      cursor: rows.findIndex((r) => r.cursor) + 1,
    }),
    shape: kind.shape,
    tool: kind.tool,
    title: titleLine.slice(MARGIN.length),
    subject,
    decisions: ['approve_once', 'reject'],
    plan: {
      approve_once: [{ action: { keys: ['y'] }, expect: { kind: 'prompt_changed' } }],
      reject: [{ action: { keys: [String(no.number)] }, expect: { kind: 'prompt_changed' } }],
    },
  };
}
