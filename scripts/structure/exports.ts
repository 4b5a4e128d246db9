/**
 * Exports nothing imports. Every named export of a source module must be imported (or re-exported
 * and then imported) by some other file of the repository; entry points are exempt, their exports
 * are called by their host (VS Code, Node, mocha).
 */
import { readFileSync } from 'node:fs';
import * as ts from 'typescript';
import { resolveLocal } from './import-graph';

interface ModuleFacts {
  exports: Set<string>;
  /** Names this file takes from other files: `${file}#${name}`, or `${file}#*` for a namespace. */
  uses: Set<string>;
  /** `export * from` targets. */
  starFrom: string[];
}

function hasExport(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function factsOf(file: string): ModuleFacts {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const facts: ModuleFacts = { exports: new Set(), uses: new Set(), starFrom: [] };
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const target = resolveLocal(file, st.moduleSpecifier.text);
      const clause = st.importClause;
      if (!target || !clause) continue;
      if (clause.name) facts.uses.add(`${target}#default`);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) facts.uses.add(`${target}#*`);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) facts.uses.add(`${target}#${(el.propertyName ?? el.name).text}`);
      }
    } else if (ts.isExportDeclaration(st)) {
      const target =
        st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)
          ? resolveLocal(file, st.moduleSpecifier.text)
          : null;
      if (st.exportClause && ts.isNamedExports(st.exportClause)) {
        for (const el of st.exportClause.elements) {
          facts.exports.add(el.name.text);
          if (target) facts.uses.add(`${target}#${(el.propertyName ?? el.name).text}`);
        }
      } else if (!st.exportClause && target) {
        facts.starFrom.push(target);
      }
    } else if (ts.isExportAssignment(st)) {
      facts.exports.add('default');
    } else if (hasExport(st)) {
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) facts.exports.add(d.name.text);
      } else if (
        (ts.isFunctionDeclaration(st) ||
          ts.isClassDeclaration(st) ||
          ts.isInterfaceDeclaration(st) ||
          ts.isTypeAliasDeclaration(st) ||
          ts.isEnumDeclaration(st)) &&
        st.name
      ) {
        facts.exports.add(st.name.text);
      }
    }
  }
  return facts;
}

/** `file: name` for every export of `checked` that no file of `all` uses. */
export function unusedExports(
  all: readonly string[],
  checked: readonly string[],
  entries: ReadonlySet<string>,
): string[] {
  const facts = new Map(all.map((f) => [f, factsOf(f)]));
  const used = new Set<string>();
  for (const f of facts.values()) for (const u of f.uses) used.add(u);
  // A name used through `export * from` counts for the module it comes from.
  for (const [file, f] of facts) {
    for (const target of f.starFrom) {
      for (const name of facts.get(target)?.exports ?? [])
        if (used.has(`${file}#${name}`)) used.add(`${target}#${name}`);
    }
  }
  const out: string[] = [];
  for (const file of checked) {
    if (entries.has(file)) continue;
    const f = facts.get(file);
    if (!f || used.has(`${file}#*`)) continue;
    for (const name of f.exports) if (!used.has(`${file}#${name}`)) out.push(`${file}: ${name}`);
  }
  return out.sort();
}
