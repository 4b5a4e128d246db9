/**
 * What this machine keeps the server from doing, said once in the Agent Sessions view with what
 * works instead: tmux missing (AKK's own sessions and tmux panes need it; agents typed into an
 * integrated terminal do not), or a system whose processes cannot be read (nothing is identified).
 */
import { SETTING } from '../../shared/settings';
import { agentLabelList } from '../../shared/agents';
import { AkkError } from '../../shared/errors';
import { TMUX_INSTALL_HINT } from '../../shared/tmux';
import type { ProcessTable } from './process-table';
import { USUAL_TMUX_DIRS } from './tmux/find-tmux';

/** How long one look for tmux stands (a person who installs it sees the notice go within this). */
const TMUX_CHECK_MS = 30_000;

interface TmuxProbe {
  readonly binary: string;
  version(): Promise<string>;
}

/** The tmux the server runs: the executable it found, and its version, or null when it does not run. */
interface TmuxFound {
  binary: string;
  version: string | null;
}

export class EnvironmentNotices {
  private tmuxChecked: { at: number; version: string | null; missing: boolean } | undefined;

  constructor(
    private readonly tmux: TmuxProbe,
    private readonly table: ProcessTable,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<string[]> {
    const notices: string[] = [];
    if (this.table.kind === 'none') notices.push(this.table.unavailable ?? "this system's processes cannot be read");
    if (await this.tmuxMissing()) notices.push(tmuxMissing(this.tmux.binary));
    return notices;
  }

  /** The tmux executable the server found (on PATH or in the usual places) and its `tmux -V`. */
  async tmuxFound(): Promise<TmuxFound> {
    return { binary: this.tmux.binary, version: (await this.checkTmux()).version };
  }

  private async tmuxMissing(): Promise<boolean> {
    return (await this.checkTmux()).missing;
  }

  private async checkTmux(): Promise<{ version: string | null; missing: boolean }> {
    const t = this.now();
    if (this.tmuxChecked && t - this.tmuxChecked.at < TMUX_CHECK_MS) return this.tmuxChecked;
    const checked = await this.tmux.version().then(
      (version) => ({ version: version || null, missing: false }),
      (e: unknown) => ({ version: null, missing: e instanceof AkkError && e.code === 'tmux_unavailable' }),
    );
    this.tmuxChecked = { at: t, ...checked };
    return checked;
  }
}

function tmuxMissing(binary: string): string {
  const where = binary.includes('/') ? binary : `"${binary}" on PATH and in ${USUAL_TMUX_DIRS.join(', ')}`;
  return (
    `tmux was not found (looked for ${where}): the New Session commands (${agentLabelList()}) start agents ` +
    'in tmux, and tmux panes cannot be attached. Agents typed into an integrated terminal are still found ' +
    `and answered; set "${SETTING.launchIn.key}" to "terminal" to start new sessions there. ` +
    TMUX_INSTALL_HINT
  );
}
