/**
 * Claude Code's start-up screens as docs/REAL-AGENTS.md describes them, in the order the client
 * shows them: folder trust (`No, exit` under the cursor, then `Yes, I trust this folder`), then a
 * project's new MCP server (`Use this MCP server`, `Use this and all future …`, then `Continue without
 * using this MCP server` under the cursor), then an API key found in the environment (`Yes`, then
 * `No (recommended)` under the cursor). Bypass-permissions mode asks on its own (`No, exit` under
 * the cursor, then `Yes, I accept`).
 */
import type { StartupScreen } from '../../../../qualify/answer-key/startup-dialog';

export const CLAUDE_STARTUP: ReadonlyArray<readonly [string, StartupScreen]> = [
  ['trust', { name: 'folder-trust', cursor: 0, accept: 1, rows: 2 }],
  ['mcp-servers', { name: 'mcp-servers', cursor: 2, accept: 0, rows: 3 }],
  ['api-key', { name: 'api-key', cursor: 1, accept: 0, rows: 2 }],
  ['bypass', { name: 'bypass-permissions', cursor: 0, accept: 1, rows: 2 }],
];
