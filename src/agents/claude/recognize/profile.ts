/**
 * Claude Code screen profiles: the exact strings and shapes each profile generation draws. Which
 * client versions belong to which generation is decided by qualification (src/adapters/qualified-versions.ts),
 * never by hand: a new client version is a qualification record, not new code.
 */

export interface ClaudeProfile {
  id: string;
  version: string;
  /** The rendering conditions (`theme/depth`) qualified on this version; null while qualification judges a capture. */
  renderings: readonly string[] | null;
  cursor: string;
  questionnaire: {
    /** Footers of a question tab: one question (↑/↓) or several (Tab/Arrow keys). */
    footers: readonly string[];
    /** The same footers while the free-text row has focus. */
    footersEditing: readonly string[];
    chatRow: string;
    freeTextSingle: string;
    freeTextMulti: string;
    multiAdvanceRows: readonly string[];
    descriptionIndentSingle: number;
    descriptionIndentMulti: number;
    /**
     * The styles an option's description is drawn in (a style key, as `styleKeyAt` gives it), each
     * with the rendering conditions (`theme/depth`) whose captures show it: a label is told from its
     * description by them; a style not listed is an unseen rendering, and one whose conditions were
     * never qualified on the version is answered in the terminal, naming them.
     */
    descriptionStyles: Readonly<Record<string, readonly string[]>>;
    /**
     * A dialog taller than the terminal scrolls its single-select list inside itself (`↑`/`↓` on
     * the first and last rows in sight, one row per cursor key) and a row's number chooses it out
     * of sight: such a list is read window by window (scrolled-list.ts). False where not measured.
     */
    scrolledList: boolean;
    reviewTitle: string;
    /** A line between the reviewed answers and the choices, in versions that draw one. */
    reviewQuestion: string | null;
    submitAnswers: string;
    cancel: string;
    maxFreeText: number;
  };
  permission: {
    footer: string;
    yes: string;
    no: string;
    titles: Readonly<Record<string, ClaudePermissionTool>>;
    /** Prompts drawn without the footer (title -> their exact No row): the fetch prompt. */
    footerless: Readonly<Record<string, string>>;
    /**
     * How a Bash prompt shows its command: `indented` (command, then the dim description, both
     * indented by three) or `dashed` (description, then the command between two dashed rules).
     */
    bashLayout: 'indented' | 'dashed';
    /** Questions that close a permission prompt, as exact patterns. */
    questions: readonly RegExp[];
  };
  plan: {
    /** The dialog's title line, and the question (word-wrapped as drawn) above its choices. */
    title: string;
    question: string;
    /** Choices: switching on automatic approval (never offered), manual approval, and feedback. */
    autoAccept: string;
    approve: string;
    feedback: string;
    /** The hint under the feedback row. */
    feedbackHint: string;
    /** The bottom line, before the plan file's path. */
    footerPrefix: string;
  };
  /** Screens shown before the first prompt that only the person may answer: recognised, never answered. */
  startup: readonly StartupScreen[];
  activity: { working: RegExp; promptPrefix: string };
}

/**
 * A start-up screen: its title line (the first under the rule), its choices (unnumbered, one under
 * the cursor), a blank line and its footer (one of the exact forms releases of a generation draw),
 * at its left margin. `asks` says what it asks in AKK's
 * words; `$1` is the title's group and `$next` the first line drawn under the title.
 */
export interface StartupScreen {
  name: string;
  indent: number;
  title: RegExp;
  choices: readonly string[];
  footers: readonly string[];
  asks: string;
}

export type ClaudePermissionTool = 'bash' | 'write' | 'edit' | 'web_fetch' | 'mcp';

/** A profile without the version it is bound to. */
type ClaudeShape = Omit<ClaudeProfile, 'id' | 'version' | 'renderings'>;

