/**
 * Gemini CLI 0.61.0 as a whole screen: its first-start screens are named and never answered (the
 * one that shows the API key tells nothing of it), its idle composer and its working line are told
 * apart, and a dialog of choices the profile does not know is the person's. The screens are the
 * real client's (capture-screens.ts, with and without `--first-run`); what each one is comes from
 * how it was reached: the capture's steps, never these files' own text.
 */
import { strict as assert } from 'node:assert';
import { recognizeGemini } from '../../../src/agents/gemini/recognize/recognize';
import type { ScreenSnapshot } from '../../../src/adapters/types';
import { GEMINI_FIRST_RUN } from '../../../src/agents/gemini/qualify/capture-scenario';
import { GEMINI_FAKE_KEY as CAPTURE_KEY } from '../../../src/agents/gemini/qualify/launch';
import { GEMINI_PROFILE, GEMINI_SIZES, geminiScreen } from './gemini-screens';

const recognise = (s: ScreenSnapshot) => recognizeGemini(s, GEMINI_PROFILE);

for (const size of ['80x24', '120x40'] as const) {
  describe(`Gemini CLI 0.61.0, first start at ${size}`, () => {
    for (const { state } of GEMINI_FIRST_RUN) {
      it(`${state}: named, left to the person, nothing of the screen told`, () => {
        const s = geminiScreen(`${size}-first-run`, state);
        const r = recognise(s);
        assert.ok(r.kind === 'manual_required', JSON.stringify(r));
        assert.equal(r.startup, state);
        assert.ok(!JSON.stringify(r).includes(CAPTURE_KEY), 'the key on screen is in what is told');
      });
    }

    it('once past them, the untrusted folder idles at its empty composer', () => {
      assert.deepEqual(recognise(geminiScreen(`${size}-first-run`, 'idle-untrusted')), {
        kind: 'activity',
        state: 'idle',
      });
    });
  });
}

for (const size of GEMINI_SIZES) {
  describe(`Gemini CLI 0.61.0 activity at ${size}`, () => {
    it('idle at its empty composer', () => {
      assert.deepEqual(recognise(geminiScreen(size, 'idle')), { kind: 'activity', state: 'idle' });
    });

    it('working while the model is held', () => {
      assert.deepEqual(recognise(geminiScreen(size, 'working')), { kind: 'activity', state: 'working' });
    });
  });
}

describe('Gemini CLI 0.61.0: other screens', () => {
  const idle = geminiScreen('80x24', 'idle');
  const composer = idle.plain.findIndex((l) => l.includes('Type your message'));

  it('a typed composer is not idle', () => {
    const plain = [...idle.plain];
    plain[composer] = ' >   make the tests pass';
    assert.deepEqual(recognise({ ...idle, plain, styled: undefined }), { kind: 'activity', state: 'unknown' });
  });

  it("a dialog of choices the profile does not know (the client's own question) is the person's", () => {
    const shell = geminiScreen('80x24', 'permission-shell');
    const plain = shell.plain.map((l) => l.replace('Allow execution of [Shell]?', 'Which database should it use?'));
    const r = recognise({ ...shell, plain, styled: undefined });
    assert.equal(r.kind, 'manual_required');
  });

  it('a confirmation is recognised before anything else on the screen', () => {
    assert.equal(recognise(geminiScreen('120x40', 'permission-edit')).kind, 'permission');
  });
});
