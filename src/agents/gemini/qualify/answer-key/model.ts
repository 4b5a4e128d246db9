/**
 * Gemini CLI's tool confirmations as the client draws them (src/agents/gemini/qualify, the capture
 * scenario's words), driven by keys: each asks about one call (a shell command, an edit with its diff,
 * a file written, a web fetch, an MCP tool) with "Allow once", the rows that allow more, and "No,
 * suggest changes"; a digit chooses its row at once, ↑/↓ only move the cursor. Once runs the tool and
 * its result is the next request; no cancels the request, and the model is sent nothing. A command
 * longer than its box is wide wraps there, which AKK leaves to the terminal. The first-start screens
 * (folder trust, the sign-in method, the API key; in an editor's terminal, connecting the editor
 * and the terminal's keybindings) are the person's.
 */
import { posix } from 'node:path';
import type { ModelTurn } from '../../../../qualify/fake-model/types';
import { RUN_ROOT_PLACEHOLDER } from '../../../../qualify/launch';
import { Conversation, digit, type Dialog, type DialogStep } from '../../../../qualify/answer-key/conversation';
import { AskDialog, type AskQuestion } from './ask';
import { StartupDialog, type StartupScreen } from '../../../../qualify/answer-key/startup-dialog';
import type { Expected, ExpectedPermission, Token } from '../../../../qualify/answer-key/types';

/** The first-start screens in the order the client shows them: the cursor's row, the row Enter accepts. */
const GEMINI_STARTUP: ReadonlyArray<readonly [string, StartupScreen]> = [
  ['trust', { name: 'folder-trust', cursor: 0, accept: 2, rows: 3 }],
  ['auth', { name: 'auth-method', cursor: 1, accept: 1, rows: 3 }],
  ['auth', { name: 'api-key', cursor: 0, accept: 0, rows: 1 }],
  ['editor', { name: 'ide-connect', cursor: 0, accept: 1, rows: 3 }],
  ['editor', { name: 'terminal-keybindings', cursor: 0, accept: 1, rows: 2 }],
];

const ONCE = 'Allow once';
const NO = 'No, suggest changes (esc)';
const THREE_ROWS = [ONCE, 'Allow for this session', NO];
const FILE_ROWS = [ONCE, 'Allow for this session', 'Modify with external editor', NO];
const MCP_ROWS = [ONCE, 'Allow tool for this session', 'Allow all server tools for this session', NO];

/** The box around a confirmation and the box around its command: four columns each side. */
const BOX_MARGINS = 8;
/** The work folder as the corpus writes it (fixtures/README.md, normalised run root). */
const WORK_DIR = `${RUN_ROOT_PLACEHOLDER}/project`;

interface Asked {
  expected: ExpectedPermission | Extract<Expected, { kind: 'manual_required' }>;
  rows: readonly string[];
  /** What the tool's result, sent to the model when allowed once, contains. */
  result: string[];
}

class ConfirmationDialog implements Dialog {
  constructor(private readonly asked: Asked) {}

  stepId(): string {
    return 'confirmation';
  }

  expected(): Expected {
    return this.asked.expected;
  }

  apply(token: Token): DialogStep {
    // The harness moves the cursor first to see the digit choose wherever it is: not AKK's route.
    if (token === 'Up' || token === 'Down') return { detour: 'the harness moved the cursor before it chose' };
    const row = this.asked.rows[(digit(token) ?? 0) - 1];
    if (row === ONCE)
      return {
        answer: { kind: 'decision', decision: 'approve_once' },
        outcome: 'submitted',
        delivery: { kind: 'gemini_result', includes: this.asked.result },
      };
    // The request is cancelled: nothing reaches the model, now or with the next prompt.
    if (row === NO) return { answer: { kind: 'decision', decision: 'reject' }, outcome: 'interrupted' };
    throw new Error(`unmodelled key ${token} on a confirmation`);
  }
}

function permission(tool: ExpectedPermission['tool'], title: string, subject: string): ExpectedPermission {
  return { kind: 'permission', tool, title, subject, decisions: ['approve_once', 'reject'] };
}

