/** The process table this machine offers (see process-table.ts). */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { PosixProcessTable } from './posix-ps';
import { ProcFs } from './proc';
import type { ProcessTable } from './process-table';
import { UnavailableProcessTable, unavailableReason } from './unavailable-process-table';

interface PlatformProbe {
  platform: NodeJS.Platform;
  hasProc: () => boolean;
  /** True when `ps` runs and lists this process. */
  hasPs: () => boolean;
}

const MACHINE: PlatformProbe = {
  platform: process.platform,
  hasProc: () => fs.existsSync('/proc/self/stat'),
  hasPs: () => {
    try {
      const out = execFileSync('ps', ['-o', 'pid=', '-p', String(process.pid)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 5000,
      });
      return Number(out.trim()) === process.pid;
    } catch {
      return false;
    }
  },
};

/**
 * `/proc` where the kernel offers it, else the POSIX table where `ps` runs, else none (every fact
 * unreadable, with the reason). `AKK_PROCESS_TABLE` (`proc`, `posix` or `none`) chooses one.
 */
export function chooseProcessTable(env: NodeJS.ProcessEnv = process.env, probe = MACHINE): ProcessTable {
  const asked = env.AKK_PROCESS_TABLE;
  if (asked === 'posix') return new PosixProcessTable();
  if (asked === 'proc') return new ProcFs();
  if (asked === 'none') return new UnavailableProcessTable(unavailableReason(probe.platform));
  if (probe.platform !== 'win32' && probe.hasProc()) return new ProcFs();
  if (probe.platform !== 'win32' && probe.hasPs()) return new PosixProcessTable();
  return new UnavailableProcessTable(unavailableReason(probe.platform));
}
