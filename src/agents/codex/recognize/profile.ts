/**
 * Codex screen profiles: the exact strings and shapes each profile generation draws. Which client
 * versions belong to which generation is decided by qualification (src/adapters/qualified-versions.ts),
 * never by hand: a new client version is a qualification record, not new code.
 */
import type { DeliveryModeName } from '../../../adapters/types';
import { NETWORK_APPROVAL, PERMISSION_REQUEST, type FourRowApproval } from './four-row-profile';

export interface CodexProfile {
  id: string;
  version: string;
  /** The rendering conditions qualified on this version; null while qualification judges a capture. */
  renderings: readonly string[] | null;
  cursor: string;
  questionnaire: {
    /** The automatic Other row that carries Notes. */
    otherLabel: string;
    otherDescription: string;
    /** The free-text alias a model may supply itself; AKK derives one when it is absent. */
    freeTextAlias: string;
    /** Footer segments, joined with ` | ` and wrapped at the pane width. */
    footerSingle: readonly string[];
    footerMulti: readonly string[];
    footerNotes: readonly string[];
    /** The dim placeholder of the empty Notes composer. */
    notesPlaceholder: string;
    /** Notes text is typed quickly and then needs this quiet time before Enter (paste suppression). */
    enterDelayMs: number;
    maxNotes: number;
    /**
     * In a terminal too narrow for the description column, descriptions wrap onto lines of their
     * own in that column; such rows are read whole (rows.ts). False where not measured.
     */
    wrapsDescriptions: boolean;
  };
  unanswered: {
    title: string;
    proceed: string;
    goBack: string;
    /** `{n}` is the count of unanswered questions, `{s}` the plural ending (none for one question). */
    countLine: string;
    proceedDescription: string;
    goBackDescription: string;
    footer: string;
  };
  permission: {
    titles: Readonly<Record<string, 'command' | 'file_change'>>;
    yes: string;
    /** The persistent row of a command approval, around the command prefix it names; never offered. */
    persistentCommand: { before: string; after: string };
    /** The persistent row of a file-change approval; never offered. */
    persistentFiles: string;
    no: string;
    footer: string;
    /** Blank lines between the body and the choices. */
    blanksBeforeRows: number;
    /** Cells the `$ <command>` paragraph loses to the overlay's margins (it wraps at the pane width less these). */
    paragraphMargin: number;
    /** Cells a choice row loses at the right edge (its text wraps at the pane width less these and its number). */
    rowMargin: number;
    /** Network access to a host, asked under an administrator's managed network policy. */
    network: FourRowApproval;
    /** The model's request for more permissions (`request_permissions`): the rule it asks for. */
    grant: FourRowApproval;
  };
  /** `request_user_input_async` editor (null: this version has none). */
  asyncQuestion: {
    queuedHeader: string;
    /** Blank lines between the queued-inputs header and the question. */
    blanksAfterHeader: number;
    footer: string;
    otherLabel: string;
    /** What the native digit does with the answer. */
    deliveryModes: readonly DeliveryModeName[];
    /** The collapsed summary under the composer: `{n}`/`{s}` as in `counted`, the key hint, the key. */
    collapsedCount: string;
    collapsedHint: string;
    openKey: string;
    /** Blank lines between the collapsed summary and the composer. */
    blanksBeforeComposer: number;
    /** Status lines below the composer (after one blank line) while the summary is shown. */
    statusLines: number;
  } | null;
  composer: { placeholder: string };
  /** Whether this version can show MCP user-verification prompts (classified blocked, never approvable). */
  mcpUserVerification: boolean;
  /** Screens shown before the first prompt that only the person may answer: recognised, never answered. */
  startup: readonly StartupScreen[];
  /** The rate-limit choices drawn after a turn whose response reported a limit nearly used up; never answered. */
  rateLimit: RateLimitScreen;
}

/**
 * The rate-limit choices, drawn in the bottom pane when a turn ends: the title, the question naming
 * the cheaper model, blank lines, three numbered rows (the first and third with a description in one
 * column, wrapped at the pane width), a blank line and the footer.
 */
export interface RateLimitScreen {
  title: string;
  /** The question; its group is the model offered. */
  question: RegExp;
  /** The rows: `{model}` is the model offered. */
  choices: readonly [string, string, string];
  /** The third row's description (the first row's is the model catalog's description of the model). */
  neverDescription: string;
  blanksBeforeRows: number;
  footer: string;
}

/**
 * A start-up screen, drawn alone from the top of the screen at a margin of two: its title (the first
 * drawn line), text, its numbered choices (one under the cursor), a blank line and its footer. `asks`
 * says what it asks in AKK's words; `$1`, `$2` are the title's groups and `$next` the line under it.
 */
