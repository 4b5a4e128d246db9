/**
 * Codex's dialogs as docs/REAL-AGENTS.md and fixtures/README.md describe them, driven by keys: the
 * request_user_input overlay (`Question i/n`, the model's options and `None of the above`; a digit
 * or Enter answers and moves on, the last question submits all or asks to confirm unanswered ones;
 * Tab opens notes on the focused row; ←/→ move between questions), the approvals (`y` once, `3` No,
 * which interrupts) and the async question under a working turn (collapsed, opened, answered).
 */
import { posix } from 'node:path';
import type { CodexQuestion, ModelTurn } from '../../../../qualify/fake-model/types';
import { RUN_ROOT_PLACEHOLDER } from '../../../../qualify/launch';
import { fetchedHost, managesNetwork, NetworkApprovalDialog } from './network';
import { PermissionRequestDialog } from './permission-request';
import { RateLimitDialog, reportsNearlyUsedLimit } from './rate-limit';
import { CODEX_STARTUP } from './startup';
import { StartupDialog } from '../../../../qualify/answer-key/startup-dialog';
import {
  Conversation,
  digit,
  type Dialog,
  type DialogStep,
  type Overlay,
} from '../../../../qualify/answer-key/conversation';
import type { Expected, ExpectedOption, Token } from '../../../../qualify/answer-key/types';

const NONE = 'None of the above';
const NONE_DESCRIPTION = 'Optionally, add details in notes (tab)';
import { AKK_WORDING, AsyncQuestion } from './async';

class QuestionsDialog implements Dialog {
  private index = 0;
  private readonly cursors: number[];
  private readonly answers = new Map<number, string[]>();
  private notes: { row: number; text: string } | undefined;
  private review: { cursor: number } | undefined;

  constructor(private readonly questions: readonly CodexQuestion[]) {
    this.cursors = questions.map(() => 0);
  }

  private rows(): string[] {
    return [...(this.questions[this.index]?.options.map((o) => o.label) ?? []), NONE];
  }

  private get unanswered(): number {
    return this.questions.filter((_, i) => !this.answers.has(i)).length;
  }

  stepId(): string {
    if (this.review) return 'unanswered';
    return `q${this.index}${this.notes ? ':notes' : ''}`;
  }

  expected(): Expected {
    if (this.review) {
      const n = this.unanswered;
      const options: ExpectedOption[] = [
        {
          label: 'Proceed',
          descriptionStartsWith: `Submit with ${n} unanswered question${n === 1 ? '' : 's'}`,
          role: 'submit',
        },
        { label: 'Go back', role: 'choice' },
      ];
      return {
        kind: 'questionnaire',
        responseKind: 'confirm',
        prompt: `Submit with unanswered questions? ${n} unanswered question${n === 1 ? '' : 's'}`,
        header: undefined,
        options,
        focus: { label: this.review.cursor === 0 ? 'Proceed' : 'Go back' },
        step: { index: 1, total: 1 },
        skips: { header: AKK_WORDING },
      };
    }
    const q = this.questions[this.index] as CodexQuestion;
    const step = { index: this.index + 1, total: this.questions.length };
    if (this.notes && this.notes.text !== '')
      return {
        kind: 'manual_required',
        because: 'text is already typed into the Notes composer: AKK types whole answers only',
      };
    if (this.notes) {
      return {
        kind: 'questionnaire',
        responseKind: 'free_text',
        prompt: q.question,
        header: undefined,
        options: [],
        focus: { editingRow: this.notes.row + 1 },
        step,
        skips: { header: AKK_WORDING },
      };
    }
    const options: ExpectedOption[] = [
      ...q.options.map((o) => ({ label: o.label, description: o.description, role: 'choice' as const })),
      { label: NONE, descriptionStartsWith: NONE_DESCRIPTION, role: 'choice' },
      // AKK's free-text choice: notes on `None of the above`.
      { label: undefined, role: 'free_text' },
    ];
    // The overlay does not draw the question's header.
    return {
      kind: 'questionnaire',
      responseKind: 'single_select',
      prompt: q.question,
      header: undefined,
      options,
      focus: { label: this.rows()[this.cursors[this.index] ?? 0] as string },
      step,
      skips: {},
    };
  }

  apply(token: Token): DialogStep {
    const d = digit(token);
    if (this.review) {
      if (token === 'Down' || token === 'Up') {
        this.review.cursor = token === 'Down' ? 1 : 0;
        return {
          detour: 'the harness moved with an arrow key; AKK presses the row digit, which only moves the cursor here',
        };
      }
      if (d === 1 || d === 2) {
        this.review.cursor = d - 1;
        return {};
      }
      if (token !== 'Enter') throw new Error(`unmodelled key ${token} in the unanswered confirmation`);
      if (this.review.cursor === 0) return { answer: { kind: 'choose', label: 'Proceed' }, ...this.submit() };
      this.review = undefined;
      this.index = this.questions.findIndex((_, i) => !this.answers.has(i));
      return { answer: { kind: 'choose', label: 'Go back' } };
    }
    const rows = this.rows();
    if (this.notes) {
      if (token.startsWith('text:')) {
        this.notes.text += token.slice(5);
        return {};
      }
      if (token !== 'Enter' || this.notes.text === '') throw new Error(`unmodelled key ${token} in the notes`);
      const { row, text } = this.notes;
      this.notes = undefined;
      this.answers.set(this.index, [rows[row] as string, `user_note: ${text}`]);
      return { answer: { kind: 'text', text }, ...this.moveOn() };
    }
    const cursor = this.cursors[this.index] ?? 0;
    if (token === 'Down' || token === 'Up') {
      this.cursors[this.index] = Math.max(0, Math.min(rows.length - 1, cursor + (token === 'Down' ? 1 : -1)));
      return {};
    }
    if (token === 'Right' || token === 'Left') {
      this.index = Math.max(0, Math.min(this.questions.length - 1, this.index + (token === 'Right' ? 1 : -1)));
      return {
        answer: { kind: 'not_offered', why: 'the harness moved to another question without answering this one' },
      };
    }
    if (token === 'Tab') {
      this.notes = { row: cursor, text: '' };
      if (rows[cursor] === NONE) return { answer: { kind: 'notes' } };
      return {
        answer: {
          kind: 'not_offered',
          why: `the harness opened notes on "${rows[cursor]}"; AKK offers notes on ${NONE} only`,
        },
      };
    }
    const chosen = d !== undefined ? d - 1 : token === 'Enter' ? cursor : -1;
    const label = rows[chosen];
    if (label === undefined) throw new Error(`unmodelled key ${token} in a question`);
    this.cursors[this.index] = chosen;
    this.answers.set(this.index, [label]);
    const detour = token === 'Enter' ? { detour: 'Enter confirmed the focused row; AKK presses the row digit' } : {};
    return { answer: { kind: 'choose', label }, ...detour, ...this.moveOn() };
  }

