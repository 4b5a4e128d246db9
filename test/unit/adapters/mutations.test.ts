/**
 * Every captured screen whose answer key says it shows a prompt to answer, mutated the ways a real
 * screen can differ from a proven one, must become manual_required with zero planned input: no key
 * for any answer. Unmutated, each must be recognised with something to send. Which screens are
 * actionable comes from the answer key (the scenario and the harness's keys), not the recognizer.
 * Each mutation changes the styled capture as it changes the plain one (the cells it keeps keep
 * their colours), so the proofs that read colour (wrapped rows, descriptions, the current tab) are
 * mutated too. Rows are found and changed in each agent's own form (option-rows.ts): Gemini CLI's
 * inside its dialog's box, the borders and the box's width kept. A mutation skipped says why, and
 * how many really ran on each screen is counted by agent and held to one least count for all.
 * Screens that put one input to the recognizer (the same step drawn alike by releases of one
 * generation and grants) are mutated once (distinct-inputs.ts); a failure names each of them.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import type { ScreenSnapshot } from '../../../src/adapters/types';
import { AGENTS, isAgentName, type AgentName } from '../../../src/shared/agents';
import { answerKeys, type ScreenKey } from '../../../src/qualify/answer-key';
import { alsoTitle, byInput, forEveryOne, recognitionInput } from '../../support/distinct-inputs';
import { plannedInput } from '../../../src/qualify/answer-key/plans';
import type { Expected } from '../../../src/qualify/answer-key/types';
import {
  editContent,
  lastContent,
  ROW_FORMS,
  rowIndexes,
  rowOn,
  rowParts,
  setCell,
  spliceRowsLike,
  type RowForm,
} from '../../support/option-rows';
import { plainOf, spliceLines } from '../../support/screen-edits';

/** A mutated screen, or why this screen has no part for the mutation to change. */
type Mutated = ScreenSnapshot | string;
type Mutation = (s: ScreenSnapshot, form: RowForm) => Mutated;

const NO_ROW = 'this screen draws no numbered row';
const STATUS_LINE = "the last line is the agent's status line, not this prompt's footer";

/** The numbered row with the cursor, or why there is none. */
function cursorRow(s: ScreenSnapshot, form: RowForm): number | string {
  const rows = rowIndexes(form, s.plain);
  if (rows.length === 0) return NO_ROW;
  return rows.find((n) => rowOn(form, s.plain[n] ?? '')?.cursor) ?? 'no numbered row has the cursor';
}

/** Rows whose plain and styled text differ (volatile fields are normalised in the plain capture only). */
function disagreeing(s: ScreenSnapshot): number[] {
  if (!s.styled) return [];
  return s.plain.flatMap((p, i) => (plainOf(s.styled?.[i] ?? '').trimEnd() === p.trimEnd() ? [] : [i]));
}

/**
 * The mutations, each as a real screen can differ from a proven one, made in each agent's row
 * form: a boxed row keeps its borders and its box's width, so only what the row says changes.
 */
