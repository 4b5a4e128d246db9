/**
 * The screens each qualified release claims from another release's folder: its record lists every
 * screen it drew, and names the release whose folder stores the identical one (`storedIn`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isCorpusDir, listCorpus } from '../../src/qualify/corpus/corpus-store';
import { join } from 'node:path';
import type { AgentKind } from '../../src/shared/agents';
import { FIXTURES } from '../../src/qualify/corpus/fixture-corpus';

export interface Claim {
  agent: AgentKind;
  version: string;
  generation: string;
  /** The stored screen's id, e.g. `claude/2.1.332/120x40/04-single-select`. */
  stored: string;
}

interface RecordScreen {
  size: string;
  file: string;
  storedIn?: string;
}

/** The screens each qualified record claims from another release's folder. */
export function claims(): Claim[] {
  const out: Claim[] = [];
  for (const agent of listCorpus(FIXTURES)) {
    if (!isCorpusDir(join(FIXTURES, agent))) continue;
    for (const version of readdirSync(join(FIXTURES, agent)).sort()) {
      let record: { agent: AgentKind; version: string; result: string; generation: string; screens: RecordScreen[] };
      try {
        record = JSON.parse(readFileSync(join(FIXTURES, agent, version, 'qualification.json'), 'utf8'));
      } catch {
        continue;
      }
      if (record.result !== 'qualified') continue;
      for (const s of record.screens) {
        if (s.storedIn === undefined || s.storedIn === record.version) continue;
        out.push({
          agent: record.agent,
          version: record.version,
          generation: record.generation,
          stored: `${record.agent}/${s.storedIn}/${s.size}/${s.file}`,
        });
      }
    }
  }
  return out;
}
