/**
 * Codex's start-up screens as the captures of 0.171.0 show them, in the order the client shows
 * them: an update found by the last check (`Update now` under the cursor, then `Skip` and `Skip
 * until next version`), folder trust (`Trust and continue` under the cursor, then `Back to Agent
 * Command Center`), then a model migration (`Try new model` under the cursor, then `Use existing
 * model`).
 */
import type { StartupScreen } from '../../../../qualify/answer-key/startup-dialog';

export const CODEX_STARTUP: ReadonlyArray<readonly [string, StartupScreen]> = [
  ['update', { name: 'update', cursor: 0, accept: 1, rows: 3 }],
  ['trust', { name: 'folder-trust', cursor: 0, accept: 0, rows: 2 }],
  ['model-migration', { name: 'model-migration', cursor: 0, accept: 1, rows: 2 }],
];
