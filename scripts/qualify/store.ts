// Keeps a qualified (or differing) version's screens in fixtures/ by differences, not copies: a
// scenario's screens at one size are stored only when no recorded version already stores the
// same screens (same canonical digests); otherwise the record points at the version that does.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TargetIndex } from '../../src/qualify/capture';
import type { AgentName } from '../../src/qualify/versions';
import type { CandidateScreen } from '../../src/qualify/runner/evaluate';
import { FIXTURES, type QualificationRecord, type ScreenEntry } from '../../src/qualify/runner/records';
import { listCorpus, readCorpusFile, removeTarget, writeTarget } from '../../src/qualify/corpus/corpus-store';

const same = (a: Omit<ScreenEntry, 'storedIn'>, b: Omit<ScreenEntry, 'storedIn'>): boolean =>
  a.step === b.step && a.plain === b.plain && a.styled === b.styled && a.sidecar === b.sidecar;

/** The stored entries of another version that hold exactly these screens, if any. */
function storedElsewhere(
  group: readonly CandidateScreen[],
  records: readonly QualificationRecord[],
  version: string,
): ScreenEntry[] | undefined {
  const first = group[0];
  if (!first) return undefined;
  for (const r of records) {
    if (r.version === version) continue;
    const theirs = r.screens.filter((s) => s.size === first.size && s.scenario === first.scenario);
    if (theirs.length === group.length && group.every((g, i) => theirs[i] !== undefined && same(g, theirs[i]))) {
      return theirs;
    }
  }
  return undefined;
}

/**
 * Stores the screens no other version stores as fixtures/<agent>/<version>/<size>/ (with an
 * index.json listing them; see corpus-store.ts) and returns every screen's entry with where it is stored.
 */
export function storeScreens(
  agent: AgentName,
  version: string,
  screens: readonly CandidateScreen[],
  records: readonly QualificationRecord[],
  scratchRoot: string,
  /** Keep the screens the version already stores (an extension adds scenarios to its record). */
  keepStored = false,
): ScreenEntry[] {
  const groups = new Map<string, CandidateScreen[]>();
  for (const s of screens)
    groups.set(`${s.size}\n${s.scenario}`, [...(groups.get(`${s.size}\n${s.scenario}`) ?? []), s]);
  const entries: ScreenEntry[] = [];
  const kept = new Map<string, CandidateScreen[]>();
  for (const group of groups.values()) {
    group.sort((a, b) => a.step - b.step);
    const elsewhere = storedElsewhere(group, records, version);
    if (elsewhere) {
      // The record points at the other version's files (their names too: numbering may differ).
      group.forEach((g, i) =>
        entries.push({ ...strip(g), file: elsewhere[i]?.file ?? g.file, storedIn: elsewhere[i]?.storedIn ?? '' }),
      );
      continue;
    }
    for (const g of group) {
      entries.push({ ...strip(g), storedIn: version });
      kept.set(g.size, [...(kept.get(g.size) ?? []), g]);
    }
  }
  const versionDir = path.join(FIXTURES, agent, version);
  for (const size of new Set(screens.map((s) => s.size))) {
    const dir = path.join(versionDir, size);
    const files = new Map<string, string>();
    if (keepStored) for (const name of listCorpus(dir)) files.set(name, readCorpusFile(path.join(dir, name)));
    const before = files.has('index.json') ? (JSON.parse(files.get('index.json') as string) as TargetIndex) : undefined;
    const mine = kept.get(size) ?? [];
    if (mine.length === 0) {
      if (!keepStored) removeTarget(versionDir, size);
      continue;
    }
    for (const g of mine)
      for (const ext of ['.txt', '.ansi.txt', '.json']) files.set(g.file + ext, fs.readFileSync(g.base + ext, 'utf8'));
    const scratch = JSON.parse(
      fs.readFileSync(path.join(scratchRoot, agent, version, size, 'index.json'), 'utf8'),
    ) as TargetIndex;
    const added = scratch.files.filter((f) => mine.some((g) => g.file === f.file));
    const index: TargetIndex = { ...scratch, files: [...(before?.files ?? []), ...added] };
    files.set('index.json', JSON.stringify(index, null, 2) + '\n');
    writeTarget(versionDir, size, files);
  }
  return entries;
}

function strip(s: CandidateScreen): Omit<ScreenEntry, 'storedIn'> {
  const { base: _base, ...rest } = s;
  return rest;
}