export interface StartupScreen {
  name: string;
  title: RegExp;
  choices: readonly string[];
  footer: string;
  asks: string;
}

/** A profile without the version it is bound to. */
type CodexShape = Omit<CodexProfile, 'id' | 'version' | 'renderings'>;

const BASE: CodexShape = {
  cursor: '›',
  questionnaire: {
    otherLabel: 'None of the above',
    otherDescription: 'Optionally, add details in notes (tab).',
    freeTextAlias: 'Type something.',
    footerSingle: ['tab to add notes', 'enter to submit answer', 'esc to interrupt'],
    footerMulti: ['tab to add notes', 'enter to submit {submit}', '←/→ to navigate questions', 'esc to interrupt'],
    footerNotes: ['tab or esc to clear notes', 'enter to submit {submit}'],
    notesPlaceholder: 'Add notes',
    enterDelayMs: 300,
    maxNotes: 799,
    wrapsDescriptions: false,
  },
  unanswered: {
    title: 'Submit with unanswered questions?',
    proceed: 'Proceed',
    goBack: 'Go back',
    countLine: '{n} unanswered question{s}',
    proceedDescription: 'Submit with {n} unanswered question{s}.',
    goBackDescription: 'Return to the first unanswered question.',
    footer: 'Press enter to confirm or esc to go back',
  },
  permission: {
    titles: {
      'Would you like to run the following command?': 'command',
      'Would you like to make the following edits?': 'file_change',
    },
    yes: 'Yes, proceed (y)',
    persistentCommand: { before: "Yes, and don't ask again for commands that start with `", after: '` (p)' },
    persistentFiles: "Yes, and don't ask again for these files (a)",
    no: 'No, and tell Codex what to do differently (esc)',
    footer: 'Press enter to confirm or esc to cancel',
    blanksBeforeRows: 1,
    paragraphMargin: 4,
    rowMargin: 2,
    network: NETWORK_APPROVAL,
    grant: PERMISSION_REQUEST,
  },
  asyncQuestion: null,
  composer: { placeholder: 'Ask Codex to do anything' },
  mcpUserVerification: false,
  startup: [],
  rateLimit: {
    title: 'Approaching rate limits',
    question: /^Switch to (\S+) for lower credit usage\?$/,
    choices: ['Switch to {model}', 'Keep current model', 'Keep current model (never show again)'],
    neverDescription: 'Hide future rate limit reminders about switching models.',
    blanksBeforeRows: 1,
    footer: 'Press enter to confirm or esc to go back',
  },
};

/** 0.154.0 and 0.155.1: `request_user_input_async`, answered natively into the queue for the next turn. */
const GEN_0_154: CodexShape = {
  ...BASE,
  asyncQuestion: {
    queuedHeader: '• Queued follow-up inputs',
    blanksAfterHeader: 1,
    footer: 'enter submit   ctrl + ] skip   alt + ↓ main prompt',
    otherLabel: 'Other',
    deliveryModes: ['queue_next_turn'],
    collapsedCount: '? {n} question{s}',
    collapsedHint: 'alt + ↑ to answer',
    openKey: 'M-Up',
    blanksBeforeComposer: 1,
    statusLines: 1,
  },
};

/**
 * 0.171.0: descriptions without a full stop, two blank lines above approval choices (rows wrapping at
 * the full pane width), async answers steer the turn, and its start-up screens: an update found by
 * the last check, trust for a folder in a git repository, the successor of the configured model
 * (its title is the model catalog's announcement).
 */
const GEN_0_171: CodexShape = {
  ...BASE,
  // Descriptions wrapped in their column: measured live on 0.171.0 at 60 columns.
  questionnaire: {
    ...BASE.questionnaire,
    otherDescription: 'Optionally, add details in notes (tab)',
    wrapsDescriptions: true,
  },
  unanswered: {
    ...BASE.unanswered,
    proceedDescription: 'Submit with {n} unanswered question{s}',
    goBackDescription: 'Return to the first unanswered question',
  },
  permission: { ...BASE.permission, blanksBeforeRows: 2, rowMargin: 0 },
  rateLimit: {
    ...BASE.rateLimit,
    neverDescription: 'Hide future rate limit reminders about switching models',
    blanksBeforeRows: 2,
    footer: 'enter select · esc back',
  },
  mcpUserVerification: true,
  asyncQuestion: {
    queuedHeader: '• Queued follow-up inputs',
    blanksAfterHeader: 2,
    footer: 'enter submit   ^] skip   shift+→ main prompt',
    otherLabel: 'Other',
    deliveryModes: ['steer_current_turn'],
    collapsedCount: '? {n} question{s}',
    collapsedHint: 'shift+← to answer',
    openKey: 'S-Left',
    blanksBeforeComposer: 2,
    statusLines: 2,
  },
  startup: [
    {
      name: 'update',
      title: /^Update available · (\S+) → (\S+)$/,
      choices: ['Update now (runs `npm install -g @openai/codex`)', 'Skip', 'Skip until next version'],
      footer: 'enter continue · esc skip',
      asks: 'whether to update Codex from $1 to $2',
    },
    {
      name: 'folder-trust',
      title: /^Folder access$/,
      choices: ['Trust and continue', 'Back to Agent Command Center'],
      footer: 'enter continue · esc back',
      asks: 'whether you trust the folder $next',
    },
    {
      name: 'model-migration',
      title: /^(\S.*)$/,
      choices: ['Try new model', 'Use existing model'],
      footer: 'enter/esc confirm · ^c quit',
      asks: 'whether to switch to the newer model it announces ("$1") or keep the configured one',
    },
  ],
};

