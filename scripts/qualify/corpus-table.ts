// Prints (or, with --write, puts into fixtures/README.md between the corpus-table markers) the table
// of versions x sizes x shapes with screen counts, built from every fixtures/<agent>/<version>/<size>/index.json.
// Usage: tsx scripts/qualify/corpus-table.ts [--write]
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TargetIndex } from '../../src/qualify/capture';
import { AGENT_DESCRIPTORS } from '../../src/shared/agents';
import { FIXTURES } from '../../src/qualify/harness-data';
import { HARNESS_AGENTS } from '../../src/qualify/agents';
import { AGENTS, SIZES, VERSIONS, sizeName } from '../../src/qualify/versions';
import { corpusHas, readCorpusFile } from '../../src/qualify/corpus/corpus-store';

export function corpusTable(root = FIXTURES): string {
  const out: string[] = [];
  for (const agent of AGENTS) {
    const cols = HARNESS_AGENTS[agent].corpusShapes;
    out.push(`**${AGENT_DESCRIPTORS[agent].displayName}** (screens per shape; a screen can show several shapes)`, '');
    out.push(`| version | size | screens | ${cols.map((c) => c[1]).join(' | ')} | unreached |`);
    out.push(`|---|---|---|${cols.map(() => '---').join('|')}|---|`);
    for (const version of VERSIONS[agent]) {
      for (const size of SIZES) {
        const file = path.join(root, agent, version, sizeName(size), 'index.json');
        if (!corpusHas(file)) {
          out.push(`| ${version} | ${sizeName(size)} | not captured | ${cols.map(() => '').join(' | ')} | |`);
          continue;
        }
        const idx = JSON.parse(readCorpusFile(file)) as TargetIndex;
        const counts = cols.map(([shape]) => idx.files.filter((f) => f.shapes.includes(shape)).length);
        const notes = [
          ...idx.unreached.map((u) => `${u.scenario} (at ${u.state})`),
          ...idx.skipped.map((s) => `${s.scenario}: ${s.reason}`),
        ];
        const cells = counts.map((n) => (n === 0 ? '–' : String(n)));
        out.push(
          `| ${version} | ${sizeName(size)} | ${idx.files.length} | ${cells.join(' | ')} | ${notes.join('; ')} |`,
        );
      }
    }
    out.push('');
  }
  return out.join('\n');
}

if (require.main === module) {
  const table = corpusTable();
  if (process.argv.includes('--write')) {
    const readme = path.join(FIXTURES, 'README.md');
    const text = readCorpusFile(readme);
    const start = '<!-- corpus-table:start -->';
    const end = '<!-- corpus-table:end -->';
    const a = text.indexOf(start);
    const b = text.indexOf(end);
    if (a < 0 || b < a) throw new Error(`markers ${start} / ${end} not found in ${readme}`);
    fs.writeFileSync(readme, `${text.slice(0, a + start.length)}\n${table}\n${text.slice(b)}`);
  } else process.stdout.write(table + '\n');
}
