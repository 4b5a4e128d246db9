/**
 * Nothing the product ships comes from test/: no file of src/ or media/ imports one, and no bundle
 * scripts/build.mjs makes (what the .vsix carries) starts in test/ or reaches a file there through
 * its imports, type-only ones included.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const posix = (root: string, file: string): string => relative(root, file).split(sep).join('/');

/** The entry points of the bundles scripts/build.mjs makes, as repository paths. */
export function productEntries(root: string): string[] {
  const build = readFileSync(join(root, 'scripts', 'build.mjs'), 'utf8');
  return [...build.matchAll(/entryPoints:\s*\[join\(root,\s*'([^']+)'\)\]/g)].map((m) => m[1] ?? '');
}

/** Imports into test/ from src/ or media/, and bundles that start in or reach test/. */
export function testInProduct(root: string, graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const out: string[] = [];
  const inTest = (file: string): boolean => posix(root, file).startsWith('test/');
  for (const [file, targets] of graph) {
    if (!/^(src|media)\//.test(posix(root, file))) continue;
    for (const target of targets) if (inTest(target)) out.push(`${posix(root, file)} imports ${posix(root, target)}`);
  }
  for (const entry of productEntries(root)) {
    if (entry.startsWith('test/')) {
      out.push(`scripts/build.mjs bundles ${entry}, a file of test/`);
      continue;
    }
    const seen = new Set<string>();
    const walk = (file: string, via: string[]): void => {
      if (seen.has(file)) return;
      seen.add(file);
      if (inTest(file)) out.push(`the bundle of ${entry} reaches ${posix(root, file)} (${via.join(' → ')})`);
      for (const next of graph.get(file) ?? []) walk(next, [...via, posix(root, next)]);
    };
    walk(join(root, entry), [entry]);
  }
  return out.sort();
}
