/**
 * Claude Code's tool permission prompts (Bash command, Create file, Edit file, Fetch, an MCP tool):
 * title, what is asked for (command, file and diff, URL, arguments), the question, `❯ 1. Yes`, a
 * persistent-Yes row that AKK never offers (absent where the client leaves it out), `No`, and the
 * footer (none on the fetch prompt). Only one-time Yes and the exact No row are decisions.
 */
import { parseNumberedRows } from '../../../adapters/numbered-rows';
import { bottomLine } from '../../../adapters/screen';
import type { ManualRecognition, PermissionRecognition, ScreenSnapshot } from '../../../adapters/types';
import { keyThenChanged, manual } from '../../../adapters/types';
import { dialogRegion, findTopRule } from './frame';
import { subjectOf } from './permission-subjects';
import type { ClaudeProfile } from './profile';
import { CLAUDE_SHAPES } from './shapes';
import { DECISION } from '../../../shared/decisions';
import { openedInEditor } from './ide-diff';

/** The corpus shape of each prompt that a client version answers only once it was qualified with it. */
const QUALIFIED_SHAPE: Partial<Record<string, string>> = {
  edit: CLAUDE_SHAPES.permissionEdit,
  web_fetch: CLAUDE_SHAPES.permissionFetch,
  mcp: CLAUDE_SHAPES.permissionMcp,
};

/** Where the choices end: above the footer and its blank line, or on the last line of a footerless prompt. */
function choicesEnd(s: ScreenSnapshot, p: ClaudeProfile, bottom: number): number | ManualRecognition | undefined {
  const footer = (s.plain[bottom] ?? '').trimEnd();
  if (footer === ` ${p.permission.footer}`) {
    if ((s.plain[bottom - 1] ?? '').trim() !== '') return manual('no blank line above the permission footer');
    return bottom - 2;
  }
  if (footer.includes('Tab to amend') || footer.includes('Esc to cancel'))
    return manual('the permission prompt footer is not the exact supported one');
  const noRows = Object.values(p.permission.footerless);
  return noRows.some((no) => new RegExp(`^ {3}\\d\\. ${escape(no)}$`).test(footer)) ? bottom : undefined;
}

export function recognizePermission(
  s: ScreenSnapshot,
  p: ClaudeProfile,
): PermissionRecognition | ManualRecognition | undefined {
  const bottom = bottomLine(s);
  if (bottom < 0) return undefined;
  const end = choicesEnd(s, p, bottom);
  if (typeof end !== 'number') return end;
  const footerless = end === bottom;
  // Options: up from the footer to the question line.
  let q = end;
  while (q >= 0 && /^ (❯| ) \d\. |^ {6}\S/.test(s.plain[q] ?? '')) q--;
  const questionLine = (s.plain[q] ?? '').trimEnd();
  const question = questionLine.startsWith(' ') ? questionLine.slice(1) : '';
  if (!p.permission.questions.some((re) => re.test(question))) {
    return footerless ? undefined : manual('the permission question is not a supported one');
  }
  const rows = parseNumberedRows(s.plain.slice(q + 1, end + 1), {
    cursor: p.cursor,
    indent: 1,
    continuationIndent: 6,
  });
  if ('kind' in rows) return rows;
  if (rows.trailing.length > 0) return manual('an unexpected row in the permission choices');
  const yes = rows.rows[0];
  const no = rows.rows[rows.rows.length - 1];
  if (rows.rows.length < 2 || rows.rows.length > 3 || !yes || !no)
    return manual(`a permission prompt with ${rows.rows.length} choices`);
  if (rows.rows.filter((r) => r.cursor).length !== 1) return manual('the permission cursor is not on exactly one row');
  if (yes.text !== p.permission.yes || yes.continuation.length > 0)
    return manual('the first choice is not a plain one-time "Yes"');
  if (rows.rows.length === 3 && !rows.rows[1]?.text.startsWith('Yes, and '))
    return manual('the second choice is not the persistent "Yes, and …" row');

  const top = findTopRule(s, q - 1, () => true);
  if (top < 0) return manual('the top of the permission prompt is not on screen');
  const titleLine = (s.plain[top + 1] ?? '').trimEnd();
  const title = titleLine.startsWith(' ') ? titleLine.slice(1) : '';
  const tool = Object.hasOwn(p.permission.titles, title) ? p.permission.titles[title] : undefined;
  if (!tool) return openedInEditor(s, top, q) ?? manual(`an unsupported permission prompt "${title.slice(0, 40)}"`);
  const noRow = Object.hasOwn(p.permission.footerless, title) ? p.permission.footerless[title] : undefined;
  if (footerless !== (noRow !== undefined)) return manual(`the ${title} prompt is not drawn as this version draws it`);
  const asked = subjectOf(s, p, tool, { top, question: q });
  if ('kind' in asked) return asked;

  const decisions: PermissionRecognition['decisions'] = [DECISION.approveOnce];
  const plan: PermissionRecognition['plan'] = { approve_once: [keyThenChanged('1')] };
  if (no.text === (noRow ?? p.permission.no) && no.continuation.length === 0) {
    decisions.push(DECISION.reject);
    plan.reject = [keyThenChanged(String(no.number))];
  }
  return {
    kind: 'permission',
    profileId: p.id,
    fingerprintSource: dialogRegion(s, { top, bottom }, { tool }),
    ...(Object.hasOwn(QUALIFIED_SHAPE, tool) ? { shape: QUALIFIED_SHAPE[tool] } : {}),
    tool,
    title,
    subject: asked.subject,
    ...(asked.preview ? { preview: asked.preview } : {}),
    decisions,
    plan,
  };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
