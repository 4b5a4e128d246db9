/**
 * Claude Code's plan approval as docs/REAL-AGENTS.md describes it, driven by keys: `1. Yes,
 * auto-accept edits` (never offered), `2. Yes, manually approve edits`, `3. Tell Claude what to
 * change`, which opens an editor in its row; Enter sends the typed text back as what to change.
 */
import type { Dialog, DialogStep } from '../../../../qualify/answer-key/conversation';
import type { Expected, Token } from '../../../../qualify/answer-key/types';

const QUESTION = 'Claude has written up a plan and is ready to execute. Would you like to proceed?';
const APPROVE = 'Yes, manually approve edits';
const FEEDBACK = 'Tell Claude what to change';

export class PlanDialog implements Dialog {
  private editing: string | undefined;

  constructor(private readonly plan: string) {}

  stepId(): string {
    return this.editing === undefined ? 'plan' : 'plan:feedback';
  }

  expected(): Expected {
    const base = { header: 'Plan', step: { index: 1, total: 1 }, skips: { header: "the header is AKK's wording" } };
    if (this.editing !== undefined && this.editing !== '')
      return { kind: 'manual_required', because: 'text is already typed into the plan feedback row' };
    if (this.editing !== undefined)
      return {
        kind: 'questionnaire',
        responseKind: 'free_text',
        prompt: FEEDBACK,
        ...base,
        options: [],
        focus: { editingRow: 3 },
      };
    return {
      kind: 'questionnaire',
      responseKind: 'single_select',
      prompt: QUESTION,
      ...base,
      options: [
        { label: APPROVE, description: null, role: 'choice' },
        { label: FEEDBACK, description: null, role: 'free_text' },
      ],
      // The cursor starts on the row that switches on automatic approval, which is not offered.
      focus: { none: true },
    };
  }

  apply(token: Token): DialogStep {
    if (this.editing !== undefined) {
      if (token.startsWith('text:')) {
        this.editing += token.slice(5);
        return {};
      }
      if (token !== 'Enter' || this.editing === '') throw new Error(`unmodelled key ${token} in the plan feedback`);
      const said = this.editing;
      return {
        answer: { kind: 'text', text: said },
        outcome: 'submitted',
        delivery: { kind: 'claude_plan', approved: false, plan: this.plan, said },
      };
    }
    if (token === '2')
      return {
        answer: { kind: 'choose', label: APPROVE },
        outcome: 'submitted',
        delivery: { kind: 'claude_plan', approved: true, plan: this.plan },
      };
    if (token === '3') {
      this.editing = '';
      return { answer: { kind: 'choose', label: FEEDBACK } };
    }
    throw new Error(`unmodelled key ${token} in the plan approval`);
  }
}
