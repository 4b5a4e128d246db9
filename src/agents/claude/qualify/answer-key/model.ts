/**
 * Claude Code's dialogs as docs/REAL-AGENTS.md and fixtures/README.md describe them, driven by keys:
 * AskUserQuestion (a tab per question, a Submit tab and the review when there is more than one
 * question or a multi-select one; digits choose, toggle or open `Type something.`; Tab leaves a
 * multi-select question); the permission prompts (claude-permission.ts) and the plan approval
 * (claude-plan.ts).
 */
import type { AskQuestion, ModelTurn } from '../../../../qualify/fake-model/types';
import { Conversation, digit, drawn, type Dialog, type DialogStep } from '../../../../qualify/answer-key/conversation';
import { PermissionDialog, permissionOf } from './permission';
import { PlanDialog } from './plan';
import { CLAUDE_STARTUP } from './startup';
import { StartupDialog } from '../../../../qualify/answer-key/startup-dialog';
import type { Expected, ExpectedOption, Token } from '../../../../qualify/answer-key/types';

const FREE_TEXT = 'Type something.';

/**
 * At 80 columns some releases draw `3. No` over the wrapped tail of option 2 (fixtures/README.md):
 * the screen then has no row that reads exactly `3. No`, and only the one-time Yes can be offered.
 */
const EXACT_NO_ROW = /^\s*(?:❯\s*)?3\. No\s*$/m;

class AskDialog implements Dialog {
  private index = 0;
  private cursor = 0;
  private editing: string | undefined;
  private review = false;
  private readonly checked = new Map<number, string[]>();
  private readonly answers: Array<[string, string]> = [];

  constructor(
    private readonly questions: readonly AskQuestion[],
    private readonly cols: number,
  ) {}

  /** One single-select question answers at once; otherwise a Submit tab and the review follow. */
  private get total(): number {
    const [only] = this.questions;
    return this.questions.length === 1 && only && !only.multiSelect ? 1 : this.questions.length + 1;
  }

  private get question(): AskQuestion {
    return this.questions[this.index] as AskQuestion;
  }

  stepId(): string {
    if (this.review) return 'review';
    return `q${this.index}${this.editing !== undefined ? ':editor' : ''}`;
  }

  expected(): Expected {
    const step = { index: this.review ? this.total : this.index + 1, total: this.total };
    if (this.review) {
      return {
        kind: 'questionnaire',
        responseKind: 'confirm',
        prompt: 'Review your answers',
        header: undefined,
        options: [
          { label: 'Submit answers', description: null, role: 'submit' },
          { label: 'Cancel', description: null, role: 'cancel' },
        ],
        focus: { label: 'Submit answers' },
        step,
        skips: { header: "the review's header is AKK's wording; the screen shows none" },
      };
    }
    const q = this.question;
    if (this.editing !== undefined && this.editing !== '')
      return {
        kind: 'manual_required',
        because: 'text is already typed into the free-text row: AKK types whole answers only',
      };
    // A row that wraps is read whole (its label and description told apart by their colours),
    // a multi-select one after its `[ ]` box.
    const base = { prompt: q.question, header: q.header, step, skips: {} };
    if (this.editing !== undefined) {
      return {
        kind: 'questionnaire',
        responseKind: 'free_text',
        ...base,
        options: [],
        focus: { editingRow: q.options.length + 1 },
      };
    }
    const checked = this.checked.get(this.index) ?? [];
    const options: ExpectedOption[] = q.options.map((o) => ({
      label: drawn(o.label),
      description: o.description,
      role: 'choice',
      ...(q.multiSelect ? { checked: checked.includes(drawn(o.label)) } : {}),
    }));
    if (!q.multiSelect) options.push({ label: FREE_TEXT, description: null, role: 'free_text' });
    const focused = options[this.cursor]?.label;
    return {
      kind: 'questionnaire',
      responseKind: q.multiSelect ? 'multi_select' : 'single_select',
      ...base,
      options,
      focus: focused ? { label: focused } : { none: true },
    };
  }

