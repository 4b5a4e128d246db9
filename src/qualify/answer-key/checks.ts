/**
 * The checks of a screen against its answer key, as functions: the unit tier wraps each in a test,
 * qualification (src/qualify/runner) runs them on a candidate version's captured screens.
 */
import { strict as assert } from 'node:assert';
import type { DeliveryModeName, QuestionnaireRecognition, Recognition } from '../../adapters/types';
import type { GroundTruth } from '../capture';
import type { ScreenKey } from './index';
import { plannedKeys } from './plans';
import type { Delivery, Expected, ExpectedQuestionnaire } from './types';

export function describeExpected(e: Expected): string {
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

export function checkRecognition(r: Recognition, e: Expected): void {
  assert.equal(r.kind, e.kind, `recognised as ${JSON.stringify(r).slice(0, 300)}`);
  if (r.kind === 'activity' && e.kind === 'activity') assert.equal(r.state, e.state, 'activity');
  if (r.kind === 'manual_required' && e.kind === 'manual_required' && e.startup !== undefined)
    assert.equal(r.startup, e.startup, 'the start-up screen');
  if (r.kind === 'manual_required' && e.kind === 'manual_required')
    assert.equal(r.dialog, e.dialog, 'the dialog of its own the client drew mid-session');
  if (r.kind === 'permission' && e.kind === 'permission') {
    assert.deepEqual(
      { tool: r.tool, title: r.title, subject: r.subject, decisions: r.decisions },
      { tool: e.tool, title: e.title, subject: e.subject, decisions: e.decisions },
    );
    if (e.preview) assert.deepEqual(r.preview, e.preview, 'what the prompt shows beside its subject');
  }
  if (r.kind === 'questionnaire' && e.kind === 'questionnaire') checkQuestionnaire(r, e);
}

export function checkDelivery(truth: GroundTruth | undefined, d: Delivery): void {
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
    case 'claude_fetch':
      assert.equal(truth.isError, true, truth.content);
      if (d.approved)
        assert.ok(truth.content.startsWith(`Unable to verify if domain ${d.domain} is safe to fetch`), truth.content);
      else assert.match(truth.content, /^The user doesn't want to proceed with this tool use\./);
      break;
    case 'claude_plan':
      assert.equal(truth.isError, !d.approved, truth.content);
      if (d.approved) assert.ok(truth.content.includes(d.plan), `the approved plan is not quoted: ${truth.content}`);
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
    case 'codex_permissions': {
      const got = JSON.parse(truth.content) as { permissions: Record<string, unknown>; scope: string };
      assert.equal(got.scope, 'turn', truth.content);
      for (const [name, asked] of Object.entries(d.requested))
        assert.deepEqual(got.permissions[name], d.granted ? asked : null, `${name}: ${truth.content}`);
      break;
    }
    case 'gemini_result':
      assert.equal(truth.isError, false, truth.content);
      for (const text of d.includes) assert.ok(truth.content.includes(text), `${text} not in ${truth.content}`);
      break;
  }
}

/** The key-plan check of one screen: why it is skipped, or the check (given the screen's recognition). */
export function planCheck(
  k: ScreenKey,
): { skip: string } | { name: string; check: (r: Recognition) => void } | undefined {
  const e = k.expected;
  if (e.kind !== 'questionnaire' && e.kind !== 'permission') return undefined;
  const a = k.answer;
  if (!a) return { skip: 'the capture left this step unanswered' };
  if (a.answer.kind === 'not_offered') return { skip: a.answer.why };
  if (a.detour) return { skip: a.detour };
  if (a.answer.kind === 'decision' && e.kind === 'permission' && !e.decisions.includes(a.answer.decision)) {
    return { skip: `the harness answered ${a.answer.decision}, which this screen cannot offer` };
  }
  const answer = a.answer;
  return {
    name: `AKK's keys for ${JSON.stringify(answer)} are the harness's ${JSON.stringify(a.keys)}`,
    check: (r) => {
      assert.ok(
        r.kind === 'questionnaire' || r.kind === 'permission',
        `not actionable: ${JSON.stringify(r).slice(0, 200)}`,
      );
      assert.ok(k.fixture.agent !== 'unknown');
      assert.deepEqual(plannedKeys(k.fixture.agent, r, answer), a.keys);
    },
  };
}

interface CheckResult {
  screen: string;
  check: 'recognition' | 'key plan' | 'delivery' | 'delivery mode';
  status: 'passed' | 'failed' | 'skipped';
  detail?: string;
}

/** Every check of every screen, with `recognise` standing for the profile under test. */
export function runChecks(keys: readonly ScreenKey[], recognise: (k: ScreenKey) => Recognition): CheckResult[] {
  const out: CheckResult[] = [];
  const run = (screen: string, check: CheckResult['check'], fn: () => void): void => {
    try {
      fn();
      out.push({ screen, check, status: 'passed' });
    } catch (e) {
      out.push({ screen, check, status: 'failed', detail: e instanceof Error ? e.message : String(e) });
    }
  };
  for (const k of keys) {
    const id = k.fixture.id;
    const r = recognise(k);
    run(id, 'recognition', () => checkRecognition(r, k.expected));
    const p = planCheck(k);
    if (p && 'skip' in p) out.push({ screen: id, check: 'key plan', status: 'skipped', detail: p.skip });
    else if (p) run(id, 'key plan', () => p.check(r));
    const d = k.delivery;
    if (d) run(id, 'delivery', () => checkDelivery(k.side.groundTruth, d));
    const m = deliveryModeCheck(k, keys);
    if (m) run(id, 'delivery mode', () => m(r));
  }
  return out;
}

/**
 * How the client said it delivered an async answer, on the screen captured once the answer was on
 * screen (`async-answered`): queued until the turn's next tool call, or steering the running turn.
 */
function shownDeliveryMode(screen: readonly string[]): DeliveryModeName | undefined {
  const text = screen.join('\n');
  if (text.includes('Messages to be submitted after next tool call')) return 'queue_next_turn';
  if (text.includes('↪ Re:') || /^› > /m.test(text)) return 'steer_current_turn';
  return undefined;
}

/**
 * For an async question's screen: the delivery mode the recognition claims must be the one the
 * client showed after the answer (the same scenario's `async-answered` screen).
 */
export function deliveryModeCheck(k: ScreenKey, keys: readonly ScreenKey[]): ((r: Recognition) => void) | undefined {
  if (k.expected.kind !== 'questionnaire') return undefined;
  const answered = keys.find(
    (x) =>
      x.fixture.dir === k.fixture.dir &&
      x.side.scenario === k.side.scenario &&
      x.side.step > k.side.step &&
      x.side.state === 'async-answered',
  );
  if (!answered) return undefined;
  const shown = shownDeliveryMode(answered.fixture.screen.plain);
  return (r) => {
    assert.ok(shown, `${answered.fixture.id} does not show how the answer was delivered`);
    assert.ok(r.kind === 'questionnaire' && r.asyncDelivery, `not an async question: ${r.kind}`);
    assert.deepEqual(r.asyncDelivery.modes, [shown], `the client showed ${shown} on ${answered.fixture.id}`);
  };
}
