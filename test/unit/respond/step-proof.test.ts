/**
 * The proof of a step's effect: only a recognised state other than the screen the key went to
 * (and other than the prompt the response began on) proves that a prompt changed; an unreadable
 * screen proves nothing; a proven screen stays proven only while it still shows the same thing.
 * A window of a scrolled list proves it only when it belongs to another question than the one answered.
 */
import { strict as assert } from 'node:assert';
import type { ListWindow, Recognition } from '../../../src/adapters/types';
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
});
