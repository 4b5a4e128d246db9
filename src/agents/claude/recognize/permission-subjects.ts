/**
 * What a Claude Code permission prompt asks for, read between its title and its question: a Bash
 * command, a new file's name, an edit's file and diff, a fetch's domain, URL and prompt, an MCP
 * tool with its arguments. Each form is read exactly as drawn, or the prompt is manual.
 */
import { isRule, styledRuns } from '../../../adapters/screen';
import type { ManualRecognition, PermissionPreview, ScreenSnapshot } from '../../../adapters/types';
import { manual } from '../../../adapters/types';
import { parseDrawnDiff } from './edit-diff';
import type { ClaudePermissionTool, ClaudeProfile } from './profile';

interface Asked {
  subject: string;
  preview?: PermissionPreview;
}

/** The dialog's lines between its top rule and its question line. */
interface Span {
  top: number;
  question: number;
}

export function subjectOf(
  s: ScreenSnapshot,
  p: ClaudeProfile,
  tool: ClaudePermissionTool,
  span: Span,
): Asked | ManualRecognition {
  switch (tool) {
    case 'bash': {
      const command =
        p.permission.bashLayout === 'indented'
          ? indentedCommand(s, span.top + 2, span.question)
          : dashedCommand(s, span.top + 2, span.question);
      return typeof command === 'string' ? { subject: command } : command;
    }
    case 'write':
      return fileOfQuestion(s, span.question);
    case 'edit':
      return editOf(s, span);
    // Releases draw these prompts either between dashed rules or indented without them (the older
    // ones, and some of a generation that already draws Bash commands between rules): the drawing
    // says which, and each form is read exactly.
    case 'web_fetch':
      return dashed(s, span) ? fetchOf(s, span) : indentedFetchOf(s, span);
    case 'mcp':
      return dashed(s, span) ? mcpOf(s, span) : indentedMcpOf(s, span);
  }
}

/** Lines of the dialog without their one-column margin, from `from` up to (not including) `to`. */
function body(s: ScreenSnapshot, from: number, to: number): string[] {
  return s.plain.slice(from, to).map((l) => {
    const t = l.trimEnd();
    return t.startsWith(' ') ? t.slice(1) : t;
  });
}

/** Whether the prompt has a full-width dashed rule between its title and its question. */
function dashed(s: ScreenSnapshot, span: Span): boolean {
  return s.plain.slice(span.top + 2, span.question).some((l) => isRule(l.trimEnd(), '╌', s.cols));
}

/** Indexes (within `lines`) of the full-width dashed rules. */
function dashedRules(s: ScreenSnapshot, lines: readonly string[]): number[] {
  return lines.map((l, i) => (isRule(l, '╌', s.cols) ? i : -1)).filter((i) => i >= 0);
}

/**
 * The section between two dashed rules, starting right under the subtitle: the subtitle, the
 * framed lines, and what follows the closing rule up to the question.
 */
function framed(
  s: ScreenSnapshot,
  span: Span,
): { subtitle: string; inside: string[]; after: string[] } | ManualRecognition {
  const lines = s.plain.slice(span.top + 2, span.question).map((l) => l.trimEnd());
  const dashed = dashedRules(s, lines);
  if (dashed.length !== 2 || dashed[0] !== 1) return manual('the prompt is not framed by two dashed rules');
  const [open, close] = dashed as [number, number];
  const all = body(s, span.top + 2, span.question);
  return { subtitle: all[0] ?? '', inside: all.slice(open + 1, close), after: all.slice(close + 1) };
}

/**
 * The indented Bash form: a blank line, the command (default colour), the description (a
 * foreground colour), a blank line. Only the styled capture tells the two apart, so the
 * description must be there.
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
  // Without a line in the description's colour, the command's last line could be a description
  // drawn without colour: the form captured always shows one.
  if (!described) return manual('no description below the command, as this form is drawn');
  return command.join('\n');
}

/** The dashed Bash form: the description, then the command between two dashed rules. */
function dashedCommand(s: ScreenSnapshot, from: number, questionLine: number): string | ManualRecognition {
  const lines = s.plain.slice(from, questionLine).map((l) => l.trimEnd());
  const dashed = dashedRules(s, lines);
  if (dashed.length !== 2) return manual('the command is not framed by two dashed rules');
  const [a, b] = dashed as [number, number];
  if (b !== lines.length - 1) return manual('unexpected text between the command and the question');
  const command = lines.slice(a + 1, b).map((l) => (l.startsWith(' ') ? l.slice(1) : l));
  if (command.length === 0) return manual('the command is empty');
  return command.join('\n');
}

/** A new file: its name in the question (the preview above is the file's content). */
function fileOfQuestion(s: ScreenSnapshot, questionLine: number): Asked | ManualRecognition {
  const m = /^Do you want to create (.+)\?$/.exec((s.plain[questionLine] ?? '').trim());
  if (!m?.[1]) return manual('the file name is missing from the question');
  return { subject: m[1] };
}

