/**
 * Claude Code screen profiles: the exact strings and shapes each client version draws.
 * A new client version is a new row in the table, proven by captured fixtures, not new code.
 */

export interface ClaudeProfile {
  id: string;
  version: string;
  cursor: string;
  questionnaire: {
    footer: string;
    /** The footer while the free-text row has focus. */
    footerEditing: string;
    chatRow: string;
    freeTextSingle: string;
    freeTextMulti: string;
    multiAdvanceRows: readonly string[];
    descriptionIndentSingle: number;
    descriptionIndentMulti: number;
    reviewTitle: string;
    submitAnswers: string;
    cancel: string;
    maxFreeText: number;
  };
  permission: {
    footer: string;
    yes: string;
    no: string;
    titles: Readonly<Record<string, 'bash' | 'write' | 'edit'>>;
    /** Questions that close a permission prompt, as exact patterns. */
    questions: readonly RegExp[];
  };
  activity: { working: RegExp; promptPrefix: string };
}

const BASE: Omit<ClaudeProfile, 'id' | 'version'> = {
  cursor: '❯',
  questionnaire: {
    footer: 'Enter to select · Tab/Arrow keys to navigate · Esc to cancel',
    footerEditing: 'Enter to select · Tab/Arrow keys to navigate · ctrl+g to edit in Vim · Esc to cancel',
    chatRow: 'Chat about this',
    freeTextSingle: 'Type something.',
    freeTextMulti: 'Type something',
    multiAdvanceRows: ['Next', 'Submit'],
    descriptionIndentSingle: 5,
    descriptionIndentMulti: 9,
    reviewTitle: 'Review your answers',
    submitAnswers: 'Submit answers',
    cancel: 'Cancel',
    maxFreeText: 799,
  },
  permission: {
    footer: 'Esc to cancel · Tab to amend',
    yes: 'Yes',
    no: 'No',
    titles: { 'Bash command': 'bash', 'Create file': 'write', 'Edit file': 'edit' },
    questions: [/^Do you want to proceed\?$/, /^Do you want to create (.+)\?$/, /^Do you want to make this edit to (.+)\?$/],
  },
  activity: { working: /\(esc to interrupt\b|· esc to interrupt\b|esc to interrupt\)/, promptPrefix: '❯\u00a0' },
};

function profile(version: string, overrides: Partial<Omit<ClaudeProfile, 'id' | 'version'>> = {}): ClaudeProfile {
  return { ...BASE, ...overrides, id: `claude@${version}`, version };
}

/** The exact version table. A version not listed here gets no input. */
export const CLAUDE_PROFILES: Readonly<Record<string, ClaudeProfile>> = {
  '2.1.263': profile('2.1.263'),
  '2.1.266': profile('2.1.266'),
  '2.1.267': profile('2.1.267'),
  '2.1.332': profile('2.1.332'),
};
