/**
 * The manifest's words are in package.nls.json, for translations to sit beside it: every string a
 * person reads in package.json is a `%key%` that package.nls.json holds, and it holds no other.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localisedManifest, placeholders, readNls } from '../../support/manifest';

describe('the manifest speaks through package.nls.json', () => {
  it('every placeholder has its text, and every text is used', () => {
    assert.doesNotThrow(() => localisedManifest());
    const used = new Set(placeholders());
    const held = Object.keys(readNls());
    assert.deepEqual(
      held.filter((k) => !used.has(k)),
      [],
      'texts no placeholder names',
    );
    assert.deepEqual(
      [...used].filter((k) => !held.includes(k)),
      [],
      'placeholders without a text',
    );
  });

  it('every command title, setting description, view and walkthrough step a person reads is a placeholder', () => {
    const m = rawManifest();
    const c = m.contributes;
    const literal: string[] = [];
    const check = (where: string, v: unknown): void => {
      if (typeof v === 'string' && !/^%[A-Za-z0-9_.-]+%$/.test(v)) literal.push(`${where}: ${v.slice(0, 40)}`);
    };
    check('displayName', m.displayName);
    check('description', m.description);
    for (const cmd of c.commands) {
      check(`${cmd.command} title`, cmd.title);
      check(`${cmd.command} category`, cmd.category);
    }
    for (const [k, p] of Object.entries(c.configuration.properties)) {
      check(`${k} description`, p.description ?? p.markdownDescription);
      for (const d of p.enumDescriptions ?? []) check(`${k} enum`, d);
    }
    for (const w of c.walkthroughs)
      for (const s of w.steps) {
        check(`${s.id} title`, s.title);
        check(`${s.id} description`, s.description);
      }
    assert.deepEqual(literal, []);
  });
});

interface RawManifest {
  displayName: string;
  description: string;
  contributes: {
    commands: Array<{ command: string; title: string; category?: string }>;
    configuration: {
      properties: Record<string, { description?: string; markdownDescription?: string; enumDescriptions?: string[] }>;
    };
    walkthroughs: Array<{ steps: Array<{ id: string; title: string; description: string }> }>;
  };
}

function rawManifest(): RawManifest {
  return JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as RawManifest;
}