const MUTATIONS: Record<string, Mutation> = {
  'truncated (footer cut off)': (s) => spliceLines(s, lastContent(s.plain), 1),
  'truncated (top cut off)': (s, form) => {
    const first = rowIndexes(form, s.plain)[0];
    if (first === undefined) return NO_ROW;
    // Keep only the option rows and everything below them.
    const plain = s.plain.map((l, i) => (i < first ? '' : l));
    const styled = s.styled?.map((l, i) => (i < first ? '' : l));
    return { ...s, plain, ...(styled ? { styled } : {}) };
  },
  'footer changed': (s, form) =>
    editContent(s, form, form.footer(s.plain), (l) =>
      l.includes('cancel') ? l.replace('cancel', 'exit') : `${l.trimEnd()} ·`,
    ),
  'duplicated number': (s, form) => {
    const second = rowIndexes(form, s.plain)[1];
    if (second === undefined) return 'this screen draws fewer than two numbered rows';
    return editContent(s, form, second, (l) => l.replace(/(\d{1,2})\. /, '1. '));
  },
  'missing number': (s, form) => {
    const second = rowIndexes(form, s.plain)[1];
    return second === undefined ? 'this screen draws fewer than two numbered rows' : spliceLines(s, second, 1);
  },
  'cursor removed': (s, form) => {
    const i = cursorRow(s, form);
    if (typeof i === 'string') return i;
    return editContent(s, form, i, (l) => setCell(l, rowParts(form, l)?.slot ?? 0, ' '));
  },
  'cursor moved off the rows (onto a description line)': (s, form) => {
    const rows = rowIndexes(form, s.plain);
    const from = cursorRow(s, form);
    if (typeof from === 'string') return from;
    const desc = rows
      .map((n) => n + 1)
      .find((n) => !rows.includes(n) && /^\s{3,}\S/.test(form.content(s.plain[n] ?? '') ?? ''));
    if (desc === undefined) return 'no row has a description line under it';
    const moved = editContent(s, form, from, (l) => setCell(l, rowParts(form, l)?.slot ?? 0, ' '));
    if (typeof moved === 'string') return moved;
    return editContent(moved, form, desc, (l) => l.replace(/^(\s*)\s\s/, `$1${form.cursor} `));
  },
  'second cursor': (s, form) => {
    const at = cursorRow(s, form);
    if (typeof at === 'string') return at;
    const other = rowIndexes(form, s.plain).find((n) => rowOn(form, s.plain[n] ?? '')?.cursor === false);
    if (other === undefined) return 'every numbered row has the cursor';
    return editContent(s, form, other, (l) => setCell(l, rowParts(form, l)?.slot ?? 0, form.cursor));
  },
  'extra row': (s, form) => {
    const rows = rowIndexes(form, s.plain);
    const first = rows[0];
    if (first === undefined) return NO_ROW;
    // Drawn as the rows without the cursor are (indent, checkbox, label column), numbered out of
    // order so that no list could hold it.
    const like = rows.find((n) => rowOn(form, s.plain[n] ?? '')?.cursor === false) ?? first;
    const content = form.content(s.plain[like] ?? '') ?? '';
    const parts = rowParts(form, content);
    if (!parts) return NO_ROW;
    const row = `${setCell(content.slice(0, parts.numberAt), parts.slot, ' ')}9. ${content.slice(
      parts.numberAt + parts.number.length + 2,
      parts.labelAt,
    )}An extra row`;
    return spliceRowsLike(s, form, first + 1, 0, like, [row]);
  },
  'wrapped first row': (s, form) => {
    const first = rowIndexes(form, s.plain)[0];
    if (first === undefined) return NO_ROW;
    const content = (form.content(s.plain[first] ?? '') ?? '').trimEnd();
    const parts = rowParts(form, content);
    if (!parts || content.length - parts.labelAt < 2) return 'the first row has no label long enough to wrap';
    const cut = parts.labelAt + Math.floor((content.length - parts.labelAt) / 2);
    return spliceRowsLike(s, form, first, 1, first, [
      content.slice(0, cut),
      `${' '.repeat(form.wrapAt(parts))}${content.slice(cut).trimStart()}`,
    ]);
  },
};

type Recolour = (s: ScreenSnapshot) => ScreenSnapshot | undefined;

/**
 * One option description's colour changed (Claude Code tells a description from a wrapped label by
 * its style): to a colour no rendering draws, or to another rendering's description colour. The
 * line is found by the description's text in the answer key.
 */
