/**
 * Every captured screen whose answer key says it shows a prompt to answer, mutated the ways a real
 * screen can differ from a proven one, must become manual_required with zero planned input: no key
 * for any answer. Unmutated, each must be recognised with something to send. Which screens are
 * actionable comes from the answer key (the scenario and the harness's keys), not the recognizer.
 * Each mutation changes the styled capture as it changes the plain one (the cells it keeps keep
 * their colours), so the proofs that read colour (wrapped rows, descriptions, the current tab) are
 * mutated too.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import type { ScreenSnapshot } from '../../../src/adapters/types';
import { isAgentName } from '../../../src/shared/agents';
import { answerKeys } from '../../support/answer-key';
import { plannedInput } from '../../support/answer-key/plans';
import { editLine, plainOf, spliceLines } from '../../support/screen-edits';

type Mutation = (s: ScreenSnapshot) => ScreenSnapshot | undefined;

const OPTION_ROW = /^(\s*)(❯|›| ) ?(\d{1,2})\. /;

function lastContent(plain: readonly string[]): number {
  for (let i = plain.length - 1; i >= 0; i--) if ((plain[i] ?? '').trim() !== '') return i;
  return -1;
}

/**
 * The choice rows: numbered rows among the 30 lines above the last drawn line, where dialogs sit,
 * from the last row numbered 1 (a numbered list drawn above the choices, such as a plan's, is content).
 */
function rowIndexes(s: ScreenSnapshot): number[] {
  const last = lastContent(s.plain);
  const out: number[] = [];
  s.plain.forEach((l, i) => {
    if (OPTION_ROW.test(l) && i > last - 30 && i <= last) out.push(i);
  });
  const ones = out.filter((i) => OPTION_ROW.exec(s.plain[i] ?? '')?.[3] === '1');
  const firstRow = ones[ones.length - 1];
  return firstRow === undefined ? out : out.filter((i) => i >= firstRow);
}

/** Rows whose plain and styled text differ (volatile fields are normalised in the plain capture only). */
function disagreeing(s: ScreenSnapshot): number[] {
  if (!s.styled) return [];
  return s.plain.flatMap((p, i) => (plainOf(s.styled?.[i] ?? '').trimEnd() === p.trimEnd() ? [] : [i]));
}

const MUTATIONS: Record<string, Mutation> = {
  'truncated (footer cut off)': (s) => spliceLines(s, lastContent(s.plain), 1),
  'truncated (top cut off)': (s) => {
    const rows = rowIndexes(s);
    const first = rows[0];
    if (first === undefined) return undefined;
    // Keep only the option rows and everything below them.
    const plain = s.plain.map((l, i) => (i < first ? '' : l));
    const styled = s.styled?.map((l, i) => (i < first ? '' : l));
    return { ...s, plain, ...(styled ? { styled } : {}) };
  },
  'footer changed': (s) =>
    editLine(s, lastContent(s.plain), (l) => (l.includes('cancel') ? l.replace('cancel', 'exit') : `${l} ·`)),
  'duplicated number': (s) => {
    const rows = rowIndexes(s);
    const second = rows[1];
    return second === undefined ? undefined : editLine(s, second, (l) => l.replace(/(\d{1,2})\. /, '1. '));
  },
  'missing number': (s) => {
    const rows = rowIndexes(s);
    const second = rows[1];
    return second === undefined ? undefined : spliceLines(s, second, 1);
  },
  'cursor removed': (s) => {
    const i = rowIndexes(s).find((n) => /^\s*[❯›] \S/.test(s.plain[n] ?? ''));
    if (i === undefined) return undefined;
    return editLine(s, i, (l) => l.replace(/[❯›]/, ' '));
  },
  'cursor moved off the rows (onto a description line)': (s) => {
    const rows = rowIndexes(s);
    const cursorRow = rows.find((n) => /^\s*[❯›] \S/.test(s.plain[n] ?? ''));
    const desc = rows.map((n) => n + 1).find((n) => !rows.includes(n) && /^\s{3,}\S/.test(s.plain[n] ?? ''));
    if (cursorRow === undefined || desc === undefined) return undefined;
    const moved = editLine(s, cursorRow, (l) => l.replace(/[❯›]/, ' '));
    return editLine(moved, desc, (l) => l.replace(/^(\s*)\s\s/, '$1❯ '));
  },
  'second cursor': (s) => {
    const rows = rowIndexes(s).filter((i) => !/[❯›]/.test(s.plain[i] ?? ''));
    const other = rows[0];
    return other === undefined ? undefined : editLine(s, other, (l) => l.replace(/^(\s*) /, '$1❯'));
  },
  'extra row': (s) => {
    const rows = rowIndexes(s);
    const first = rows[0];
    if (first === undefined) return undefined;
    const indent = /^(\s*)/.exec((s.plain[first] ?? '').replace(/[❯›]/, ' '))?.[1] ?? '';
    return spliceLines(s, first + 1, 0, `${indent}  9. An extra row`);
  },
  'wrapped first row': (s) => {
    const first = rowIndexes(s)[0];
    if (first === undefined) return undefined;
    const line = (s.plain[first] ?? '').trimEnd();
    const m = OPTION_ROW.exec(line);
    if (!m) return undefined;
    const head = m[0].length;
    const cut = head + Math.max(1, Math.floor((line.length - head) / 2));
    return spliceLines(s, first, 1, line.slice(0, cut), `${' '.repeat(head)}${line.slice(cut)}`);
  },
};

