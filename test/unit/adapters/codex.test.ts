/**
 * Codex-specific proofs over the captured corpus: which states are actionable, the Notes editor
 * read-back, the empty-composer proof for managed send, and style-only mutations the generic
 * mutation runner cannot make.
 */
import { strict as assert } from 'node:assert';
import { proveEmptyComposer, readEditor, recognize } from '../../../src/adapters/recognize';
import { stripSgr } from '../../../src/adapters/screen';
import type { ScreenSnapshot } from '../../../src/adapters/types';
import { inStandardRendering, loadSeedCorpus, type Fixture } from '../../../src/qualify/corpus/fixture-corpus';

const codex = loadSeedCorpus().filter((f) => f.agent === 'codex');

/** States the corpus shows as an actionable prompt (everything else is activity or manual). */
const ACTIONABLE_STATES = [
  /single-select|multi-question-\d(-answered)?|notes|unanswered-review(-go-back|-one)?|back-at-1/,
  /none-of-the-above(-notes)?|command-approval|file-change-approval|network-approval|permission-request/,
  /async-collapsed|async-question|async-other/,
];
const ACTIONABLE = new RegExp(`^(${ACTIONABLE_STATES.map((r) => r.source).join('|')})$`);
const TYPED = /^(notes-typed|none-of-the-above-typed|async-other-typed)$/;
/** Start-up screens and the rate-limit choices: manual, named (codex-startup.test.ts, codex-rate-limit.test.ts). */
const STARTUP = /^startup-|^rate-limit$/;

/**
 * `list`, once it holds at least one screen: a loop over the screens of a state that was renamed
 * (or a version that left the corpus) would otherwise pass having checked nothing.
 */
function nonEmpty<T>(list: T[], what: string): T[] {
  assert.ok(list.length > 0, `no ${what} in the corpus: the check would see nothing`);
  return list;
}

/** The Codex screens of `state`: at least one, or the test that asks fails. */
function byState(state: string): Fixture[] {
  return nonEmpty(
    codex.filter((f) => f.state === state),
    `Codex screen in state ${state}`,
  );
}

