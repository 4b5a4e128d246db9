/**
 * Claude Code's start-up screens (2.1.332 at three sizes: folder trust, an API key in the
 * environment, a project's new MCP server, the bypass-permissions confirmation): each is named to
 * the person with what it asks and is never answered, whatever it offers; a screen whose choices,
 * cursor, footer or title differ from what Claude Code draws is not taken for that screen.
 */
import { strict as assert } from 'node:assert';
import { recognize, recognizeForQualification } from '../../../src/adapters/recognize';
import type { Recognition, ScreenSnapshot } from '../../../src/adapters/types';
import { answerKeys } from '../../../src/qualify/answer-key';
import { runChecks } from '../../../src/qualify/answer-key/checks';
import { plannedInput } from '../../../src/qualify/answer-key/plans';
import { inStandardRendering, loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';
import { editedPlain as edited, lineAt as at } from '../../support/screen-edits';

const VERSION = '2.1.332';
const screens = loadCorpus().filter(
  (f) => f.agent === 'claude' && f.version === VERSION && f.state.startsWith('startup-'),
);

/** Each captured state: the start-up screen AKK names, and what it tells the person the screen asks. */
const CASES: Record<string, { name: string; reason: string }> = {
  'startup-trust': {
    name: 'folder-trust',
    reason: 'before it starts, it asks whether you trust the folder /tmp/akk-00000000/project',
  },
  'startup-api-key': {
    name: 'api-key',
    reason: 'before it starts, it asks whether to use the API key found in its environment',
  },
  'startup-mcp-servers': {
    name: 'mcp-servers',
    reason: "before it starts, it asks whether to use the MCP server tickets named in the project's .mcp.json",
  },
  'startup-bypass': {
    name: 'bypass-permissions',
    reason:
      'before it starts, it asks you to accept Bypass Permissions mode, in which it runs every command ' +
      'without asking for approval (AKK never accepts it)',
  },
};

const CHOICE = /^ {1,2}[❯ ] \S/;
const FOOTER = /^ {1,2}Enter to confirm/;
const choices = (lines: string[]): number[] => {
  const footer = at(lines, FOOTER);
  const out: number[] = [];
  for (let i = footer - 2; i >= 0 && CHOICE.test(lines[i] ?? ''); i--) out.unshift(i);
  return out;
};
const edit = (lines: string[], i: number | undefined, to: (l: string) => string): void => {
  if (i !== undefined && i >= 0) lines[i] = to(lines[i] ?? '');
};

/** Screens one detail away from what Claude Code draws. */
const MUTATIONS: Record<string, (lines: string[]) => void> = {
  'the last choice reworded': (l) => edit(l, choices(l).at(-1), (x) => `${x} now`),
  'a choice numbered': (l) => edit(l, choices(l)[0], (x) => x.replace(/([❯ ]) /, '$1 1. ')),
  'a choice added under the last': (l) => {
    const last = choices(l).at(-1) ?? 0;
    l.splice(last + 1, 0, `${(l[last] ?? '').replace(/\S.*$/, '')}  Something else`.replace('❯', ' '));
    l.pop();
  },
  'the cursor on two choices': (l) =>
    edit(
      l,
      choices(l).find((i) => !(l[i] ?? '').includes('❯')),
      (x) => x.replace(/^( {1,2}) /, '$1❯'),
    ),
  'no cursor': (l) =>
    edit(
      l,
      choices(l).find((i) => (l[i] ?? '').includes('❯')),
      (x) => x.replace('❯', ' '),
    ),
  'the footer reworded': (l) => edit(l, at(l, FOOTER), (x) => x.replace('confirm', 'continue')),
  'the footer with one more hint': (l) => edit(l, at(l, FOOTER), (x) => `${x} · ? help`),
  'the footer shifted one cell right': (l) => edit(l, at(l, FOOTER), (x) => ` ${x}`),
  'the title shifted one cell right': (l) => edit(l, at(l, /^─+$/) + 1, (x) => ` ${x}`),
  'the title reworded': (l) => edit(l, at(l, /^─+$/) + 1, (x) => x.replace(/ (\S+)$/, ' $1 too')),
  'no rule above the title': (l) => edit(l, at(l, /^─+$/), () => ''),
};

describe('Claude Code start-up screens (2.1.332)', () => {
  it('has each start-up screen at three sizes', () => {
    assert.deepEqual(
      screens
        .filter(inStandardRendering)
        .map((f) => `${f.state} ${f.screen.cols}x${f.screen.rows}`)
        .sort(),
      Object.keys(CASES)
        .flatMap((s) => ['120x40', '200x60', '80x24'].map((size) => `${s} ${size}`))
        .sort(),
    );
  });

  for (const f of screens) {
    const c = CASES[f.state];
    it(`${f.id}: manual, named ${c?.name ?? '?'} with what it asks, nothing to send`, () => {
      assert.ok(c);
      const r = recognize('claude', VERSION, f.screen);
      assert.deepEqual(r, { kind: 'manual_required', startup: c.name, reason: c.reason });
      assert.deepEqual(plannedInput('claude', r), []);
    });

    for (const [name, change] of Object.entries(MUTATIONS)) {
      it(`${f.id}: ${name}: not taken for ${c?.name ?? '?'}, nothing to send`, () => {
        const mutated = edited(f.screen, change);
        assert.notDeepEqual(
          mutated.plain,
          f.screen.plain.map((l) => l.trimEnd()),
        );
        const r: Recognition = recognize('claude', VERSION, mutated);
        assert.ok(r.kind !== 'manual_required' || r.startup === undefined, JSON.stringify(r));
        assert.deepEqual(plannedInput('claude', r), []);
      });
    }
  }

  it('every check of the answer key passes on these screens (the scenario, not the recognizer, decides)', () => {
    const keys = answerKeys(screens);
    assert.equal(keys.length, screens.length);
    const proven = (s: ScreenSnapshot): Recognition => recognizeForQualification('claude', VERSION, VERSION, s);
    const failed = runChecks(keys, (k) => proven(k.fixture.screen)).filter((c) => c.status === 'failed');
    assert.deepEqual(failed, []);
  });
});
