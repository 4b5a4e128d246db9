/** Codex's adapter: its profiles by version, and what each proves on a screen. */
import { defineAdapter } from '../agent-adapter';
import { proveComposer } from './activity';
import { readAsyncOtherEditor } from './async-question';
import { CODEX_PROFILES } from './profile';
import { readNotesEditor } from './questionnaire';
import { recognizeCodex } from './recognize';

export const codexAdapter = defineAdapter('codex', {
  profiles: CODEX_PROFILES,
  recognize: recognizeCodex,
  // The free text being edited: a questionnaire's Notes, or an async question's Other row.
  readEditor: (s, p) => readNotesEditor(s, p) ?? readAsyncOtherEditor(s, p),
  proveEmptyComposer: proveComposer,
});
