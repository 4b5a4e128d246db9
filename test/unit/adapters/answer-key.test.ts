/**
 * Every captured screen against its own answer key, worked out without the recognizer (see
 * answer-key/): what kind of step it is, the question, options and descriptions the model put on
 * screen, the current option, the step position, the decisions offered, and that AKK's key plan
 * for the answer the harness gave is exactly the keys the harness pressed. The answer key itself is
 * held to what the fake model received. Checks the ground truth cannot decide are named skips.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import type { QuestionnaireRecognition, Recognition } from '../../../src/adapters/types';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { GroundTruth, TargetIndex } from '../../harness/capture';
import { FIXTURES, loadCorpus } from '../../support/fixture-corpus';
import { answerKeys, type ScreenKey } from './answer-key';
import { plannedKeys } from './answer-key/plans';
import type { Delivery, Expected, ExpectedQuestionnaire } from './answer-key/types';

function describeExpected(e: Expected): string {
  if (e.kind === 'activity') return `activity (${e.state})`;
  if (e.kind === 'manual_required') return `manual: ${e.because}`;
  if (e.kind === 'permission') return `permission (${e.tool}: ${e.decisions.join(', ')})`;
  return `${e.responseKind} step ${e.step.index}/${e.step.total}`;
}

function checkQuestionnaire(r: QuestionnaireRecognition, e: ExpectedQuestionnaire): void {
  assert.equal(r.question.responseKind, e.responseKind, 'response kind');
  assert.deepEqual(r.step, e.step, 'step index and total');
  if (!e.skips.prompt) assert.equal(r.question.prompt, e.prompt, 'question text');
  if (!e.skips.header) assert.equal(r.question.header, e.header, 'header');
  const got = r.question.options;
  assert.equal(got.length, e.options.length, `options: ${JSON.stringify(got.map((o) => o.label))}`);
  e.options.forEach((want, i) => {
    const o = got[i];
    assert.ok(o, `option ${i + 1} missing`);
    if (want.label !== undefined) assert.equal(o.label, want.label, `label of option ${i + 1}`);
    assert.equal(o.role, want.role, `role of "${o.label}"`);
    if (want.description === null) assert.equal(o.description, undefined, `"${o.label}" has no description on screen`);
    else if (want.description !== undefined)
      assert.equal(o.description, want.description, `description of "${o.label}"`);
    if (want.descriptionStartsWith !== undefined)
      assert.ok(o.description?.startsWith(want.descriptionStartsWith), `description of "${o.label}": ${o.description}`);
    if (want.checked !== undefined) assert.equal(o.checked === true, want.checked, `whether "${o.label}" is checked`);
  });
  if (e.skips.focus || !e.focus) return;
  if ('none' in e.focus) assert.equal(r.focusedKey, undefined, 'no option is current');
  else if ('label' in e.focus) {
    const focused = got.find((o) => o.key === r.focusedKey);
    assert.equal(focused?.label, e.focus.label, `current option (focused key ${String(r.focusedKey)})`);
  } else {
    // The editor's row, by the adapters' row keys (`o<n>`).
    assert.equal(r.focusedKey, `o${e.focus.editingRow}`, 'current row (the one being edited)');
    assert.equal(r.plan.freeText?.optionKey, `o${e.focus.editingRow}`, 'the row the typed text belongs to');
  }
}

function checkRecognition(r: Recognition, e: Expected): void {
  assert.equal(r.kind, e.kind, `recognised as ${JSON.stringify(r).slice(0, 300)}`);
  if (r.kind === 'activity' && e.kind === 'activity') assert.equal(r.state, e.state, 'activity');
  if (r.kind === 'permission' && e.kind === 'permission') {
    assert.deepEqual(
      { tool: r.tool, title: r.title, subject: r.subject, decisions: r.decisions },
      { tool: e.tool, title: e.title, subject: e.subject, decisions: e.decisions },
    );
  }
  if (r.kind === 'questionnaire' && e.kind === 'questionnaire') checkQuestionnaire(r, e);
}

function checkDelivery(truth: GroundTruth | undefined, d: Delivery): void {
  assert.ok(truth, 'the capture recorded no ground truth');
  if (d.kind === 'async_answer') {
    assert.equal(truth.kind, 'user_message');
    assert.ok(truth.text.includes(d.question) && truth.text.includes(d.answer), truth.text);
    return;
  }
  assert.equal(truth.kind, 'tool_result');
  switch (d.kind) {
    case 'claude_answers':
      assert.equal(truth.isError, false);
      for (const [q, a] of d.pairs)
        assert.ok(truth.content.includes(`"${q}"="${a}"`), `"${q}"="${a}" not in ${truth.content}`);
      assert.equal(truth.content.match(/"="/g)?.length, d.pairs.length, 'one pair per answered question');
      break;
    case 'claude_permission':
      assert.equal(truth.isError, !d.approved, truth.content);
      if (d.said !== undefined) assert.ok(truth.content.endsWith(`\n${d.said}`), truth.content);
      break;
    case 'codex_answers': {
      const answers = Object.fromEntries(Object.entries(d.answers).map(([id, a]) => [id, { answers: a }]));
      assert.deepEqual(JSON.parse(truth.content), { answers });
      break;
    }
    case 'codex_approval':
      assert.match(truth.content, d.approved ? /exited with code 0|Exit code: 0/ : /aborted by user/);
      break;
  }
}

/** The plan check for one screen: a test, or a named skip. */
function planCheck(k: ScreenKey): void {
  const e = k.expected;
  if (e.kind !== 'questionnaire' && e.kind !== 'permission') return;
  const id = k.fixture.id;
  const a = k.answer;
  if (!a) return void it(`${id}: key plan: skipped, the capture left this step unanswered`);
  if (a.answer.kind === 'not_offered') return void it(`${id}: key plan: skipped, ${a.answer.why}`);
  if (a.detour) return void it(`${id}: key plan: skipped, ${a.detour}`);
  if (a.answer.kind === 'decision' && e.kind === 'permission' && !e.decisions.includes(a.answer.decision)) {
    return void it(
      `${id}: key plan: skipped, the harness answered ${a.answer.decision}, which this screen cannot offer`,
    );
  }
  it(`${id}: AKK's keys for ${JSON.stringify(a.answer)} are the harness's ${JSON.stringify(a.keys)}`, () => {
    const r = recognize(k.fixture.agent, k.fixture.version, k.fixture.screen);
    assert.ok(
      r.kind === 'questionnaire' || r.kind === 'permission',
      `not actionable: ${JSON.stringify(r).slice(0, 200)}`,
    );
    assert.ok(k.fixture.agent !== 'unknown');
    assert.deepEqual(plannedKeys(k.fixture.agent, r, a.answer), a.keys);
  });
}

