/**
 * The process table of a system where the server can read neither /proc nor `ps` (native Windows,
 * or a locked-down container): every fact is unreadable. Agents are then never identified from
 * their processes, so nothing is ever typed; a terminal whose command names an agent is still
 * listed, observe only, with `reason`.
 */
import type { ProcessTable } from './process-table';

export class UnavailableProcessTable implements ProcessTable {
  readonly kind = 'none';

  constructor(readonly unavailable: string) {}

  stat(): null {
    return null;
  }
  cmdline(): string[] {
    return [];
  }
  cwd(): null {
    return null;
  }
  bootId(): undefined {
    return undefined;
  }
  children(): number[] {
    return [];
  }
  executable(): null {
    return null;
  }
  ttyOf(): null {
    return null;
  }
}

/** Why the process table is unavailable on `platform`, and the supported way instead. */
export function unavailableReason(platform: NodeJS.Platform): string {
  const head = "AKK cannot read this system's processes";
  return platform === 'win32'
    ? `${head}, so it cannot identify an agent exactly: answer it in the terminal. On Windows, open the folder ` +
        'in WSL or over Remote-SSH, where the extension runs on Linux and answers agents'
    : `${head} (neither /proc nor ps is available), so it cannot identify an agent exactly: answer it in the terminal`;
}