  apply(token: Token): DialogStep {
    const q = this.question;
    const d = digit(token);
    if (this.review) {
      if (d !== 1) throw new Error(`unmodelled key ${token} in the review`);
      return { answer: { kind: 'choose', label: 'Submit answers' }, ...this.submit() };
    }
    if (this.editing !== undefined) {
      if (token.startsWith('text:')) {
        this.editing += token.slice(5);
        return {};
      }
      if (token !== 'Enter' || this.editing === '') throw new Error(`unmodelled key ${token} in the free-text row`);
      const text = this.editing;
      this.answers.push([q.question, text]);
      return { answer: { kind: 'text', text }, ...this.advance() };
    }
    if (q.multiSelect) {
      if (token === 'Tab') {
        const labels = this.checked.get(this.index) ?? [];
        this.answers.push([q.question, labels.join(', ')]);
        return { answer: { kind: 'multi', labels }, ...this.advance() };
      }
      const option = d === undefined ? undefined : q.options[d - 1];
      if (!option) throw new Error(`unmodelled key ${token} in a multi-select question`);
      // A digit toggles without moving the cursor; answers are joined in toggle order.
      const list = this.checked.get(this.index) ?? [];
      const label = drawn(option.label);
      this.checked.set(this.index, list.includes(label) ? list.filter((l) => l !== label) : [...list, label]);
      return {};
    }
    if (d === q.options.length + 1) {
      this.editing = '';
      this.cursor = d - 1;
      return { answer: { kind: 'choose', label: FREE_TEXT } };
    }
    const option = d === undefined ? undefined : q.options[d - 1];
    if (!option) throw new Error(`unmodelled key ${token} in a single-select question`);
    this.answers.push([q.question, drawn(option.label)]);
    return { answer: { kind: 'choose', label: drawn(option.label) }, ...this.advance() };
  }

  private advance(): DialogStep {
    this.index += 1;
    this.cursor = 0;
    this.editing = undefined;
    if (this.index < this.questions.length) return {};
    if (this.total === 1) return this.submit();
    this.review = true;
    return {};
  }

  private submit(): DialogStep {
    return { outcome: 'submitted', delivery: { kind: 'claude_answers', pairs: this.answers } };
  }
}

export class ClaudeModel extends Conversation {
  constructor(
    turns: readonly ModelTurn[],
    private readonly cols: number,
    /** The work folder's files before the scenario (relative path -> content). */
    private readonly files: Readonly<Record<string, string>> = {},
    /** Start-up screens left in place (`Workspace.startup`). */
    startup: readonly string[] = [],
  ) {
    super(turns);
    if (startup.length > 0) this.startWith(new StartupDialog(CLAUDE_STARTUP, startup));
  }

  /** A narrow Bash prompt whose `No` row was overdrawn offers only the one-time Yes. */
  override onScreen(expected: Expected, plain: readonly string[]): Expected {
    if (expected.kind !== 'permission' || expected.tool !== 'bash' || this.cols > 80) return expected;
    if (EXACT_NO_ROW.test(plain.join('\n'))) return expected;
    return { ...expected, decisions: expected.decisions.filter((d) => d !== 'reject') };
  }

  protected open(turn: ModelTurn): { dialog?: Dialog; continues?: boolean } {
    if (turn.kind === 'ask') return { dialog: new AskDialog(turn.questions, this.cols) };
    // Reads, and plan mode's own plan file, run without asking.
    if (turn.kind === 'read' || (turn.kind === 'write' && turn.filePath.includes('{{planFile}}')))
      return { continues: true };
    if (turn.kind === 'exit-plan') return { dialog: new PlanDialog(turn.plan) };
    const permission = permissionOf(turn, this.files, this.cols);
    if (permission) return { dialog: new PermissionDialog(permission) };
    throw new Error(`no Claude model for a ${turn.kind} turn`);
  }
}
