/**
 * What recognition produces. Everything here is adapter-owned: the server turns it into a
 * public projection with opaque ids and keeps the key plan and fingerprint source private.
 */
import type { PermissionDecisionKind } from '../shared/contract';

/** One captured terminal screen. `styled` keeps SGR escapes, line for line with `plain`. */
export interface ScreenSnapshot {
  plain: readonly string[];
  styled?: readonly string[];
  cols: number;
  rows: number;
}

export type ResponseKind = 'single_select' | 'multi_select' | 'free_text' | 'confirm';

/** What choosing an option means natively. */
type OptionRole = 'choice' | 'free_text' | 'submit' | 'cancel';

export interface RecognizedOption {
  /** Adapter-private stable key within the step, e.g. `o2`. */
  key: string;
  label: string;
  description?: string;
  role: OptionRole;
  /** Multi-select only: whether the box is checked now. */
  checked?: boolean;
}

interface RecognizedQuestion {
  key: string;
  header?: string;
  prompt: string;
  /** Text the client draws with the question for the person to read first (a plan), as drawn. */
  context?: string;
  responseKind: ResponseKind;
  options: RecognizedOption[];
  /** Free text: the longest answer the native editor takes without collapsing it. */
  maxLength?: number;
}

/** One native keystroke action: tmux key names, or literal text. */
export type KeyAction = { keys: string[] } | { text: string };

/**
 * A bounded native step: actions to send, each followed by a recapture that must satisfy
 * `expect` before the next action. Adapter-owned and never shown to clients.
 */
export interface PlannedStep {
  action: KeyAction;
  /** What the recaptured screen must show after this action. */
  expect: Expectation;
  /**
   * Quiet time the terminal needs since the previous action before this one is sent (Codex takes
   * Enter within ~121 ms of typed text as part of a paste and inserts a newline instead).
   */
  delayBeforeMs?: number;
}

/** One key that answers the prompt, proven once the prompt on screen has changed. */
export function keyThenChanged(key: string): PlannedStep {
  return { action: { keys: [key] }, expect: { kind: 'prompt_changed' } };
}

export type Expectation =
  /** The same prompt with the cursor on the given option, in an editable free-text row. */
  | { kind: 'free_text_editing'; optionKey: string; text: string }
  /** The multi-select question with exactly these options checked. */
  | { kind: 'checked'; optionKeys: string[] }
  /** The same step with the cursor moved onto the given option (nothing chosen yet). */
  | { kind: 'cursor_on'; optionKey: string }
  /** The prompt is gone or replaced: a different fingerprint, or no prompt. */
  | { kind: 'prompt_changed' };

export interface QuestionPlan {
  /** For each option key: the steps that choose it (single select, confirm). */
  choose: Record<string, PlannedStep[]>;
  /** Multi-select: the keys that toggle each option, and the key that advances. */
  toggle?: Record<string, KeyAction>;
  advance?: KeyAction;
  /**
   * Multi-select where no one key advances (a Done row reached by moving the cursor): the steps that
   * finish the step from each row the cursor may be on, and the row it is on now. A toggle moves the
   * cursor onto the row it toggles, so the answer finishes from the last row toggled.
   */
  advanceFrom?: { at: string; from: Record<string, PlannedStep[]> };
  /** Free text: how to open the editor (if not open), then type, then submit. */
  freeText?: {
    optionKey: string;
    open: PlannedStep[];
    submit: KeyAction;
    /** Quiet time before the submit key (see `PlannedStep.delayBeforeMs`). */
    submitDelayMs?: number;
    /** The widest answer (terminal cells) the editor shows on one line, where the proof needs that. */
    maxDisplayWidth?: number;
  };
}

/** How an async question's answer reaches the agent (design 000, "Codex 0.153.4, 0.154.0, and 0.155.1"). */
export type DeliveryModeName = 'steer_current_turn' | 'queue_next_turn';

export type PermissionTool =
  'bash' | 'write' | 'edit' | 'web_fetch' | 'mcp' | 'command' | 'file_change' | 'network' | 'other';

/** One line of a file edit's diff as the client draws it. */
export interface DiffLine {
  op: 'context' | 'removed' | 'added';
  /** The line's number in the file before (context, removed) or after (added) the edit. */
  line: number;
  text: string;
}

/**
 * What the prompt shows beside its subject, for the person deciding: an edit's diff, or other
 * lines exactly as drawn (a fetch's URL and prompt, an MCP tool's arguments).
 */
export type PermissionPreview = { kind: 'diff'; file: string; lines: DiffLine[] } | { kind: 'lines'; lines: string[] };

interface Prompt {
  /** The profile that proved this screen, e.g. `claude@2.1.332`. */
  profileId: string;
  /**
   * The exact prompt region (unredacted lines, plus any structural facts read from styles),
   * from which the server computes the fingerprint. Never shown to clients.
   */
  fingerprintSource: string;
  /**
   * The corpus shape this screen depends on, when it is one a client version answers only once its
   * qualification captured it (QUALIFIED_SHAPES); e.g. `permission-edit`, `command-approval-wrapped`.
   */
  shape?: string;
}

