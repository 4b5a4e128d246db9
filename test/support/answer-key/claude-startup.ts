/**
 * Claude Code's start-up screens as docs/REAL-AGENTS.md describes them, in the order the client
 * shows them: folder trust (`No, exit` under the cursor, then `Yes, I trust this folder`), then an
 * API key found in the environment (`Yes`, then `No (recommended)` under the cursor).
 */
import type { StartupScreen } from './startup-dialog';

export const CLAUDE_STARTUP: ReadonlyArray<readonly [string, StartupScreen]> = [
  ['trust', { name: 'folder-trust', cursor: 0, accept: 1, rows: 2 }],
  ['api-key', { name: 'api-key', cursor: 1, accept: 0, rows: 2 }],
];