/** An edit: the file under the title (as the question names it) and its diff, read from the drawing. */
function editOf(s: ScreenSnapshot, span: Span): Asked | ManualRecognition {
  const m = /^Do you want to make this edit to (.+)\?$/.exec((s.plain[span.question] ?? '').trim());
  if (!m?.[1]) return manual('the file name is missing from the question');
  const f = framed(s, span);
  if ('kind' in f) return f;
  const file = f.subtitle;
  if (file !== m[1] && !file.endsWith(`/${m[1]}`)) return manual('the file under the title is not the one asked about');
  if (f.after.length > 0) return manual('unexpected text between the diff and the question');
  const diff = parseDrawnDiff(f.inside, s.cols - 1);
  const preview: PermissionPreview =
    diff === undefined ? { kind: 'lines', lines: f.inside } : { kind: 'diff', file, lines: diff };
  return { subject: file, preview };
}

/** A fetch: the domain in the subtitle, and the URL and prompt as drawn between the rules. */
function fetchOf(s: ScreenSnapshot, span: Span): Asked | ManualRecognition {
  const f = framed(s, span);
  if ('kind' in f) return f;
  const m = /^Claude wants to fetch content from (\S+)$/.exec(f.subtitle);
  if (!m?.[1]) return manual('the domain to fetch from is not drawn as expected');
  if (!f.inside[0]?.startsWith('url: ')) return manual('the URL to fetch is not drawn as expected');
  if (f.after.length > 0) return manual('unexpected text between the URL and the question');
  return { subject: m[1], preview: { kind: 'lines', lines: f.inside } };
}

/**
 * An MCP tool: `<server> — <tool>: (MCP)` under the title, its arguments between the rules, then
 * `About the <server> — <tool>:` and the tool's description (`│ …`), a blank line, the question.
 */
function mcpOf(s: ScreenSnapshot, span: Span): Asked | ManualRecognition {
  const f = framed(s, span);
  if ('kind' in f) return f;
  const m = /^(.+): \(MCP\)$/.exec(f.subtitle);
  if (!m?.[1]) return manual('the MCP tool is not named as expected');
  const name = m[1];
  const [about, ...rest] = f.after;
  if (about !== `About the ${name}:`) return manual('the MCP tool description is not drawn as expected');
  if (rest.length < 2 || rest[rest.length - 1] !== '') return manual('no blank line above the MCP question');
  if (!rest.slice(0, -1).every((l) => l.startsWith('│ ') || l === '│'))
    return manual('an unexpected line in the MCP tool description');
  return { subject: name, preview: { kind: 'lines', lines: f.inside } };
}

/**
 * The indented form of the versions that draw Bash commands indented: the prompt's lines indented
 * by three under the title, framed by blank lines, without dashed rules. Undefined when any line
 * is not of that form.
 */
function indentedBody(s: ScreenSnapshot, span: Span): string[] | undefined {
  const lines = s.plain.slice(span.top + 2, span.question).map((l) => l.trimEnd());
  if (lines[0] !== '' || lines[lines.length - 1] !== '') return undefined;
  if (!lines.every((l) => l === '' || (l.startsWith('   ') && l[3] !== ' '))) return undefined;
  return lines.slice(1, -1).map((l) => l.slice(3));
}

/** Indented fetch: the URL and prompt, then `Claude wants to fetch content from <domain>`. */
function indentedFetchOf(s: ScreenSnapshot, span: Span): Asked | ManualRecognition {
  const body = indentedBody(s, span);
  if (!body) return manual('the fetch prompt is not drawn as this version draws it');
  const m = /^Claude wants to fetch content from (\S+)$/.exec(body[body.length - 1] ?? '');
  const details = body.slice(0, -1);
  if (!m?.[1] || !details[0]?.startsWith('url: ') || details.includes(''))
    return manual('the fetch prompt is not drawn as this version draws it');
  return { subject: m[1], preview: { kind: 'lines', lines: details } };
}

/** Indented MCP tool: `<server> — <tool>: (MCP)`, its arguments, then `About the …:` and the description. */
function indentedMcpOf(s: ScreenSnapshot, span: Span): Asked | ManualRecognition {
  const body = indentedBody(s, span);
  const m = body ? /^(.+): \(MCP\)$/.exec(body[0] ?? '') : null;
  if (!body || !m?.[1] || body[1] !== '') return manual('the MCP tool is not named as expected');
  const name = m[1];
  const about = body.indexOf(`About the ${name}:`);
  const args = body.slice(2, about - 1);
  const description = body.slice(about + 1);
  if (about < 3 || body[about - 1] !== '' || args.length === 0 || args.includes(''))
    return manual('the MCP tool arguments are not drawn as expected');
  if (description.length === 0 || !description.every((l) => l.startsWith('│ ') || l === '│'))
    return manual('an unexpected line in the MCP tool description');
  return { subject: name, preview: { kind: 'lines', lines: args } };
}
