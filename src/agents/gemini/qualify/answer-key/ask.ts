/**
 * Gemini CLI's `ask_user` dialog as the client draws it (its documented parameters: questions of
 * type choice, yesno or text, options with a label and a description, multiSelect), driven by keys.
 * A choice or yes/no question lists the model's options (Yes and No for yes/no) and then a
 * free-text row, "Enter a custom value". The client keeps six lines for the rows, two a row, so
 * three rows are in sight at a time; ↑/↓ move the cursor one row (wrapping at either end). A digit
 * chooses its row at once, in sight or not; on the free-text row it only moves the cursor there,
 * which opens the row's editor, and Enter submits what was typed. A text question is its field,
 * open from the start. With several questions each has a tab (its header) and the last tab is the
 * review: an answer goes to the next tab, and Enter on the review submits. The answer is the tool's
 * result, `{"answers":{"<index>":"<answer>"}}`; Escape cancels the request, and the model is sent
 * nothing.
 *
 * AKK answers each question and the review (Submit answers with Enter, Cancel with Escape: its own
 * words, the screen shows none); a list with rows out of sight only once its rows have been read
 * (each such screen alone is left to the terminal). Free text is two steps on a choice question:
 * the free-text row chosen (its editor opens), then the text typed and submitted. A placeholder of
 * the model's own is left to the person.
 *
 * A multi-select question is a checklist: the model's options with a box each, "All of the above"
 * (with two or more options), the free-text row and "Done", drawn without a number. A digit moves
 * the cursor to its row and toggles its box; ↑/↓ move the cursor, wrapping; Enter on Done submits
 * the labels checked, in the options' order, joined by ", ". With two or more options it has more
 * rows than are in sight: each screen alone is left to the terminal, as any list with rows out of
 * sight; with one, every row is in sight and the screen is the step.
 */
import { digit, type Dialog, type DialogStep } from '../../../../qualify/answer-key/conversation';
import type { Expected, ExpectedOption, ExpectedQuestionnaire, Token } from '../../../../qualify/answer-key/types';

export interface AskQuestion {
  question: string;
  header: string;
  type?: 'choice' | 'yesno' | 'text';
  options?: ReadonlyArray<{ label: string; description: string }>;
  multiSelect?: boolean;
  placeholder?: string;
}

const FREE_TEXT = 'Enter a custom value';
const ALL = 'All of the above';
/** Rows in sight at a time, at the corpus's sizes. */
const IN_SIGHT = 3;

export class AskDialog implements Dialog {
  /** The current tab (the review is `questions.length`). */
  private tab = 0;
  private cursor = 0;
  private editing: string | undefined;
  /** A checklist's boxes checked: the options' indices. */
  private checked = new Set<number>();
  private readonly answers: Record<number, string> = {};

  constructor(private readonly questions: readonly AskQuestion[]) {
    this.open();
  }

  stepId(): string {
    const editor = this.editing !== undefined && this.kind() !== 'text' && !this.multi();
    return `ask_user:${this.tab}${editor ? ':free-text' : ''}`;
  }

  private q(): AskQuestion {
    return this.questions[this.tab] as AskQuestion;
  }

  private kind(): 'choice' | 'yesno' | 'text' {
    return this.q().type ?? 'choice';
  }

  private reviewing(): boolean {
    return this.tab === this.questions.length;
  }

  private options(): ReadonlyArray<{ label: string; description?: string }> {
    return this.kind() === 'yesno' ? [{ label: 'Yes' }, { label: 'No' }] : (this.q().options ?? []);
  }

  private multi(): boolean {
    return !this.reviewing() && this.q().multiSelect === true;
  }

  /** The rows: the options, then (a checklist's) All of the above, the free-text row, (a checklist's) Done. */
  private rows(): number {
    const n = this.options().length;
    return this.multi() ? n + (n > 1 ? 1 : 0) + 2 : n + 1;
  }

  expected(): Expected {
    const several = this.questions.length > 1;
    const step = { index: this.tab + 1, total: several ? this.questions.length + 1 : 1 };
    if (this.reviewing()) {
      const words = { label: undefined, description: null };
      return {
        kind: 'questionnaire',
        responseKind: 'single_select',
        prompt: 'Review your answers',
        header: undefined,
        options: [
          { ...words, role: 'submit' },
          { ...words, role: 'cancel' },
        ],
        focus: { none: true },
        step,
        skips: {},
      };
    }
    const q = this.q();
    if (q.placeholder !== undefined) return { kind: 'manual_required', because: "a placeholder of the model's own" };
    if (this.editing !== undefined && this.editing !== '')
      return { kind: 'manual_required', because: 'text is already typed' };
    const base = { prompt: q.question, header: several ? q.header : undefined, step, skips: {} };
    if (this.kind() === 'text')
      return { kind: 'questionnaire', responseKind: 'free_text', ...base, options: [], focus: { none: true } };
    if (this.rows() > IN_SIGHT) return { kind: 'manual_required', because: 'rows out of sight, not yet read' };
    if (this.multi()) return this.checklist(base);
    if (this.editing !== undefined)
      return {
        kind: 'questionnaire',
        responseKind: 'free_text',
        ...base,
        options: [],
        focus: { editingRow: this.rows() },
      };
    const options: ExpectedOption[] = this.options().map((o) => ({
      label: o.label,
      description: o.description ?? null,
      role: 'choice',
    }));
    options.push({ label: FREE_TEXT, description: null, role: 'free_text' });
    return {
      kind: 'questionnaire',
      responseKind: 'single_select',
      ...base,
      options,
      focus: { label: options[this.cursor]?.label as string },
    };
  }

