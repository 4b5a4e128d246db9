/** The process table this machine offers (see process-table.ts). */
import * as fs from 'node:fs';
import { PosixProcessTable } from './posix-ps';
import { ProcFs } from './proc';
import type { ProcessTable } from './process-table';

/** `/proc` where the kernel offers it, else the POSIX table; `AKK_PROCESS_TABLE` chooses either. */
export function chooseProcessTable(env: NodeJS.ProcessEnv = process.env): ProcessTable {
  const asked = env.AKK_PROCESS_TABLE;
  if (asked === 'posix') return new PosixProcessTable();
  if (asked === 'proc') return new ProcFs();
  return fs.existsSync('/proc/self/stat') ? new ProcFs() : new PosixProcessTable();
}
