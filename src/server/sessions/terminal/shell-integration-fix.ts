/**
 * What a person does when VS Code's shell integration is not active in their terminal: the setting
 * that turns it on, and, where VS Code does not inject it by itself (a customised prompt, a
 * framework that replaces the rc file, an old shell), the manual install line VS Code documents for
 * that shell and the file it goes in. Shells VS Code has no integration for are named as such.
 */
import { SETTING } from '../../../shared/settings';

interface ManualInstall {
  file: string;
  line: string;
}

/** VS Code's documented manual installation, per shell it integrates. */
const MANUAL_INSTALL: Readonly<Record<string, ManualInstall>> = {
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

/** The shell's name from its process name (`-zsh` for a login shell, `pwsh.exe` on Windows). */
export function shellName(comm: string | null | undefined): string | null {
  if (!comm) return null;
  const name = comm.replace(/^-/, '').replace(/\.exe$/i, '');
  return /^[A-Za-z0-9_.+-]{1,32}$/.test(name) ? name : null;
}

/**
 * Why a terminal without shell integration is observe only, and how to fix it for its shell. The
 * words before the first comma are the short form the Sessions view shows on the row.
 */
export function noShellIntegration(shell: string | null): string {
  const which = shell ? `this ${shell} terminal` : 'this terminal';
  const head = `no shell integration in ${which}, so AKK cannot read its screen: answer the agent in the terminal.`;
  const manual = shell ? MANUAL_INSTALL[shell] : undefined;
  if (shell && !manual)
    return (
      `${head} VS Code has shell integration for bash, zsh, fish and pwsh, not for ${shell}: start the agent in ` +
      `one of those, or set "${SETTING.launchIn.key}" to "tmux" and start it with its New Session command`
    );
  const setting = 'Fix: set "terminal.integrated.shellIntegration.enabled" to true and open a new terminal';
  return manual
    ? `${head} ${setting}; if VS Code still does not inject it (a customised prompt), add this line to ` +
        `${manual.file}: ${manual.line}`
    : `${head} ${setting} (bash, zsh, fish or pwsh)`;
}
