import { strict as assert } from 'node:assert';
import { thrownCode } from '../../support/akk-error';
import { resolveAnswers, resolveDecision, type StoredKeyPlan } from '../../../src/server/step/answer-plan';
import type { StoredOptionDraft } from '../../../src/server/step/projection';

const opt = (optionId: string, semanticId: string, extra: Partial<StoredOptionDraft> = {}): StoredOptionDraft => ({
  questionId: 'q1',
  optionId,
  label: optionId,
  action: { effect: 'answer', semanticId },
  freeform: { allowed: false },
  ...extra,
});

const single: StoredKeyPlan = {
  kind: 'questionnaire',
  responseKind: 'single_select',
  question: {
    choose: {
      o1: [{ action: { keys: ['1'] }, expect: { kind: 'prompt_changed' } }],
      o3: [{ action: { keys: ['3'] }, expect: { kind: 'free_text_editing', optionKey: 'o3', text: '' } }],
    },
  },
};

describe('answer planning', () => {
  const options = [opt('A', 'o1'), opt('C', 'o3')];

  it('resolves a single-select id through the stored action to the adapter plan', () => {
    const r = resolveAnswers(
      [{ question_id: 'q1', response_kind: 'single_select', selected_option_ids: ['A'] }],
      options,
      single,
    );
    assert.deepEqual(r.steps, single.question?.choose.o1);
    assert.deepEqual(r.optionIds, ['A']);
  });

  it('refuses ids that are not stored, other questions, other kinds and batches', () => {
    assert.equal(
      thrownCode(() =>
        resolveAnswers(
          [{ question_id: 'q1', response_kind: 'single_select', selected_option_ids: ['Z'] }],
          options,
          single,
        ),
      ),
      'option_not_stored',
    );
    assert.equal(
      thrownCode(() =>
        resolveAnswers(
          [{ question_id: 'q9', response_kind: 'single_select', selected_option_ids: ['A'] }],
          options,
          single,
        ),
      ),
      'question_not_stored',
    );
    assert.equal(
      thrownCode(() =>
        resolveAnswers(
          [{ question_id: 'q1', response_kind: 'multi_select', selected_option_ids: ['A'] }],
          options,
          single,
        ),
      ),
      'invalid_params',
    );
    assert.equal(
      thrownCode(() =>
        resolveAnswers(
          [
            { question_id: 'q1', response_kind: 'single_select', selected_option_ids: ['A'] },
            { question_id: 'q1', response_kind: 'single_select', selected_option_ids: ['C'] },
          ],
          options,
          single,
        ),
      ),
      'invalid_params',
    );
  });

  const freePlan: StoredKeyPlan = {
    kind: 'questionnaire',
    responseKind: 'free_text',
    question: { choose: {}, freeText: { optionKey: 'o3', open: [], submit: { keys: ['Enter'] } } },
  };
  const freeOptions = [opt('T', 'free_text', { freeform: { allowed: true, maxLength: 799 } })];

  it('types free text, proves it in the editor, then submits', () => {
    const r = resolveAnswers(
      [{ question_id: 'q1', response_kind: 'free_text', text: 'my project' }],
      freeOptions,
      freePlan,
    );
    assert.deepEqual(
      r.steps.map((s) => s.action),
      [{ text: 'my project' }, { keys: ['Enter'] }],
    );
    assert.deepEqual(r.steps[0]?.expect, { kind: 'free_text_editing', optionKey: 'o3', text: 'my project' });
    assert.deepEqual(r.digestParts, ['T', 'my project']);
  });

  it('refuses 800 characters (the paste-collapse threshold) before anything is reserved', () => {
    assert.equal(
      thrownCode(() =>
        resolveAnswers(
          [{ question_id: 'q1', response_kind: 'free_text', text: 'x'.repeat(800) }],
          freeOptions,
          freePlan,
        ),
      ),
      'text_too_long',
    );
    assert.doesNotThrow(() =>
      resolveAnswers([{ question_id: 'q1', response_kind: 'free_text', text: 'x'.repeat(799) }], freeOptions, freePlan),
    );
  });

  it(
    'refuses multi-line, control characters, empty text and spaces at either end ' +
      '(they cannot be proven on screen)',
    () => {
      for (const text of ['a\nb', 'a\u001b[2Jb', '   ', 'a\u2028b', ' leading', 'trailing ', 'tab\t']) {
        assert.equal(
          thrownCode(() =>
            resolveAnswers([{ question_id: 'q1', response_kind: 'free_text', text }], freeOptions, freePlan),
          ),
          'invalid_params',
          JSON.stringify(text),
        );
      }
    },
  );

  it('refuses free text where the stored option does not allow it', () => {
    assert.equal(
      thrownCode(() =>
        resolveAnswers(
          [{ question_id: 'q1', response_kind: 'free_text', text: 'x' }],
          [opt('T', 'free_text')],
          freePlan,
        ),
      ),
      'freeform_not_allowed',
    );
  });

  it('toggles only the differences, in the order chosen, proving the checked set after each', () => {
    const plan: StoredKeyPlan = {
      kind: 'questionnaire',
      responseKind: 'multi_select',
      checked: ['o1'],
      question: {
        choose: {},
        toggle: { o1: { keys: ['1'] }, o2: { keys: ['2'] }, o3: { keys: ['3'] } },
        advance: { keys: ['Tab'] },
      },
    };
    const opts = [opt('A', 'o1'), opt('B', 'o2'), opt('C', 'o3')];
    const r = resolveAnswers(
      [{ question_id: 'q1', response_kind: 'multi_select', selected_option_ids: ['C', 'B'] }],
      opts,
      plan,
    );
    assert.deepEqual(
      r.steps.map((s) => [s.action, s.expect]),
      [
        [{ keys: ['1'] }, { kind: 'checked', optionKeys: [] }],
        [{ keys: ['3'] }, { kind: 'checked', optionKeys: ['o3'] }],
        [{ keys: ['2'] }, { kind: 'checked', optionKeys: ['o2', 'o3'] }],
        [{ keys: ['Tab'] }, { kind: 'prompt_changed' }],
      ],
    );
  });

  describe('a multi-select finished from the row the cursor is on (a Done row no one key reaches)', () => {
    const up = (key: string) => ({ action: { keys: ['Up'] }, expect: { kind: 'cursor_on' as const, optionKey: key } });
    const enter = { action: { keys: ['Enter'] }, expect: { kind: 'prompt_changed' as const } };
    const plan = (at: string): StoredKeyPlan => ({
      kind: 'questionnaire',
      responseKind: 'multi_select',
      checked: ['o1'],
      question: {
        choose: {},
        toggle: { o1: { keys: ['1'] }, o2: { keys: ['2'] } },
        advanceFrom: { at, from: { o1: [up('done'), enter], o2: [up('o1'), up('done'), enter], done: [enter] } },
      },
    });
    const opts = [opt('A', 'o1'), opt('B', 'o2')];
    const answer = (ids: string[], at: string) =>
      resolveAnswers([{ question_id: 'q1', response_kind: 'multi_select', selected_option_ids: ids }], opts, plan(at));

    it('finishes from the last row toggled', () => {
      assert.deepEqual(
        answer(['B'], 'done').steps.map((s) => s.action),
        [{ keys: ['1'] }, { keys: ['2'] }, { keys: ['Up'] }, { keys: ['Up'] }, { keys: ['Enter'] }],
      );
    });

    it('with nothing to toggle, finishes from the row the cursor was on', () => {
      assert.deepEqual(
        answer(['A'], 'done').steps.map((s) => s.action),
        [{ keys: ['Enter'] }],
      );
    });

    it('with no steps from that row, is manual and plans nothing', () => {
      assert.equal(
        thrownCode(() => answer(['A'], 'o5')),
        'manual_required',
      );
    });
  });

  it('offers reject only where the plan proves it', () => {
    const plan: StoredKeyPlan = {
      kind: 'permission',
      permission: { approve_once: [{ action: { keys: ['1'] }, expect: { kind: 'prompt_changed' } }] },
    };
    assert.equal(resolveDecision('approve_once', plan).length, 1);
    assert.equal(
      thrownCode(() => resolveDecision('reject', plan)),
      'manual_required',
    );
  });
});