/** 0.155.1: as 0.154.0, plus MCP user-verification prompts. */
const GEN_0_155: CodexShape = { ...GEN_0_154, mcpUserVerification: true };

/**
 * 0.156.x and 0.157.x: as 0.155.1 (answers queued for the next turn), with two blank lines above
 * approval choices whose rows wrap at the full pane width, and the async question's keys spelt
 * `alt+↑` / `ctrl+]` / `alt+↓`; the rate-limit choices with two blank lines above their rows and the
 * footer `enter select · esc back` (from 0.157.0 the third row's description has no full stop).
 */
const GEN_0_156: CodexShape = {
  ...GEN_0_155,
  permission: { ...GEN_0_155.permission, blanksBeforeRows: 2, rowMargin: 0 },
  rateLimit: { ...GEN_0_155.rateLimit, blanksBeforeRows: 2, footer: 'enter select · esc back' },
  asyncQuestion: GEN_0_155.asyncQuestion && {
    ...GEN_0_155.asyncQuestion,
    collapsedHint: 'alt+↑ to answer',
    footer: 'enter submit   ctrl+] skip   alt+↓ main prompt',
  },
};

/**
 * 0.161.x: as 0.171.0, but an async answer is still queued for the turn's next tool call
 * ("Messages to be submitted after next tool call"), not steering the running turn; no start-up
 * screen captured.
 */
const GEN_0_161: CodexShape = {
  ...GEN_0_171,
  // Wrapped descriptions were measured on the 0.171.0 generation only.
  questionnaire: { ...GEN_0_171.questionnaire, wrapsDescriptions: false },
  startup: [],
  asyncQuestion: GEN_0_171.asyncQuestion && { ...GEN_0_171.asyncQuestion, deliveryModes: ['queue_next_turn'] },
};

/** 0.158.0 to 0.160.x: as 0.161.x, but the async question's footer spells out `ctrl+]`. */
const GEN_0_158: CodexShape = {
  ...GEN_0_161,
  asyncQuestion: GEN_0_161.asyncQuestion && {
    ...GEN_0_161.asyncQuestion,
    footer: 'enter submit   ctrl+] skip   shift+→ main prompt',
  },
};

/** 0.157.x: questions and approvals as 0.158.0, the async question's keys still as 0.156. */
const GEN_0_157: CodexShape = {
  ...GEN_0_158,
  asyncQuestion: GEN_0_158.asyncQuestion && {
    ...GEN_0_158.asyncQuestion,
    collapsedHint: 'alt+↑ to answer',
    openKey: 'M-Up',
    footer: 'enter submit   ctrl+] skip   alt+↓ main prompt',
  },
};

/** The profile generations, each named by the first version qualified with it. */
export const CODEX_GENERATIONS: Readonly<Record<string, CodexShape>> = {
  '0.153.4': BASE,
  '0.154.0': GEN_0_154,
  '0.155.1': GEN_0_155,
  '0.156.0': GEN_0_156,
  '0.157.0': GEN_0_157,
  '0.158.0': GEN_0_158,
  '0.161.0': GEN_0_161,
  '0.171.0': GEN_0_171,
};

/**
 * Codex's footers: segments joined with ` | `, packed greedily into lines at the pane width
 * (two columns of indent). Observed: 80 columns put `esc to interrupt` on its own line.
 */
export function wrapFooter(segments: readonly string[], cols: number, submit: 'answer' | 'all'): string[] {
  const parts = segments.map((s) => s.replace('{submit}', submit));
  const width = cols - 2;
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    const next = line === '' ? part : `${line} | ${part}`;
    if (line !== '' && [...next].length > width) {
      lines.push(line);
      line = part;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines.map((l) => `  ${l}`);
}

/** A profile string with its `{n}` count and `{s}` plural ending filled in. */
export function counted(template: string, n: number): string {
  return template.replace('{n}', String(n)).replace('{s}', n === 1 ? '' : 's');
}