  /** The next question, or on the last one submit all (confirming unanswered questions first). */
  private moveOn(): DialogStep {
    if (this.index < this.questions.length - 1) {
      this.index += 1;
      return {};
    }
    if (this.unanswered > 0) {
      this.review = { cursor: 0 };
      return {};
    }
    return this.submit();
  }

  private submit(): DialogStep {
    const answers: Record<string, string[]> = {};
    this.questions.forEach((q, i) => (answers[q.id] = this.answers.get(i) ?? []));
    return { outcome: 'submitted', delivery: { kind: 'codex_answers', answers } };
  }
}

class ApprovalDialog implements Dialog {
  constructor(
    private readonly tool: 'command' | 'file_change',
    private readonly subject: string,
  ) {}

  stepId(): string {
    return 'approval';
  }

  expected(): Expected {
    const title =
      this.tool === 'command'
        ? 'Would you like to run the following command?'
        : 'Would you like to make the following edits?';
    return { kind: 'permission', tool: this.tool, title, subject: this.subject, decisions: ['approve_once', 'reject'] };
  }

  apply(token: Token): DialogStep {
    if (token === 'y')
      return {
        answer: { kind: 'decision', decision: 'approve_once' },
        outcome: 'submitted',
        delivery: { kind: 'codex_approval', approved: true },
      };
    // No interrupts the turn; the aborted call is reported with the next prompt.
    if (token === '3')
      return {
        answer: { kind: 'decision', decision: 'reject' },
        outcome: 'interrupted',
        delivery: { kind: 'codex_approval', approved: false },
      };
    throw new Error(`unmodelled key ${token} in an approval`);
  }
}

/** The work folder as the corpus writes it (fixtures/README.md, normalised run root). */
const WORK_DIR = `${RUN_ROOT_PLACEHOLDER}/project`;

export class CodexModel extends Conversation {
  /** The rate-limit choices: due once a response reported a nearly used limit, then shown once. */
  private rateLimit: 'none' | 'pending' | 'shown' = 'none';

  /** Commands' network access asks for approval (an administrator's requirements, `Workspace.requirements`). */
  private readonly networkManaged: boolean;

  constructor(
    turns: readonly ModelTurn[],
    /** Start-up screens left in place (`Workspace.startup`). */
    startup: readonly string[] = [],
    requirements?: string,
  ) {
    super(turns);
    this.networkManaged = managesNetwork(requirements);
    if (startup.length > 0) this.startWith(new StartupDialog(CODEX_STARTUP, startup));
  }

  protected override onResponse(turn: ModelTurn): void {
    if (this.rateLimit === 'none' && reportsNearlyUsedLimit(turn)) this.rateLimit = 'pending';
  }

  protected override atTaskEnd(): Dialog | undefined {
    if (this.rateLimit !== 'pending') return undefined;
    this.rateLimit = 'shown';
    return new RateLimitDialog();
  }

  protected open(turn: ModelTurn): { dialog?: Dialog; overlay?: Overlay } {
    if (turn.kind === 'codex-questions') return { dialog: new QuestionsDialog(turn.questions) };
    if (turn.kind === 'codex-command') {
      const host = this.networkManaged && !turn.escalated ? fetchedHost(turn.command) : undefined;
      if (host !== undefined) return { dialog: new NetworkApprovalDialog(host) };
      // A shell `apply_patch` is turned into the patch flow, whose subject is the destination.
      const added = /^\*\*\* Add File: (.+)$/m.exec(turn.command)?.[1];
      if (turn.command.startsWith('apply_patch') && added)
        return { dialog: new ApprovalDialog('file_change', posix.resolve(WORK_DIR, added)) };
      return { dialog: new ApprovalDialog('command', turn.command) };
    }
    if (turn.kind === 'tool' && turn.name === 'request_permissions')
      return { dialog: new PermissionRequestDialog(turn.input.permissions as Record<string, unknown>) };
    if (turn.kind === 'tool' && turn.name === 'request_user_input_async') {
      const [q] = (turn.input as { questions: Array<{ title: string; options: string[] }> }).questions;
      if (!q) throw new Error('an async question turn without a question');
      return { overlay: new AsyncQuestion(q.title, q.options) };
    }
    throw new Error(`no Codex model for a ${turn.kind} turn`);
  }
}
