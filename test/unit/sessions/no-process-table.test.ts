/**
 * Where neither /proc nor ps can be read, the server chooses a process table that reads nothing and
 * says why (native Windows gets the supported way: WSL or Remote-SSH); a terminal command is then
 * known only by the agent its command line names, which lists it observe only and never types.
 */
import * as assert from 'node:assert/strict';
import { chooseProcessTable } from '../../../src/server/sessions/platform';
import { commandAgent } from '../../../src/server/sessions/terminal/command-agent';

const probe = (platform: NodeJS.Platform, hasProc: boolean, hasPs: boolean) => ({
  platform,
  hasProc: () => hasProc,
  hasPs: () => hasPs,
});

describe('sessions/no-process-table', () => {
  it('chooses /proc, else ps, else none, by what the system offers', () => {
    assert.equal(chooseProcessTable({}, probe('linux', true, true)).kind, 'proc');
    assert.equal(chooseProcessTable({}, probe('darwin', false, true)).kind, 'posix');
    assert.equal(chooseProcessTable({}, probe('freebsd', false, false)).kind, 'none');
    assert.equal(chooseProcessTable({}, probe('win32', false, false)).kind, 'none');
    assert.equal(chooseProcessTable({ AKK_PROCESS_TABLE: 'none' }, probe('linux', true, true)).kind, 'none');
    assert.equal(chooseProcessTable({ AKK_PROCESS_TABLE: 'posix' }, probe('linux', true, true)).kind, 'posix');
  });

  it('says why nothing can be read, and on Windows what works instead', () => {
    const win = chooseProcessTable({}, probe('win32', false, false));
    assert.match(win.unavailable ?? '', /^AKK cannot read this system's processes.*answer it in the terminal/);
    assert.match(win.unavailable ?? '', /WSL or over Remote-SSH/);
    const bsd = chooseProcessTable({}, probe('openbsd', false, false));
    assert.match(bsd.unavailable ?? '', /neither \/proc nor ps/);
  });

  it('reads nothing at all: no process, no tree, no terminal', () => {
    const t = chooseProcessTable({ AKK_PROCESS_TABLE: 'none' });
    assert.equal(t.stat(process.pid), null);
    assert.deepEqual(t.children(process.pid), []);
    assert.deepEqual(t.cmdline(process.pid), []);
    assert.equal(t.executable(process.pid), null);
    assert.equal(t.ttyOf(process.pid), null);
    assert.equal(t.cwd(process.pid), null);
  });

  const named: Array<[string, string | null]> = [
    ['claude', 'claude'],
    ['claude --resume', 'claude'],
    ['/usr/local/bin/claude -p hi', 'claude'],
    ['C:\\Users\\me\\AppData\\Roaming\\npm\\claude.cmd', 'claude'],
    ['claude.exe', 'claude'],
    ['npx @anthropic-ai/claude-code', 'claude'],
    ['codex', 'codex'],
    ['CODEX_HOME=/tmp/x codex exec', 'codex'],
    ['env TERM=xterm-256color codex', 'codex'],
    ['npx @openai/codex@latest', 'codex'],
    ['codex.ps1', 'codex'],
    ['ls -la', null],
    ['echo claude', null],
    ['claudette', null],
    ['node cli.js', null],
    ['', null],
  ];
  for (const [line, agent] of named) {
    it(`names ${agent ?? 'no agent'} from ${JSON.stringify(line)}`, () => {
      assert.equal(commandAgent(line), agent);
    });
  }
});
