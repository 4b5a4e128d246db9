import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { thrownCode } from '../../support/akk-error';
import { FIXTURES } from '../../../src/qualify/corpus/fixture-corpus';
import { recognize } from '../../../src/adapters/recognize';
import type { QuestionnaireRecognition, Recognition, ScreenSnapshot } from '../../../src/adapters/types';
import { projectPermission, projectQuestionnaire, riskOf } from '../../../src/server/step/projection';
import {
  checkFromText,
  checkDecisionAllowed,
  doNotSubmitPhrase,
  foldText,
  resolveWords,
  textPolicyFor,
} from '../../../src/server/step/text-resolution';
import type { Interaction, TextResolutionPolicy } from '../../../src/server/store';
import { readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

/** A captured screen of the newest Claude Code, recognised as the server does. */
function screen(version: string, size: string, base: string): Recognition {
  const dir = join(FIXTURES, 'claude', version, size);
  const text = (ext: string): string[] =>
    readCorpusFile(join(dir, `${base}${ext}`))
      .replace(/\n$/, '')
      .split('\n');
  const [cols, rows] = size.split('x').map(Number) as [number, number];
  const snap: ScreenSnapshot = { plain: text('.txt'), styled: text('.ansi.txt'), cols, rows };
  return recognize('claude', version, snap);
}

/** The interaction the tracker would create for a recognised prompt, with the policy it would get. */
function interactionOf(r: Recognition, allowModel = false): Interaction {
  assert.ok(r.kind === 'questionnaire' || r.kind === 'permission', `a prompt, not ${r.kind}`);
  const draft =
    r.kind === 'questionnaire' ? projectQuestionnaire(r, 'claude', 'turn-1') : projectPermission(r, 'claude', 'turn-1');
  const risk = riskOf(r);
  const textPolicy = textPolicyFor(r.kind === 'questionnaire' ? r : undefined, draft.options, risk, allowModel);
  const ix: Interaction = {
    ...draft,
    id: 'ix-1',
    owner: 'workspace',
    sessionId: 's-1',
    turnId: 'turn-1',
    payloadHash: 'h',
    status: 'active',
    blocking: true,
    boundRevision: 1,
    revisionIndependent: false,
    textPolicy,
    riskClass: risk,
    createdAt: 0,
    resolvedAt: null,
    outcome: null,
    options: draft.options.map((o) => ({ ...o, freeform: o.freeform })),
  };
  return ix;
}

const V = '2.1.332';

describe('words as answers: policies and resolution', () => {
  // The scenario asks "Which database should the service use?" with SQLite (Recommended),
  // PostgreSQL, MySQL, then the native "Type something." row.
  const single = interactionOf(screen(V, '120x40', '04-single-select'));
  const idOf = (label: string): string => single.options.find((o) => o.label === label)?.optionId ?? '';

  it('gives a low-risk single-select step exact aliases: each answering label, its number, no free-text row', () => {
    const p = single.textPolicy;
    assert.equal(p.mode, 'exact_aliases');
    const aliases = (p.aliases ?? []).map(
      (a) => `${single.options.find((o) => o.optionId === a.optionId)?.label}=${a.alias}`,
    );
    assert.deepEqual(aliases.sort(), [
      'MySQL=3',
      'MySQL=MySQL',
      'PostgreSQL=2',
      'PostgreSQL=PostgreSQL',
      'SQLite (Recommended)=1',
      'SQLite (Recommended)=SQLite',
      'SQLite (Recommended)=SQLite (Recommended)',
    ]);
  });

  it('resolves a label, its number, the label without "(Recommended)"; case, spacing, diacritics aside', () => {
    for (const words of ['postgresql', '  PostgreSQL. ', '2', 'PóstgreSQL']) {
      const r = resolveWords(single, words);
      assert.equal(r.status, 'resolved', words);
      assert.equal(r.status === 'resolved' && r.option_id, idOf('PostgreSQL'), words);
      assert.equal(r.status === 'resolved' && r.via, 'exact_alias');
    }
    const sqlite = resolveWords(single, 'sqlite');
    assert.equal(sqlite.status === 'resolved' && sqlite.label, 'SQLite (Recommended)');
  });

  it('refuses words that are not exactly one alias: a sentence, a partial label, the free-text row', () => {
    for (const words of ['PostgreSQL please', 'Postgres', 'yes', '5', 'Type something', '4'])
      assert.equal(
        thrownCode(() => resolveWords(single, words)),
        'text_unresolved',
        words,
      );
  });

  it('blocks the turn on words that say not to submit, before any alias', () => {
    for (const words of ["don't submit", 'Do not submit yet', 'wait', 'STOP', 'hold on, 2', 'not yet'])
      assert.equal(
        thrownCode(() => resolveWords(single, words)),
        'submission_blocked',
        words,
      );
    assert.equal(doNotSubmitPhrase('PostgreSQL'), undefined);
    assert.equal(doNotSubmitPhrase('don’t send it'), "don't send");
  });

  it('reads "stop" and "wait" as phrases of their own, not as words inside a sentence', () => {
    for (const words of ['wait, I want to check first', 'PostgreSQL, but wait', 'Stop!', 'hold on - 2', 'ok. wait'])
      assert.notEqual(doNotSubmitPhrase(words), undefined, words);
    for (const words of [
      'stop using rm',
      'wait for the review',
      "don't stop the server",
      'a waiting room',
      'Stopwatch',
    ])
      assert.equal(doNotSubmitPhrase(words), undefined, words);
  });

  it('never blocks a rejection, whatever its reason says; an approval is read as any reply', () => {
    assert.doesNotThrow(() => checkDecisionAllowed({ decision: 'reject', message: "stop, don't approve this" }));
    assert.equal(
      thrownCode(() => checkDecisionAllowed({ decision: 'approve_once', message: "wait, don't approve yet" })),
      'submission_blocked',
    );
    assert.doesNotThrow(() => checkDecisionAllowed({ decision: 'approve_once', message: 'stop using rm after this' }));
  });

  it('model path: only with the switch; the model may name one stored answering option or none', () => {
    const modelled = interactionOf(screen(V, '120x40', '04-single-select'), true);
    assert.equal(modelled.textPolicy.mode, 'model_interpreted_low_risk');
    // An exact alias still resolves directly.
    assert.equal(resolveWords(modelled, '3').status, 'resolved');
    const need = resolveWords(modelled, 'the one with good concurrency');
    assert.equal(need.status, 'model_needed');
    const offered = need.status === 'model_needed' ? need.options.map((o) => o.label) : [];
    assert.deepEqual(offered, ['SQLite (Recommended)', 'PostgreSQL', 'MySQL']);
    const pg = modelled.options.find((o) => o.label === 'PostgreSQL')?.optionId ?? '';
    const r = resolveWords(modelled, 'the one with good concurrency', pg);
    assert.equal(r.status === 'resolved' && r.via, 'model');
    assert.equal(
      thrownCode(() => resolveWords(modelled, 'anything', 'none')),
      'text_unresolved',
    );
    const typeSomething = modelled.options.find((o) => o.label.startsWith('Type something'))?.optionId ?? 'x';
    assert.equal(
      thrownCode(() => resolveWords(modelled, 'anything', typeSomething)),
      'option_not_stored',
    );
    // Without the switch a model reading is never accepted.
    assert.equal(
      thrownCode(() => resolveWords(single, 'the one with good concurrency', pg)),
      'text_unresolved',
    );
  });

  it('a structured answer that says it came from words is read again to the same option', () => {
    const pg = idOf('PostgreSQL');
    checkFromText(single, [pg], { text: 'postgresql', via: 'exact_alias' });
    assert.equal(
      thrownCode(() => checkFromText(single, [idOf('MySQL')], { text: 'postgresql', via: 'exact_alias' })),
      'text_unresolved',
    );
    assert.equal(
      thrownCode(() => checkFromText(single, [pg], { text: 'postgresql', via: 'model' })),
      'text_unresolved',
    );
  });

  it('never lets words answer a permission, a multi-select step, a plan to approve, or the free-text editor', () => {
    const never = (r: Recognition): TextResolutionPolicy => interactionOf(r, true).textPolicy;
    const bash = screen(V, '120x40', '32-permission-bash');
    assert.equal(bash.kind, 'permission');
    assert.deepEqual(never(bash), { mode: 'never' });
    assert.equal(
      thrownCode(() => resolveWords(interactionOf(bash), 'yes')),
      'text_not_allowed',
    );
    const multi = screen(V, '120x40', '06-multi-select');
    assert.deepEqual(never(multi), { mode: 'never' });
    const plan = planScreen();
    assert.equal((plan as QuestionnaireRecognition).question.context !== undefined, true);
    assert.deepEqual(never(plan), { mode: 'never' });
  });

  it('folds text for comparison only', () => {
    assert.equal(foldText('  Ünïcode   Label!! '), 'unicode label');
  });
});

/** The plan-approval screen of the daily scenarios (its question is drawn with the plan). */
function planScreen(): Recognition {
  return screen(V, '120x40', '59-plan-approval');
}
