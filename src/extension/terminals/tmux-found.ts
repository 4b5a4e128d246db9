/**
 * The tmux the extension starts and shows sessions with: the one the server found. An editor
 * started from a desktop (the macOS Dock) often has a PATH without Homebrew's or MacPorts' folders;
 * the server looks there too (src/server/sessions/tmux/find-tmux.ts), and the extension runs the
 * executable it found, so a New Session starts in tmux wherever the server can attach it. Until the
 * server has answered, and while it does not run, the configured setting is used as it is.
 */
import type { ServerClient } from '../core/server-client';

interface TmuxFound {
  /** The executable to run. */
  binary: string;
  /** Its `tmux -V`, or null when it does not run. */
  version: string | null;
}

export class TmuxLocator {
  private found: TmuxFound | undefined;

  constructor(
    private readonly client: Pick<ServerClient, 'request' | 'health'>,
    private readonly configured: () => string,
  ) {}

  /** The last executable the server named, or the configured one before it has. */
  get binary(): string {
    return this.found?.binary ?? this.configured();
  }

  /** Asks the server again (a person may have installed tmux since); undefined when it cannot answer. */
  async refresh(): Promise<TmuxFound | undefined> {
    if (this.client.health !== 'running') return undefined;
    const listed = await this.client.request('listSessions', {}).catch(() => undefined);
    if (listed?.tmux) this.found = listed.tmux;
    return listed?.tmux;
  }
}
