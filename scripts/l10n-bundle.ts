/**
 * Writes l10n/bundle.l10n.json, the English bundle of the extension's runtime strings, from the
 * `vscode.l10n.t` calls in src/extension; translators add `bundle.l10n.<locale>.json` beside it.
 *   npm run l10n              write the file
 *   npm run l10n -- --check   exit 1 when the committed file differs from the code
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BUNDLE, ROOT, englishBundle, extensionStrings } from './l10n-strings';

const { strings, unreadable } = extensionStrings();
for (const at of unreadable)
  console.error(`${at}: vscode.l10n.t is given no string literal, which no bundle can translate`);
const text = englishBundle(strings);
const current = existsSync(BUNDLE) ? readFileSync(BUNDLE, 'utf8') : undefined;
if (process.argv.includes('--check')) {
  if (current !== text) console.error(`${relative(ROOT, BUNDLE)} differs from the code; run npm run l10n`);
  if (current !== text || unreadable.length > 0) process.exit(1);
} else if (current !== text) {
  writeFileSync(BUNDLE, text);
  console.log(`wrote ${relative(ROOT, BUNDLE)} (${strings.length} strings)`);
}
if (unreadable.length > 0) process.exit(1);