describe('Codex recognition over the corpus', () => {
  it('has every seed version at three sizes', () => {
    assert.deepEqual([...new Set(codex.map((f) => f.version))].sort(), ['0.153.4', '0.154.0', '0.155.1', '0.171.0']);
    // Plus the long-command screens `qualify --extend` stored for the older seeds (52: those that differ
    // from every other version's stored screens), and the rate-limit scenario's (two screens a size,
    // where no other version stores the same: 0.155.1 and 0.171.0 at 120x40 point elsewhere), and the
    // network scenarios' (five screens a size, on the same ten) and the permission requests' (four a
    // size, on nine: 0.154.0's at 80x24 are stored elsewhere too).
    assert.equal(codex.filter(inStandardRendering).length, 32 * 3 + 42 * 6 + 55 * 3 + 52 + 2 * 10 + 5 * 10 + 4 * 9);
  });

  for (const f of codex) {
    const expected = ACTIONABLE.test(f.state)
      ? 'actionable'
      : TYPED.test(f.state)
        ? 'manual (text already typed)'
        : STARTUP.test(f.state)
          ? 'manual (a start-up screen or the rate-limit choices)'
          : 'no prompt';
    it(`${f.id}: ${expected}`, () => {
      const r = recognize('codex', f.version, f.screen);
      if (ACTIONABLE.test(f.state))
        assert.ok(
          r.kind === 'questionnaire' || r.kind === 'permission',
          `${r.kind}: ${JSON.stringify(r).slice(0, 200)}`,
        );
      else if (TYPED.test(f.state) || STARTUP.test(f.state)) assert.equal(r.kind, 'manual_required');
      else assert.equal(r.kind, 'activity');
    });
  }

  it('reads the typed Notes back, and the empty Notes as empty, with the row they belong to', () => {
    for (const f of byState('notes-typed'))
      assert.deepEqual(readEditor('codex', f.version, f.screen), {
        text: 'Prefer a small static binary',
        optionKey: 'o1',
      });
    for (const f of byState('none-of-the-above-typed'))
      assert.deepEqual(readEditor('codex', f.version, f.screen), { text: 'DuckDB for analytics', optionKey: 'o3' });
    for (const f of byState('none-of-the-above-notes'))
      assert.deepEqual(readEditor('codex', f.version, f.screen), { text: '', optionKey: 'o3' });
  });

  it('does not take an unstyled `Add notes` for the empty placeholder', () => {
    for (const f of byState('notes')) {
      const plainOnly: ScreenSnapshot = { plain: f.screen.plain, cols: f.screen.cols, rows: f.screen.rows };
      assert.equal(recognize('codex', f.version, plainOnly).kind, 'manual_required');
      const undimmed: ScreenSnapshot = {
        ...f.screen,
        styled: f.screen.styled?.map((l) => (l.includes('Add notes') ? stripSgr(l) : l)),
      };
      assert.equal(recognize('codex', f.version, undimmed).kind, 'manual_required', f.id);
    }
  });

  it(
    'projects async questions with the delivery mode the native key performs, ' + 'and the native Other as free text',
    () => {
      for (const f of byState('async-question')) {
        const r = recognize('codex', f.version, f.screen);
        assert.ok(r.kind === 'questionnaire');
        assert.deepEqual(r.asyncDelivery?.modes, [f.version === '0.171.0' ? 'steer_current_turn' : 'queue_next_turn']);
        assert.deepEqual(
          r.question.options.map((o) => [o.label, o.role]),
          [
            ['SQLite', 'choice'],
            ['PostgreSQL', 'choice'],
            ['Other', 'free_text'],
          ],
        );
        // The Other digit only focuses the row: its proof is the empty editor, not a changed prompt.
        assert.deepEqual(r.plan.choose.o3, [
          { action: { keys: ['3'] }, expect: { kind: 'free_text_editing', optionKey: 'o3', text: '' } },
        ]);
      }
    },
  );

  it('makes the focused empty Other row of an async question its own free-text step, and reads typed text back', () => {
    for (const f of byState('async-other')) {
      const r = recognize('codex', f.version, f.screen);
      assert.ok(r.kind === 'questionnaire' && r.question.responseKind === 'free_text', f.id);
      assert.ok(r.asyncDelivery, 'still an async question');
      assert.deepEqual(r.plan.freeText?.submit, { keys: ['Enter'] });
      assert.equal(r.plan.freeText?.maxDisplayWidth, f.screen.cols - 8);
      assert.deepEqual(readEditor('codex', f.version, f.screen), { text: '', optionKey: 'o3' });
    }
    for (const f of byState('async-other-typed'))
      assert.deepEqual(readEditor('codex', f.version, f.screen), { text: 'DuckDB for analytics', optionKey: 'o3' });
    // An unfocused Other row is no editor.
    for (const f of byState('async-question')) assert.equal(readEditor('codex', f.version, f.screen), undefined);
  });

  it(
    'keeps an async question the same prompt while the turn timer redraws, ' +
      'and not when the question, options or cursor change',
    () => {
      const source = (screen: ScreenSnapshot): string => {
        const r = recognize('codex', VERSION_OF.get(screen) ?? '', screen);
        assert.ok(r.kind === 'questionnaire', JSON.stringify(r).slice(0, 200));
        return r.fingerprintSource;
      };
      const edit = (f: Fixture, from: RegExp, to: string): ScreenSnapshot => {
        const screen: ScreenSnapshot = {
          ...f.screen,
          plain: f.screen.plain.map((l) => l.replace(from, to)),
          styled: f.screen.styled?.map((l) => l.replace(from, to)),
        };
        VERSION_OF.set(screen, f.version);
        return screen;
      };
      const VERSION_OF = new Map<ScreenSnapshot, string>();
      for (const f of [...byState('async-question'), ...byState('async-other')]) {
        VERSION_OF.set(f.screen, f.version);
        assert.ok(
          f.screen.plain.some((l) => l.startsWith('Working (0s')),
          f.id,
        );
        const original = source(f.screen);
        assert.equal(
          source(edit(f, /^Working \(0s/, 'Working (1m 07s')),
          original,
          `${f.id}: a timer redraw changed the prompt`,
        );
        assert.notEqual(source(edit(f, /service use\?/, 'service run?')), original, `${f.id}: another question`);
        if (f.state === 'async-question') {
          assert.notEqual(source(edit(f, /PostgreSQL/, 'PostgreSQM')), original, `${f.id}: another option`);
          const moved = edit(f, /^ {2}› 1\. /, '    1. ');
          const moved2 = { ...moved, plain: moved.plain.map((l) => l.replace(/^ {4}2\. /, '  › 2. ')) };
          VERSION_OF.set(moved2, f.version);
          assert.notEqual(source(moved2), original, `${f.id}: the cursor moved`);
        }
      }
    },
  );

  it('offers a collapsed async question as one step that opens it, and nothing else', () => {
    const edited = (f: Fixture, map: (l: string) => string): ScreenSnapshot => ({
      ...f.screen,
      plain: f.screen.plain.map(map),
      styled: f.screen.styled?.map(map),
    });
    for (const f of byState('async-collapsed')) {
      const r = recognize('codex', f.version, f.screen);
      assert.ok(r.kind === 'questionnaire' && r.navigationOnly === true, f.id);
      assert.deepEqual(
        r.question.options.map((o) => o.label),
        ['Open the question'],
      );
      assert.deepEqual(r.plan.choose.open, [
        { action: { keys: [f.version === '0.171.0' ? 'S-Left' : 'M-Up'] }, expect: { kind: 'prompt_changed' } },
      ]);
      // The working timer above is not part of the prompt.
      const later = recognize(
        'codex',
        f.version,
        edited(f, (l) => l.replace(/^Working \(0s/, 'Working (2m 03s')),
      );
      assert.ok(later.kind === 'questionnaire' && later.fingerprintSource === r.fingerprintSource, f.id);
      // Two questions at once, a draft in the composer, or no styles to prove it empty: answered in the terminal.
      assert.equal(
        recognize(
          'codex',
          f.version,
          edited(f, (l) => l.replace('? 1 question', '? 2 questions')),
        ).kind,
        'manual_required',
      );
      assert.equal(
        recognize(
          'codex',
          f.version,
          edited(f, (l) => l.replace('Ask Codex to do anything', 'Ask Codex to do anything else')),
        ).kind,
        'manual_required',
      );
      assert.equal(
        recognize('codex', f.version, { plain: f.screen.plain, cols: f.screen.cols, rows: f.screen.rows }).kind,
        'manual_required',
      );
      // Another version's key hint is not this profile's.
      const otherHint = f.version === '0.171.0' ? 'alt + ↑ to answer' : 'shift+← to answer';
      assert.notEqual(
        recognize(
          'codex',
          f.version,
          edited(f, (l) => l.replace(/(shift\+← to answer|alt \+ ↑ to answer)/, otherHint)),
        ).kind,
        'questionnaire',
      );
    }
  });

  it('does not take an unstyled or undimmed `Other` for the empty async answer', () => {
    for (const f of byState('async-other')) {
      const plainOnly: ScreenSnapshot = { plain: f.screen.plain, cols: f.screen.cols, rows: f.screen.rows };
      assert.equal(recognize('codex', f.version, plainOnly).kind, 'manual_required');
      assert.equal(readEditor('codex', f.version, plainOnly), undefined);
      const undimmed: ScreenSnapshot = {
        ...f.screen,
        styled: f.screen.styled?.map((l) => (/3\. .*Other/.test(stripSgr(l)) ? stripSgr(l) : l)),
      };
      assert.equal(recognize('codex', f.version, undimmed).kind, 'manual_required', f.id);
      assert.deepEqual(
        readEditor('codex', f.version, undimmed),
        { text: 'Other', optionKey: 'o3' },
        'typed text that reads "Other"',
      );
    }
  });

  it('never plans the persistent "don\'t ask again" row', () => {
    for (const f of [...byState('command-approval'), ...byState('file-change-approval')]) {
      const r = recognize('codex', f.version, f.screen);
      assert.ok(r.kind === 'permission');
      assert.deepEqual(
        r.plan.approve_once?.map((s) => s.action),
        [{ keys: ['y'] }],
      );
      assert.deepEqual(
        r.plan.reject?.map((s) => s.action),
        [{ keys: ['3'] }],
      );
    }
  });

  it('moves onto None of the above with proven Down steps, then Tab opens Notes (no digit)', () => {
    for (const f of byState('multi-question-2')) {
      const r = recognize('codex', f.version, f.screen);
      assert.ok(r.kind === 'questionnaire');
      const steps = r.plan.choose.notes ?? [];
      const rows = r.question.options.filter((o) => o.role === 'choice').length;
      assert.equal(steps.length, rows, f.id);
      assert.deepEqual(steps[steps.length - 1]?.action, { keys: ['Tab'] });
      assert.ok(
        steps
          .slice(0, -1)
          .every((s) => 'keys' in s.action && s.action.keys[0] === 'Down' && s.expect.kind === 'cursor_on'),
      );
    }
  });

  it('refuses a model option that repeats the derived free-text label', () => {
    for (const f of byState('single-select')) {
      const plain = f.screen.plain.map((l) => l.replace('2. PostgreSQL     ', '2. Type something.'));
      const styled = f.screen.styled?.map((l) => l.replace('2. PostgreSQL     ', '2. Type something.'));
      const r = recognize('codex', f.version, { ...f.screen, plain, ...(styled ? { styled } : {}) });
      assert.equal(r.kind, 'manual_required', f.id);
    }
  });
});

describe('Codex MCP user verification (0.155.1 and later)', () => {
  it('is manual with its reason, never approvable, wherever the client can show it', () => {
    const shown = [...byState('idle'), ...byState('working')].filter(
      (x) => x.version === '0.155.1' || x.version === '0.171.0',
    );
    for (const f of nonEmpty(shown, 'Codex 0.155.1 or 0.171.0 screen idle or working')) {
      const bottom = f.screen.plain.length - 1 - [...f.screen.plain].reverse().findIndex((l) => l.trim() !== '');
      const at = Math.max(0, bottom - 2);
      // Codex's own words for the waiting surface.
      const edit = (ls: readonly string[]): string[] =>
        ls.map((l, i) => (i === at ? '  Complete user verification to continue.' : l));
      const screen: ScreenSnapshot = {
        ...f.screen,
        plain: edit(f.screen.plain),
        styled: f.screen.styled ? edit(f.screen.styled) : undefined,
      };
      const r = recognize('codex', f.version, screen);
      assert.equal(r.kind, 'manual_required', f.id);
      assert.match(r.kind === 'manual_required' ? r.reason : '', /MCP user verification/);
    }
  });
});

describe('Codex empty-composer proof (managed send)', () => {
  it('proves the idle composer on every version and size', () => {
    const proved: string[] = [];
    for (const f of [...byState('idle'), ...byState('answered'), ...byState('after-answer')]) {
      const r = recognize('codex', f.version, f.screen);
      if (r.kind !== 'activity' || r.state !== 'idle') continue;
      const proof = proveEmptyComposer('codex', f.version, f.screen);
      assert.ok(proof.sendable, `${f.id}: ${proof.sendable ? '' : proof.reason}`);
      proved.push(f.id);
    }
    nonEmpty(proved, 'Codex screen recognized as idle');
  });

  it('refuses while working, on a question, with typed text, or without styles', () => {
    const refuse = (s: ScreenSnapshot, version: string, what: string): void =>
      assert.equal(proveEmptyComposer('codex', version, s).sendable, false, what);
    for (const f of [
      ...byState('working'),
      ...byState('async-collapsed'),
      ...byState('async-question'),
      ...byState('single-select'),
      ...byState('notes'),
    ])
      refuse(f.screen, f.version, f.id);
    for (const f of byState('idle')) {
      refuse(
        { ...f.screen, styled: f.screen.styled?.map((l) => (l.includes('Ask Codex') ? stripSgr(l) : l)) },
        f.version,
        `${f.id} typed`,
      );
      refuse({ plain: f.screen.plain, cols: f.screen.cols, rows: f.screen.rows }, f.version, `${f.id} unstyled`);
      refuse(f.screen, '0.0.0', `${f.id} unprofiled`);
    }
  });

  it('proves the empty Claude Code prompt only when idle', () => {
    const claude = loadSeedCorpus().filter((f) => f.agent === 'claude');
    const inState = (state: string): Fixture[] =>
      nonEmpty(
        claude.filter((x) => x.state === state),
        `Claude Code screen in state ${state}`,
      );
    for (const f of inState('idle')) assert.ok(proveEmptyComposer('claude', f.version, f.screen).sendable, f.id);
    for (const f of [...inState('working'), ...inState('single-select')])
      assert.equal(proveEmptyComposer('claude', f.version, f.screen).sendable, false, f.id);
  });
});
