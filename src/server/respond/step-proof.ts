/** Proving a native step's effect from the recaptured screen (the postcondition of each key). */
import type { Expectation, Recognition } from '../../adapters/types';

interface Observation {
  recognition: Recognition;
  /** Fingerprint of the recognised prompt, or null when the screen shows no prompt. */
  fingerprint: string | null;
  /** The free-text editor's content, when one is open. */
  editor: { text: string; optionKey?: string } | undefined;
}

export function expectationMet(expect: Expectation, beforeFingerprint: string, after: Observation): boolean {
  switch (expect.kind) {
    case 'prompt_changed':
      // The next step, another dialog, or no prompt at all; the same prompt means the key had no effect.
      return after.fingerprint !== beforeFingerprint;
    case 'free_text_editing':
      // Where the editor says which option it belongs to (Codex Notes), that must match too.
      return (
        after.editor !== undefined &&
        after.editor.text === expect.text &&
        (after.editor.optionKey === undefined || after.editor.optionKey === expect.optionKey)
      );
    case 'cursor_on': {
      const r = after.recognition;
      return r.kind === 'questionnaire' && r.focusedKey === expect.optionKey;
    }
    case 'checked': {
      const r = after.recognition;
      if (r.kind !== 'questionnaire' || r.question.responseKind !== 'multi_select') return false;
      const checked = r.question.options
        .filter((o) => o.checked)
        .map((o) => o.key)
        .sort();
      return checked.length === expect.optionKeys.length && checked.every((k, i) => k === expect.optionKeys[i]);
    }
  }
}
