/** Codex's adapter: its profile generations, the versions qualified for each, and what each proves. */
import { defineAdapter } from '../../../adapters/agent-adapter';
import { proveComposer } from './activity';
import { readAsyncOtherEditor } from './async-question';
import { DIFFERING_VERSIONS, QUALIFIED_RENDERINGS, QUALIFIED_SHAPES, QUALIFIED_VERSIONS } from './qualified-versions';
import { CODEX_GENERATIONS } from './profile';
import { readNotesEditor } from './questionnaire';
import { recognizeCodex } from './recognize';
import { CODEX_SHAPES } from './shapes';

export const codexAdapter = defineAdapter('codex', {
  generations: CODEX_GENERATIONS,
  versions: QUALIFIED_VERSIONS,
  shapes: QUALIFIED_SHAPES,
  renderings: QUALIFIED_RENDERINGS,
  differing: DIFFERING_VERSIONS,
  gatedShapes: Object.values(CODEX_SHAPES),
  timing: {
    quietBeforeKey: 300,
    quietBeforeOffer: 300,
    // Codex takes an Enter within ~121 ms of pasted text as part of the paste (a newline).
    enterAfterPaste: 300,
  },
  recognize: recognizeCodex,
  // The free text being edited: a questionnaire's Notes, or an async question's Other row.
  readEditor: (s, p) => readNotesEditor(s, p) ?? readAsyncOtherEditor(s, p),
  proveEmptyComposer: proveComposer,
});
