/**
 * Codex's approval overlays: `Would you like to run the following command?` (exec) and
 * `Would you like to make the following edits?` (patch). One-time Yes is its `y` shortcut; the
 * persistent "don't ask again" row is never offered; reject is the exact native No row. A long
 * command wraps, and so does its "don't ask again" row: see approval-command.ts. Approvals with
 * four rows (network access to a host): see four-row-approval.ts.
 */
import type { NumberedRow } from '../../../adapters/numbered-rows';
import { regionText } from '../../../adapters/prompt-region';
import { bottomLine } from '../../../adapters/screen';
import type { ManualRecognition, PermissionRecognition, ScreenSnapshot } from '../../../adapters/types';
import { keyThenChanged, manual } from '../../../adapters/types';
import { readApprovalCommand, type ApprovalCommand } from './approval-command';
import { recognizeFourRowApproval } from './four-row-approval';
import { blank, line } from './frame';
import type { CodexProfile } from './profile';
import { parseRows } from './rows';
import { CODEX_SHAPES } from './shapes';
import { DECISION } from '../../../shared/decisions';

/** The corpus shape of a command approval whose `$ <command>` runs over several lines. */
const WRAPPED_COMMAND_SHAPE = CODEX_SHAPES.commandApprovalWrapped;

export function recognizePermission(
  s: ScreenSnapshot,
  p: CodexProfile,
): PermissionRecognition | ManualRecognition | undefined {
  const perm = p.permission;
  const bottom = bottomLine(s);
  if (bottom < 0 || line(s, bottom) !== `  ${perm.footer}`) return undefined;
  if (!blank(s, bottom - 1)) return manual('no blank line above the approval footer');
  let rowsStart = bottom - 2;
  while (rowsStart - 1 >= 0 && !blank(s, rowsStart - 1)) rowsStart--;
  const rows = parseRows(s.plain.slice(rowsStart, bottom - 1), p.cursor, 0, 5);
  if ('kind' in rows) return rows;
  if (rows.length === 4) return recognizeFourRowApproval(s, p, rows, rowsStart, bottom);
  const [yes, persistent, no] = rows;
  if (rows.length !== 3 || !yes || !persistent || !no) return manual(`an approval with ${rows.length} choices`);
  if (yes.text !== perm.yes || yes.continuation.length > 0)
    return manual('the first choice is not the exact one-time "Yes, proceed (y)"');
  // Blank lines between the body and the choices, exactly as this version draws them.
  for (let k = 1; k <= perm.blanksBeforeRows; k++)
    if (!blank(s, rowsStart - k)) return manual('the approval choices are not where this version draws them');
  const bodyEnd = rowsStart - perm.blanksBeforeRows - 1;
  if (blank(s, bodyEnd)) return manual('unexpected blank lines above the approval choices');
  let title = bodyEnd;
  while (title >= 0 && perm.titles[line(s, title).slice(2)] === undefined) title--;
  if (title < 0 || bodyEnd - title > 24) return manual('the approval title is not on screen');
  if (title > 0 && !blank(s, title - 1)) return manual('no blank line above the approval title');
  const tool = perm.titles[line(s, title).slice(2)] as 'command' | 'file_change';
  const body = s.plain.slice(title + 1, bodyEnd + 1).map((l) => l.trimEnd());
  const subject =
    tool === 'command' ? commandOf(body, persistent, s.cols, p) : destinationOf(body, persistent, perm.persistentFiles);
  if (typeof subject !== 'string' && 'kind' in subject) return subject;
  const wrapped = typeof subject !== 'string' && subject.commandWrapped;

  const decisions: PermissionRecognition['decisions'] = [DECISION.approveOnce];
  const plan: PermissionRecognition['plan'] = {
    approve_once: [keyThenChanged('y')],
  };
  if (no.text === perm.no && no.continuation.length === 0) {
    decisions.push(DECISION.reject);
    plan.reject = [keyThenChanged(String(no.number))];
  }
  return {
    kind: 'permission',
    profileId: p.id,
    fingerprintSource: regionText(s, title, bottom, { tool, cursor: rows.findIndex((r) => r.cursor) + 1 }),
    ...(wrapped ? { shape: WRAPPED_COMMAND_SHAPE } : {}),
    tool,
    title: line(s, title).slice(2),
    subject: typeof subject === 'string' ? subject : subject.command,
    decisions,
    plan,
  };
}

/** Exec: blank, `Environment: local`, blank, `Reason: …`, blank, `$ <command>` (wrapped onto further lines). */
function commandOf(
  body: string[],
  persistent: NumberedRow,
  cols: number,
  p: CodexProfile,
): ApprovalCommand | ManualRecognition {
  const [b1, env, b2, reason, b3, ...paragraph] = body;
  if (b1 !== '' || b2 !== '' || b3 !== '' || paragraph.some((l) => l === ''))
    return manual('the command approval body is not in the supported form');
  if (env !== '  Environment: local') return manual('the command environment is not the supported one');
  if (!reason?.startsWith('  Reason: ') || reason.length <= 10) return manual('the command reason is missing');
  const { persistentCommand, paragraphMargin, rowMargin } = p.permission;
  return readApprovalCommand(paragraph, [persistent.text, ...persistent.continuation], {
    paragraphWidth: cols - paragraphMargin,
    // The row's text starts after its cursor and number: `› 2. `.
    rowWidth: cols - rowMargin - 5,
    rowBefore: persistentCommand.before,
    rowAfter: persistentCommand.after,
  });
}

/** Patch: blank, `Description: …`, `Destination: <path>`; the persistent row names "these files". */
function destinationOf(body: string[], persistent: NumberedRow, persistentFiles: string): string | ManualRecognition {
  const [b1, description, destination, ...rest] = body;
  if (rest.length > 0 || b1 !== '') return manual('the file-change approval body is not in the supported form');
  if (!description?.startsWith('  Description: ')) return manual('the file-change description is missing');
  if (!destination?.startsWith('  Destination: ') || destination.length <= 15)
    return manual('the file-change destination is missing');
  if (persistent.text !== persistentFiles || persistent.continuation.length > 0)
    return manual('the second choice is not the persistent "don\'t ask again" row');
  return destination.slice(15);
}