function relative(file: string): string {
  return posix.relative('{{workDir}}', file);
}

export class GeminiModel extends Conversation {
  constructor(
    turns: readonly ModelTurn[],
    private readonly cols: number,
    /** The work folder's files before the scenario (relative path -> content). */
    private readonly files: Readonly<Record<string, string>>,
    /** The MCP servers the client is configured with (`Workspace.mcpServers`). */
    private readonly mcpServers: readonly string[],
    /** Start-up screens left in place (`Workspace.startup`). */
    startup: readonly string[],
  ) {
    super(turns);
    if (startup.length > 0) this.startWith(new StartupDialog(GEMINI_STARTUP, startup));
  }

  protected open(turn: ModelTurn): { dialog?: Dialog } {
    if (turn.kind !== 'tool') throw new Error(`no Gemini CLI model for a ${turn.kind} turn`);
    if (turn.name === 'ask_user') return { dialog: new AskDialog(turn.input.questions as AskQuestion[]) };
    return { dialog: new ConfirmationDialog(this.asked(turn.name, turn.input)) };
  }

  private asked(name: string, input: Record<string, unknown>): Asked {
    const text = (key: string): string => {
      const v = input[key];
      if (typeof v !== 'string') throw new Error(`a ${name} call without ${key}`);
      return v;
    };
    switch (name) {
      case 'run_shell_command': {
        const command = text('command');
        const wraps = command.length > this.cols - BOX_MARGINS;
        return {
          expected: wraps
            ? { kind: 'manual_required', because: 'the command wraps in its box' }
            : permission('bash', 'Shell', command),
          rows: THREE_ROWS,
          result: ['Output: (empty)'],
        };
      }
      case 'replace': {
        const file = relative(text('file_path'));
        const [before, after] = [text('old_string'), text('new_string')];
        const lines = (this.files[file] ?? '').replace(/\n$/, '').split('\n');
        const at = lines.indexOf(before);
        if (at < 0) throw new Error(`the edit's old string is not a whole line of ${file}`);
        const diff = lines.flatMap((l, i) =>
          i === at ? [`${i + 1} - ${before}`, `${i + 1} + ${after}`] : [`${i + 1}   ${l}`],
        );
        return {
          expected: {
            ...permission('edit', 'Edit', `${file}: ${before} => ${after}`),
            preview: { kind: 'lines', lines: diff },
          },
          rows: FILE_ROWS,
          result: [`Successfully modified file: ${WORK_DIR}/${file}`, after],
        };
      }
      case 'write_file': {
        const file = relative(text('file_path'));
        const lines = text('content').replace(/\n$/, '').split('\n');
        return {
          expected: {
            ...permission('write', 'WriteFile', file),
            preview: { kind: 'lines', lines: lines.map((l, i) => `${i + 1} ${l}`) },
          },
          rows: FILE_ROWS,
          result: [`Successfully created and wrote to new file: ${WORK_DIR}/${file}`, ...lines],
        };
      }
      case 'web_fetch': {
        const prompt = text('prompt');
        const urls = prompt.match(/https?:\/\/\S+/g) ?? [];
        return {
          expected: {
            ...permission('web_fetch', 'WebFetch', urls.join(' ')),
            preview: { kind: 'lines', lines: [prompt, '', 'URLs to fetch:', ...urls.map((u) => ` - ${u}`)] },
          },
          rows: THREE_ROWS,
          result: [],
        };
      }
      default: {
        // The client names an MCP server's tool `mcp_<server>_<tool>`.
        const server = this.mcpServers.find((s) => name.startsWith(`mcp_${s}_`));
        if (!server) throw new Error(`no Gemini CLI model for a ${name} call`);
        const tool = name.slice(`mcp_${server}_`.length);
        return {
          expected: permission('mcp', 'MCP tool', `${server} — ${tool}`),
          rows: MCP_ROWS,
          // The fake MCP server's answer (src/qualify/fake-mcp/tickets.cjs).
          result: [`Created ticket T-42: ${String(input.title)}`],
        };
      }
    }
  }
}
