/**
 * The structure check of the static tier (`npm run check:structure`): no import cycle anywhere, no
 * export nothing uses in src/ and media/, no `as unknown as` in the store, no line over 120
 * characters, no source file over its size. Prints each finding and exits 1 when there is one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { unusedExports } from './exports';
import { cycles, describeCycle, importGraph } from './import-graph';

const ROOT = resolve(__dirname, '..', '..');
const MAX_LINE = 120;
/** Lines per file: about 300 is the aim (CONVENTIONS.md); these are the ceilings the check holds. */
const MAX_LINES: ReadonlyArray<[RegExp, number]> = [
  [/^(src|media)\//, 350],
  [/^(test|scripts)\//, 500],
];
/** Files whose exports are called by their host, not imported: entry points and compile probes. */
const ENTRIES = [
  'src/server/main.ts',
  'src/extension/extension.ts',
  'media/panel.ts',
  'src/forbidden-imports/vscode.ts',
  'src/server/store/compaction-worker.ts',
];

function tracked(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'media', 'scripts', 'test'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|mjs|cjs)$/.test(f) && existsSync(join(ROOT, f)));
}

function main(): void {
  const files = tracked();
  const ts = files.filter((f) => f.endsWith('.ts')).map((f) => join(ROOT, f));
  const findings: string[] = [];
  for (const c of cycles(importGraph(ts))) findings.push(`import cycle: ${describeCycle(c, ROOT)}`);
  const checked = ts.filter((f) => /^(src|media)\//.test(relative(ROOT, f)));
  const entries = new Set(ENTRIES.map((f) => join(ROOT, f)));
  for (const u of unusedExports(ts, checked, entries))
    findings.push(`unused export: ${relative(ROOT, u.split(': ')[0] ?? u)}: ${u.split(': ')[1] ?? ''}`);
  for (const f of files) {
    const lines = readFileSync(join(ROOT, f), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.length > MAX_LINE) findings.push(`line over ${MAX_LINE} characters: ${f}:${i + 1} (${line.length})`);
    });
    // The store checks what it reads back against schemas; a double cast would bypass that.
    if (f.startsWith('src/server/store/')) {
      lines.forEach((line, i) => {
        if (/\bas unknown as\b/.test(line)) findings.push(`cast around the store's checks: ${f}:${i + 1}`);
      });
    }
    const limit = MAX_LINES.find(([re]) => re.test(f))?.[1];
    if (limit !== undefined && lines.length > limit) findings.push(`file over ${limit} lines: ${f} (${lines.length})`);
  }
  for (const finding of findings) console.log(finding);
  console.log(
    findings.length === 0
      ? `structure: ${files.length} files, no findings`
      : `structure: ${findings.length} finding(s)`,
  );
  process.exitCode = findings.length === 0 ? 0 : 1;
}

main();
