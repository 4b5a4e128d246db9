/**
 * Proving a native step's effect from the recaptured screen (the postcondition of each key), and
 * what "the screen last proven" means between keys. A key may go only to the screen last proven:
 * the recapture before the first key, or the capture that proved the previous key's effect. Any
 * output since that capture voids the proof until a recapture shows the same thing again.
 */
import type { Expectation, Recognition } from '../../adapters/types';

/** What one proven capture showed, as far as the proof of a step reads it. */
export interface Observation {
  recognition: Recognition;
  /** Fingerprint of the recognised prompt, or null when the screen shows no prompt. */
  fingerprint: string | null;
  /** The free-text editor's content, when one is open. */
  editor: { text: string; optionKey?: string } | undefined;
}

/**
 * The screen the next key may go to: the output count at its capture, and what must still hold
 * if the terminal has drawn since (the same prompt, in the state the previous key left it).
 */
export interface ProvenScreen {
  outputSeq: number;
  fingerprint: string | null;
  /** A checklist's boxes as that screen showed them checked (option keys, sorted). */
  boxes?: string[];
  holds(now: Observation): boolean;
}

/** The prompt a response began on, as its proof compares later screens with it. */
interface OriginalPrompt {
  fingerprint: string;
  /** Where that prompt is a question: its place among the native steps and its words. */
  question?: { step: number; prompt: string };
}

/**
 * What a key was sent to: the screen last proven (and, for a checklist, the boxes it showed
 * checked), and the prompt the response began on.
 */
export interface KeyContext {
  fingerprint: string | null;
  boxes?: string[];
  original: OriginalPrompt;
}

/** A checklist's checked boxes (option keys, sorted); undefined for any other screen. */
export function boxesOf(r: Recognition): string[] | undefined {
  if (r.kind !== 'questionnaire' || r.question.responseKind !== 'multi_select') return undefined;
  return r.question.options
    .filter((o) => o.checked)
    .map((o) => o.key)
    .sort();
}

/** A free-text field drawn at the step the response began on: an option's editor shown as a field. */
function ownField(r: Recognition, original: OriginalPrompt): boolean {
  return (
    r.kind === 'questionnaire' && r.question.responseKind === 'free_text' && r.step.index === original.question?.step
  );
}

const sameKeys = (a: readonly string[] | undefined, b: readonly string[]): boolean =>
  a !== undefined && a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * Whether the screen shows the question the response began on (its place among the steps and its
 * words), where that was a question; a move, a box or typed text proves nothing on another one.
 */
function sameQuestion(r: Recognition, original: OriginalPrompt): boolean {
  const q = original.question;
  if (q === undefined) return true;
  if (r.kind === 'questionnaire') return r.step.index === q.step && r.question.prompt === q.prompt;
  if (r.kind === 'manual_required' && r.window)
    return r.window.step.index === q.step && r.window.question.prompt === q.prompt;
  return r.kind !== 'permission';
}

/** The question of a questionnaire, as the proof of a later screen compares with it. */
export function originalPrompt(fingerprint: string, r: Recognition): OriginalPrompt {
  return r.kind === 'questionnaire'
    ? { fingerprint, question: { step: r.step.index, prompt: r.question.prompt } }
    : { fingerprint };
}

/**
 * A screen that proves the agent is in some state other than the prompt: a recognised activity, a
 * prompt, a dialog recognised exactly and left to the person, or a window of a scrolled list of
 * another question (the next tab of a dialog too short to show it whole). A window of the question
 * answered proves nothing: a key that only moved its cursor draws one. An unreadable screen proves nothing.
 */
function recognisedState(r: Recognition, original: OriginalPrompt): boolean {
  if (r.kind === 'activity') return r.state !== 'unknown';
  if (r.kind === 'manual_required') {
    if (r.startup !== undefined || r.dialog !== undefined) return true;
    const w = r.window;
    const q = original.question;
    return w !== undefined && (q === undefined || w.step.index !== q.step || w.question.prompt !== q.prompt);
  }
  return true;
}

/**
 * Whether `after` (a proven capture at the response's binding generation) shows the effect `expect`
 * names. `before` holds the fingerprint of the screen the key was sent to and the prompt the
 * response began on: "the prompt changed" needs a recognised state that is neither.
 */
export function expectationMet(expect: Expectation, before: KeyContext, after: Observation): boolean {
  switch (expect.kind) {
    case 'prompt_changed':
      // The next step, another dialog, or no prompt at all; the same prompt means the key had no effect.
      return (
        recognisedState(after.recognition, before.original) &&
        after.fingerprint !== before.original.fingerprint &&
        (after.fingerprint === null || after.fingerprint !== before.fingerprint)
      );
    case 'free_text_editing':
      // Where the editor says which option it belongs to (Codex Notes), that must match too; and
      // the editor must be the question's own: on its screen, or drawn as a field of its own at its
      // step (Claude Code's plan feedback: the option's editor, with its own words above it).
      return (
        after.editor !== undefined &&
        after.editor.text === expect.text &&
        (after.editor.optionKey === undefined || after.editor.optionKey === expect.optionKey) &&
        (sameQuestion(after.recognition, before.original) || ownField(after.recognition, before.original))
      );
    case 'cursor_on': {
      // The same question, and on a checklist the boxes as the last proven screen left them: a box
      // toggled meanwhile (the person, in the terminal) is never carried into the answer.
      const r = after.recognition;
      return (
        r.kind === 'questionnaire' &&
        r.focusedKey === expect.optionKey &&
        sameQuestion(r, before.original) &&
        (before.boxes === undefined || sameKeys(boxesOf(r), before.boxes))
      );
    }
    case 'checked': {
      const r = after.recognition;
      return sameQuestion(r, before.original) && sameKeys(boxesOf(r), [...expect.optionKeys].sort());
    }
  }
}

/** The screen the first key may go to: the prompt the response begins on. */
export type ProvenPrompt = ProvenScreen & { original: OriginalPrompt };

/** The prompt the response begins on, proven by the recapture before the first key. */
export function provenPrompt(outputSeq: number, original: OriginalPrompt, boxes?: string[]): ProvenPrompt {
  const { fingerprint } = original;
  return {
    outputSeq,
    fingerprint,
    original,
    ...(boxes ? { boxes } : {}),
    holds: (now) => now.fingerprint === fingerprint,
  };
}

/**
 * The screen that proved a key's effect: later output leaves it proven only while the same effect
 * still shows on the same prompt (or the same absence of one).
 */
export function provenEffect(
  outputSeq: number,
  expect: Expectation,
  before: KeyContext,
  seen: Observation,
): ProvenScreen {
  const boxes = boxesOf(seen.recognition);
  return {
    outputSeq,
    fingerprint: seen.fingerprint,
    ...(boxes ? { boxes } : {}),
    holds: (now) => now.fingerprint === seen.fingerprint && expectationMet(expect, before, now),
  };
}
