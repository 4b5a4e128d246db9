/**
 * Gemini CLI's tool confirmations, read exactly: the box that ends the screen, its title row, its
 * body, its question, a blank line, and the numbered rows, every one as the profile's generation
 * draws it. Two layouts: `compact` (`? Shell  touch a.txt`, then the command or the diff in a box of
 * its own) for shell commands, edits and file writes, and `action` ("Action Required", then
 * `?  WebFetch …` or `?  <tool> (<server> MCP Server) …` and their details) for fetches and MCP
 * tools. "Allow once" and "No, suggest changes" are chosen by their digits, which choose at once
 * wherever the cursor is; every row that allows more than once is never chosen, nor is "Modify
 * with external editor". A body too tall for the terminal (its top lines hidden) and a command
 * that wraps in its box are left to the terminal.
 */
import { DECISION } from '../../../shared/decisions';
import { parseNumberedRows } from '../../../adapters/numbered-rows';
import { regionText } from '../../../adapters/prompt-region';
import type { ManualRecognition, PermissionRecognition, ScreenSnapshot } from '../../../adapters/types';
import { keyThenChanged, manual } from '../../../adapters/types';
import { confirmationFrame, nestedBox } from './confirmation-frame';
import type { GeminiGeneration } from './profile';

export interface GeminiProfile extends GeminiGeneration {
  id: string;
  version: string;
  /** The rendering conditions qualified on this version; null while qualification judges a capture. */
  renderings: readonly string[] | null;
}

type KindName = keyof GeminiGeneration['kinds'];
type Kind = GeminiGeneration['kinds'][KindName];
interface Asked {
  subject: string;
  preview?: PermissionRecognition['preview'];
}

/** The confirmation that ends the screen; undefined when the screen does not end with one. */
export function recognizeGeminiPermission(
  s: ScreenSnapshot,
  p: GeminiProfile,
): PermissionRecognition | ManualRecognition | undefined {
  const frame = confirmationFrame(s);
  if (frame === undefined) return undefined;
  if ('kind' in frame) return looksLikeChoices(s, p) ? frame : undefined;
  const inner = frame.inner;
  const blank = inner.lastIndexOf('');
  const rows = parseNumberedRows(inner.slice(blank + 1), { cursor: p.cursor, indent: 0, continuationIndent: null });
  // A box without rows to choose is a tool's output, not a confirmation.
  if ('kind' in rows || rows.rows.length === 0)
    return looksLikeChoices(s, p)
      ? manual("the confirmation's rows are not drawn as this version draws them")
      : undefined;
  if (rows.trailing.length > 0) return manual('an unexpected row below the confirmation choices');
  if (inner.some((l) => p.hiddenLines.test(l)))
    return manual('the confirmation is too tall for the terminal: some of what it asks is hidden');
  const read = inner[0] === p.actionRequired ? actionKind(inner, p, blank) : compactKind(inner, p, blank);
  if ('kind' in read) return read;
  const { name, spec: kind, asked } = read;
  const texts = rows.rows.map((r) => r.text);
  if (texts.length !== kind.rows.length || texts.some((t, i) => t !== kind.rows[i]))
    return manual(`the ${kind.tool} confirmation's choices are not the ones this version draws`);
  if (rows.rows.filter((r) => r.cursor).length !== 1)
    return manual('the confirmation cursor is not on exactly one row');
  const once = rows.rows.find((r) => r.text === p.once);
  const no = rows.rows.find((r) => r.text === p.no);
  if (!once || !no) return manual('the confirmation has no "once" or no "no" row');
  return {
    kind: 'permission',
    profileId: p.id,
    fingerprintSource: regionText(s, frame.top, frame.bottom, { tool: kind.tool, dialog: name }),
    tool: kind.tool,
    title: titleOf(name, kind),
    subject: asked.subject,
    ...(asked.preview ? { preview: asked.preview } : {}),
    decisions: [DECISION.approveOnce, DECISION.reject],
    plan: { approve_once: [keyThenChanged(String(once.number))], reject: [keyThenChanged(String(no.number))] },
  };
}

/** A screen whose last rows are this version's numbered choices: a confirmation, even when its box is not whole. */
function looksLikeChoices(s: ScreenSnapshot, p: GeminiProfile): boolean {
  // With the cursor on it or not: a confirmation whose cursor row is missing is still one.
  return s.plain.some((l) => l.includes(` 1. ${p.once}`));
}

function titleOf(name: KindName, kind: Kind): string {
  return kind.title ?? (name === 'mcp' ? 'MCP tool' : name);
}

/** The question and any notes, then the blank line above the rows: the index of the question. */
function questionAt(inner: readonly string[], kind: Kind, blank: number): number | ManualRecognition {
  const notes = kind.notes ?? [];
  for (let q = blank - 1; q >= 0 && blank - q <= notes.length + 1; q--) {
    const line = inner[q] ?? '';
    const asks = typeof kind.question === 'string' ? line === kind.question : kind.question.test(line);
    if (asks) return inner.slice(q + 1, blank).every((l) => notes.includes(l)) ? q : manual('an unexpected note');
  }
  return manual(`the ${kind.tool} confirmation does not ask what this version asks`);
}

