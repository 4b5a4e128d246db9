/**
 * The runtime strings of the extension, as `vscode.l10n.t` reads them: every call's first argument
 * in src/extension, a plain string literal (a translator's key is the English text itself). A call
 * whose message is not a literal cannot be translated, and is reported.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

export const ROOT = join(__dirname, '..');
export const BUNDLE = join(ROOT, 'l10n', 'bundle.l10n.json');

function isL10nT(call: ts.CallExpression): boolean {
  const e = call.expression;
  return (
    ts.isPropertyAccessExpression(e) &&
    e.name.text === 't' &&
    ts.isPropertyAccessExpression(e.expression) &&
    e.expression.name.text === 'l10n'
  );
}

/** Every call in src/extension's sources, with where it stands (`path:line`). */
export function forEachExtensionCall(visit: (call: ts.CallExpression, at: string) => void): void {
  const dir = join(ROOT, 'src', 'extension');
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((n) => n.endsWith('.ts'))
    .sort()) {
    const file = join(dir, name);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const walk = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        visit(node, `${relative(ROOT, file)}:${line + 1}`);
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
  }
}

/** The messages of src/extension's `l10n.t` calls, sorted, and the calls whose message is no literal. */
export function extensionStrings(): { strings: string[]; unreadable: string[] } {
  const strings = new Set<string>();
  const unreadable: string[] = [];
  forEachExtensionCall((call, at) => {
    if (!isL10nT(call)) return;
    const first = call.arguments[0];
    if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) strings.add(first.text);
    else unreadable.push(at);
  });
  return { strings: [...strings].sort(), unreadable };
}

/** The English bundle: each message is its own translation. */
export function englishBundle(strings: readonly string[]): string {
  return `${JSON.stringify(Object.fromEntries(strings.map((s) => [s, s])), null, 2)}\n`;
}
