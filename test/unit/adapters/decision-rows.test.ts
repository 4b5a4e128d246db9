/**
 * Every decision a permission offers says what it grants: on every stored screen of every client,
 * the key planned for `approve_once` selects a native row that grants exactly this once (never for
 * the turn, the session, the conversation or from now on), and the key for `reject` selects a No
 * row. The labels the editor shows for them ("Approve once", "Yes, once"; "Reject", "No") are
 * checked against the rows they type, read from the screen as drawn, not from the recognizer.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import type { PermissionRecognition, ScreenSnapshot } from '../../../src/adapters/types';
import { projectPermission } from '../../../src/server/step/projection';
import { AGENTS, isAgentName } from '../../../src/shared/agents';
import { loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';

/** A scope wider than this once, in a row's words. */
const BROADER = /\b(turn|session|always|don't ask again|future|conversation|all |auto)/i;
/** A row that grants exactly once: its words, without the shortcut in brackets. */
const ONCE = /^(Yes|Yes, just this once|Yes, proceed|Allow once)$/;

/**
 * The text of the native row a single key selects: `N.` for a digit, `(c)` at its end for a letter.
 * The dialog is the last thing drawn: rows are read from the bottom up, past a numbered list above it
 * (Gemini CLI's start-up tips).
 */
function rowFor(screen: ScreenSnapshot, key: string): string | undefined {
  for (const line of [...screen.plain].reverse()) {
    const m = /^[\s│|]*(?:[›❯>●]\s*)?(\d+)\.\s+(.+?)\s*[│|]?\s*$/u.exec(line);
    if (!m) continue;
    const text = m[2] as string;
    if (/^\d$/.test(key) ? m[1] === key : text.endsWith(`(${key})`)) return text;
  }
  return undefined;
}

const words = (row: string): string => row.replace(/\s*\([^()]*\)$/u, '').trim();

const permissions = loadCorpus().flatMap((f) => {
  const r = recognize(f.agent, f.version, f.screen);
  return r.kind === 'permission' ? [{ f, r }] : [];
});

function onlyKey(r: PermissionRecognition, decision: 'approve_once' | 'reject'): string {
  const steps = r.plan[decision] ?? [];
  const action = steps[0]?.action;
  assert.ok(steps.length === 1 && action && 'keys' in action && action.keys.length === 1, JSON.stringify(steps));
  return action.keys[0] as string;
}

describe('permission decisions against the rows they type', () => {
  it('has permission screens of every client', () => {
    const agents = new Set(permissions.map((p) => p.f.agent));
    assert.deepEqual([...agents].sort(), [...AGENTS].sort());
  });

  it('the editor names approve_once and reject for exactly once and for No', () => {
    const sample = permissions[0];
    assert.ok(sample && isAgentName(sample.f.agent));
    const labels = projectPermission(sample.r, sample.f.agent, 'turn').options.map((o) => [o.optionId, o.label]);
    for (const [id, label] of labels) assert.equal(label, id === 'approve_once' ? 'Yes, once' : 'No');
  });

  it('every approve_once types a row that grants exactly once, and every reject a No row', () => {
    const wrong: string[] = [];
    for (const { f, r } of permissions) {
      for (const decision of r.decisions) {
        const key = onlyKey(r, decision);
        const row = rowFor(f.screen, key);
        if (row === undefined) {
          wrong.push(`${f.id}: ${decision} types ${key}, which selects no drawn row`);
          continue;
        }
        const ok = decision === 'approve_once' ? ONCE.test(words(row)) && !BROADER.test(row) : /^No\b/.test(row);
        if (!ok) wrong.push(`${f.id}: ${decision} types ${key}, the row "${row}"`);
      }
    }
    assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} decisions disagree with their rows`);
  });
});