/**
 * One option description's colour changed (Claude Code tells a description from a wrapped label by
 * its style): to a colour no rendering draws, or to another rendering's description colour. The
 * line is found by the description's text in the answer key.
 */
function recolouredDescription(descriptions: readonly string[], sgr: (s: ScreenSnapshot) => string): Mutation {
  return (s) => {
    const line = s.plain.findIndex((l) => descriptions.some((d) => l.trim() !== '' && d.startsWith(l.trim())));
    const styled = s.styled?.[line];
    if (line < 0 || styled === undefined || !s.styled) return undefined;
    const all = [...s.styled];
    // The colour set just before the first drawn character, everything else as it was.
    // eslint-disable-next-line no-control-regex
    all[line] = styled.replace(/^((?:\u001b\[[0-9;]*m| )*)(?=[^\u001b ])/, (pre) => `${pre}${sgr(s)}`);
    return all[line] === styled ? undefined : { ...s, styled: all };
  };
}
const RECOLOURED: Record<string, (descriptions: readonly string[]) => Mutation> = {
  'one description line in a colour no rendering draws': (d) => recolouredDescription(d, () => '\u001b[38;5;200m'),
  "one description line in another rendering's colour": (d) =>
    recolouredDescription(d, (s) =>
      (s.styled ?? []).join('').includes('\u001b[38;5;241m') ? '\u001b[38;5;246m' : '\u001b[38;5;241m',
    ),
};

const keys = answerKeys();
const actionable = keys.filter((k) => k.expected.kind === 'questionnaire' || k.expected.kind === 'permission');

/** The name a shown-only screen is recognised by (a start-up screen, or a client's own dialog mid-session). */
function shownOnlyName(e: { startup?: string; dialog?: string }): string | undefined {
  return e.startup ?? e.dialog;
}
const shownOnly = keys.filter((k) => k.expected.kind === 'manual_required' && shownOnlyName(k.expected) !== undefined);

describe('mutated actionable screens are manual_required, with zero input', () => {
  it('has actionable screens to mutate', () => {
    assert.ok(actionable.length > 500, `only ${actionable.length} actionable screens in fixtures/`);
  });

  for (const k of actionable) {
    const { fixture: f, side } = k;
    if (!isAgentName(f.agent)) throw new Error(`${f.id}: ${f.agent} is not an agent of the registry`);
    const agent = f.agent;
    // Codex's collapsed async summary sits above the composer: the last line is the status line
    // (model, folder, thread title), free text the prompt does not own. Its structure is proven
    // (truncation is caught); its words are not, so changing them is no test of the prompt.
    const statusLineLast = side.state === 'async-collapsed';
    describe(f.id, () => {
      it('unmutated: recognised, with input to send', () => {
        const r = recognize(agent, f.version, f.screen);
        assert.ok(
          r.kind === 'questionnaire' || r.kind === 'permission',
          `an actionable screen recognised as ${JSON.stringify(r).slice(0, 200)}`,
        );
        assert.ok(
          plannedInput(agent, r).some((keys) => keys.length > 0),
          'no answer has a key plan',
        );
      });
      for (const [name, mutate] of Object.entries(MUTATIONS)) {
        if (statusLineLast && name === 'footer changed') {
          it(`${name}: skipped, the last line is the agent's status line, not this prompt's footer`);
          continue;
        }
        const mutated = mutate(f.screen);
        if (!mutated) {
          it(`${name}: skipped, this screen has no part for it to change`);
          continue;
        }
        it(name, () => {
          // No row is out of step between the captures that was not already (a normalised volatile field).
          assert.ok(disagreeing(mutated).length <= disagreeing(f.screen).length, 'styled rows out of step');
          const r = recognize(agent, f.version, mutated);
          assert.deepEqual(plannedInput(agent, r), [], `${name} would send input (${r.kind})`);
          assert.equal(r.kind, 'manual_required', `${name} was recognised as ${r.kind}`);
        });
      }
      const descriptions =
        k.expected.kind === 'questionnaire'
          ? k.expected.options.flatMap((o) => (o.description ? [o.description] : []))
          : [];
      if (agent === 'claude' && descriptions.length > 0)
        for (const [name, mutation] of Object.entries(RECOLOURED)) {
          const mutated = mutation(descriptions)(f.screen);
          if (!mutated) continue;
          it(name, () => {
            const r = recognize(agent, f.version, mutated);
            assert.deepEqual(plannedInput(agent, r), [], `${name} would send input (${r.kind})`);
            assert.equal(r.kind, 'manual_required');
          });
        }
      // A proof that needs the styled capture (bare text alone is not enough) must read its colours:
      // the same rows with every colour and attribute gone are not the screen it proved.
      if (
        f.screen.styled &&
        recognize(agent, f.version, { ...f.screen, styled: undefined }).kind === 'manual_required'
      ) {
        it('colours and attributes dropped (the text unchanged)', () => {
          const styled = f.screen.styled?.map(plainOf);
          const r = recognize(agent, f.version, { ...f.screen, ...(styled ? { styled } : {}) });
          assert.deepEqual(plannedInput(agent, r), [], `a colourless screen would get input (${r.kind})`);
          assert.equal(r.kind, 'manual_required');
        });
      }
      it('another client version', () => {
        // Read only to tell whether it waits (the nearest qualified version's profile): never a step.
        const r = recognize(agent, '0.0.0-unprofiled', f.screen);
        assert.deepEqual(plannedInput(agent, r), []);
        assert.ok(r.kind === 'manual_required' || r.kind === 'activity', `recognised as ${r.kind}`);
      });
    });
  }
});

/**
 * A shown-only screen (answered by the person alone) mutated the same ways is not named as the
 * screen it resembles, and still gets no input: a near miss is a dialog that does not match exactly.
 */
describe('mutated shown-only screens are not taken for the screen they resemble, and get zero input', () => {
  it('has shown-only screens to mutate', () => {
    assert.ok(shownOnly.length > 30, `only ${shownOnly.length} shown-only screens in fixtures/`);
  });

  for (const { fixture: f, expected } of shownOnly) {
    if (!isAgentName(f.agent)) throw new Error(`${f.id}: ${f.agent} is not an agent of the registry`);
    if (expected.kind !== 'manual_required') continue;
    const agent = f.agent;
    const name = shownOnlyName(expected);
    describe(f.id, () => {
      it(`unmutated: named ${String(name)}, nothing to send`, () => {
        const r = recognize(agent, f.version, f.screen);
        assert.ok(r.kind === 'manual_required' && shownOnlyName(r) === name, JSON.stringify(r).slice(0, 200));
        assert.deepEqual(plannedInput(agent, r), []);
      });
      for (const [mutation, mutate] of Object.entries(MUTATIONS)) {
        const mutated = mutate(f.screen);
        if (!mutated) {
          it(`${mutation}: skipped, this screen has no part for it to change`);
          continue;
        }
        it(mutation, () => {
          const r = recognize(agent, f.version, mutated);
          const named = r.kind === 'manual_required' ? shownOnlyName(r) : undefined;
          assert.notEqual(named, name, `${mutation} was still taken for ${String(name)}`);
          assert.deepEqual(plannedInput(agent, r), [], `${mutation} would send input (${r.kind})`);
        });
      }
    });
  }
});
