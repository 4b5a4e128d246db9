/**
 * Codex's async question as the client draws it under a working turn: collapsed (one choice that
 * opens it, in AKK's words), opened with the model's options and Other, Other's free text, answered.
 */
import type { Expected, ExpectedOption, Token } from '../../../../qualify/answer-key/types';
import { digit, type DialogStep, type Overlay } from '../../../../qualify/answer-key/conversation';

const OTHER = 'Other';
export const AKK_WORDING = "AKK's own wording, not the screen's";

export class AsyncQuestion implements Overlay {
  private state: 'collapsed' | 'question' | 'other' | 'answered' = 'collapsed';
  private other = '';

  constructor(
    private readonly title: string,
    private readonly options: readonly string[],
  ) {}

  answered(): boolean {
    return this.state === 'answered';
  }

  stepId(): string {
    return this.state;
  }

  expected(): Expected {
    const base = { kind: 'questionnaire' as const, header: undefined, step: { index: 1, total: 1 } };
    if (this.state === 'collapsed') {
      // One choice that opens the question, in AKK's words; the summary does not show the question.
      return {
        ...base,
        responseKind: 'single_select',
        prompt: undefined,
        options: [{ label: undefined, role: 'choice' }],
        focus: { none: true },
        skips: { prompt: 'the collapsed summary does not show the question' },
      };
    }
    if (this.state === 'other' && this.other !== '')
      return {
        kind: 'manual_required',
        because: 'text is already typed into the Other answer: AKK types whole answers only',
      };
    if (this.state === 'other')
      return {
        ...base,
        responseKind: 'free_text',
        prompt: this.title,
        options: [],
        focus: { editingRow: this.options.length + 1 },
        skips: { header: AKK_WORDING },
      };
    const options: ExpectedOption[] = [
      ...this.options.map((label) => ({ label, description: null, role: 'choice' as const })),
      { label: OTHER, description: null, role: 'free_text' },
    ];
    return {
      ...base,
      responseKind: 'single_select',
      prompt: this.title,
      options,
      focus: { label: this.options[0] as string },
      skips: {},
    };
  }

  apply(token: Token): DialogStep {
    const d = digit(token);
    if (this.state === 'collapsed' && (token === 'M-Up' || token === 'S-Left')) {
      this.state = 'question';
      return { answer: { kind: 'open' } };
    }
    if (this.state === 'question' && d === this.options.length + 1) {
      this.state = 'other';
      return { answer: { kind: 'choose', label: OTHER } };
    }
    const label = this.state === 'question' && d !== undefined ? this.options[d - 1] : undefined;
    if (label !== undefined) return this.answer({ kind: 'choose', label }, label);
    if (this.state === 'other' && token.startsWith('text:')) {
      this.other += token.slice(5);
      return {};
    }
    if (this.state === 'other' && token === 'Enter' && this.other !== '')
      return this.answer({ kind: 'text', text: this.other }, this.other);
    throw new Error(`unmodelled key ${token} in the async question (${this.state})`);
  }

  private answer(answer: DialogStep['answer'], text: string): DialogStep {
    this.state = 'answered';
    return { answer, delivery: { kind: 'async_answer', question: this.title, answer: text } };
  }
}
