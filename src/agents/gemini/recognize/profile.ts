/**
 * Gemini CLI's tool confirmations, as one client version draws them: the words of each dialog, its
 * rows, and which rows AKK may choose. One generation per set of versions that draw them alike;
 * captured from 0.61.0 (scripts/qualify/capture-screens.ts).
 */
import type { PermissionTool } from '../../../adapters/types';

/** One kind of confirmation: how its dialog names the tool, the question it asks, and its rows in order. */
interface ConfirmationKind {
  tool: PermissionTool;
  /** The name in the dialog's title row (`? Shell  …`, `?  WebFetch …`); absent where a pattern names it. */
  title?: string;
  /** The question above the rows, exactly; or a pattern whose groups name the MCP tool and its server. */
  question: string | RegExp;
  /** The rows, top to bottom, exactly as drawn. */
  rows: readonly string[];
  /** Lines the client may draw between the question and the blank line above the rows. */
  notes?: readonly string[];
  /** `compact`: a title row, then a framed body; `action`: "Action Required", then the title row and details. */
  layout: 'compact' | 'action';
}

export interface GeminiGeneration {
  /** The glyph before the row under the cursor. */
  cursor: string;
  /** The first row of an `action` dialog. */
  actionRequired: string;
  /** The row that replaces the top of a body too tall for the terminal. */
  hiddenLines: RegExp;
  /** The row that chooses "once", and the row that says no; every other row is never chosen. */
  once: string;
  no: string;
  kinds: Readonly<Record<'shell' | 'edit' | 'write' | 'fetch' | 'mcp', ConfirmationKind>>;
  /** What the empty composer shows. */
  placeholder: string;
  /** The line the client draws while it works (its spinner, the time, the way to cancel). */
  working: RegExp;
  /** The `ask_user` dialog: its title, the rows and hints it draws, and what marks the forms left to the person. */
  ask: {
    title: string;
    /** The free-text row the client adds after the model's options, while it is empty. */
    freeText: string;
    /** The key hints while an option row has the cursor, and while a text editor is open; with tabs. */
    hints: string;
    hintsEditing: string;
    hintsTabs: string;
    hintsEditingTabs: string;
    /** The review tab's title and key hints. */
    reviewTitle: string;
    reviewHints: string;
    /** What the text field of a free-text question shows while it is empty. */
    fieldPlaceholder: string;
    /** The note under a question that takes several options, and the rows its checklist adds. */
    multiSelect: string;
    all: { label: string; description: string };
    done: { label: string; description: string };
    /** The row of tabs drawn when the dialog asks several questions. */
    tabs: RegExp;
    /** The row that says part of the question is cut off. */
    hidden: RegExp;
    /** The marks drawn above and below the rows when they do not all fit. */
    up: string;
    down: string;
  };
  /** The first-start screens: a name, the title row (and the row it asks, where one follows), what it asks. */
  /** Named by rows each drawn whole in the box (the focus mark aside), and one that begins with `lead`. */
  /**
   * First-start screens: named by `rows` (and `lead`), and only when drawn exactly: `choices`
   * numbered rows, one under the other, numbered from 1, the cursor on one; `last` the box's last
   * row with text.
   */
  startup: ReadonlyArray<{
    name: string;
    rows: readonly string[];
    lead?: string;
    choices: number;
    last: string;
    asks: string;
  }>;
}

const ONCE = 'Allow once';
const SESSION = 'Allow for this session';
const NO = 'No, suggest changes (esc)';

const GENERATION_0_61: GeminiGeneration = {
  cursor: '●',
  actionRequired: 'Action Required',
  hiddenLines: /^\.\.\. first \d+ lines? hidden \(Ctrl\+O to show\) \.\.\.$/,
  once: ONCE,
  no: NO,
  kinds: {
    shell: {
      tool: 'bash',
      title: 'Shell',
      question: 'Allow execution of [Shell]?',
      notes: ['Redirection detected. To auto-accept, press Shift+Tab'],
      rows: [ONCE, SESSION, NO],
      layout: 'compact',
    },
    edit: {
      tool: 'edit',
      title: 'Edit',
      question: 'Apply this change?',
      rows: [ONCE, SESSION, 'Modify with external editor', NO],
      layout: 'compact',
    },
    write: {
      tool: 'write',
      title: 'WriteFile',
      question: 'Apply this change?',
      rows: [ONCE, SESSION, 'Modify with external editor', NO],
      layout: 'compact',
    },
    fetch: {
      tool: 'web_fetch',
      title: 'WebFetch',
      question: 'Do you want to proceed?',
      rows: [ONCE, SESSION, NO],
      layout: 'action',
    },
    mcp: {
      tool: 'mcp',
      question: /^Allow execution of MCP tool "([^"]+)" from server "([^"]+)"\?$/,
      rows: [ONCE, 'Allow tool for this session', 'Allow all server tools for this session', NO],
      layout: 'action',
    },
  },
  ask: {
    title: 'Answer Questions',
    freeText: 'Enter a custom value',
    hints: 'Enter to select · ↑/↓ to navigate · Esc to cancel',
    hintsEditing: 'Enter to submit · Esc to cancel',
    hintsTabs: 'Enter to select · ←/→ to switch questions · Esc to cancel',
    hintsEditingTabs: 'Enter to submit · Tab/Shift+Tab to switch questions · Esc to cancel',
    reviewTitle: 'Review your answers:',
    reviewHints: 'Enter to submit · Tab/Shift+Tab to edit answers · Esc to cancel',
    fieldPlaceholder: 'Enter your response',
    multiSelect: '(Select all that apply)',
    all: { label: 'All of the above', description: 'Select all options' },
    done: { label: 'Done', description: 'Finish selection' },
    tabs: /^← .* →$/,
    hidden: /\blines? hidden\b/,
    up: '▲',
    down: '▼',
  },
  placeholder: 'Type your message or @path/to/file',
  working: /\(esc to cancel, (?:\d+m )?\d+s\)/,
  startup: [
    {
      name: 'folder-trust',
      rows: ['Do you trust the files in this folder?'],
      choices: 3,
      last: "3. Don't trust",
      asks: 'whether to trust the files in this folder',
    },
    {
      name: 'auth-method',
      rows: ['? Get started', 'How would you like to authenticate for this project?'],
      choices: 3,
      last: 'https://geminicli.com/docs/resources/tos-privacy/',
      asks: 'how to sign in',
    },
    {
      name: 'api-key',
      rows: ['Enter Gemini API Key'],
      choices: 0,
      last: '(Press Enter to submit, Esc to cancel, Ctrl+C to clear stored key)',
      asks: 'for a Gemini API key (answered in the terminal; AKK never relays a key)',
    },
    {
      name: 'ide-connect',
      lead: '> Do you want to connect ',
      rows: ['2. No (esc)', "3. No, don't ask again"],
      choices: 3,
      last: "3. No, don't ask again",
      asks: 'whether to connect the editor to it (its own companion extension)',
    },
    {
      name: 'terminal-keybindings',
      lead: 'Gemini CLI works best with Shift+Enter/Ctrl+Enter',
      rows: ['Do you want to continue?'],
      choices: 2,
      last: 'Enter to select · ↑/↓ to navigate · Esc to cancel',
      asks: "whether to change the terminal's keybindings for multiline input",
    },
  ],
};

/** Profile generation -> its dialogs. */
export const GEMINI_GENERATIONS: Readonly<Record<string, GeminiGeneration>> = { '0.61.0': GENERATION_0_61 };
