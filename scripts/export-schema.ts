/**
 * Writes the public contract (src/shared/contract.ts) as JSON Schema files under schema/.
 *   npm run schema            write the files
 *   npm run schema -- --check exit 1 when the committed files differ from the code
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { renderSchemas } from './schema-render';

const dir = join(__dirname, '..', 'schema');
const check = process.argv.includes('--check');
let drift = 0;
mkdirSync(dir, { recursive: true });
for (const [file, text] of Object.entries(renderSchemas())) {
  const path = join(dir, file);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (current === text) continue;
  if (check) {
    drift++;
    console.error(`schema/${file} differs from src/shared/contract.ts; run npm run schema`);
  } else {
    writeFileSync(path, text);
    console.log(`wrote schema/${file}`);
  }
}
if (drift > 0) process.exit(1);
