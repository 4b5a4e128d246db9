/**
 * What the server remembers of a scrolled list between screens: while an answer to it is typed
 * and proven, a frame that proves nothing (torn on a busy machine: its lower rows not drawn yet)
 * leaves the windows read so far, so the next window still stands for the whole step; with no
 * answer under way, any other screen forgets them. The screens are Gemini CLI 0.61.0's checklist
 * as captured at 80x24; the torn frame is its first screen with the lower half not drawn.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { recognize } from '../../../src/adapters/recognize';
import type { Recognition, ScreenSnapshot } from '../../../src/adapters/types';
import { ScrolledLists } from '../../../src/server/step/scrolled-lists';
import { selfContainedRows } from '../../../src/server/sessions/tmux/styled-lines';
import { FIXTURES } from '../../../src/qualify/corpus/fixture-corpus';
import { editedRow } from '../../support/screen-edits';
import { readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

const DIR = join(FIXTURES, 'gemini', '0.61.0', '80x24');
const lines = (t: string): string[] => {
  const l = t.split('\n');
  if (l[l.length - 1] === '') l.pop();
  return l;
};
function screen(state: string): ScreenSnapshot {
  const read = (ext: string): string => readCorpusFile(join(DIR, `${state}${ext}`));
  return { plain: lines(read('.txt')), styled: lines(selfContainedRows(read('.ansi.txt'))), cols: 80, rows: 24 };
}
const see = (s: ScreenSnapshot): Recognition => recognize('gemini', '0.61.0', s);
const torn = (s: ScreenSnapshot): ScreenSnapshot => {
  const cut = (l: readonly string[]): string[] => l.map((x, i) => (i < l.length / 2 ? x : ''));
  return { ...s, plain: cut(s.plain), ...(s.styled ? { styled: cut(s.styled) } : {}) };
};

const WINDOWS = ['50-checklist', '51-checklist-second-row', '52-checklist-all-row', '53-checklist-free-text-row'];

function readWhole(lists: ScrolledLists): void {
  for (const state of [...WINDOWS, '54-checklist-done-row']) lists.resolve('s1', see(screen(state)));
}

describe('a scrolled list between screens', () => {
  const last = screen('54-checklist-done-row');

  it('read whole, the window on screen stands for the whole step (the control)', () => {
    const lists = new ScrolledLists();
    readWhole(lists);
    assert.equal(lists.resolve('s1', see(last)).kind, 'questionnaire');
    const tornFrame = see(torn(screen('50-checklist')));
    assert.ok(tornFrame.kind === 'manual_required' && tornFrame.window === undefined, JSON.stringify(tornFrame));
  });

  it('while an answer is typed, a torn frame leaves the windows read: the next window is still the step', () => {
    const lists = new ScrolledLists();
    readWhole(lists);
    lists.resolve('s1', see(torn(screen('50-checklist'))), true);
    assert.equal(lists.resolve('s1', see(last), true).kind, 'questionnaire');
  });

  it('with no answer under way, any other screen forgets the list', () => {
    const lists = new ScrolledLists();
    readWhole(lists);
    lists.resolve('s1', see(torn(screen('50-checklist'))));
    assert.equal(lists.resolve('s1', see(last)).kind, 'manual_required');
  });

  it('a screen read as another state forgets the list, answer or not', () => {
    const lists = new ScrolledLists();
    readWhole(lists);
    lists.resolve('s1', { kind: 'activity', state: 'idle' }, true);
    assert.equal(lists.resolve('s1', see(last), true).kind, 'manual_required');
  });

  it('rows that were all in sight but read differently on two screens are left to the terminal saying so', () => {
    const lists = new ScrolledLists();
    const home = screen('29-question');
    const last = screen('30-question-last-row');
    const other = screen('31-question-window');
    const edit = (x: ScreenSnapshot): ScreenSnapshot =>
      editedRow(x, 'Embedded, single file', (l) => l.replace('Embedded, single file', 'Embedded, two files  '));
    assert.ok(
      see(edit(other)).kind === 'manual_required' && 'window' in see(edit(other)),
      'the edited screen is a window',
    );
    for (const s of [home, last, edit(other)]) lists.resolve('s1', see(s));
    const r = lists.resolve('s1', see(home));
    assert.ok(r.kind === 'manual_required', JSON.stringify(r));
    assert.match(r.reason, /the rows read do not make one list: option 2 read differently/);
  });
});
