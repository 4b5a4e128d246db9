// What the shipped qualification runner (dist/qualify-runner.js) needs besides its code, copied into
// dist/qualify/: the fake MCP servers the scenarios start, and the reference screens a person's
// binary is compared with. The reference is each profile generation's newest qualified release
// (and, in the newest generation, the release before it, the one compared with when the newest is
// withheld), each at 80x24 where it was captured there (else at its first size): its record, with
// only those screens, and the screens' files (plain, styled, sidecar), resolved from the release
// they are stored in (read through the corpus store, written out as files). Not the whole corpus:
// the .vsix stays small. Run by scripts/build.mjs: `node --import tsx scripts/qualify-data.ts ROOT`.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QualificationRecord } from '../src/qualify/runner/records';
import { readCorpusFile } from '../src/qualify/corpus/corpus-store';

/** The size a reference is shipped at: 80x24 where it was captured there (the runner's own choice). */
const sizeOf = (record: QualificationRecord): string =>
  record.sizes.includes('80x24') ? '80x24' : (record.sizes[0] as string);
const SCREEN_FILES = ['.txt', '.ansi.txt', '.json'];

const parts = (v: string): (number | string)[] => v.split(/[.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    if (x[i] === undefined) return -1;
    if (y[i] === undefined) return 1;
    const [p, q] = [x[i], y[i]];
    return typeof p === 'number' && typeof q === 'number' ? p - q : String(p) < String(q) ? -1 : 1;
  }
  return 0;
}

/** The qualified records chosen as references, per agent: newest of each generation, oldest first. */
function referenceRecords(fixtures: string): Map<string, QualificationRecord[]> {
  const out = new Map<string, QualificationRecord[]>();
  for (const entry of readdirSync(fixtures, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const agent = entry.name;
    const dir = join(fixtures, agent);
    const records = readdirSync(dir)
      .filter((v) => existsSync(join(dir, v, 'qualification.json')))
      .map((v) => JSON.parse(readFileSync(join(dir, v, 'qualification.json'), 'utf8')) as QualificationRecord)
      .filter((r) => r.result === 'qualified' && r.generation && r.sizes.length > 0)
      .sort((a, b) => compareVersions(a.version, b.version));
    if (records.length === 0) continue;
    const newestOf = new Map(records.map((r) => [r.generation, r]));
    const chosen = new Set(newestOf.values());
    const newest = records[records.length - 1] as QualificationRecord;
    const sameGeneration = records.filter((r) => r.generation === newest.generation);
    if (sameGeneration.length > 1) chosen.add(sameGeneration[sameGeneration.length - 2] as QualificationRecord);
    out.set(
      agent,
      [...chosen].sort((a, b) => compareVersions(a.version, b.version)),
    );
  }
  return out;
}

function copyQualificationData(root: string): void {
  const fixtures = join(root, 'fixtures');
  const target = join(root, 'dist', 'qualify');
  mkdirSync(join(target, 'fake-mcp'), { recursive: true });
  const mcp = join(root, 'src', 'qualify', 'fake-mcp');
  for (const f of readdirSync(mcp).filter((f) => f.endsWith('.cjs')))
    copyFileSync(join(mcp, f), join(target, 'fake-mcp', f));
  for (const [agent, records] of referenceRecords(fixtures)) {
    for (const record of records) {
      const SIZE = sizeOf(record);
      const dir = join(target, 'fixtures', agent, record.version);
      mkdirSync(join(dir, SIZE), { recursive: true });
      const screens = record.screens.filter((s) => s.size === SIZE);
      for (const s of screens)
        for (const ext of SCREEN_FILES)
          writeFileSync(
            join(dir, SIZE, s.file + ext),
            readCorpusFile(join(fixtures, agent, s.storedIn, SIZE, s.file + ext)),
          );
      const { renderings: _renderings, ...rest } = record;
      const reference = {
        ...rest,
        sizes: [SIZE],
        screens: screens.map((s) => ({ ...s, storedIn: record.version })),
        unreached: record.unreached.filter((u) => u.size === SIZE),
        differences: record.differences.filter((d) => d.screen.startsWith(`${SIZE}/`)),
      };
      writeFileSync(join(dir, 'qualification.json'), JSON.stringify(reference, null, 2) + '\n');
    }
  }
}

copyQualificationData(process.argv[2] ?? join(__dirname, '..'));