/** Every screen the capture listed in a target's index.json. */
function indexedScreens(): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) visit(join(dir, e.name));
      else if (e.name === 'index.json') {
        const index = JSON.parse(readFileSync(join(dir, e.name), 'utf8')) as TargetIndex;
        for (const f of index.files) out.push(relative(FIXTURES, join(dir, f.file)));
      }
    }
  };
  visit(FIXTURES);
  return out.sort();
}

let keys: ScreenKey[] = [];
let failure: Error | undefined;
try {
  keys = answerKeys();
} catch (e) {
  failure = e instanceof Error ? e : new Error(String(e));
}

describe('every captured screen against its answer key', () => {
  it('has an answer key for every screen of the corpus', () => {
    if (failure) throw failure;
    const corpus = loadCorpus();
    assert.deepEqual(
      corpus.map((f) => f.id).sort(),
      indexedScreens(),
      "the screens on disk are those the targets' index.json list",
    );
    assert.deepEqual(
      keys.map((k) => k.fixture.id),
      corpus.map((f) => f.id),
    );
  });

  it('permissions: the current row is not checked, decisions are keyed by digit or letter whatever the cursor');

  describe('recognition', () => {
    for (const k of keys) {
      it(`${k.fixture.id}: ${describeExpected(k.expected)}`, () =>
        checkRecognition(recognize(k.fixture.agent, k.fixture.version, k.fixture.screen), k.expected));
      const skips = k.expected.kind === 'questionnaire' ? Object.entries(k.expected.skips) : [];
      for (const [aspect, why] of skips) it(`${k.fixture.id}: ${aspect}: skipped, ${why}`);
    }
  });

  describe("AKK's key plan for the harness's answer", () => {
    for (const k of keys) planCheck(k);
  });

  describe('what the fake model received for each submitted answer', () => {
    for (const k of keys) {
      const d = k.delivery;
      if (d) it(`${k.fixture.id}: ${d.kind}`, () => checkDelivery(k.side.groundTruth, d));
    }
  });
});
