/**
 * The import graph of the source tree, type-only imports included (they are edges too: a cycle of
 * types still ties two rooms together). Used by the structure check to refuse cycles.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import * as ts from 'typescript';

export type Graph = Map<string, Set<string>>;

/** The source file a relative import names, or null for a package import. */
export function resolveLocal(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, resolve(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && candidate.endsWith('.ts')) return candidate;
  }
  return null;
}

/** Every relative import (and export-from) of each file, resolved to files. */
export function importGraph(files: readonly string[]): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    const edges = new Set<string>();
    for (const ref of info.importedFiles) {
      const target = resolveLocal(file, ref.fileName);
      if (target) edges.add(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function cycles(graph: Graph): string[][] {
  let index = 0;
  const indexes = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    indexes.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexes.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, indexes.get(w) ?? 0));
      }
    }
    if (low.get(v) === indexes.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexes.has(v)) visit(v);
  return out;
}

export function describeCycle(component: readonly string[], root: string): string {
  return component.map((f) => relative(root, f)).join(' <-> ');
}
