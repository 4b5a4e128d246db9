/**
 * Claude Code's tool permission prompts (Bash command, Create file, Edit file):
 * title, description or preview, the question, `❯ 1. Yes`, a persistent-Yes row that AKK never
 * offers, `No`, and the footer. Only one-time Yes and the exact No row are decisions.
 */
import { parseNumberedRows } from '../numbered-rows';
import { bottomLine, isRule, styledRuns } from '../screen';
import type { ManualRecognition, PermissionRecognition, PlannedStep, ScreenSnapshot } from '../types';
import { manual } from '../types';
import { dialogRegion, findTopRule } from './frame';
import type { ClaudeProfile } from './profile';

export function recognizePermission(
  s: ScreenSnapshot,
  p: ClaudeProfile,
): PermissionRecognition | ManualRecognition | undefined {
  const bottom = bottomLine(s);
  if (bottom < 0) return undefined;
  const footer = (s.plain[bottom] ?? '').trimEnd();
  if (footer !== ` ${p.permission.footer}`) {
    if (footer.includes('Tab to amend') || footer.includes('Esc to cancel'))
      return manual('the permission prompt footer is not the exact supported one');
    return undefined;
  }
  if ((s.plain[bottom - 1] ?? '').trim() !== '') return manual('no blank line above the permission footer');
  // Options: up from the footer to the question line.
  let q = bottom - 2;
  while (q >= 0 && /^ (❯| ) \d\. |^ {6}\S/.test(s.plain[q] ?? '')) q--;
  const questionLine = (s.plain[q] ?? '').trimEnd();
  const question = questionLine.startsWith(' ') ? questionLine.slice(1) : '';
  if (!p.permission.questions.some((re) => re.test(question)))
    return manual('the permission question is not a supported one');
  const rows = parseNumberedRows(s.plain.slice(q + 1, bottom - 1), {
    cursor: p.cursor,
    indent: 1,
    continuationIndent: 6,
  });
  if ('kind' in rows) return rows;
  if (rows.trailing.length > 0) return manual('an unexpected row in the permission choices');
  const yes = rows.rows[0];
  const no = rows.rows[rows.rows.length - 1];
  if (rows.rows.length !== 3 || !yes || !no) return manual(`a permission prompt with ${rows.rows.length} choices`);
  if (rows.rows.filter((r) => r.cursor).length !== 1) return manual('the permission cursor is not on exactly one row');
  if (yes.text !== p.permission.yes || yes.continuation.length > 0)
    return manual('the first choice is not a plain one-time "Yes"');
  if (!rows.rows[1]?.text.startsWith('Yes, and '))
    return manual('the second choice is not the persistent "Yes, and …" row');

  const top = findTopRule(s, q - 1, () => true);
  if (top < 0) return manual('the top of the permission prompt is not on screen');
  const titleLine = (s.plain[top + 1] ?? '').trimEnd();
  const title = titleLine.startsWith(' ') ? titleLine.slice(1) : '';
  const tool = p.permission.titles[title];
  if (!tool) return manual(`an unsupported permission prompt "${title.slice(0, 40)}"`);
  const subject =
    tool === 'bash' && p.permission.bashLayout === 'indented'
      ? indentedCommand(s, top + 2, q)
      : subjectOf(s, tool, top + 2, q);
  if (typeof subject !== 'string') return subject;

  const decisions: PermissionRecognition['decisions'] = ['approve_once'];
  const plan: PermissionRecognition['plan'] = { approve_once: [step('1')] };
  if (no.text === p.permission.no && no.continuation.length === 0) {
    decisions.push('reject');
    plan.reject = [step(String(no.number))];
  }
  return {
    kind: 'permission',
    profileId: p.id,
    fingerprintSource: dialogRegion(s, { top, bottom }, { tool }),
    tool,
    title,
    subject,
    decisions,
    plan,
  };
}

function step(key: string): PlannedStep {
  return { action: { keys: [key] }, expect: { kind: 'prompt_changed' } };
}

/**
 * The indented Bash form: a blank line, the command (default colour), the description (a
 * foreground colour), a blank line. Only the styled capture tells the two apart.
 */
function indentedCommand(s: ScreenSnapshot, from: number, questionLine: number): string | ManualRecognition {
  if (!s.styled) return manual('the command cannot be told from its description without the styled screen');
  if ((s.plain[from] ?? '').trim() !== '' || (s.plain[questionLine - 1] ?? '').trim() !== '')
    return manual('the command block is not framed by blank lines');
  const command: string[] = [];
  let described = false;
  for (let i = from + 1; i < questionLine - 1; i++) {
    const plain = (s.plain[i] ?? '').trimEnd();
    if (!plain.startsWith('   ') || plain.trim() === '') return manual('an unexpected line in the command block');
    const firstText = styledRuns(s.styled[i] ?? '').find((r) => r.text.trim() !== '');
    const isDescription = firstText?.fg !== undefined;
    if (isDescription) described = true;
    else if (described) return manual('command text after the description');
    else command.push(plain.slice(3));
  }
  if (command.length === 0) return manual('the command is empty');
  return command.join('\n');
}

/** Bash: the command between two dashed rules. Files: the name in the question, with the preview above. */
function subjectOf(s: ScreenSnapshot, tool: string, from: number, questionLine: number): string | ManualRecognition {
  const lines = s.plain.slice(from, questionLine).map((l) => l.trimEnd());
  if (tool === 'bash') {
    const dashed = lines.map((l, i) => (isRule(l, '╌', s.cols) ? i : -1)).filter((i) => i >= 0);
    if (dashed.length !== 2) return manual('the command is not framed by two dashed rules');
    const [a, b] = dashed as [number, number];
    if (b !== lines.length - 1) return manual('unexpected text between the command and the question');
    const command = lines.slice(a + 1, b).map((l) => (l.startsWith(' ') ? l.slice(1) : l));
    if (command.length === 0) return manual('the command is empty');
    return command.join('\n');
  }
  const q = (s.plain[questionLine] ?? '').trim();
  const m = /^Do you want to (?:create|make this edit to) (.+)\?$/.exec(q);
  if (!m) return manual('the file name is missing from the question');
  return m[1] ?? '';
}
