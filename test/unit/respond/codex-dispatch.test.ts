/**
 * Dispatch pieces Codex needs: Notes with the paste-suppression delay, async projection and delivery
 * modes, cursor proofs.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import type { QuestionnaireRecognition } from '../../../src/adapters/types';
import { thrownCode } from '../../support/akk-error';
import { keyPlanOf, resolveAnswers, type StoredKeyPlan } from '../../../src/server/step/answer-plan';
import { projectQuestionnaire } from '../../../src/server/step/projection';
import type { TerminalInteraction } from '../../../src/shared/contract';
import { checkDeliveryMode } from '../../../src/server/respond/request-checks';
import { expectationMet } from '../../../src/server/respond/step-proof';
import { loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';

const corpus = loadCorpus().filter((f) => f.agent === 'codex' && f.version === '0.171.0' && f.screen.cols === 80);
/** The screen a key was sent to, and the prompt the response began on. */
const BEFORE = { fingerprint: 'before', original: { fingerprint: 'before' } };

function questionnaire(state: string): QuestionnaireRecognition {
  const f = corpus.find((x) => x.state === state);
  assert.ok(f, state);
  const r = recognize('codex', f.version, f.screen);
  assert.ok(r.kind === 'questionnaire', `${state}: ${r.kind}`);
  return r;
}

describe('Codex dispatch', () => {
  it('types Notes, proves them, then waits out the paste window before the single Enter', () => {
    const r = questionnaire('notes');
    const draft = projectQuestionnaire(r, 'codex', 'turn_1');
    const q = (draft.payload as TerminalInteraction).questions[0];
    assert.ok(q);
    assert.equal(q.max_length, 72);
    const resolved = resolveAnswers(
      [{ question_id: q.question_id, response_kind: 'free_text', text: 'Prefer a small static binary' }],
      draft.options,
      keyPlanOf(r),
    );
    assert.deepEqual(resolved.steps, [
      {
        action: { text: 'Prefer a small static binary' },
        expect: { kind: 'free_text_editing', optionKey: 'o1', text: 'Prefer a small static binary' },
      },
      { action: { keys: ['Enter'] }, expect: { kind: 'prompt_changed' }, delayBeforeMs: 300 },
    ]);
    assert.equal(
      thrownCode(() =>
        resolveAnswers(
          [{ question_id: q.question_id, response_kind: 'free_text', text: '界'.repeat(40) }],
          draft.options,
          keyPlanOf(r),
        ),
      ),
      'text_too_long',
    );
  });

  it('projects an async question with its delivery modes; a blocking one has none', () => {
    const a = projectQuestionnaire(questionnaire('async-question'), 'codex', 'turn_1');
    assert.equal(a.kind, 'async_question');
    assert.equal(a.payload.kind, 'async_question');
    assert.deepEqual(a.payload.delivery_modes, ['steer_current_turn']);
    const b = projectQuestionnaire(questionnaire('single-select'), 'codex', 'turn_1');
    assert.equal(b.kind, 'questionnaire');
    assert.equal('delivery_modes' in b.payload, false);
  });

  it('accepts only advertised delivery modes, defaulting to steer or the only mode', () => {
    const steer: StoredKeyPlan = { kind: 'questionnaire', deliveryModes: ['steer_current_turn'] };
    const queue: StoredKeyPlan = { kind: 'questionnaire', deliveryModes: ['queue_next_turn'] };
    assert.equal(
      thrownCode(() => checkDeliveryMode(undefined, steer)),
      'no error',
    );
    assert.equal(
      thrownCode(() => checkDeliveryMode('queue_next_turn', steer)),
      'invalid_params',
    );
    assert.equal(
      thrownCode(() => checkDeliveryMode(undefined, queue)),
      'no error',
    );
    assert.equal(
      thrownCode(() => checkDeliveryMode('steer_current_turn', queue)),
      'invalid_params',
    );
    assert.equal(
      thrownCode(() => checkDeliveryMode(undefined, { kind: 'questionnaire' })),
      'manual_required',
    );
  });

  it('proves cursor moves and Notes ownership from the recaptured screen', () => {
    const moved = questionnaire('none-of-the-above');
    assert.equal(
      expectationMet({ kind: 'cursor_on', optionKey: 'o3' }, BEFORE, {
        recognition: moved,
        fingerprint: 'x',
        editor: undefined,
      }),
      true,
    );
    assert.equal(
      expectationMet({ kind: 'cursor_on', optionKey: 'o2' }, BEFORE, {
        recognition: moved,
        fingerprint: 'x',
        editor: undefined,
      }),
      false,
    );
    const notes = questionnaire('none-of-the-above-notes');
    const expect = { kind: 'free_text_editing', optionKey: 'o3', text: '' } as const;
    assert.equal(
      expectationMet(expect, BEFORE, { recognition: notes, fingerprint: 'x', editor: { text: '', optionKey: 'o3' } }),
      true,
    );
    assert.equal(
      expectationMet(expect, BEFORE, { recognition: notes, fingerprint: 'x', editor: { text: '', optionKey: 'o1' } }),
      false,
    );
  });
});
