/**
 * What a free-text answer may hold: only what the terminal draws, so that the typed answer can be
 * proven on screen before its Enter. Invisible format characters are refused before anything is
 * typed; the scripts a person writes in (CJK, emoji) are kept.
 */
import { strict as assert } from 'node:assert';
import { answerTextProblem } from '../../../src/shared/answer-text';

describe('free-text answers: only what the terminal can show', () => {
  for (const [name, text] of [
    ['a zero-width space', 'Use\u200bthe tmp folder'],
    ['a zero-width joiner', 'tmp\u200dfolder'],
    ['a soft hyphen', 'tmp\u00adfolder'],
    ['a right-to-left override', 'tmp \u202efolder'],
    ['a byte-order mark', 'Use the\ufefftmp folder'],
  ] as const) {
    it(`refuses an answer with ${name}, before anything is typed`, () => {
      assert.equal(answerTextProblem(text)?.code, 'invisible');
    });
  }

  it('keeps answers in other scripts and with emoji', () => {
    for (const text of ['单元测试 ✅', 'Lint 🧹', 'Prüfung', 'テスト'])
      assert.equal(answerTextProblem(text), null, text);
  });
});
