/**
 * The proof of a step's effect: only a recognised state other than the screen the key went to
 * (and other than the prompt the response began on) proves that a prompt changed; an unreadable
 * screen proves nothing; a proven screen stays proven only while it still shows the same thing.
 * A window of a scrolled list proves it only when it belongs to another question than the one answered.
 */
import { strict as assert } from 'node:assert';
import type { ListWindow, QuestionnaireRecognition, Recognition } from '../../../src/adapters/types';
import { expectationMet, provenEffect, provenPrompt, type Observation } from '../../../src/server/respond/step-proof';

const CHANGED = { kind: 'prompt_changed' } as const;
/** A window of tab `step`'s list, left to the terminal until its rows are read. */
const windowOf = (step: number, question: string): Observation =>
  seen({
    kind: 'manual_required',
    reason: 'a scrolled list',
    window: {
      profileId: 'gemini@test',
      step: { index: step, total: 3 },
      question: { prompt: question },
      identity: `${step}:${question}`,
      total: null,
      freeTextLabel: 'Enter a custom value',
      cursor: 1,
      editing: false,
      rows: [{ number: 1, label: 'Yes' }],
      source: `window ${step}`,
      move: { down: { keys: ['Down'] }, up: { keys: ['Up'] } },
    } satisfies ListWindow,
  });
const seen = (recognition: Recognition, fingerprint: string | null = null): Observation => ({
  recognition,
  fingerprint,
  editor: undefined,
});
const prompt = (fp: string): Observation =>
  seen(
    {
      kind: 'permission',
      profileId: 'claude@test',
      fingerprintSource: fp,
      tool: 'bash',
      title: 'Bash command',
      subject: 'ls',
      decisions: ['approve_once', 'reject'],
      plan: {},
    },
    fp,
  );

