/**
 * Codex's approvals with four rows: network access to a host (under an administrator's managed
 * network policy), and the model's request for more permissions (`request_permissions`). Approve
 * once is the `y` shortcut of network access's "just this once"; the permission request's `y` grants
 * for the whole turn, so it is not offered (the person grants it in the terminal). Reject is the
 * exact native No row; the broader grants (for the conversation, in the future, with strict auto
 * review, for the session) are never offered. The
 * subject is the host in the title, or the permission rule; the body is `Environment: local`,
 * `Reason: …` (and `Permission rule: …`), each on one line, as Codex draws them.
 */
import type { NumberedRow } from '../../../adapters/numbered-rows';
import { regionText } from '../../../adapters/prompt-region';
import type { ManualRecognition, PermissionRecognition, PermissionTool, ScreenSnapshot } from '../../../adapters/types';
import { keyThenChanged, manual } from '../../../adapters/types';
import type { FourRowApproval } from './four-row-profile';
import { blank, line } from './frame';
import type { CodexProfile } from './profile';
import { CODEX_SHAPES } from './shapes';
import { DECISION } from '../../../shared/decisions';

interface Kind {
  approval: FourRowApproval;
  tool: PermissionTool;
  /** The corpus shape a version answers only once its qualification captured it. */
  shape: string;
}

function kinds(p: CodexProfile): Kind[] {
  return [
    { approval: p.permission.network, tool: 'network', shape: CODEX_SHAPES.networkApproval },
    // What is granted is the rule the model asks for (network, or folders): no kind of its own.
    { approval: p.permission.grant, tool: 'other', shape: CODEX_SHAPES.permissionRequest },
  ];
}

const MARGIN = '  ';

/** The body above the blank lines over the rows: its title line and subject, or why it is not the supported form. */
function readBody(
  s: ScreenSnapshot,
  approval: FourRowApproval,
  last: number,
): { title: number; subject: string } | ManualRecognition {
  const { rule } = approval;
  let reason = last;
  let ruled: string | undefined;
  if (rule !== undefined) {
    const l = line(s, last);
    if (!l.startsWith(`${MARGIN}${rule}`) || l.length <= MARGIN.length + rule.length)
      return manual('the permission rule is not on the line above the choices');
    if (!blank(s, last - 1)) return manual('the approval body is not in the supported form');
    ruled = l.slice(MARGIN.length + rule.length);
    reason = last - 2;
  }
  const reasonLine = line(s, reason);
  if (!reasonLine.startsWith(`${MARGIN}Reason: `) || reasonLine.length <= 10)
    return manual('the approval reason is not where Codex draws it');
  if (!blank(s, reason - 1) || line(s, reason - 2) !== `${MARGIN}Environment: local` || !blank(s, reason - 3))
    return manual('the approval body is not in the supported form');
  const title = reason - 4;
  const titleLine = line(s, title);
  const titled = titleLine.startsWith(MARGIN) ? approval.title.exec(titleLine.slice(MARGIN.length)) : null;
  if (!titled) return manual('the approval title is not the supported one on one line');
  if (title > 0 && !blank(s, title - 1)) return manual('no blank line above the approval title');
  const subject = ruled ?? titled[1];
  if (subject === undefined) return manual('the approval names nothing to approve');
  return { title, subject };
}

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
  const body = readBody(s, kind.approval, rowsStart - blanks - 1);
  if ('kind' in body) return body;
  const no = rows[3] as NumberedRow;
  return {
    kind: 'permission',
    profileId: p.id,
    fingerprintSource: regionText(s, body.title, bottom, {
      tool: kind.tool,
      cursor: rows.findIndex((r) => r.cursor) + 1,
    }),
    shape: kind.shape,
    tool: kind.tool,
    title: line(s, body.title).slice(MARGIN.length),
    subject: body.subject,
    ...decide(kind.approval, no),
  };
}

/** Approve once only where the first row grants exactly once; reject is always the exact No row. */
function decide(approval: FourRowApproval, no: NumberedRow): Pick<PermissionRecognition, 'decisions' | 'plan'> {
  const reject = [{ action: { keys: [String(no.number)] }, expect: { kind: 'prompt_changed' as const } }];
  if (approval.firstRowGrants !== 'once') return { decisions: [DECISION.reject], plan: { reject } };
  return {
    decisions: [DECISION.approveOnce, DECISION.reject],
    plan: { approve_once: [keyThenChanged('y')], reject },
  };
}
