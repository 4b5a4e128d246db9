/**
 * package.json as the editor shows it: each `%key%` replaced by its English text in
 * package.nls.json (a key without an entry is an error, so a test never reads a placeholder).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export function readNls(): Record<string, string> {
  return JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
}

/** The `%key%` placeholders of the raw manifest, in order. */
export function placeholders(): string[] {
  const raw = readFileSync(join(ROOT, 'package.json'), 'utf8');
  return [...raw.matchAll(/"%([A-Za-z0-9_.-]+)%"/g)].map((m) => m[1] ?? '');
}

export function localisedManifest(): unknown {
  const nls = readNls();
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'), (_key, value: unknown) => {
    if (typeof value !== 'string') return value;
    const m = /^%([A-Za-z0-9_.-]+)%$/.exec(value);
    if (!m) return value;
    const text = nls[m[1] ?? ''];
    if (text === undefined) throw new Error(`package.json names ${value}, which package.nls.json does not hold`);
    return text;
  });
}