  /** A checklist whose rows are all in sight (one option): the options with their boxes. */
  private checklist(base: Omit<ExpectedQuestionnaire, 'kind' | 'responseKind' | 'options' | 'focus'>): Expected {
    const options: ExpectedOption[] = this.options().map((o, i) => ({
      label: o.label,
      description: o.description ?? null,
      role: 'choice',
      checked: this.checked.has(i),
    }));
    const on = this.options()[this.cursor];
    if (this.editing !== undefined) return { kind: 'manual_required', because: 'the free-text row is open' };
    return {
      kind: 'questionnaire',
      responseKind: 'multi_select',
      ...base,
      options,
      focus: on ? { label: on.label } : { none: true },
    };
  }

  /** A key on a checklist: a digit toggles its row (the cursor moved there), Enter on Done submits. */
  private applyChecklist(token: Token): DialogStep {
    const n = this.options().length;
    const rows = this.rows();
    if (token === 'Up' || token === 'Down') {
      this.cursor = (this.cursor + (token === 'Down' ? 1 : -1) + rows) % rows;
      this.editing = this.cursor === rows - 2 ? '' : undefined;
      return {};
    }
    const d = digit(token);
    if (d !== undefined && d <= n) {
      this.cursor = d - 1;
      this.editing = undefined;
      if (this.checked.has(d - 1)) this.checked.delete(d - 1);
      else this.checked.add(d - 1);
      return {};
    }
    if (token === 'Enter' && this.cursor === rows - 1) {
      const labels = this.options()
        .filter((_, i) => this.checked.has(i))
        .map((o) => o.label);
      return { answer: { kind: 'multi', labels }, ...this.answered(labels.join(', ')) };
    }
    throw new Error(`unmodelled key ${token} in a checklist (${ALL} and the free-text row are not modelled)`);
  }

  apply(token: Token): DialogStep {
    // The request is cancelled: nothing reaches the model, now or with the next prompt.
    if (token === 'Escape') return { outcome: 'interrupted' };
    if (this.multi()) return this.applyChecklist(token);
    if (this.reviewing()) {
      if (token !== 'Enter') throw new Error(`unmodelled key ${token} on the review`);
      return { answer: { kind: 'choose', label: 'Submit answers' }, ...this.submit() };
    }
    if (this.editing !== undefined) {
      if (token.startsWith('text:')) {
        this.editing += token.slice(5);
        return {};
      }
      if (token === 'Enter' && this.editing !== '') {
        const text = this.editing;
        return { answer: { kind: 'text', text }, ...this.answered(text) };
      }
      if (this.kind() === 'text' || (token !== 'Up' && token !== 'Down'))
        throw new Error(`unmodelled key ${token} in a text editor`);
    }
    if (token === 'Up' || token === 'Down') {
      const n = this.rows();
      this.cursor = (this.cursor + (token === 'Down' ? 1 : -1) + n) % n;
      this.editing = this.cursor === n - 1 ? (this.editing ?? '') : undefined;
      // AKK reads rows out of sight this way, but never answers with the cursor moved first.
      return { detour: 'the harness moved the cursor before it answered' };
    }
    const d = digit(token);
    const option = d === undefined ? undefined : this.options()[d - 1];
    if (option) return { answer: { kind: 'choose', label: option.label }, ...this.answered(option.label) };
    // The digit of the free-text row opens its editor: AKK's choice of that row.
    if (d === this.rows()) {
      this.cursor = this.rows() - 1;
      this.editing = '';
      return { answer: { kind: 'choose', label: FREE_TEXT } };
    }
    throw new Error(`unmodelled key ${token} in the ask_user dialog`);
  }

  /** The current question answered: one question alone is submitted; otherwise the next tab. */
  private answered(answer: string): DialogStep {
    this.answers[this.tab] = answer;
    if (this.questions.length === 1) return this.submit();
    this.tab += 1;
    this.open();
    return {};
  }

  private open(): void {
    this.cursor = 0;
    this.checked = new Set();
    this.editing = !this.reviewing() && this.kind() === 'text' ? '' : undefined;
  }

  private submit(): DialogStep {
    return {
      outcome: 'submitted',
      delivery: { kind: 'gemini_result', includes: [JSON.stringify({ answers: this.answers })] },
    };
  }
}
