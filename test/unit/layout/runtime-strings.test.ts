/**
 * The extension's runtime strings are translatable: every message the person reads goes through
 * `vscode.l10n.t` with a literal message, l10n/bundle.l10n.json holds exactly those messages (npm
 * run l10n writes it) for a translation to be made from, `bundle.l10n.<locale>.json` beside it.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { BUNDLE, ROOT, englishBundle, extensionStrings, forEachExtensionCall } from '../../../scripts/l10n-strings';

const SHOWN = /^show(Information|Warning|Error)Message$|^setStatusBarMessage$/;

/** Calls that show words to the person, given a literal or template instead of a translated message. */
function untranslatedCalls(): string[] {
  const out: string[] = [];
  forEachExtensionCall((call, at) => {
    if (!ts.isPropertyAccessExpression(call.expression) || !SHOWN.test(call.expression.name.text)) return;
    for (const arg of call.arguments)
      if (ts.isStringLiteral(arg) || ts.isTemplateExpression(arg) || ts.isNoSubstitutionTemplateLiteral(arg))
        out.push(`${at} ${arg.getText().slice(0, 60)}`);
  });
  return out;
}

describe('runtime strings are translatable through vscode.l10n', () => {
  const { strings, unreadable } = extensionStrings();

  it('every vscode.l10n.t call is given a literal message, and there are many', () => {
    assert.deepEqual(unreadable, []);
    assert.ok(strings.length >= 80, `only ${strings.length} translated messages found`);
  });

  it('no message, button or status shown to the person is a literal outside vscode.l10n.t', () => {
    assert.deepEqual(untranslatedCalls(), []);
  });

  it('l10n/bundle.l10n.json holds exactly the messages of the code (npm run l10n)', () => {
    assert.equal(readFileSync(BUNDLE, 'utf8'), englishBundle(strings));
  });

  it('the manifest names the bundle folder, and the package carries it', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { l10n?: string };
    assert.equal(manifest.l10n, './l10n');
    assert.match(readFileSync(join(ROOT, '.vscodeignore'), 'utf8'), /^!l10n\/\*\.json$/m);
  });
});
