// The live tier's terminal tests once more with the portable POSIX process table (`ps` and `lsof`,
// as on macOS), selected by AKK_PROCESS_TABLE=posix for the server they start: agents typed into
// a plain terminal (the mirror) and agents in tmux, found, identified and answered the same way.
const base = require('./.mocharc.cjs');

module.exports = {
  ...base,
  spec: [
    'test/live/terminal-endpoint.test.ts',
    'test/live/claude-server.test.ts',
    'test/live/codex-server-approvals.test.ts',
  ],
};
