// Recomputes every screen digest of every qualification record from the files it points at:
// run after the canonical form changes (a volatile field newly set aside), so that the records
// keep saying what their stored screens are. Results and differences are left as they were taken.
//   npx tsx scripts/qualify/redigest.ts
import type { Sidecar } from '../../src/qualify/capture';
import { AGENTS } from '../../src/qualify/versions';
import { canonicalLines, canonicalSidecar, digest } from '../../src/qualify/runner/canonical';
import { readRecords, storedPath, writeRecord } from '../../src/qualify/runner/records';
import { readCorpusFile } from '../../src/qualify/corpus/corpus-store';

const read = (file: string): string => readCorpusFile(file);

for (const agent of AGENTS) {
  let changed = 0;
  let records = 0;
  for (const rec of readRecords(agent)) {
    let touched = false;
    for (const s of rec.screens) {
      const base = storedPath(agent, s);
      const plain = digest(canonicalLines(agent, read(`${base}.txt`), false, s.storedIn));
      const styled = digest(canonicalLines(agent, read(`${base}.ansi.txt`), true, s.storedIn));
      const sidecar = digest(canonicalSidecar(JSON.parse(read(`${base}.json`)) as Sidecar));
      if (s.plain === plain && s.styled === styled && s.sidecar === sidecar) continue;
      Object.assign(s, { plain, styled, sidecar });
      touched = true;
      changed += 1;
    }
    if (touched) {
      writeRecord(rec);
      records += 1;
    }
  }
  console.log(`${agent}: ${changed} screen digests changed in ${records} records`);
}
