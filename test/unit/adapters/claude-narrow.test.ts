/**
 * Claude Code at 80 columns: with several questions the footer of the focused `Type something.`
 * row is wider than the pane and wraps (`… · Esc to` / `cancel`). The free-text step and the text
 * typed into it must be read there exactly as at 120 columns, and no other wrap may pass. A
 * single-select option whose label and description wrap is read whole, or not at all.
 */
import { strict as assert } from 'node:assert';
import { QUALIFIED_RENDERINGS } from '../../../src/agents/claude/recognize/qualified-versions';
import { adapterOf } from '../../../src/adapters/registry';
import { readEditor, recognize, recognizeForQualification } from '../../../src/adapters/recognize';
import type { Recognition, ScreenSnapshot } from '../../../src/adapters/types';
import { Q_UNUSUAL } from '../../../src/agents/claude/qualify/questions';
import { inStandardRendering, loadSeedCorpus } from '../../../src/qualify/corpus/fixture-corpus';

const narrow = loadSeedCorpus().filter((f) => f.agent === 'claude' && f.screen.cols === 80);
const editing = narrow.filter((f) => f.state === 'multi-question-3-free-text');
const typed = narrow.filter((f) => f.state === 'multi-question-3-typed');

function lastLines(s: ScreenSnapshot, n: number): string[] {
  const end = s.plain.map((l) => l.trim() !== '').lastIndexOf(true);
  return s.plain.slice(end - n + 1, end + 1).map((l) => l.trimEnd());
}

describe('Claude Code free text at 80 columns (wrapped footer)', () => {
  it('has the wrapped screens of every Claude version', () => {
    assert.equal(editing.filter(inStandardRendering).length, 4);
    assert.equal(typed.filter(inStandardRendering).length, 4);
    for (const f of [...editing, ...typed])
      assert.deepEqual(
        lastLines(f.screen, 2),
        ['Enter to select · Tab/Arrow keys to navigate · ctrl+g to edit in Vim · Esc to', 'cancel'],
        f.id,
      );
  });

  for (const f of editing) {
    it(`${f.id}: the empty editor is the free-text step of question 3 of 4, and reads back empty`, () => {
      const r = recognize('claude', f.version, f.screen);
      assert.ok(r.kind === 'questionnaire', JSON.stringify(r));
      assert.equal(r.question.responseKind, 'free_text');
      assert.equal(r.question.prompt, 'What should the project be called?');
      assert.deepEqual(r.step, { index: 3, total: 4 });
      assert.equal(r.plan.freeText?.optionKey, 'o3');
      assert.deepEqual(readEditor('claude', f.version, f.screen), { text: '' });
    });

    it(`${f.id}: a footer wrapped at another word is not the footer`, () => {
      const end = f.screen.plain.map((l) => l.trim() !== '').lastIndexOf(true);
      const plain = [...f.screen.plain];
      plain[end - 1] = 'Enter to select · Tab/Arrow keys to navigate · ctrl+g to edit in Vim · Esc';
      plain[end] = 'to cancel';
      const other = { ...f.screen, plain };
      assert.equal(recognize('claude', f.version, other).kind, 'manual_required');
      assert.equal(readEditor('claude', f.version, other), undefined);
    });
  }

  for (const f of typed) {
    it(`${f.id}: the typed text reads back exactly`, () => {
      assert.deepEqual(readEditor('claude', f.version, f.screen), { text: 'orbit-7' });
      const r = recognize('claude', f.version, f.screen);
      assert.equal(r.kind, 'manual_required');
    });
  }
});

/**
 * The escapes of description styles captured under a theme and colour depth (those that set a
 * colour alone: dark-ansi's dim is in its own captures).
 */
const DESCRIPTION_SGR: Record<string, string> = {
  'dark/256': '\u001b[38;5;246m',
  'dark/truecolor': '\u001b[38;2;153;153;153m',
  'light/256': '\u001b[38;5;241m',
  'light/truecolor': '\u001b[38;2;102;102;102m',
  'light-ansi/256': '\u001b[90m',
};

/** Every condition whose captures draw the same description style (the colour-blind themes share theirs). */
const SAME_STYLE: Record<string, readonly string[]> = {
  'dark/256': ['dark/256', 'dark-daltonized/256'],
  'dark/truecolor': ['dark/truecolor', 'dark-daltonized/truecolor'],
  'light/256': ['light/256', 'light-daltonized/256'],
  'light/truecolor': ['light/truecolor', 'light-daltonized/truecolor'],
  'light-ansi/256': ['light-ansi/256', 'light-ansi/truecolor'],
};

