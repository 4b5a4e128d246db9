/**
 * A terminal without VS Code's shell integration says why and how to fix it for its own shell: the
 * shell is named from its process (both process tables, real shells started here), and the fix is
 * VS Code's setting, then the manual install line VS Code documents for that shell (the lines below
 * are copied from VS Code's documentation, "Terminal Shell Integration", manual installation).
 */
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { PosixProcessTable } from '../../../src/server/sessions/posix-ps';
import { ProcFs } from '../../../src/server/sessions/proc';
import { noShellIntegration, shellName } from '../../../src/server/sessions/terminal/shell-integration-fix';
import { needs } from '../../support/environment';
import { until } from '../../../src/qualify/wait';

const DOCUMENTED: Record<string, { file: string; line: string }> = {
  bash: {
    file: '~/.bashrc',
    line: '[[ "$TERM_PROGRAM" == "vscode" ]] && . "$(code --locate-shell-integration-path bash)"',
  },
  zsh: {
    file: '~/.zshrc',
    line: '[[ "$TERM_PROGRAM" == "vscode" ]] && . "$(code --locate-shell-integration-path zsh)"',
  },
  fish: {
    file: '~/.config/fish/config.fish',
    line: 'string match -q "$TERM_PROGRAM" "vscode"; and . (code --locate-shell-integration-path fish)',
  },
  pwsh: {
    file: '$PROFILE',
    line: 'if ($env:TERM_PROGRAM -eq "vscode") { . "$(code --locate-shell-integration-path pwsh)" }',
  },
};

const installed = (shell: string): boolean => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

describe('sessions/shell-integration-fix', () => {
  for (const [shell, doc] of Object.entries(DOCUMENTED)) {
    it(`names ${shell}, the setting, and VS Code's manual install line for ${shell}`, () => {
      const reason = noShellIntegration(shell);
      assert.match(reason, new RegExp(`^no shell integration in this ${shell} terminal,`));
      assert.ok(reason.includes('"terminal.integrated.shellIntegration.enabled" to true'), reason);
      assert.ok(reason.includes(`${doc.file}: ${doc.line}`), reason);
      assert.ok(reason.includes('answer the agent in the terminal'), reason);
    });
  }

  it('says that VS Code has no shell integration for a shell it does not integrate, and what works instead', () => {
    const reason = noShellIntegration('dash');
    assert.match(reason, /^no shell integration in this dash terminal,/);
    assert.ok(reason.includes('not for dash'), reason);
    assert.ok(reason.includes('"akk.launch.in" to "tmux"'), reason);
    assert.ok(!reason.includes('locate-shell-integration-path'), reason);
  });

  it('gives the setting for every shell when the shell cannot be read', () => {
    const reason = noShellIntegration(null);
    assert.match(reason, /^no shell integration in this terminal,/);
    assert.ok(reason.includes('"terminal.integrated.shellIntegration.enabled"'), reason);
  });

  it('reads a shell name from a process name: a login shell, a Windows executable; nothing from noise', () => {
    assert.equal(shellName('-zsh'), 'zsh');
    assert.equal(shellName('pwsh.exe'), 'pwsh');
    assert.equal(shellName('fish'), 'fish');
    assert.equal(shellName(''), null);
    assert.equal(shellName(null), null);
    assert.equal(shellName('a b\u001b[31m'), null);
  });

  for (const shell of ['bash', 'zsh', 'fish']) {
    // Skipped, naming why, where the shell is missing; in CI, which installs it, that fails instead.
    const missing = installed(shell) ? null : `${shell} is not installed: scripts/install-system-deps.sh installs it`;
    it(`names a real ${shell} from both process tables${missing ? ` (${missing})` : ''}`, async function () {
      needs(this, missing);
      this.timeout(10_000);
      // /proc where there is one (Linux), and the portable table everywhere (a Mac has only it).
      const tables = fs.existsSync('/proc/self/stat')
        ? [new ProcFs(), new PosixProcessTable()]
        : [new PosixProcessTable()];
      const child = spawn(shell, ['-c', 'sleep 30; exit 0'], { stdio: 'ignore' });
      try {
        const pid = child.pid ?? -1;
        await until(
          `${shell} to run`,
          () => Promise.resolve(tables.every((t) => t.stat(pid)?.comm === shell) ? true : undefined),
          5000,
        ).catch(() => undefined); // the assertion below says what was read instead
        for (const table of tables) assert.equal(shellName(table.stat(pid)?.comm), shell, table.kind);
      } finally {
        child.kill('SIGKILL');
      }
    });
  }
});