const BASE: ClaudeShape = {
  cursor: '❯',
  questionnaire: {
    footers: [
      'Enter to select · ↑/↓ to navigate · Esc to cancel',
      'Enter to select · Tab/Arrow keys to navigate · Esc to cancel',
    ],
    footersEditing: [
      'Enter to select · ↑/↓ to navigate · ctrl+g to edit in Vim · Esc to cancel',
      'Enter to select · Tab/Arrow keys to navigate · ctrl+g to edit in Vim · Esc to cancel',
    ],
    chatRow: 'Chat about this',
    freeTextSingle: 'Type something.',
    freeTextMulti: 'Type something',
    multiAdvanceRows: ['Next', 'Submit'],
    descriptionIndentSingle: 5,
    descriptionIndentMulti: 9,
    descriptionStyles: {
      '5;246': ['dark/256', 'dark-daltonized/256'],
      '2;153;153;153': ['dark/truecolor', 'dark-daltonized/truecolor'],
      '5;241': ['light/256', 'light-daltonized/256'],
      '2;102;102;102': ['light/truecolor', 'light-daltonized/truecolor'],
      // The ansi themes use the terminal's own sixteen colours at either depth.
      'dim 37': ['dark-ansi/256', 'dark-ansi/truecolor'], // single-select
      '37': ['dark-ansi/256', 'dark-ansi/truecolor'], // multi-select
      '90': ['light-ansi/256', 'light-ansi/truecolor'],
    },
    // Measured live on 2.1.332 at 110x12 to 110x17.
    scrolledList: true,
    reviewTitle: 'Review your answers',
    reviewQuestion: null,
    submitAnswers: 'Submit answers',
    cancel: 'Cancel',
    maxFreeText: 799,
  },
  permission: {
    footer: 'Esc to cancel · Tab to amend',
    yes: 'Yes',
    no: 'No',
    titles: {
      'Bash command': 'bash',
      'Create file': 'write',
      'Edit file': 'edit',
      Fetch: 'web_fetch',
      'Tool use': 'mcp',
    },
    footerless: { Fetch: 'No, and tell Claude what to do differently (esc)' },
    bashLayout: 'dashed',
    questions: [
      /^Do you want to proceed\?$/,
      /^Do you want to create (.+)\?$/,
      /^Do you want to make this edit to (.+)\?$/,
      /^Do you want to allow Claude to fetch this content\?$/,
    ],
  },
  plan: {
    title: 'Ready to code?',
    question: 'Claude has written up a plan and is ready to execute. Would you like to proceed?',
    autoAccept: 'Yes, auto-accept edits',
    approve: 'Yes, manually approve edits',
    feedback: 'Tell Claude what to change',
    feedbackHint: 'shift+tab to approve with this feedback',
    footerPrefix: 'ctrl+g to edit in Vim · ',
  },
  startup: [
    {
      name: 'folder-trust',
      indent: 1,
      title: /^Accessing workspace:$/,
      choices: ['No, exit', 'Yes, I trust this folder'],
      footers: ['Enter to confirm · Esc to cancel'],
      asks: 'whether you trust the folder $next',
    },
    {
      name: 'api-key',
      indent: 2,
      title: /^Detected a custom API key in your environment$/,
      choices: ['Yes', 'No (recommended)'],
      footers: ['Enter to confirm · Esc to cancel'],
      asks: 'whether to use the API key found in its environment',
    },
    {
      name: 'mcp-servers',
      indent: 2,
      title: /^New MCP server found in this project: ([A-Za-z0-9_-]+)$/,
      choices: [
        'Use this MCP server',
        'Use this and all future MCP servers in this project',
        'Continue without using this MCP server',
      ],
      // `Esc to cancel` up to 2.1.331, `Esc to reject` from 2.1.332 (releases of one generation).
      footers: ['Enter to confirm · Esc to reject', 'Enter to confirm · Esc to cancel'],
      asks: "whether to use the MCP server $1 named in the project's .mcp.json",
    },
    {
      name: 'bypass-permissions',
      indent: 2,
      title: /^WARNING: Claude Code running in Bypass Permissions mode$/,
      choices: ['No, exit', 'Yes, I accept'],
      footers: ['Enter to confirm · Esc to cancel'],
      asks:
        'you to accept Bypass Permissions mode, in which it runs every command without asking for approval ' +
        '(AKK never accepts it)',
    },
  ],
  activity: { working: /\(esc to interrupt\b|· esc to interrupt\b|esc to interrupt\)/, promptPrefix: '❯\u00a0' },
};

/** 2.1.263–2.1.267: multi-select descriptions indented by two, a review question, the indented Bash form. */
const GEN_2_1_263: ClaudeShape = {
  ...BASE,
  questionnaire: {
    ...BASE.questionnaire,
    descriptionIndentMulti: 2,
    reviewQuestion: 'Ready to submit your answers?',
    scrolledList: false,
  },
  permission: { ...BASE.permission, bashLayout: 'indented' },
};

/**
 * 2.1.280 onwards (until the dashed Bash form): multi-select descriptions indented as in 2.1.332,
 * but still the review question and the indented Bash form of 2.1.263.
 */
const GEN_2_1_280: ClaudeShape = {
  ...BASE,
  questionnaire: { ...BASE.questionnaire, reviewQuestion: 'Ready to submit your answers?', scrolledList: false },
  permission: { ...BASE.permission, bashLayout: 'indented' },
};

/** 2.1.286 onwards (until the review question goes): the dashed Bash form, still the review question. */
const GEN_2_1_286: ClaudeShape = {
  ...BASE,
  questionnaire: { ...BASE.questionnaire, reviewQuestion: 'Ready to submit your answers?', scrolledList: false },
};

/** The profile generations, each named by the first version qualified with it. */
export const CLAUDE_GENERATIONS: Readonly<Record<string, ClaudeShape>> = {
  '2.1.263': GEN_2_1_263,
  '2.1.280': GEN_2_1_280,
  '2.1.286': GEN_2_1_286,
  '2.1.332': BASE,
};