describe('Claude Code options that wrap at 80 columns', () => {
  const wrapped = narrow.filter((f) => f.state === 'unusual-1');
  const [first] = Q_UNUSUAL;
  const option = first?.options[0];

  /** The screen with one styled line changed. */
  function restyled(s: ScreenSnapshot, index: number, line: string): ScreenSnapshot {
    const styled = [...(s.styled ?? [])];
    styled[index] = line;
    return { ...s, styled };
  }

  it('has the wrapped screen of every Claude version', () => {
    assert.equal(wrapped.filter(inStandardRendering).length, 4);
  });

  for (const f of wrapped) {
    const row = f.screen.plain.findIndex((l) => l.includes('1. Keep the most recent edit'));

    it(`${f.id}: the wrapped label and its wrapped description are read whole`, () => {
      const r = recognize('claude', f.version, f.screen);
      assert.ok(r.kind === 'questionnaire', JSON.stringify(r).slice(0, 300));
      assert.equal(r.question.options[0]?.label, option?.label);
      assert.equal(r.question.options[0]?.description, option?.description);
      assert.deepEqual(r.plan.choose.o1?.[0]?.action, { keys: ['1'] });
    });

    it(`${f.id}: a label line drawn in the description's colour is not proven`, () => {
      const line = (f.screen.plain[row + 1] ?? '').trimEnd();
      const other = restyled(f.screen, row + 1, `     \u001b[38;5;246m${line.trim()}`);
      assert.equal(recognize('claude', f.version, other).kind, 'manual_required');
    });

    // The edits below rewrite the dark theme's escapes at 256 colours; the other renderings' own
    // screens are captured, and each is read whole above.
    if (!inStandardRendering(f)) continue;

    /** The screen with every description escape of the dark theme at 256 colours drawn as `sgr`. */
    const described = (sgr: (k: number) => string): ScreenSnapshot => {
      let k = 0;
      const styled = (f.screen.styled ?? []).map((l) => l.split('\u001b[38;5;246m').reduce((a, b) => a + sgr(k++) + b));
      return { ...f.screen, styled };
    };

    for (const [name, sgr] of Object.entries(DESCRIPTION_SGR)) {
      // Read whole where the version was qualified under a condition drawing that style, and by qualification,
      // which judges a capture under any; else left to the terminal, naming the condition.
      const qualified =
        name === 'dark/256' || (SAME_STYLE[name] ?? [name]).some((c) => QUALIFIED_RENDERINGS[c]?.includes(f.version));
      it(`${f.id}: descriptions in the ${name} description style are read whole where ${name} is qualified`, () => {
        const screen = described(() => sgr);
        const generation = adapterOf('claude')?.generationOf(f.version) ?? '';
        const whole = (r: Recognition): void => {
          assert.ok(r.kind === 'questionnaire', JSON.stringify(r).slice(0, 300));
          assert.equal(r.question.options[0]?.label, option?.label);
          assert.equal(r.question.options[0]?.description, option?.description);
        };
        whole(recognizeForQualification('claude', generation, f.version, screen));
        const live = recognize('claude', f.version, screen);
        if (qualified) whole(live);
        else {
          const [theme, depth] = name.split('/');
          const words = `${theme}.* theme at .*${depth === '256' ? '256 colours' : 'truecolor'}.*`;
          assert.ok(live.kind === 'manual_required', JSON.stringify(live).slice(0, 300));
          assert.match(live.reason, new RegExp(`${words} is not qualified on ${f.version.replace(/\./g, '\\.')}`));
        }
      });
    }

    it(`${f.id}: a description style no qualified rendering draws is manual, saying so`, () => {
      const r = recognize(
        'claude',
        f.version,
        described(() => '\u001b[38;5;200m'),
      );
      assert.equal(r.kind, 'manual_required');
      if (r.kind === 'manual_required') assert.match(r.reason, /style no qualified rendering of this version draws/);
    });

    it(`${f.id}: description lines of one option in two known styles are not proven`, () => {
      const styles = Object.values(DESCRIPTION_SGR);
      const r = recognize(
        'claude',
        f.version,
        described((k) => styles[k % 2] ?? ''),
      );
      assert.equal(r.kind, 'manual_required');
    });

    it(`${f.id}: a label that would not wrap there is not proven`, () => {
      const plain = [...f.screen.plain];
      plain[row] = (plain[row] ?? '').replace(' archive the', ' archive');
      plain[row + 1] = (plain[row + 1] ?? '').replace('other one', 'the other one');
      const styled = [...(f.screen.styled ?? [])];
      styled[row] = (styled[row] ?? '').replace(' archive the', ' archive');
      styled[row + 1] = (styled[row + 1] ?? '').replace('other one', 'the other one');
      assert.equal(recognize('claude', f.version, { ...f.screen, plain, styled }).kind, 'manual_required');
    });
  }
});