export interface QuestionnaireRecognition extends Prompt {
  kind: 'questionnaire';
  /** 1-based position among the native steps, and their count (review included). */
  step: { index: number; total: number };
  question: RecognizedQuestion;
  plan: QuestionPlan;
  /** The option under the native cursor, where the step shows one. */
  focusedKey?: string;
  /**
   * Present for a non-blocking async question (the turn keeps working): the delivery modes the
   * native answer key is proven to perform.
   */
  asyncDelivery?: { modes: DeliveryModeName[] };
  /**
   * Choosing only navigates to the real question (it answers nothing), so once its effect is
   * proven the same screen may be offered again, e.g. a question collapsed again by the user.
   */
  navigationOnly?: true;
}

export interface PermissionRecognition extends Prompt {
  kind: 'permission';
  tool: PermissionTool;
  title: string;
  subject: string;
  preview?: PermissionPreview;
  decisions: Array<PermissionDecisionKind>;
  plan: Partial<Record<PermissionDecisionKind, PlannedStep[]>>;
}

export interface ManualRecognition {
  kind: 'manual_required';
  /** Plain words for the user: why this screen must be answered in the terminal. */
  reason: string;
  /** A start-up screen recognised exactly, which only the person answers (e.g. `folder-trust`). */
  startup?: string;
  /**
   * A dialog of the client's own drawn mid-session, recognised exactly, which only the person answers (`rate-limit`).
   */
  dialog?: string;
  /**
   * A list scrolled inside its dialog, read exactly as far as it is in sight: the
   * rows out of sight come into view as the cursor moves (list-window.ts). Left to the terminal
   * until every row has been seen.
   */
  window?: ListWindow;
}

/** One option row of a scrolled list, as a window shows it. */
export interface WindowRow {
  number: number;
  label: string;
  description?: string;
  /** A checklist's row: whether its box is checked (the row that finishes it has none). */
  checked?: boolean;
}

/**
 * A list of checkboxes (a question that takes several options): the model's options, a row that
 * checks them all (with two or more), the free-text row, and a row that finishes the question,
 * which the client draws without a number and reaches only by moving the cursor (the cursor moved
 * up from the first row goes round to it). Its rows as the client words them.
 */
export interface Checklist {
  all: { label: string; description: string };
  done: { label: string; description: string };
  /** The key that finishes the question with the cursor on its last row. */
  submit: KeyAction;
}

/** What one screen shows of a list (single-select, or a checklist) that scrolls inside its dialog. */
export interface ListWindow {
  profileId: string;
  step: { index: number; total: number };
  question: { header?: string; prompt: string };
  /** What every window of one list shares (its tab, its question, its row count). */
  identity: string;
  /**
   * How many rows the list has; the last takes free text (a checklist's finishes it, and the one
   * before takes free text). Null where this window cannot tell (a client that says so only while
   * the cursor is on the free-text row): some window of the list must.
   */
  total: number | null;
  /** What the free-text row shows while it is empty. */
  freeTextLabel: string;
  /** The row under the cursor; null when the cursor is on a row after the list. */
  cursor: number | null;
  /** The free-text row has the cursor and its editor is open. */
  editing: boolean;
  /** The rows in sight, in order. */
  rows: readonly WindowRow[];
  /** The window as drawn: the assembled step's fingerprint starts from the screen it is offered on. */
  source: string;
  /** The keys that move the cursor one row down and up. */
  move: { down: KeyAction; up: KeyAction };
  /** The corpus shape the assembled step depends on (see `Prompt.shape`). */
  shape?: string;
  /** How free text is typed into the last row once it is chosen, where the client's editor is proven. */
  freeText?: Omit<NonNullable<QuestionPlan['freeText']>, 'optionKey' | 'open'>;
  /** Present for a list of checkboxes; its last row finishes it, the one before takes free text. */
  checklist?: Checklist;
}

export interface ActivityRecognition {
  kind: 'activity';
  state: 'idle' | 'working' | 'unknown';
}

/**
 * An empty main composer proven exactly (managed send may paste one message and press Enter once);
 * or the reason it is not.
 */
export type ComposerProof = { sendable: true; fingerprintSource: string } | { sendable: false; reason: string };

export type Recognition = QuestionnaireRecognition | PermissionRecognition | ManualRecognition | ActivityRecognition;

export function manual(reason: string): ManualRecognition {
  return { kind: 'manual_required', reason };
}

/**
 * How an agent takes keys, as its profile knows it: the server waits and paces by these, never by
 * numbers of its own. Every value is a quiet time in milliseconds.
 */
export interface AgentTiming {
  /** Since the terminal last drew, before a key is sent (a key sent sooner may be dropped). */
  quietBeforeKey: number;
  /** Since the terminal last drew, before a new step is announced or offered (its frame is final). */
  quietBeforeOffer: number;
  /** A composer message is one bracketed paste, then Enter after this long (sooner, it may be a newline). */
  enterAfterPaste: number;
}

/**
 * What an agent says of itself in its own state record, beside its screen: working on a turn
 * (`busy`), waiting on the person (`waiting`, with what for in its words), or done (`idle`).
 */
export interface OwnActivity {
  activity: 'idle' | 'busy' | 'waiting';
  waitingFor?: string;
}

/**
 * A step an agent asked through its own channel (a hook's request), to be answered through it:
 * a permission, or one question of several asked at once (each offered in turn, all answered
 * together in the request's one answer).
 */
export type WordStep = PermissionRecognition | QuestionnaireRecognition;

/** What answers such a request: a decision on a permission, or each question's chosen labels. */
export type WordAnswer =
  | { kind: 'decision'; decision: PermissionDecisionKind; message?: string }
  | { kind: 'answers'; answers: Readonly<Record<string, readonly string[]>> };