/** `? <Title>  <summary>`, a box with the command or the diff, the question. */
function compactKind(inner: readonly string[], p: GeminiProfile, blank: number) {
  const m = /^\? (\S+) {1,2}(\S.*)$/.exec(inner[0] ?? '');
  const name = (Object.keys(p.kinds) as KindName[]).find(
    (k) => p.kinds[k].layout === 'compact' && p.kinds[k].title === m?.[1],
  );
  if (!m?.[2] || !name) return manual(`an unsupported confirmation "${(inner[0] ?? '').slice(0, 40)}"`);
  const kind = p.kinds[name];
  const body = nestedBox(inner, 1);
  if (!body) return manual(`the ${kind.tool} confirmation's body is not drawn as this version draws it`);
  const q = questionAt(inner, kind, blank);
  if (typeof q !== 'number') return q;
  if (q !== body.next) return manual(`unexpected text between the ${kind.tool} confirmation's body and its question`);
  const asked =
    name === 'shell'
      ? commandOf(m[2], body.rows)
      : name === 'write'
        ? writeOf(m[2], body.rows)
        : editOf(m[2], body.rows);
  return 'kind' in asked ? asked : { name, spec: kind, asked };
}

/** The command, drawn on one row of its box; the title repeats it, cut with `…` where it is long. */
function commandOf(summary: string, rows: readonly string[]): Asked | ManualRecognition {
  if (rows.length !== 1 || !rows[0]) return manual('the command takes more than one row of its box');
  const command = rows[0];
  const cut = summary.endsWith('…') && command.startsWith(summary.slice(0, -1));
  if (summary !== command && !cut) return manual('the command in the title is not the one in the box');
  return { subject: command };
}

/** `Writing to <file>`, and the numbered lines of what is written, as drawn. */
function writeOf(summary: string, rows: readonly string[]): Asked | ManualRecognition {
  const m = /^Writing to (\S.*)$/.exec(summary);
  if (!m?.[1]) return manual('the file to write is not named as this version names it');
  if (rows.length === 0 || !rows.every((r) => /^ *\d+ /.test(r)))
    return manual('what is written is not drawn as this version draws it');
  return { subject: m[1], preview: { kind: 'lines', lines: [...rows] } };
}

/** `<file>: <old> => <new>`, and the numbered diff (`n   context`, `n - removed`, `n + added`), as drawn. */
function editOf(summary: string, rows: readonly string[]): Asked | ManualRecognition {
  if (!summary.includes(': ') || !summary.includes(' => '))
    return manual('the edit is not named as this version names it');
  if (rows.length === 0 || !rows.every((r) => /^ *\d+ [ +-] /.test(r)))
    return manual('the diff is not drawn as this version draws it');
  return { subject: summary, preview: { kind: 'lines', lines: [...rows] } };
}

/** "Action Required", a blank, `?  <name> <summary>`, a blank, the details, the question. */
function actionKind(inner: readonly string[], p: GeminiProfile, blank: number) {
  if (inner[1] !== '' || inner[3] !== '') return manual('the confirmation is not drawn as this version draws it');
  const title = inner[2] ?? '';
  const fetch = p.kinds.fetch;
  const name: KindName = title.startsWith(`?  ${fetch.title ?? ''} `) ? 'fetch' : 'mcp';
  const kind = p.kinds[name];
  const q = questionAt(inner, kind, blank);
  if (typeof q !== 'number') return q;
  const details = inner.slice(4, q);
  const asked = name === 'fetch' ? fetchOf(details) : mcpOf(title, details, inner[q] ?? '', kind);
  return 'kind' in asked ? asked : { name, spec: kind, asked };
}

/** The prompt as drawn, a blank, `URLs to fetch:` and one ` - <url>` row for each URL. */
function fetchOf(details: readonly string[]): Asked | ManualRecognition {
  const at = details.indexOf('URLs to fetch:');
  const urls = details.slice(at + 1).map((l) => /^ - (\S+)$/.exec(l)?.[1]);
  if (at < 2 || details[at - 1] !== '' || urls.length === 0 || urls.some((u) => u === undefined))
    return manual('the URLs to fetch are not drawn as this version draws them');
  return { subject: urls.join(' '), preview: { kind: 'lines', lines: [...details] } };
}

/** `MCP Server: <server>`, `Tool: <tool>`, a blank, its details, and the question naming both. */
function mcpOf(title: string, details: readonly string[], question: string, kind: Kind): Asked | ManualRecognition {
  const asks = typeof kind.question === 'string' ? null : kind.question.exec(question);
  const [, tool, server] = asks ?? [];
  if (!tool || !server) return manual('the MCP tool is not named as this version names it');
  if (!title.startsWith(`?  ${tool} (${server} MCP Server)`))
    return manual('the MCP tool in the title is not the one asked about');
  if (details[0] !== `MCP Server: ${server}` || details[1] !== `Tool: ${tool}` || details[2] !== '')
    return manual('the MCP tool details are not drawn as this version draws them');
  const args = title.slice(`?  ${tool} (${server} MCP Server)`.length).trim();
  return { subject: `${server} — ${tool}`, preview: { kind: 'lines', lines: [args, ...details.slice(3)] } };
}
