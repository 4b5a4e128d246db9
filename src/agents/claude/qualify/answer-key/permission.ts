/**
 * Claude Code's permission prompts as docs/REAL-AGENTS.md describes them, driven by keys: `1. Yes`,
 * a persistent `2. Yes, and …` (never offered; the MCP prompt leaves it out where it would not fit
 * on one row), then the No row (`No`; on the fetch prompt `No, and tell Claude what to do
 * differently (esc)`); Tab on No opens its amend editor. Subjects and previews come from the
 * scenario's tool call and the work folder's files, never from the screen.
 */
import { basename } from 'node:path';
import type { ModelTurn } from '../../../../qualify/fake-model/types';
import type { Dialog, DialogStep } from '../../../../qualify/answer-key/conversation';
import type { Decision, Delivery, Expected, ExpectedPermission, Token } from '../../../../qualify/answer-key/types';

/** What one permission prompt shows and how many choice rows it draws. */
interface PermissionShape {
  expected: Omit<ExpectedPermission, 'kind' | 'decisions'>;
  rows: 2 | 3;
}

/** The run root as the corpus normalises it (fixtures/README.md): the work folder drawn in rows. */
const WORK_DIR = '/tmp/akk-00000000/project';
/** Lines of kept text the client shows around an edit. */
const DIFF_CONTEXT = 3;

/** `create_ticket` -> `Create Ticket`: how the client titles an MCP tool that declares no title. */
function titled(tool: string): string {
  return tool
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The diff of replacing `oldString` by `newString` in `content`: changed lines with kept lines around them. */
function editDiff(file: string, content: string, oldString: string, newString: string): ExpectedPermission['preview'] {
  if (!content.includes(oldString)) throw new Error('the scenario edits text the file does not hold');
  const before = content.replace(/\n$/, '').split('\n');
  const after = content.replace(oldString, newString).replace(/\n$/, '').split('\n');
  let first = 0;
  while (first < before.length && before[first] === after[first]) first++;
  let tail = 0;
  while (tail < before.length - first && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const lines: Array<{ op: 'context' | 'removed' | 'added'; line: number; text: string }> = [];
  for (let i = Math.max(0, first - DIFF_CONTEXT); i < first; i++)
    lines.push({ op: 'context', line: i + 1, text: before[i] ?? '' });
  for (let i = first; i < before.length - tail; i++) lines.push({ op: 'removed', line: i + 1, text: before[i] ?? '' });
  for (let i = first; i < after.length - tail; i++) lines.push({ op: 'added', line: i + 1, text: after[i] ?? '' });
  for (let i = after.length - tail; i < Math.min(after.length, after.length - tail + DIFF_CONTEXT); i++)
    lines.push({ op: 'context', line: i + 1, text: after[i] ?? '' });
  return { kind: 'diff', file, lines };
}

/** The prompt a tool call opens, or undefined for a turn that opens none. */
export function permissionOf(
  turn: ModelTurn,
  files: Readonly<Record<string, string>>,
  cols: number,
): PermissionShape | undefined {
  switch (turn.kind) {
    case 'bash':
      return { expected: { tool: 'bash', title: 'Bash command', subject: turn.command }, rows: 3 };
    case 'write':
      return { expected: { tool: 'write', title: 'Create file', subject: basename(turn.filePath) }, rows: 3 };
    case 'edit': {
      const file = basename(turn.filePath);
      const content = files[file];
      if (content === undefined) throw new Error(`the scenario edits ${file}, which its work folder does not hold`);
      const preview = editDiff(file, content, turn.oldString, turn.newString);
      return { expected: { tool: 'edit', title: 'Edit file', subject: file, preview }, rows: 3 };
    }
    case 'fetch':
      return {
        expected: {
          tool: 'web_fetch',
          title: 'Fetch',
          subject: new URL(turn.url).hostname,
          preview: { kind: 'lines', lines: [`url: ${turn.url}`, `prompt: ${turn.prompt}`] },
        },
        rows: 3,
      };
    case 'mcp': {
      const subject = `${turn.server} — ${titled(turn.tool)} Tool`;
      const named = `${turn.server} — ${titled(turn.tool)}`;
      const persistent = ` ❯ 2. Yes, and don't ask again for ${named} commands in ${WORK_DIR}`;
      const lines = Object.entries(turn.input).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
      return {
        expected: { tool: 'mcp', title: 'Tool use', subject, preview: { kind: 'lines', lines } },
        rows: [...persistent].length <= cols ? 3 : 2,
      };
    }
    default:
      return undefined;
  }
}

export class PermissionDialog implements Dialog {
  private cursor = 0;
  private amend: string | undefined;

  constructor(private readonly shape: PermissionShape) {}

  stepId(): string {
    return this.amend === undefined ? 'permission' : 'permission:amend';
  }

  private delivery(approved: boolean): Delivery {
    const { tool, subject } = this.shape.expected;
    return tool === 'web_fetch'
      ? { kind: 'claude_fetch', approved, domain: subject }
      : { kind: 'claude_permission', approved };
  }

  expected(): Expected {
    if (this.amend !== undefined)
      return { kind: 'manual_required', because: "No's amend editor (Tab) is not offered: the terminal's own" };
    const decisions: Decision[] = ['approve_once', 'reject'];
    return { kind: 'permission', ...this.shape.expected, decisions };
  }

  apply(token: Token): DialogStep {
    const no = this.shape.rows;
    if (this.amend !== undefined) {
      if (token.startsWith('text:')) {
        this.amend += token.slice(5);
        return {};
      }
      if (token !== 'Enter' || this.amend === '') throw new Error(`unmodelled key ${token} while amending`);
      return { outcome: 'submitted', delivery: { kind: 'claude_permission', approved: false, said: this.amend } };
    }
    if (token === 'Down' || token === 'Up') {
      this.cursor = Math.max(0, Math.min(no - 1, this.cursor + (token === 'Down' ? 1 : -1)));
      return {};
    }
    if (token === 'Tab' && this.cursor === no - 1) {
      this.amend = '';
      return {
        answer: {
          kind: 'not_offered',
          why: 'the harness opened the amend editor of No (Tab), which AKK does not offer',
        },
      };
    }
    if (token === '1')
      return {
        answer: { kind: 'decision', decision: 'approve_once' },
        outcome: 'submitted',
        delivery: this.delivery(true),
      };
    // No without text interrupts the turn; the rejection goes out with the next prompt.
    if (token === String(no))
      return {
        answer: { kind: 'decision', decision: 'reject' },
        outcome: 'interrupted',
        delivery: this.delivery(false),
      };
    throw new Error(`unmodelled key ${token} in a permission prompt`);
  }
}