function recolouredDescription(descriptions: readonly string[], sgr: (s: ScreenSnapshot) => string): Recolour {
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
const RECOLOURED: Record<string, (descriptions: readonly string[]) => Recolour> = {
  'one description line in a colour no rendering draws': (d) => recolouredDescription(d, () => '\u001b[38;5;200m'),
  "one description line in another rendering's colour": (d) =>
    recolouredDescription(d, (s) =>
      (s.styled ?? []).join('').includes('\u001b[38;5;241m') ? '\u001b[38;5;246m' : '\u001b[38;5;241m',
    ),
};

const keys = answerKeys();
const idOf = (k: ScreenKey): string => k.fixture.id;
/** Screens mutated once per distinct input and answer key (the same screen of one step, drawn alike). */
const sharedInputOf = (k: ScreenKey): string =>
  [
    recognitionInput(k.fixture.agent, k.fixture.version, k.fixture.screen),
    k.side.state,
    JSON.stringify(k.expected),
  ].join('\n');
const actionable = keys.filter((k) => k.expected.kind === 'questionnaire' || k.expected.kind === 'permission');

/**
 * Whether the answer key says the screen draws its answers as rows of their own: a permission, or
 * a question with an option whose label the client draws. A review or a collapsed summary in AKK's
 * own words, and a free-text field, need not (where they do draw rows, those are mutated all the same).
 */
function drawsRows(e: Expected): boolean {
  return e.kind === 'permission' || (e.kind === 'questionnaire' && e.options.some((o) => typeof o.label === 'string'));
}

/**
 * The least number of mutations that must really run on each actionable screen that draws rows,
 * by agent: every one but those that may not apply, the same for every agent (rows found on one
 * agent's screens and not on another's are this suite's defect, never a skip).
 */
const MAY_NOT_APPLY: Readonly<Record<string, string>> = {
  'cursor moved off the rows (onto a description line)': 'no row has a description line under it',
};
const LEAST_RAN: { readonly [N in AgentName]: number } = { claude: 9, codex: 9, gemini: 9 };

/** One actionable screen's mutations: those that ran, and why each other one did not. */
interface Tally {
  id: string;
  rows: boolean;
  ran: string[];
  skipped: Record<string, string>;
}
const tallies = new Map<AgentName, Tally[]>(AGENTS.map((a) => [a, []]));

/** The name a shown-only screen is recognised by (a start-up screen, or a client's own dialog mid-session). */
function shownOnlyName(e: { startup?: string; dialog?: string }): string | undefined {
  return e.startup ?? e.dialog;
}
const shownOnly = keys.filter((k) => k.expected.kind === 'manual_required' && shownOnlyName(k.expected) !== undefined);

describe('mutated actionable screens are manual_required, with zero input', () => {
  it('has actionable screens to mutate', () => {
    assert.ok(actionable.length > 500, `only ${actionable.length} actionable screens in fixtures/`);
  });

  for (const group of byInput(actionable, sharedInputOf)) {
    const k = group.first;
    const { fixture: f, side } = k;
    if (!isAgentName(f.agent)) throw new Error(`${f.id}: ${f.agent} is not an agent of the registry`);
    const agent = f.agent;
    // A failure names every screen that shares this input (distinct-inputs.ts).
    const named = (fn: () => void) => () => forEveryOne(group, idOf, fn);
    const tally: Tally = { id: f.id, rows: drawsRows(k.expected), ran: [], skipped: {} };
    tallies.get(agent)?.push(tally);
    // Codex's collapsed async summary sits above the composer: the last line is the status line
    // (model, folder, thread title), free text the prompt does not own. Its structure is proven
    // (truncation is caught); its words are not, so changing them is no test of the prompt.
    const statusLineLast = side.state === 'async-collapsed';
    describe(`${f.id}${alsoTitle(group)}`, () => {
      const unmutated = (): void => {
        const r = recognize(agent, f.version, f.screen);
        assert.ok(
          r.kind === 'questionnaire' || r.kind === 'permission',
          `an actionable screen recognised as ${JSON.stringify(r).slice(0, 200)}`,
        );
        assert.ok(
          plannedInput(agent, r).some((keys) => keys.length > 0),
          'no answer has a key plan',
        );
      };
      it('unmutated: recognised, with input to send', named(unmutated));
      for (const [name, mutate] of Object.entries(MUTATIONS)) {
        const mutated = statusLineLast && name === 'footer changed' ? STATUS_LINE : mutate(f.screen, ROW_FORMS[agent]);
        if (typeof mutated === 'string') {
          tally.skipped[name] = mutated;
          it(`${name}: skipped, ${mutated}`);
          continue;
        }
        tally.ran.push(name);
        const manual = (): void => {
          // No row is out of step between the captures that was not already (a normalised volatile field).
          assert.ok(disagreeing(mutated).length <= disagreeing(f.screen).length, 'styled rows out of step');
          const r = recognize(agent, f.version, mutated);
          assert.deepEqual(plannedInput(agent, r), [], `${name} would send input (${r.kind})`);
          assert.equal(r.kind, 'manual_required', `${name} was recognised as ${r.kind}`);
        };
        it(name, named(manual));
      }
      const descriptions =
        k.expected.kind === 'questionnaire'
          ? k.expected.options.flatMap((o) => (o.description ? [o.description] : []))
          : [];
      if (agent === 'claude' && descriptions.length > 0)
        for (const [name, mutation] of Object.entries(RECOLOURED)) {
          const mutated = mutation(descriptions)(f.screen);
          if (!mutated) continue;
          const manual = (): void => {
            const r = recognize(agent, f.version, mutated);
            assert.deepEqual(plannedInput(agent, r), [], `${name} would send input (${r.kind})`);
            assert.equal(r.kind, 'manual_required');
          };
          it(name, named(manual));
        }
      // A proof that needs the styled capture (bare text alone is not enough) must read its colours:
      // the same rows with every colour and attribute gone are not the screen it proved.
      if (
        f.screen.styled &&
        recognize(agent, f.version, { ...f.screen, styled: undefined }).kind === 'manual_required'
      ) {
        const colourless = (): void => {
          const styled = f.screen.styled?.map(plainOf);
          const r = recognize(agent, f.version, { ...f.screen, ...(styled ? { styled } : {}) });
          assert.deepEqual(plannedInput(agent, r), [], `a colourless screen would get input (${r.kind})`);
          assert.equal(r.kind, 'manual_required');
        };
        it('colours and attributes dropped (the text unchanged)', named(colourless));
      }
      const unprofiled = (): void => {
        // Read only to tell whether it waits (the nearest qualified version's profile): never a step.
        const r = recognize(agent, '0.0.0-unprofiled', f.screen);
        assert.deepEqual(plannedInput(agent, r), []);
        assert.ok(r.kind === 'manual_required' || r.kind === 'activity', `recognised as ${r.kind}`);
      };
      it('another client version', named(unprofiled));
    });
  }
});

/**
 * How many mutations really ran on each actionable screen, by agent. On a screen whose options are
 * drawn as rows every mutation runs but those that may not apply (and then only for the reason
 * named); every agent is held to the same least count, and every mutation runs on some screen of
 * every agent. The counts are printed for each agent.
 */
describe('mutations that ran on each actionable screen, by agent', () => {
  const total = Object.keys(MUTATIONS).length;
  const least = total - Object.keys(MAY_NOT_APPLY).length;
  it(`holds every agent to the same least count (${least} of ${total})`, () => {
    for (const agent of AGENTS) assert.equal(LEAST_RAN[agent], least, agent);
  });
  for (const agent of AGENTS) {
    const screens = tallies.get(agent) ?? [];
    const drawn = screens.filter((t) => t.rows);
    it(`${agent}: ${ranOn(drawn)} of its ${drawn.length} screens whose options are drawn as rows`, () => {
      console.log(`      ${agent}: ${summary(screens, total)}`);
      assert.ok(drawn.length > 0, `${agent} has no actionable screen whose options are drawn as rows`);
      for (const t of drawn) {
        const wrong = Object.entries(t.skipped).filter(([name, why]) => MAY_NOT_APPLY[name] !== why);
        assert.deepEqual(wrong, [], `${t.id}: skipped on a screen whose options are drawn as rows`);
        assert.ok(t.ran.length >= LEAST_RAN[agent], `${t.id}: only ${t.ran.length} of ${total} mutations ran`);
      }
      const never = Object.keys(MUTATIONS).filter((name) => !screens.some((t) => t.ran.includes(name)));
      assert.deepEqual(never, [], `mutations that ran on no ${agent} screen`);
    });
  }
});

/** How many mutations ran on how many screens, most first: `10 ran on 56, 9 on 281`. */
function ranOn(screens: readonly Tally[]): string {
  const by = new Map<number, number>();
  for (const t of screens) by.set(t.ran.length, (by.get(t.ran.length) ?? 0) + 1);
  const counts = [...by].sort((a, b) => b[0] - a[0]);
  return counts.map(([ran, n], i) => `${ran}${i === 0 ? ' ran' : ''} on ${n}`).join(', ') || 'none ran';
}

/** The counts printed for an agent: mutations run and skipped, on screens with options drawn and the others. */
function summary(screens: readonly Tally[], total: number): string {
  const ran = screens.reduce((n, t) => n + t.ran.length, 0);
  const drawn = screens.filter((t) => t.rows);
  const others = screens.filter((t) => !t.rows);
  return (
    `${screens.length} actionable screens, ${ran} mutations ran, ${screens.length * total - ran} skipped; ` +
    `${drawn.length} with options drawn as rows (${ranOn(drawn)}), ` +
    `${others.length} others: free text, a review or summary in AKK's words (${ranOn(others)})`
  );
}

/**
 * A shown-only screen (answered by the person alone) mutated the same ways is not named as the
 * screen it resembles, and still gets no input: a near miss is a dialog that does not match exactly.
 */
describe('mutated shown-only screens are not taken for the screen they resemble, and get zero input', () => {
  it('has shown-only screens to mutate', () => {
    assert.ok(shownOnly.length > 30, `only ${shownOnly.length} shown-only screens in fixtures/`);
  });

  for (const group of byInput(shownOnly, sharedInputOf)) {
    const { fixture: f, expected } = group.first;
    if (!isAgentName(f.agent)) throw new Error(`${f.id}: ${f.agent} is not an agent of the registry`);
    if (expected.kind !== 'manual_required') continue;
    const agent = f.agent;
    const name = shownOnlyName(expected);
    const named = (fn: () => void) => () => forEveryOne(group, idOf, fn);
    describe(`${f.id}${alsoTitle(group)}`, () => {
      const unmutated = (): void => {
        const r = recognize(agent, f.version, f.screen);
        assert.ok(r.kind === 'manual_required' && shownOnlyName(r) === name, JSON.stringify(r).slice(0, 200));
        assert.deepEqual(plannedInput(agent, r), []);
      };
      it(`unmutated: named ${String(name)}, nothing to send`, named(unmutated));
      for (const [mutation, mutate] of Object.entries(MUTATIONS)) {
        const mutated = mutate(f.screen, ROW_FORMS[agent]);
        if (typeof mutated === 'string') {
          it(`${mutation}: skipped, ${mutated}`);
          continue;
        }
        const notTaken = (): void => {
          const r = recognize(agent, f.version, mutated);
          const taken = r.kind === 'manual_required' ? shownOnlyName(r) : undefined;
          assert.notEqual(taken, name, `${mutation} was still taken for ${String(name)}`);
          assert.deepEqual(plannedInput(agent, r), [], `${mutation} would send input (${r.kind})`);
        };
        it(mutation, named(notTaken));
      }
    });
  }
});