describe('step proof', () => {
  const before = { fingerprint: 'ticked', original: { fingerprint: 'start' } };

  it('a recognised idle or working screen, or another prompt, proves that the prompt changed', () => {
    assert.equal(expectationMet(CHANGED, before, seen({ kind: 'activity', state: 'idle' })), true);
    assert.equal(expectationMet(CHANGED, before, seen({ kind: 'activity', state: 'working' })), true);
    assert.equal(expectationMet(CHANGED, before, prompt('review')), true);
    const named = seen({ kind: 'manual_required', reason: 'rate limits', dialog: 'rate-limit' });
    assert.equal(expectationMet(CHANGED, before, named), true);
  });

  it('an unreadable screen, the screen the key went to, or the first prompt again proves nothing', () => {
    assert.equal(expectationMet(CHANGED, before, seen({ kind: 'activity', state: 'unknown' })), false);
    assert.equal(expectationMet(CHANGED, before, seen({ kind: 'manual_required', reason: 'inexact' })), false);
    assert.equal(expectationMet(CHANGED, before, prompt('ticked')), false, 'the key went to this screen');
    assert.equal(expectationMet(CHANGED, before, prompt('start')), false, 'the response began on this one');
  });

  it('a window of another question proves it; a window of the question answered does not', () => {
    const tab1 = { fingerprint: 'tab 1', original: { fingerprint: 'tab 1', question: { step: 1, prompt: 'How?' } } };
    assert.equal(expectationMet(CHANGED, tab1, windowOf(2, 'Ship it?')), true, 'the next tab');
    assert.equal(expectationMet(CHANGED, tab1, windowOf(1, 'Ship it?')), true, 'another question');
    assert.equal(expectationMet(CHANGED, tab1, windowOf(1, 'How?')), false, 'a digit that only moved the cursor');
    // After a permission, which is no list, any window is a new state.
    assert.equal(expectationMet(CHANGED, before, windowOf(1, 'How?')), true);
  });

  it('a proven prompt holds only while the same fingerprint is on screen', () => {
    const p = provenPrompt(7, { fingerprint: 'start' });
    assert.equal(p.outputSeq, 7);
    assert.equal(p.holds(prompt('start')), true);
    assert.equal(p.holds(prompt('other')), false);
    assert.equal(p.holds(seen({ kind: 'activity', state: 'idle' })), false);
  });

  it('a proven effect holds only while the same screen still shows it', () => {
    const effect = provenEffect(9, CHANGED, before, prompt('review'));
    assert.equal(effect.fingerprint, 'review');
    assert.equal(effect.holds(prompt('review')), true);
    assert.equal(effect.holds(prompt('another')), false);
    const idle = provenEffect(9, CHANGED, before, seen({ kind: 'activity', state: 'idle' }));
    assert.equal(idle.holds(seen({ kind: 'activity', state: 'idle' })), true);
    assert.equal(idle.holds(seen({ kind: 'activity', state: 'unknown' })), false);
  });

  describe('a move, a box or typed text proves nothing on another question, or with other boxes', () => {
    /** A questionnaire as recognised: its step and words, the cursor's row and the boxes checked. */
    const question = (step: number, prompt: string, focused: string, checked?: string[]): Observation =>
      seen({
        kind: 'questionnaire',
        profileId: 'gemini@test',
        fingerprintSource: `${step}:${prompt}:${focused}:${(checked ?? []).join(',')}`,
        step: { index: step, total: 2 },
        question: {
          key: 'q',
          prompt,
          responseKind: checked ? 'multi_select' : 'single_select',
          options: ['o1', 'o2', 'o3', 'o4'].map((key) => ({
            key,
            label: key,
            role: 'choice' as const,
            ...(checked ? { checked: checked.includes(key) } : {}),
          })),
        },
        plan: { choose: {} },
        focusedKey: focused,
      });
    const began = {
      fingerprint: 'q1',
      original: { fingerprint: 'q1', question: { step: 1, prompt: 'Which checks?' } },
    };

    it('the cursor on the row asked for, but on another question, is not the move', () => {
      const on = { kind: 'cursor_on', optionKey: 'o2' } as const;
      assert.equal(expectationMet(on, began, question(1, 'Which checks?', 'o2')), true, 'the same question');
      assert.equal(expectationMet(on, began, question(2, 'Which checks?', 'o2')), false, 'the next tab');
      assert.equal(expectationMet(on, began, question(1, 'Which files?', 'o2')), false, 'another question');
    });

    it('on a checklist, a box toggled in the terminal during the answer voids the next move', () => {
      const on = { kind: 'cursor_on', optionKey: 'o4' } as const;
      const toggled = { ...began, boxes: ['o1', 'o3'] };
      const asLeft = question(1, 'Which checks?', 'o4', ['o1', 'o3']);
      assert.equal(expectationMet(on, toggled, asLeft), true);
      assert.equal(expectationMet(on, toggled, question(1, 'Which checks?', 'o4', ['o1', 'o2', 'o3'])), false);
      assert.equal(expectationMet(on, toggled, question(1, 'Which checks?', 'o4', ['o1'])), false);
      // The boxes a proven toggle showed are what the next key's proof holds the screen to.
      const effect = provenEffect(3, { kind: 'checked', optionKeys: ['o3', 'o1'] }, began, asLeft);
      assert.deepEqual(effect.boxes, ['o1', 'o3']);
      assert.equal(provenPrompt(3, began.original, ['o1']).boxes?.join(), 'o1');
    });

    it("the boxes asked for, or the editor's text, on another question are not the step's effect", () => {
      const ticked = { kind: 'checked' as const, optionKeys: ['o1'] };
      assert.equal(expectationMet(ticked, began, question(1, 'Which checks?', 'o1', ['o1'])), true);
      assert.equal(expectationMet(ticked, began, question(2, 'Which files?', 'o1', ['o1'])), false);
      const typing = { kind: 'free_text_editing', optionKey: 'o4', text: 'Lint' } as const;
      const editing = (o: Observation): Observation => ({ ...o, editor: { text: 'Lint', optionKey: 'o4' } });
      assert.equal(expectationMet(typing, began, editing(question(1, 'Which checks?', 'o4'))), true);
      assert.equal(expectationMet(typing, began, editing(question(2, 'Which files?', 'o4'))), false);
      // An option's editor drawn as a field of its own at the same step (Claude Code's plan feedback).
      const field = (step: number): Observation => ({
        ...question(step, 'Tell Claude what to change', 'o4'),
        recognition: {
          ...(question(step, 'Tell Claude what to change', 'o4').recognition as QuestionnaireRecognition),
          question: { key: 'q', prompt: 'Tell Claude what to change', responseKind: 'free_text', options: [] },
        },
        editor: { text: 'Lint' },
      });
      assert.equal(expectationMet(typing, began, field(1)), true);
      assert.equal(expectationMet(typing, began, field(2)), false);
    });
  });
});
