/** Gemini CLI's adapter: its profile generations, the versions qualified for each, and what each proves. */
import { defineAdapter } from '../../../adapters/agent-adapter';
import { proveGeminiComposer } from './composer';
import { GEMINI_GENERATIONS } from './profile';
import { DIFFERING_VERSIONS, QUALIFIED_RENDERINGS, QUALIFIED_SHAPES, QUALIFIED_VERSIONS } from './qualified-versions';
import { activityOf, recognizeGemini } from './recognize';
import { readGeminiQuestionEditor } from './question';
import { GEMINI_SHAPES } from './shapes';

export const geminiAdapter = defineAdapter('gemini', {
  generations: GEMINI_GENERATIONS,
  versions: QUALIFIED_VERSIONS,
  shapes: QUALIFIED_SHAPES,
  renderings: QUALIFIED_RENDERINGS,
  differing: DIFFERING_VERSIONS,
  gatedShapes: Object.values(GEMINI_SHAPES),
  timing: {
    quietBeforeKey: 300,
    quietBeforeOffer: 300,
    enterAfterPaste: 300,
  },
  recognize: recognizeGemini,
  readEditor: readGeminiQuestionEditor,
  proveEmptyComposer: (s, p) => proveGeminiComposer(s, p, activityOf(s, p).state),
});
