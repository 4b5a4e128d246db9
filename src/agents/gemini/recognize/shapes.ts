/**
 * Gemini CLI's gated prompt shapes, named once: a version answers a prompt of one of these only once
 * its own qualification captured it (`QUALIFIED_SHAPES`). Every tool confirmation it answers was in
 * the corpus its release history was qualified with; the `ask_user` dialog was added after.
 */
export const GEMINI_SHAPES = {
  /** An `ask_user` dialog: one question or several, each a choice, yes/no or free text, and the review. */
  askUser: 'ask-user',
  /** An `ask_user` question that takes several options, left to the person (dismissed in the terminal). */
  askUserMultiSelect: 'ask-user-multi-select',
  /** An `ask_user` question that takes several options, answered: its checklist read, toggled, finished at Done. */
  askUserChecklist: 'ask-user-checklist',
} as const;
